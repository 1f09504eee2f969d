import ForceCore
@testable import ForceFiles
import Foundation
import TestSupport
import XCTest

/// The autosave journal: restored line by line, a torn last line dropped, a damaged line costing
/// its own event and nothing after it (the original kept aside under its own name), bounded
/// memory whatever the file holds, one document per running window, and compacted into a session
/// that redraws the canvas.
final class JournalTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try temporaryFolder() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// A header and `strokes` short strokes, then an undo of the last, a scene switch and the
    /// debug option: what a window would have journaled.
    func journalText(strokes: Int) -> String {
        var options = Options()
        options.showHUD = true
        var session = Session(viewport: Viewport(width: 400, height: 300), options: options,
                              pressureCurve: PressureCurve(.firm))
        session.events = Fixtures.shortStrokes(strokes)
        let t = session.events.last?.time ?? 0
        session.events.append(TimedEvent(time: t + 0.5, event: .command(.undo)))
        session.events.append(TimedEvent(time: t + 0.6, event: .command(.toggleDebug)))
        session.events.append(TimedEvent(time: t + 0.7, event: .command(.sceneConfirm)))
        return SessionCoding.encode(session)
    }

    /// The window's own header, for a journal whose header is damaged.
    let fallback = Session(viewport: Viewport(width: 640, height: 480))

    func write(_ text: String, to path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    /// The journal's restore; anything else (empty, unusable) fails the test with what it was.
    func restored(_ journal: Journal) throws -> JournalRestore {
        let result = journal.read(fallbackHeader: fallback)
        guard case .restored(let r) = result else { throw JournalNotRestored(result: "\(result)") }
        return r
    }

    /// A journal that should have restored did not.
    struct JournalNotRestored: Error, CustomStringConvertible {
        var result: String
        var description: String { "the journal did not restore: \(result)" }
    }

    func testTheCanvasComesBackWithItsHistorySceneAndOptions() throws {
        let journal = try Journal.open(directory: dir)
        write(journalText(strokes: 3), to: journal.path)
        let r = try restored(journal)
        XCTAssertEqual(r.strokeCount, 2, "three strokes, one undone")
        XCTAssertTrue(r.state.ink.canRedo, "the undo history came back")
        XCTAssertEqual(r.state.scene, .confirm)
        XCTAssertTrue(r.state.options.debug)
        XCTAssertTrue(r.state.options.showHUD)
        XCTAssertNil(r.tornLine)
        XCTAssertEqual(r.skippedLines, [])
        XCTAssertEqual(r.status, "Restored 2 strokes from the last session — Ctrl+N starts a new document, Ctrl+O lists the others")
        XCTAssertEqual(r.validBytes, journalText(strokes: 3).utf8.count)
    }

    func testATornLastLineIsDroppedAndTheRestKept() throws {
        let journal = try Journal.open(directory: dir)
        let whole = journalText(strokes: 3)
        for cut in [3, 20, 33] {
            write(whole + String("{\"t\":9,\"type\":\"down\",\"x\":1,\"y\":1}\n".prefix(cut)), to: journal.path)
            let r = try restored(journal)
            XCTAssertEqual(r.strokeCount, 2)
            XCTAssertEqual(r.validBytes, whole.utf8.count, "continues after the last whole line")
            XCTAssertNotNil(r.tornLine)
            XCTAssertTrue(r.log.contains("was cut off"), r.log)
            XCTAssertFalse(r.isDamaged)
        }
        // A whole last line that does not parse (a torn write's line break landed) is dropped too.
        write(whole + "{\"t\":9,\"type\":\"do\n", to: journal.path)
        var r = try restored(journal)
        XCTAssertEqual(r.strokeCount, 2)
        XCTAssertFalse(r.isDamaged)
        let writer = try journal.continuing(after: &r, fallbackHeader: fallback)
        writer.record(TimedEvent(time: 10, event: .command(.clear)))
        writer.close()
        let text = String(decoding: FileManager.default.contents(atPath: journal.path) ?? Data(), as: UTF8.self)
        XCTAssertEqual(text, whole + "{\"t\":10,\"type\":\"command\",\"name\":\"clear\"}\n")
    }

    func testADamagedLineCostsItsEventAndTheOriginalIsKeptUnderItsOwnName() throws {
        let journal = try Journal.open(directory: dir)
        let lines = journalText(strokes: 2).split(separator: "\n").map(String.init)
        // Line 4 is the first stroke's third point: the stroke keeps the points either side.
        let damaged = (lines[..<3] + ["garbage"] + lines[4...]).joined(separator: "\n") + "\n"
        write(damaged, to: journal.path)
        var r = try restored(journal)
        XCTAssertTrue(r.isDamaged)
        XCTAssertEqual(r.skippedLines, [4])
        XCTAssertEqual(r.strokeCount, 1, "two strokes, the last undone: the damaged one is still restored")
        XCTAssertEqual(r.state.ink.strokes.first?.points.filter(\.isReal).count, 8, "9 points, 1 lost")
        XCTAssertEqual(r.state.scene, .confirm, "the lines after the damaged one are all read")
        try journal.continuing(after: &r, fallbackHeader: fallback).close()
        let first = try XCTUnwrap(r.keptAs)
        XCTAssertEqual(FileManager.default.contents(atPath: first), Data(damaged.utf8))
        XCTAssertEqual(r.status, "Restored 1 stroke; 1 damaged line of the journal skipped; the original is kept as \(first)")
        // The journal was rewritten: it restores the same canvas with no damage left.
        var again = try restored(journal)
        XCTAssertFalse(again.isDamaged)
        XCTAssertEqual(again.strokeCount, 1)
        XCTAssertEqual(again.state.scene, .confirm)

        // A second damage is kept beside the first, never over it.
        write(damaged, to: journal.path)
        again = try restored(journal)
        try journal.continuing(after: &again, fallbackHeader: fallback).close()
        let second = try XCTUnwrap(again.keptAs)
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(FileManager.default.contents(atPath: first), Data(damaged.utf8))
        XCTAssertEqual(FileManager.default.contents(atPath: second), Data(damaged.utf8))
    }

    /// A flipped byte anywhere in a 2,000-stroke journal (the start, the middle, the end; a time
    /// digit, a coordinate, the JSON itself) costs at most the stroke it hit.
    func testAFlippedByteAnywhereCostsAtMostOneStroke() throws {
        let journal = try Journal.open(directory: dir)
        var session = Session(viewport: Viewport(width: 800, height: 600))
        var t = 0.0
        for s in 0..<2_000 {
            for i in 0..<4 {
                t += 0.01
                let phase: PointerPhase = i == 0 ? .down : (i == 3 ? .up : .move)
                let p = Point(x: 40 + Double(i) * 30, y: 20 + Double(s % 500))
                session.events.append(TimedEvent(time: t, event: .pointer(PointerInput(phase: phase, location: p))))
            }
        }
        let bytes = Array(SessionCoding.encode(session).utf8)
        let lineStarts = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }.dropLast()
        // Positions inside event lines: in the first, middle and last stroke, in the time
        // ("t":1…), in a coordinate and in the JSON punctuation.
        var positions: [Int] = []
        for line in [2, 4_001, 8_000] {
            let start = lineStarts[line]
            positions += [start, start + 6, start + 20, start + 28]
        }
        for position in positions {
            for flip: UInt8 in [0x01, 0x40] {
                var copy = bytes
                copy[position] ^= flip
                write(String(decoding: copy, as: UTF8.self), to: journal.path)
                let r = try restored(journal)
                XCTAssertGreaterThanOrEqual(r.strokeCount, 1_999, "byte \(position) ^ \(flip): \(r.log)")
                XCTAssertLessThanOrEqual(r.skippedLines.count + (r.tornLine == nil ? 0 : 1), 2, "byte \(position) ^ \(flip): \(r.log)")
            }
        }
    }

    /// A line longer than the limit is passed over in bounded memory: one in the middle costs
    /// itself, a zero tail of any length (what a crash can leave) is the torn end.
    func testOverlongLinesAndZeroTails() throws {
        let journal = try Journal.open(directory: dir)
        let lines = journalText(strokes: 2).split(separator: "\n").map(String.init)
        let long = String(repeating: "x", count: InputLimits.maximumLineBytes + 10)
        write((lines[..<3] + [long] + lines[3...]).joined(separator: "\n") + "\n", to: journal.path)
        let r = try restored(journal)
        XCTAssertEqual(r.skippedLines, [4])
        XCTAssertEqual(r.state.scene, .confirm)

        // 1 GB of zeros after the journal (a sparse file: no disk used).
        let whole = journalText(strokes: 2)
        write(whole, to: journal.path)
        XCTAssertEqual(truncate(journal.path, off_t(whole.utf8.count + (1 << 30))), 0)
        let tail = try restored(journal)
        XCTAssertEqual(tail.strokeCount, 1)
        XCTAssertFalse(tail.isDamaged)
        XCTAssertNotNil(tail.tornLine)
        XCTAssertEqual(tail.validBytes, whole.utf8.count, "the journal continues where the zeros began")
    }

    /// A FIFO, a folder or a device where the journal should be is refused, never read (a FIFO
    /// would block the start).
    func testWhatIsNotAFileIsRefused() throws {
        let journal = try Journal.open(directory: dir)
        XCTAssertEqual(mkfifo(journal.path, 0o644), 0)
        guard case .unusable(let fifo) = journal.read(fallbackHeader: fallback) else { return XCTFail("a FIFO is not a journal") }
        XCTAssertEqual(fifo, "\(journal.path): a FIFO (named pipe), not a file; nothing was read from it")
        unlink(journal.path)
        XCTAssertEqual(mkdir(journal.path, 0o755), 0)
        guard case .unusable(let folder) = journal.read(fallbackHeader: fallback) else { return XCTFail("a folder is not a journal") }
        XCTAssertEqual(folder, "\(journal.path): a folder, not a file; nothing was read from it")
        rmdir(journal.path)
        XCTAssertEqual(symlink("/dev/zero", journal.path), 0)
        guard case .unusable(let device) = journal.read(fallbackHeader: fallback) else { return XCTFail("a device is not a journal") }
        XCTAssertEqual(device, "\(journal.path): a character device, not a file; nothing was read from it")
    }

    /// A damaged header: the events are read with the window's header, and the status says so.
    func testADamagedHeaderStillGivesTheStrokesBack() throws {
        let journal = try Journal.open(directory: dir)
        var lines = journalText(strokes: 3).split(separator: "\n").map(String.init)
        lines[0] = "{\"format\": garbage"
        write(lines.joined(separator: "\n") + "\n", to: journal.path)
        let r = try restored(journal)
        XCTAssertTrue(r.headerDamaged)
        XCTAssertEqual(r.strokeCount, 2)
        XCTAssertEqual(r.state.viewport, fallback.viewport)
        XCTAssertTrue(r.status.hasPrefix("Restored 2 strokes; 1 damaged line of the journal skipped (its header"), r.status)
    }

    /// The stroke being drawn when the window died counts: "Restored 1 stroke", not nothing.
    func testTheUnfinishedStrokeCounts() throws {
        let journal = try Journal.open(directory: dir)
        let session = Session(viewport: Viewport(width: 400, height: 300), events: [
            TimedEvent(time: 0.1, event: .pointer(PointerInput(phase: .down, location: Point(x: 100, y: 150)))),
            TimedEvent(time: 0.2, event: .pointer(PointerInput(phase: .move, location: Point(x: 190, y: 150)))),
        ])
        write(SessionCoding.encode(session), to: journal.path)
        let r = try restored(journal)
        XCTAssertEqual(r.strokeCount, 1)
        XCTAssertTrue(r.status.hasPrefix("Restored 1 stroke "), r.status)
    }

    /// Two windows never write one document: the second takes the next most recent one, or a
    /// new one; a document is free again once its holder is gone.
    func testEachWindowHoldsItsOwnDocument() throws {
        var first: Journal? = try Journal.open(directory: dir)
        let id = try XCTUnwrap(first?.id)
        write(journalText(strokes: 1), to: try XCTUnwrap(first?.path))
        let second = try Journal.open(directory: dir)
        XCTAssertNotEqual(id, second.id)
        XCTAssertNil(try Journal.open(directory: dir, id: id), "held by the first window")
        XCTAssertTrue(second.store.isHeld(id))
        first = nil
        XCTAssertFalse(second.store.isHeld(id))
        var again: Journal? = try Journal.open(directory: dir, id: id)
        XCTAssertEqual(again?.id, id, "free again once its holder is gone")
        again = nil
        withExtendedLifetime(second) {}
    }

    func testCompactionRedrawsTheSameCanvasAndKeepsTheSettings() throws {
        let journal = try Journal.open(directory: dir)
        // An hour of toggling the HUD: lines a compacted journal no longer needs.
        let churn = (0..<200).map { "{\"t\":\(100 + $0),\"type\":\"command\",\"name\":\"toggle-hud\"}\n" }.joined()
        let text = journalText(strokes: 3) + churn
        write(text, to: journal.path)
        let before = try restored(journal).state
        try journal.compact(before)
        let after = try restored(journal).state
        XCTAssertEqual(after.ink.strokes.count, before.ink.strokes.count)
        for (a, b) in zip(after.ink.strokes, before.ink.strokes) {
            XCTAssertEqual(a.points.map(\.preciseLocation), b.points.filter(\.isReal).map(\.preciseLocation))
            XCTAssertEqual(a.points.map(\.force), b.points.filter(\.isReal).map(\.force))
        }
        XCTAssertEqual(after.pressure.curve, before.pressure.curve, "the firm curve comes back after the linear redraw")
        XCTAssertEqual(after.scene, .confirm)
        XCTAssertEqual(after.options, before.options)
        XCTAssertFalse(after.ink.canRedo, "compaction keeps the ink, not the history")
        XCTAssertLessThan(FileManager.default.contents(atPath: journal.path)?.count ?? .max, text.utf8.count / 2)
    }

    /// Compaction keeps the view (zoom and pan) and never turns a stroke the system took back
    /// (shown by the debug drawing) into ink.
    func testCompactionKeepsTheViewAndNotTheTakenBackStrokes() throws {
        let journal = try Journal.open(directory: dir)
        var state = AppState(viewport: Viewport(width: 800, height: 600), placement: .outside)
        state.handle(.command(.toggleDebug), at: 0)
        state.handle(.view(.zoom(2, about: Point(x: 100, y: 100))), at: 0)
        state.handle(.view(.pan(dx: 13, dy: -7)), at: 0)
        var t = 0.1
        for (x, y) in [(300.0, 300.0), (400, 300)] {
            state.handle(.pointer(PointerInput(phase: .down, location: Point(x: x, y: y))), at: t)
            state.handle(.pointer(PointerInput(phase: .move, location: Point(x: x + 40, y: y + 10))), at: t + 0.02)
            state.handle(.pointer(PointerInput(phase: .up, location: Point(x: x + 80, y: y + 20))), at: t + 0.04)
            t += 0.5
        }
        // Two swipes up from the bottom edge: the second is the system's, its stroke taken back.
        for x in [500.0, 600] {
            state.handle(.pointer(PointerInput(phase: .down, location: Point(x: x, y: 598))), at: t)
            for i in 1...5 { state.handle(.pointer(PointerInput(phase: .move, location: Point(x: x, y: 598 - Double(i) * 15))), at: t + 0.02 * Double(i)) }
            state.handle(.pointer(PointerInput(phase: .up, location: Point(x: x, y: 520))), at: t + 0.12)
            t += 0.5
        }
        XCTAssertEqual(state.ink.takenBack.count, 1)
        try journal.compact(state)
        let after = try restored(journal).state
        XCTAssertEqual(after.ink.strokes.count, state.ink.strokes.count)
        XCTAssertEqual(after.display.ink.view, state.display.ink.view)
        XCTAssertEqual(after.ink.takenBack.count, 0, "what the system took back is not the drawing")
    }

    func testAFreshStartKeepsWhatTheJournalHeldAside() throws {
        let journal = try Journal.open(directory: dir)
        let old = journalText(strokes: 1)
        write(old, to: journal.path)
        let first = try journal.startFresh(header: Session(viewport: Viewport(width: 10, height: 10)))
        first.writer.close()
        let kept = try XCTUnwrap(first.keptAs)
        XCTAssertEqual(FileManager.default.contents(atPath: kept), Data(old.utf8))
        guard case .restored(let r) = journal.read(fallbackHeader: fallback) else { return XCTFail("a header-only journal restores an empty canvas") }
        XCTAssertEqual(r.strokeCount, 0)
        // Another fresh start keeps this one too, beside the first: no generation is lost.
        write(old, to: journal.path)
        let second = try journal.startFresh(header: Session(viewport: Viewport(width: 10, height: 10)))
        second.writer.close()
        XCTAssertNotEqual(second.keptAs, kept)
        XCTAssertEqual(FileManager.default.contents(atPath: kept), Data(old.utf8))
        XCTAssertEqual(second.keptAs.flatMap { FileManager.default.contents(atPath: $0) }, Data(old.utf8))
    }

    /// Open Recent in a journal read its file then, and the strokes it drew are journaled: a
    /// restore must not ask the window to read it again (the drawing would come twice).
    func testARestoreAsksTheWindowForNothing() throws {
        let journal = try Journal.open(directory: dir)
        var item = AppShortcut.openRecent.item
        item.userInfo = ["session": "/tmp/drawing.jsonl"]
        let catalog = ShortcutCatalog(dynamicItems: [item])
        let session = Session(viewport: Viewport(width: 400, height: 300),
                              events: [TimedEvent(time: 0, event: .shortcut(AppShortcut.openRecent.rawValue))])
        write(SessionCoding.encode(session), to: journal.path)
        guard case .restored(var r) = journal.read(fallbackHeader: fallback, shortcuts: catalog) else { return XCTFail("restored") }
        XCTAssertEqual(r.state.takeHostRequests(), [])
    }

    /// The old window's pointer is not this one's: a restored canvas's HUD says the pointer is
    /// not seen yet, and its trail is empty, until the pointer moves in the new window.
    func testARestoreForgetsTheOldWindowsPointer() throws {
        let journal = try Journal.open(directory: dir)
        var session = Session(viewport: Viewport(width: 400, height: 300))
        session.events = Fixtures.shortStrokes(2)
        let t = session.events.last?.time ?? 0
        session.events.append(TimedEvent(time: t + 0.01, event: .command(.toggleTrail)))
        session.events.append(TimedEvent(time: t + 0.02, event: .pointer(PointerInput(phase: .move, location: Point(x: 300, y: 200), source: .mouse))))
        write(SessionCoding.encode(session), to: journal.path)
        let r = try restored(journal)
        XCTAssertEqual(r.strokeCount, 2)
        XCTAssertTrue(r.state.options.showTrail)
        XCTAssertNil(r.state.pointerTrack.readout, "not \(String(describing: r.state.pointerTrack.readout))")
        XCTAssertEqual(r.state.display.trail ?? [], [])
        // The replay itself saw the moves: a session's replay keeps its track.
        var replayed = session.initialState()
        for e in session.events { replayed.handle(e) }
        XCTAssertNotNil(replayed.pointerTrack.readout)
    }

    func testNoJournalIsAFirstStart() throws {
        let journal = try Journal.open(directory: dir)
        guard case .empty = journal.read(fallbackHeader: fallback) else { return XCTFail("no file: nothing to restore") }
        write("", to: journal.path)
        guard case .empty = journal.read(fallbackHeader: fallback) else { return XCTFail("an empty file: nothing to restore") }
        write("{\"format\":\"forcecanv", to: journal.path)
        guard case .unusable = journal.read(fallbackHeader: fallback) else { return XCTFail("a torn header: unusable") }
    }
}

/// The ink snapshot: a start puts the strokes the journal's redrawing lines replay to on the
/// canvas instead of replaying them, only while the journal still starts with those lines.
final class InkSnapshotTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try temporaryFolder() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    let fallback = Session(viewport: Viewport(width: 10, height: 10))

    /// Strokes of a pen with tilt, a mouse and a finger, zoomed and on the confirm scene.
    func drawing() -> AppState {
        var state = AppState(viewport: Viewport(width: 800, height: 600))
        var t = 0.1
        for (k, source) in [InputSource.pen, .mouse, .finger, .pen].enumerated() {
            for i in 0..<30 {
                let phase: PointerPhase = i == 0 ? .down : (i == 29 ? .up : .move)
                let force: Double? = source == .mouse ? nil : 0.2 + Double(i) / 60
                state.handle(.pointer(PointerInput(phase: phase, location: Point(x: 100 + Double(i) * 9.37, y: 80 + Double(k) * 97.1),
                                                   source: source, rawForce: force, maximumForce: force == nil ? nil : 1,
                                                   altitude: source == .pen ? 0.9 : nil, azimuth: source == .pen ? Double(i) / 10 : nil)), at: t)
                t += 1.0 / 240
            }
            t += 0.3
        }
        state.handle(.view(.zoom(2, about: Point(x: 300, y: 200))), at: t)
        state.handle(.command(.sceneConfirm), at: t)
        return state
    }

    func restored(_ path: String) throws -> JournalRestore {
        guard case .restored(let r) = Journal.read(path: path, fallbackHeader: fallback) else { throw XCTSkip("not restored") }
        return r
    }

    /// A session with every field version 2 added (a tool, a barrel button, proximity, hover
    /// distance, a device's details) written as a journal reads back whole, no line skipped.
    func testEveryNewFieldSurvivesTheJournal() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/libinput-pen.yml").path
        var (session, _) = try TabletCapture(text: String(contentsOfFile: fixture, encoding: .utf8)).session(document: Viewport(width: 1280, height: 800))
        session.events.insert(TimedEvent(time: 0.1, event: .tool(InkTool(kind: .highlighter, colour: InkColour(red: 1, green: 2, blue: 3), size: 9))), at: 0)
        let journal = try Journal.open(directory: dir)
        try SessionCoding.encode(session).write(toFile: journal.path, atomically: false, encoding: .utf8)
        let r = try restored(journal.path)
        XCTAssertEqual(r.skippedLines, [])
        XCTAssertEqual(r.eventCount, session.events.count)
        XCTAssertEqual(r.state.ink.strokes.map(\.tool.kind), [.highlighter])
    }

    func testTheSnapshotReadsBackEqual() {
        let strokes = drawing().ink.strokes
        XCTAssertEqual(strokes.count, 4)
        XCTAssertEqual(DrawingSnapshot.decode(DrawingSnapshot.encode(strokes)), strokes)
        var cut = DrawingSnapshot.encode(strokes)
        cut.removeLast()
        XCTAssertNil(DrawingSnapshot.decode(cut), "a short snapshot is refused whole")
        XCTAssertNil(DrawingSnapshot.decode(DrawingSnapshot.encode(strokes) + [0]), "so is one with bytes left over")
        // Damaged anywhere, a snapshot reads back whole or not at all, and never traps.
        let good = DrawingSnapshot.encode(strokes)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var bad = good
            for _ in 0..<Int.random(in: 1...4, using: &generator) { bad[Int.random(in: 0..<bad.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            if let decoded = DrawingSnapshot.decode(bad) { XCTAssertEqual(decoded.count, strokes.count) }
        }
    }

    func testAStartWithTheSnapshotEqualsAFullReplayAndAStaleOneIsIgnored() throws {
        let journal = try Journal.open(directory: dir)
        try journal.compact(drawing())
        let snapshotPath = InkSnapshot.path(forJournal: journal.path)
        XCTAssertNil(InkSnapshot.read(snapshotPath)?.strokesOffset, "compaction leaves it pending")
        let full = try restored(journal.path)
        XCTAssertEqual(InkSnapshot.read(snapshotPath)?.strokes, full.state.ink.strokes, "the first restore fills it in")
        let fast = try restored(journal.path)
        XCTAssertEqual(fast.state.ink.strokes, full.state.ink.strokes)
        XCTAssertEqual(fast.state.ink.undoStack, full.state.ink.undoStack, "each stroke undoable, as replayed")
        XCTAssertEqual(fast.state.display.ink.view, full.state.display.ink.view)
        XCTAssertEqual(fast.state.scene, .confirm)
        XCTAssertEqual(fast.state.options, full.state.options)
        XCTAssertEqual(fast.state.time, full.state.time)
        XCTAssertEqual(fast.eventCount, full.eventCount)
        XCTAssertEqual(fast.validBytes, full.validBytes)

        // Lines journaled after it: replayed on top of the snapshot.
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: journal.path))
        handle.seekToEndOfFile()
        handle.write(Data("{\"t\":\(full.state.time + 1),\"type\":\"command\",\"name\":\"scene-canvas\"}\n".utf8))
        handle.write(Data("{\"t\":\(full.state.time + 1.5),\"type\":\"command\",\"name\":\"undo\"}\n".utf8))
        handle.closeFile()
        let undone = try restored(journal.path)
        XCTAssertEqual(undone.state.ink.strokes.count, 3, "the undo after the snapshot's lines")

        // A byte of the redrawing lines changed: the snapshot is stale, the journal replayed.
        var bytes = try XCTUnwrap(FileManager.default.contents(atPath: journal.path))
        let at = try XCTUnwrap(bytes.firstIndex(of: UInt8(ascii: "\n"))) + 40
        bytes[at] = bytes[at] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
        try bytes.write(to: URL(fileURLWithPath: journal.path))
        let stale = try restored(journal.path)
        XCTAssertNotEqual(stale.state.ink.strokes, undone.state.ink.strokes, "the changed line is what comes back, not the snapshot")

        // A snapshot damaged on the disk is not used either.
        try journal.compact(undone.state)
        let again = try restored(journal.path)
        var snap = try XCTUnwrap(FileManager.default.contents(atPath: snapshotPath))
        XCTAssertNotNil(InkSnapshot.read(snapshotPath)?.strokes)
        snap[snap.count - 3] ^= 0x40
        try snap.write(to: URL(fileURLWithPath: snapshotPath))
        XCTAssertNil(InkSnapshot.read(snapshotPath), "its own hash no longer matches")
        XCTAssertEqual(try restored(journal.path).state.ink.strokes, again.state.ink.strokes)
    }
}
