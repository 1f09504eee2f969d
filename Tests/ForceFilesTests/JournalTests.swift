import ForceCore
@testable import ForceFiles
import Foundation
import TestSupport
import XCTest

/// The autosave journal: restored line by line, a torn last line dropped, a damaged one kept
/// aside, one slot per running window, and compacted into a session that redraws the canvas.
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
        var t = 0.0
        for s in 0..<strokes {
            let y = 60 + Double(s) * 20
            for (i, x) in stride(from: 40.0, through: 200, by: 20).enumerated() {
                t += 0.01
                let phase: PointerPhase = i == 0 ? .down : (x >= 200 ? .up : .move)
                session.events.append(TimedEvent(time: t, event: .pointer(PointerInput(phase: phase, location: Point(x: x, y: y)))))
            }
        }
        session.events.append(TimedEvent(time: t + 0.5, event: .command(.undo)))
        session.events.append(TimedEvent(time: t + 0.6, event: .command(.toggleDebug)))
        session.events.append(TimedEvent(time: t + 0.7, event: .command(.sceneConfirm)))
        return SessionCoding.encode(session)
    }

    func write(_ text: String, to path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    /// The journal's restore; anything else (empty, unusable) fails the test with what it was.
    func restored(_ journal: Journal) throws -> JournalRestore {
        let result = journal.read()
        guard case .restored(let r) = result else { throw JournalNotRestored(result: "\(result)") }
        return r
    }

    /// A journal that should have restored did not.
    struct JournalNotRestored: Error, CustomStringConvertible {
        var result: String
        var description: String { "the journal did not restore: \(result)" }
    }

    func testTheCanvasComesBackWithItsHistorySceneAndOptions() throws {
        let journal = try XCTUnwrap(try Journal.open(directory: dir))
        write(journalText(strokes: 3), to: journal.path)
        let r = try restored(journal)
        XCTAssertEqual(r.strokeCount, 2, "three strokes, one undone")
        XCTAssertTrue(r.state.ink.canRedo, "the undo history came back")
        XCTAssertEqual(r.state.scene, .confirm)
        XCTAssertTrue(r.state.options.debug)
        XCTAssertTrue(r.state.options.showHUD)
        XCTAssertNil(r.note)
        XCTAssertEqual(r.validBytes, journalText(strokes: 3).utf8.count)
    }

    func testATornLastLineIsDroppedAndTheRestKept() throws {
        let journal = try XCTUnwrap(try Journal.open(directory: dir))
        let whole = journalText(strokes: 3)
        for cut in [3, 20, 33] {
            write(whole + String("{\"t\":9,\"type\":\"down\",\"x\":1,\"y\":1}\n".prefix(cut)), to: journal.path)
            let r = try restored(journal)
            XCTAssertEqual(r.strokeCount, 2)
            XCTAssertEqual(r.validBytes, whole.utf8.count, "continues after the last whole line")
            XCTAssertTrue(r.note?.contains("was cut off") ?? false, r.note ?? "")
            XCTAssertFalse(r.isDamaged)
        }
        // A whole last line that does not parse (a torn write's line break landed) is dropped too.
        write(whole + "{\"t\":9,\"type\":\"do\n", to: journal.path)
        let r = try restored(journal)
        XCTAssertEqual(r.strokeCount, 2)
        XCTAssertFalse(r.isDamaged)
        let writer = try journal.continuing(after: r)
        writer.record(TimedEvent(time: 10, event: .command(.clear)))
        writer.close()
        let text = String(decoding: FileManager.default.contents(atPath: journal.path) ?? Data(), as: UTF8.self)
        XCTAssertEqual(text, whole + "{\"t\":10,\"type\":\"command\",\"name\":\"clear\"}\n")
    }

    func testADamagedLineKeepsWhatCameBeforeAndTheFileAside() throws {
        let journal = try XCTUnwrap(try Journal.open(directory: dir))
        let lines = journalText(strokes: 2).split(separator: "\n").map(String.init)
        let damaged = ([lines[0], lines[1], "garbage"] + lines[2...]).joined(separator: "\n") + "\n"
        write(damaged, to: journal.path)
        let r = try restored(journal)
        XCTAssertTrue(r.isDamaged)
        XCTAssertTrue(r.note?.contains("line 3 is damaged") ?? false, r.note ?? "")
        XCTAssertEqual(r.eventCount, 1)
        try journal.continuing(after: r).close()
        XCTAssertEqual(FileManager.default.contents(atPath: journal.damagedPath), Data(damaged.utf8))
    }

    func testEachWindowHoldsItsOwnSlot() throws {
        let first = try XCTUnwrap(try Journal.open(directory: dir))
        let second = try XCTUnwrap(try Journal.open(directory: dir))
        XCTAssertEqual(first.slot, 1)
        XCTAssertEqual(second.slot, 2)
        XCTAssertTrue(second.path.hasSuffix("/canvas-2.jsonl"))
        var more: [Journal] = []
        while let j = try Journal.open(directory: dir) { more.append(j) }
        XCTAssertEqual(more.count, Journal.maximumSlots - 2)
        more.removeAll()
        withExtendedLifetime(first) {}
        withExtendedLifetime(second) {}
        XCTAssertEqual(try Journal.open(directory: dir)?.slot, 3, "a slot is free again once its holder is gone")
    }

    func testCompactionRedrawsTheSameCanvasAndKeepsTheSettings() throws {
        let journal = try XCTUnwrap(try Journal.open(directory: dir))
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

    func testAFreshStartKeepsThePreviousCanvasAside() throws {
        let journal = try XCTUnwrap(try Journal.open(directory: dir))
        let old = journalText(strokes: 1)
        write(old, to: journal.path)
        try journal.startFresh(header: Session(viewport: Viewport(width: 10, height: 10))).close()
        XCTAssertEqual(FileManager.default.contents(atPath: journal.previousPath), Data(old.utf8))
        guard case .restored(let r) = journal.read() else { return XCTFail("a header-only journal restores an empty canvas") }
        XCTAssertEqual(r.strokeCount, 0)
    }

    /// Open Recent in a journal read its file then, and the strokes it drew are journaled: a
    /// restore must not ask the window to read it again (the drawing would come twice).
    func testARestoreAsksTheWindowForNothing() throws {
        let journal = try XCTUnwrap(try Journal.open(directory: dir))
        var item = AppShortcut.openRecent.item
        item.userInfo = ["session": "/tmp/drawing.jsonl"]
        let catalog = ShortcutCatalog(dynamicItems: [item])
        let session = Session(viewport: Viewport(width: 400, height: 300),
                              events: [TimedEvent(time: 0, event: .shortcut(AppShortcut.openRecent.rawValue))])
        write(SessionCoding.encode(session), to: journal.path)
        guard case .restored(var r) = journal.read(shortcuts: catalog) else { return XCTFail("restored") }
        XCTAssertEqual(r.state.takeHostRequests(), [])
    }

    func testNoJournalIsAFirstStart() throws {
        let journal = try XCTUnwrap(try Journal.open(directory: dir))
        guard case .empty = journal.read() else { return XCTFail("no file: nothing to restore") }
        write("", to: journal.path)
        guard case .empty = journal.read() else { return XCTFail("an empty file: nothing to restore") }
        write("{\"format\":\"forcecanv", to: journal.path)
        guard case .unusable = journal.read() else { return XCTFail("a torn header: unusable") }
    }
}
