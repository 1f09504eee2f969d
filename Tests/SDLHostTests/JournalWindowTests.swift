import TestSupport
import ForceCore
import ForceFiles
import Foundation
import XCTest

/// The documents and their journals in the real window: `kill -9` loses nothing but the last
/// moment, the canvas comes back at the next start, Ctrl+N starts a new document and keeps the
/// old one, the picker switches between them, and every way of closing ends a live stroke with
/// `up` before the files close.
final class JournalWindowTests: XCTestCase {
    var dir = ""
    var env: [String: String] = [:]

    override func setUpWithError() throws {
        try Binary.requireDisplay()
        dir = try Binary.temporaryDirectory()
        env = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": "\(dir)/state"]) { $1 }
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    var store: DocumentStore { DocumentStore(directory: "\(dir)/state/forcecanvas/documents") }
    /// The journal of the document written last.
    var journalPath: String { store.list().first?.path ?? "(no document)" }

    /// The documents, the most recently written first, with the strokes each replays to.
    func documents() throws -> [(path: String, name: String, strokes: Int)] {
        try store.list().map { d in
            let session = try SessionCoding.parse(try String(contentsOfFile: d.path, encoding: .utf8), file: d.path)
            return (d.path, d.name, Fixtures.finalState(session).ink.strokes.count)
        }
    }

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

        // --fresh starts a new document; the drawing stays one of its own.
        let fresh = try Binary.forcecanvas(["run", "--fresh", "--exit-after-frames", "10", "--snapshot", "\(dir)/fresh.png"], environment: env)
        XCTAssertEqual(fresh.status, 0, fresh.stderr)
        XCTAssertEqual(thickness(try XCTUnwrap(PNGPixels(path: "\(dir)/fresh.png")), x: 300, y: 300), 0)
        XCTAssertEqual(try documents().map(\.strokes), [0, 1])
    }

    /// Ctrl+N keeps the drawing as a document and starts a new one; the picker (Ctrl+O) lists
    /// both, the one on screen first, and opens the other; neither loses a stroke.
    func testCtrlNStartsANewDocumentAndThePickerSwitchesBack() throws {
        try session { window in
            try drag(window, y: 200)
            Thread.sleep(forTimeInterval: 0.3)
            try Binary.xdotool(["key", "--window", window, "ctrl+n"])
            Thread.sleep(forTimeInterval: 0.4)
            try drag(window, y: 400)
            return []
        }
        XCTAssertEqual(try documents().map(\.strokes), [1, 1], "two documents, one stroke each")
        let (shot, _) = try snapshot("new")
        XCTAssertEqual(thickness(shot, x: 300, y: 200), 0, "the new document is what comes back")
        XCTAssertGreaterThan(thickness(shot, x: 300, y: 400), 4)

        // Ctrl+O, Down to the other document, Return: the first drawing is on screen again.
        try session { _ in [["ctrl+o"], ["Down"], ["Return"]] }
        let (back, _) = try snapshot("back")
        XCTAssertGreaterThan(thickness(back, x: 300, y: 200), 4, "the first document is the canvas again")
        XCTAssertEqual(thickness(back, x: 300, y: 400), 0)
        XCTAssertEqual(try documents().map(\.strokes), [1, 1], "both intact")
        XCTAssertEqual(store.list().compactMap(\.thumbnail).count, 2, "each has a thumbnail")
    }

    /// Delete in the picker moves the document on screen to the trash (a new, empty one takes
    /// the canvas) and Ctrl+Z brings it back; the trash's row brings it back too; F2 renames;
    /// Ctrl+D duplicates.
    func testDeleteUndoRenameAndDuplicateInThePicker() throws {
        let drawings = { try self.documents().filter { $0.strokes > 0 } }
        try session { window in
            try drag(window, y: 200)
            Thread.sleep(forTimeInterval: 0.3)
            return [["ctrl+o"], ["Delete"]]
        }
        XCTAssertEqual(try drawings().count, 0, "deleted")
        XCTAssertEqual(store.listTrash().map(\.strokes), [1], "in the trash, counted")
        let blanks = try documents().count
        // Delete, then Ctrl+Z: the document is back, the trash as it was.
        try session { _ in [["ctrl+o"], ["Delete"], ["ctrl+z"], ["Escape"]] }
        XCTAssertEqual(store.listTrash().count, 1, "Ctrl+Z brought the second delete back")
        XCTAssertEqual(try documents().count, blanks + 1, "the one deleted and brought back, and the one that took the canvas")
        // The trash's row (above "Empty the trash", the last row): Return brings it back.
        try session { _ in [["ctrl+o"], ["End"], ["Up"], ["Return"], ["Escape"]] }
        XCTAssertEqual(try drawings().map(\.strokes), [1], "back from the trash")
        XCTAssertEqual(store.listTrash().count, 0)
        // F2: the name starts selected, and "xy" replaces it; " zz" typed and taken back with
        // Ctrl+Backspace, Return; then Ctrl+D duplicates the renamed one.
        let before = try documents().count
        try session { _ in [["ctrl+o"], ["F2"], ["x", "y", "space", "z", "z"], ["ctrl+BackSpace"], ["Return"], ["ctrl+d"], ["Escape"]] }
        XCTAssertEqual(try documents().count, before + 1, "duplicated")
        let names = try documents().map(\.name)
        XCTAssertTrue(names.contains("xy"), "\(names)")
        XCTAssertTrue(names.contains("xy copy"), "\(names)")
        // F2, → (the name kept, the caret after it), Backspace takes its last character back,
        // Ctrl+A selects what is left, and "q" replaces it; without Ctrl+A it would be "xq".
        try session { _ in [["ctrl+o"], ["F2"], ["Right"], ["BackSpace"], ["ctrl+a"], ["q"], ["Return"], ["Escape"]] }
        let renamed = try documents().map(\.name)
        XCTAssertTrue(renamed.contains("q"), "\(renamed)")
        XCTAssertEqual(try drawings().map(\.strokes), [1], "the drawing untouched")
    }

    /// F2, Ctrl+D and Delete on a lesson's row did nothing, and said nothing: they say why.
    func testADocumentsKeysOnALessonSayWhyNothingHappens() throws {
        let log = "\(dir)/stderr.txt"
        let (process, window) = try Binary.launchWindow(["--size", "800x600", "-v"], stderr: log, environment: env)
        // The picker: the document on screen, then the lessons; Down reaches the first lesson.
        for keys in [["ctrl+o"], ["Down"], ["F2"], ["ctrl+d"], ["Delete"], ["ctrl+q"]] {
            Thread.sleep(forTimeInterval: 0.4)
            try Binary.xdotool(keys.flatMap { ["key", "--window", window, $0] })
        }
        Binary.waitForExit(process)
        XCTAssertEqual(process.terminationStatus, 0)
        let said = try String(contentsOfFile: log, encoding: .utf8)
        XCTAssertTrue(said.contains("status: “1 · Coalesced and predicted points” is a lesson: F2, Ctrl+D and Delete are for documents"), said)
        XCTAssertEqual(try documents().count, 1, "nothing duplicated")
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

    /// A FIFO where a journal should be (in the old journal folder, or named as a document)
    /// never blocks the start: it is not a document, and a new one starts.
    func testAFIFOWhereAJournalShouldBeNeverBlocksTheStart() throws {
        for folder in ["\(dir)/state/forcecanvas/journal", store.directory] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        XCTAssertEqual(mkfifo("\(dir)/state/forcecanvas/journal/canvas.jsonl", 0o644), 0)
        XCTAssertEqual(mkfifo(store.directory + "/20260101T000000Z.jsonl", 0o644), 0)
        let (process, window) = try Binary.launchWindow(["--size", "800x600"], environment: env)
        try drag(window, y: 300)
        Thread.sleep(forTimeInterval: 0.3)
        try Binary.xdotool(["key", "--window", window, "ctrl+q"])
        Binary.waitForExit(process)
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(try documents().map(\.strokes), [1], "a new document, a file")
    }

    /// A read-only state folder (a read-only mount: root writes through permissions) still
    /// restores the canvas, and says autosave is off and why.
    func testAReadOnlyStateFolderRestoresTheCanvas() throws {
        let disk = try SmallDisk()
        let state = disk.path + "/state"
        let folder = state + "/forcecanvas/journal"
        let documents = state + "/forcecanvas/documents"
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
        XCTAssertTrue(r.stderr.contains("forcecanvas: autosave is off: \(documents) is read-only"), r.stderr)
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
            // --record starts a new document: the one written last.
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
