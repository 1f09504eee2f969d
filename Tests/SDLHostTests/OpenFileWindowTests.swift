import ForceCore
import ForceFiles
import Foundation
import TestSupport
import XCTest

/// Opening a file in the window (`run --open`, the path a file dropped on the window takes): a
/// session or a tablet's `libinput record` capture or evemu recording becomes a new document at once, read and
/// replayed off the frame loop, and the canvas before stays a document of its own.
final class OpenFileWindowTests: XCTestCase {
    func testASessionAndACaptureOpenAsNewDocuments() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var env = Binary.isolatedEnvironment()
        env["XDG_STATE_HOME"] = dir + "/state"
        let store = DocumentStore(directory: dir + "/state/forcecanvas/documents")
        let session = Binary.repository.appendingPathComponent("Assets/Sessions/golden-pressure.jsonl").path
        let capture = Binary.repository.appendingPathComponent("Tests/Fixtures/libinput-pen.yml").path
        let evemu = Binary.repository.appendingPathComponent("Tests/Fixtures/evemu-pen.evemu").path
        for (i, path) in [session, capture, evemu].enumerated() {
            let r = try Binary.forcecanvas(["run", "--open", path, "--exit-after-frames", "40", "--snapshot", "\(dir)/\(i).png"], environment: env)
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        let documents = store.list()
        XCTAssertEqual(documents.map(\.name), ["evemu-pen", "libinput-pen", "golden-pressure"], "newest first, each named after its file")
        XCTAssertEqual(documents.map(\.strokes), [1, 1, 3])
        // The capture's stroke is on screen: a dark band across the middle of the first shot.
        let shot = try XCTUnwrap(PNGPixels(path: "\(dir)/1.png"))
        XCTAssertTrue((200...320).contains { y in shot.luminance(x: 500, y: y) < 100 }, "the pen's stroke")
        let bad = try Binary.forcecanvas(["run", "--open", "\(dir)/missing.yml", "--exit-after-frames", "20"], environment: env)
        XCTAssertEqual(bad.status, 0, "the window runs on")
        XCTAssertTrue(bad.stderr.contains("missing.yml"), bad.stderr)
        XCTAssertEqual(store.list().count, 3, "nothing opened, nothing lost")
    }

    /// `run --open FILE --record REC`: the recording starts from the opened document, its page
    /// and its stroke, so it replays what the window showed (it held the blank canvas the file
    /// replaced: a recording of annotating a PDF replayed without the PDF), presented where the
    /// window was (`--present`).
    func testARecordingStartsFromTheFileOpenedWithIt() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var env = Binary.isolatedEnvironment()
        env["XDG_STATE_HOME"] = dir + "/state"
        let xml = "<xournal><page width=\"600\" height=\"400\"><background type=\"solid\" color=\"#ffff80ff\" style=\"lined\"/><layer>"
            + "<stroke tool=\"pen\" color=\"#000000ff\" width=\"2\">100 100 200 150 300 120</stroke></layer></page></xournal>"
        try xml.write(toFile: dir + "/page.xopp", atomically: true, encoding: .utf8)
        let r = try Binary.forcecanvas(["run", "--open", dir + "/page.xopp", "--record", dir + "/rec.jsonl", "--size", "800x600",
                                        "--present", "--exit-after-frames", "40"], environment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        let recorded = try SessionCoding.parse(String(contentsOfFile: dir + "/rec.jsonl", encoding: .utf8), file: "rec.jsonl")
        XCTAssertEqual(recorded.paper.map(\.ruling), [.lined], "the document's page")
        let replayed = Fixtures.finalState(recorded)
        XCTAssertEqual(replayed.ink.strokes.count, 1, "and its stroke")
        XCTAssertTrue(replayed.presenting, "presented, as the window was")
    }

    /// A Xournal++ document's pressure widths (its size × the pressure: here 4 pt at size 20,
    /// thinner than perfect-freehand's thinnest, 10 pt) open at their width: the new document
    /// draws with TouchCanvas's mapping, and says so. Before, the stroke was 10 pt thick. The
    /// status line also says what of the document the canvas does not show (its text box).
    func testAXournalDocumentOpensWithItsWidths() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var env = Binary.isolatedEnvironment()
        env["XDG_STATE_HOME"] = dir + "/state"
        let xml = "<xournal><page width=\"600\" height=\"400\"><layer><stroke tool=\"pen\" color=\"#000000ff\" width=\"20"
            + String(repeating: " 4", count: 20) + "\">" + (0...20).map { "\(100 + 20 * $0) 200" }.joined(separator: " ")
            + "</stroke><text font=\"Sans\" size=\"12\" x=\"60\" y=\"300\" color=\"#000000ff\">a note</text>"
            + "<image left=\"200\" top=\"300\" right=\"260\" bottom=\"340\">iVBORw0KGgo=</image></layer></page></xournal>"
        try xml.write(toFile: dir + "/thin.xopp", atomically: true, encoding: .utf8)
        let r = try Binary.forcecanvas(["run", "--open", dir + "/thin.xopp", "--size", "800x600", "--exit-after-frames", "40",
                                        "--snapshot", "\(dir)/shot.png", "-v"], environment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        // The status line says what the canvas does not show: the image (the text box is drawn).
        XCTAssertTrue(r.stderr.contains("status: Opened thin.xopp (1 stroke) as a new document · TouchCanvas widths (W switches) · left out: 1 image or LaTeX element"),
                      r.stderr)
        let shot = try XCTUnwrap(PNGPixels(path: "\(dir)/shot.png"))
        let m = Int(XoppDocument.margin)
        let dark = (200 + m - 20...200 + m + 20).filter { shot.luminance(x: 300 + m, y: $0) < 128 }.count
        XCTAssertTrue((3...5).contains(dark), "4 pt thick, not 10: \(dark) px")
        let documents = DocumentStore(directory: dir + "/state/forcecanvas/documents").list()
        XCTAssertEqual(documents.first?.name, "thin")
    }

    /// The picker opens a file by its path (Ctrl+L, typed, Return).
    func testThePickerOpensAFileByItsPath() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var env = Binary.isolatedEnvironment()
        env["XDG_STATE_HOME"] = dir + "/state"
        try FileManager.default.copyItem(atPath: Binary.repository.appendingPathComponent("Assets/Sessions/golden-pressure.jsonl").path,
                                         toPath: dir + "/three.jsonl")
        let (process, window) = try Binary.launchWindow(["--size", "800x600"], environment: env)
        for keys in [["ctrl+o"], ["ctrl+l"]] {
            Thread.sleep(forTimeInterval: 0.3)
            try Binary.xdotool(keys.flatMap { ["key", "--window", window, $0] })
        }
        Thread.sleep(forTimeInterval: 0.3)
        try Binary.xdotool(["type", "--window", window, "--delay", "20", dir + "/three.jsonl"])
        Thread.sleep(forTimeInterval: 0.3)
        try Binary.xdotool(["key", "--window", window, "Return"])
        Thread.sleep(forTimeInterval: 1.5)
        try Binary.xdotool(["key", "--window", window, "ctrl+q"])
        Binary.waitForExit(process)
        XCTAssertEqual(process.terminationStatus, 0)
        let documents = DocumentStore(directory: dir + "/state/forcecanvas/documents").list()
        XCTAssertEqual(documents.first?.name, "three", "\(documents.map(\.name))")
        XCTAssertEqual(documents.first?.strokes, 3)
    }
}
