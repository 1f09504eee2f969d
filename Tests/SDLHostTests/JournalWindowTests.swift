import TestSupport
import ForceCore
import Foundation
import XCTest

/// The autosave journal in the real window: `kill -9` loses nothing but the last moment, the
/// canvas comes back at the next start, Ctrl+N starts over, and every way of closing ends a
/// live stroke with `up` before the files close.
final class JournalWindowTests: XCTestCase {
    var dir = ""
    var env: [String: String] = [:]

    override func setUpWithError() throws {
        try Binary.requireDisplay()
        dir = try Binary.temporaryDirectory()
        env = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": "\(dir)/state"]) { $1 }
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    var journalPath: String { "\(dir)/state/forcecanvas/journal/canvas.jsonl" }

    /// Presses at (100, y), drags right to x = 500 and, if `lift`, releases.
    func drag(_ window: String, y: Int, lift: Bool = true) throws {
        var steps = ["mousemove", "--window", window, "100", "\(y)", "mousedown", "1"]
        for x in stride(from: 110, through: 500, by: 10) { steps += ["mousemove", "--window", window, "\(x)", "\(y)", "sleep", "0.01"] }
        try Binary.xdotool(steps + (lift ? ["mouseup", "1"] : []))
    }

    /// Dark pixels in column `x` near row `y`: the stroke's thickness there.
    func thickness(_ shot: PNGPixels, x: Int, y: Int) -> Int {
        (y - 30..<y + 30).filter { shot.luminance(x: x, y: $0) < 100 }.count
    }

    /// A start that only restores and writes the frame.
    func snapshot(_ name: String) throws -> (PNGPixels, Binary.Result) {
        let r = try Binary.forcecanvas(["run", "--exit-after-frames", "20", "--snapshot", "\(dir)/\(name).png"], environment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        return (try XCTUnwrap(PNGPixels(path: "\(dir)/\(name).png")), r)
    }

    func testKill9LosesNothingButTheLastMomentAndTheStrokeComesBack() throws {
        let (process, window) = try Binary.launchWindow(["--size", "800x600"], environment: env)
        try drag(window, y: 300)
        Thread.sleep(forTimeInterval: 0.3)  // more than the journal's 100 ms
        kill(process.processIdentifier, SIGKILL)
        Binary.waitForExit(process)
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)

        let (shot, r) = try snapshot("restored")
        XCTAssertTrue(r.stderr.contains("journal \(journalPath): restored 1 stroke ("), r.stderr)
        XCTAssertEqual(shot.width, 800, "the restored canvas's size")
        XCTAssertGreaterThan(thickness(shot, x: 300, y: 300), 4, "the stroke is back")

        // A clean exit compacted the journal; the canvas still comes back from it.
        let compacted = try SessionCoding.parse(try String(contentsOfFile: journalPath, encoding: .utf8), file: journalPath)
        XCTAssertEqual(compacted.events.filter { if case .pointer(let p) = $0.event { return p.phase == .down } else { return false } }.count, 1)
        let (again, _) = try snapshot("again")
        XCTAssertGreaterThan(thickness(again, x: 300, y: 300), 4)

        // --fresh starts empty and keeps the old canvas aside, under a name of its own.
        let fresh = try Binary.forcecanvas(["run", "--fresh", "--exit-after-frames", "10", "--snapshot", "\(dir)/fresh.png"], environment: env)
        XCTAssertEqual(fresh.status, 0, fresh.stderr)
        XCTAssertEqual(thickness(try XCTUnwrap(PNGPixels(path: "\(dir)/fresh.png")), x: 300, y: 300), 0)
        XCTAssertEqual(try keptCanvases().map(\.strokes), [1])
        XCTAssertTrue(fresh.stderr.contains("the last one is kept as \(try keptCanvases()[0].path)"), fresh.stderr)
    }

    func testCtrlNStartsANewCanvasThatStaysNew() throws {
        try session { window in
            try drag(window, y: 200)
            return [["ctrl+n"]]
        }
        let (shot, r) = try snapshot("new")
        XCTAssertEqual(thickness(shot, x: 300, y: 200), 0, "the new canvas is what comes back")
        XCTAssertFalse(r.stderr.contains("restored"), r.stderr)
        // The drawing Ctrl+N replaced is kept: a session that replays to it.
        XCTAssertEqual(try keptCanvases().map(\.strokes), [1])

        // Ctrl+O lists it after the lessons; opened, played to its end and continued from
        // (Return twice), it is the canvas again, the empty one kept in its turn.
        try session { _ in [["ctrl+o"], ["Up", "Return"], ["End", "Return"]] }
        let (back, _) = try snapshot("back")
        XCTAssertGreaterThan(thickness(back, x: 300, y: 200), 4, "the kept drawing is the canvas again")
        XCTAssertEqual(try keptCanvases().count, 2)
    }

    /// A 800×600 window: `before` acts on it and returns groups of keys, each group pressed
    /// after a pause; then Ctrl+Q, and the window must end cleanly.
    func session(_ before: (String) throws -> [[String]], file: StaticString = #filePath, line: UInt = #line) throws {
        let (process, window) = try Binary.launchWindow(["--size", "800x600"], environment: env)
        for keys in try before(window) + [["ctrl+q"]] {
            Thread.sleep(forTimeInterval: 0.4)
            try Binary.xdotool(keys.flatMap { ["key", "--window", window, $0] })
        }
        Binary.waitForExit(process)
        XCTAssertEqual(process.terminationStatus, 0, file: file, line: line)
    }

    /// The journals set aside (`canvas.previous-DATE.jsonl`), oldest first, with the strokes
    /// each replays to.
    func keptCanvases() throws -> [(path: String, strokes: Int)] {
        let folder = "\(dir)/state/forcecanvas/journal"
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("canvas.previous-") }.sorted().map { name in
            let path = folder + "/" + name
            let session = try SessionCoding.parse(try String(contentsOfFile: path, encoding: .utf8), file: path)
            return (path, Fixtures.finalState(session).ink.strokes.count)
        }
    }

    /// A FIFO where the journal should be neither blocks the start (reading or writing it) nor
    /// is lost: it is named in one message and moved aside, and a new journal starts.
    func testAFIFOAtTheJournalsPathIsSetAsideAndTheWindowStarts() throws {
        let folder = "\(dir)/state/forcecanvas/journal"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(folder + "/canvas.jsonl", 0o644), 0)
        let (_, r) = try snapshot("fifo")
        XCTAssertTrue(r.stderr.contains("\(journalPath): a FIFO (named pipe), not a file; nothing was read from it; it is kept as"), r.stderr)
        var info = stat()
        XCTAssertEqual(lstat(journalPath, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG, "a new journal, a file")
    }

    /// A read-only state folder (a read-only mount: root writes through permissions) still
    /// restores the canvas, and says autosave is off and why.
    func testAReadOnlyStateFolderRestoresTheCanvas() throws {
        let disk = try SmallDisk()
        let state = disk.path + "/state"
        let folder = state + "/forcecanvas/journal"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var session = Session(viewport: Viewport(width: 800, height: 600))
        for (i, x) in stride(from: 100.0, through: 500, by: 20).enumerated() {
            session.events.append(TimedEvent(time: 0.1 + Double(i) * 0.01,
                                             event: .pointer(PointerInput(phase: i == 0 ? .down : (x >= 500 ? .up : .move), location: Point(x: x, y: 300)))))
        }
        try SessionCoding.encode(session).write(toFile: folder + "/canvas.jsonl", atomically: false, encoding: .utf8)
        try disk.makeReadOnly()
        env["XDG_STATE_HOME"] = state
        let (shot, r) = try snapshot("readonly")
        XCTAssertGreaterThan(thickness(shot, x: 300, y: 300), 4, "the stroke is back")
        XCTAssertTrue(r.stderr.contains("forcecanvas: autosave is off: \(folder) is read-only"), r.stderr)
        XCTAssertTrue(r.stderr.contains("restored 1 stroke"), r.stderr)
    }

    /// SIGTERM and Ctrl+Q while the button is still down: the stroke ends with `up` in the
    /// recording and in the journal, and is on the canvas at the next start.
    func testClosingMidStrokeEndsItWithUp() throws {
        for (i, close) in ["SIGTERM", "ctrl+q", "SIGINT"].enumerated() {
            let recording = "\(dir)/rec-\(i).jsonl"
            let (process, window) = try Binary.launchWindow(["--size", "800x600", "--record", recording], environment: env)
            try drag(window, y: 300, lift: false)
            Thread.sleep(forTimeInterval: 0.2)
            switch close {
            case "SIGTERM": process.terminate()
            case "SIGINT": process.interrupt()
            default: try Binary.xdotool(["key", "--window", window, close])
            }
            Binary.waitForExit(process)
            try Binary.xdotool(["mouseup", "1"])
            XCTAssertEqual(process.terminationStatus, 0, close)
            for path in [recording, journalPath] {
                let text = try String(contentsOfFile: path, encoding: .utf8)
                let session = try SessionCoding.parse(text, file: path)
                let phases: [PointerPhase] = session.events.compactMap { if case .pointer(let p) = $0.event { return p.phase } else { return nil } }
                XCTAssertEqual(phases.filter { $0 != .move }.suffix(2), [.down, .up], "\(close): \(path) ends the stroke")
                XCTAssertEqual(phases.last, .up, "\(close): \(path)")
            }
        }
    }
}
