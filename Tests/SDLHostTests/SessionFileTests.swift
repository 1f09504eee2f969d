import CairoRender
import TestSupport
import ForceCore
import ForceFiles
import Foundation
import XCTest

/// Session files through the real binary's streaming reader: big files, CRLF, long lines,
/// errors at their line and nothing written; Open Recent in the window reads off the frame loop.
final class SessionFileTests: XCTestCase {
    /// A generated document's lines.
    func lines(_ doc: DocumentGenerator) -> [String] {
        var out: [String] = []
        doc.forEachLine { out.append($0) }
        return out
    }

    func pngs(in dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
    }

    func testABadLineInTheMiddleOfABigFileIsNamedAndNoPNGIsWritten() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let good = lines(DocumentGenerator(strokes: 500, pointsPerStroke: 60))  // 30,002 lines, ~3.8 MB
        var text = good
        text[15_000 - 1] = #"{"t":60,"type":"move","x":10,"y":"far","source":"pen"}"#
        try text.joined(separator: "\n").write(toFile: "\(dir)/big.jsonl", atomically: true, encoding: .utf8)
        let r = try Binary.forcecanvas(["render", "\(dir)/big.jsonl", "--out", "\(dir)/out", "--at", "0", "1"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "forcecanvas: \(dir)/big.jsonl:15000: \"y\" must be a number\n")
        XCTAssertEqual(pngs(in: "\(dir)/out"), [], "no PNG, not even the frame before the bad line")

        // Invalid UTF-8 far down the file is named at its line too.
        var bytes = Data(good.prefix(20_000).joined(separator: "\n").utf8)
        bytes.append(contentsOf: [0x0A, 0x7B, 0xC3, 0x28, 0x7D, 0x0A])
        try bytes.write(to: URL(fileURLWithPath: "\(dir)/utf8.jsonl"))
        let u = try Binary.forcecanvas(["render", "\(dir)/utf8.jsonl", "--out", "\(dir)/out"])
        XCTAssertEqual(u.status, 1)
        XCTAssertEqual(u.stderr, "forcecanvas: \(dir)/utf8.jsonl:20001: not UTF-8 text\n")
        XCTAssertEqual(pngs(in: "\(dir)/out"), [])
    }

    /// A long replay's progress, on stderr that is not a terminal (a log): a line at each tenth
    /// of the frames (and at least one a minute, which this short job does not reach), not one
    /// a second of the session.
    func testALongRenderSaysItsProgressInAtMostTenLines() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let doc = DocumentGenerator(strokes: 200, pointsPerStroke: 60)
        XCTAssertGreaterThan(doc.duration, 60, "a replay of more than a minute")
        try (lines(doc).joined(separator: "\n") + "\n").write(toFile: "\(dir)/long.jsonl", atomically: true, encoding: .utf8)
        let r = try Binary.forcecanvas(["render", "\(dir)/long.jsonl", "--out", dir])
        XCTAssertEqual(r.status, 0, r.stderr)
        let progress = r.stderr.split(separator: "\n")
        XCTAssertTrue((1...10).contains(progress.count), r.stderr)
        XCTAssertTrue(progress.allSatisfy { $0.hasPrefix("rendering: ") && $0.contains(" of \(HeadlessReplay.frame(at: doc.duration)) frames · ")
                                            && $0.hasSuffix(" s left") }, r.stderr)
        XCTAssertEqual(progress.last?.hasPrefix("rendering: \(HeadlessReplay.frame(at: doc.duration)) of "), true, "the last line says all are done")
    }

    func testCRLFLongLinesBlankLinesAndNoFinalNewlineRenderLikeTheirLFTwin() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var text = lines(DocumentGenerator(strokes: 6, pointsPerStroke: 40, viewport: Viewport(width: 400, height: 300)))
        // A device line with 100,000 spaces between its members (JSON allows them; unknown keys
        // are refused): one line longer than the reader's 64 KiB block (names themselves are
        // at most 1 KiB).
        let pen = InputDevice(name: "Very long pen", kind: .pen, hasForce: true)
        let padding = String(repeating: " ", count: 100_000)
        text.insert("{" + padding + SessionCoding.line(TimedEvent(time: 0, event: .device(pen))).dropFirst(), at: 2)
        XCTAssertGreaterThan(text[2].utf8.count, 64 * 1024)
        try (text.joined(separator: "\n") + "\n").write(toFile: "\(dir)/lf.jsonl", atomically: true, encoding: .utf8)
        var crlf = text
        crlf.insert("", at: 5)
        crlf.insert("   ", at: 9)
        try crlf.joined(separator: "\r\n").write(toFile: "\(dir)/crlf.jsonl", atomically: true, encoding: .utf8)

        let a = try Binary.forcecanvas(["render", "\(dir)/lf.jsonl", "--out", dir, "--at", "1"])
        let b = try Binary.forcecanvas(["render", "\(dir)/crlf.jsonl", "--out", dir, "--at", "1"])
        XCTAssertEqual(a.status, 0, a.stderr)
        XCTAssertEqual(b.status, 0, b.stderr)
        XCTAssertEqual(b.stdout, "\(dir)/crlf-t1.000.png\n")
        let lf = FileManager.default.contents(atPath: "\(dir)/lf-t1.000.png")
        XCTAssertNotNil(lf)
        XCTAssertEqual(lf, FileManager.default.contents(atPath: "\(dir)/crlf-t1.000.png"), "the same events, the same pixels")
        XCTAssertFalse(pngs(in: dir).contains { $0.hasPrefix(".") }, "no temporary file left behind")
    }

    /// Open Recent through a launch shortcut: the file is read on a background thread; a bad
    /// line is said in plain words on screen and as FILE:LINE on stderr, and the window runs on.
    func testOpenRecentReportsABadFileAndKeepsRunning() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bad = """
            {"format":"forcecanvas-session","version":1,"width":800,"height":600}
            {"t":0,"type":"down","x":10,"y":10}
            {"t":0.1,"type":"move","x":"far","y":10}
            """
        try bad.write(toFile: "\(dir)/bad.jsonl", atomically: true, encoding: .utf8)
        try writeOpenRecent(session: "\(dir)/bad.jsonl", stateHome: dir)
        let env = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": dir]) { $1 }
        let r = try Binary.forcecanvas(["run", "--shortcut", AppShortcut.openRecent.rawValue, "--exit-after-frames", "40",
                                        "--size", "800x600"], environment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("forcecanvas: opening a file: \(dir)/bad.jsonl:3: \"x\" must be a number"), r.stderr)
    }

    /// Open Recent opens the drawing at once (read and replayed off the frame loop, never at
    /// the pace it was drawn: these strokes span a minute), with no panel deciding what it draws
    /// (it was exported with the HUD on, and every stroke starts where the dock is), and the
    /// drawing opens as a new document: the canvas before (here, in the journal folder of an
    /// older version, moved into the documents at the start) stays a document of its own.
    func testOpenRecentOpensTheWholeDrawingAtOnceAndKeepsTheCanvasBefore() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var options = Options()
        options.showHUD = true
        var drawing = Session(viewport: Viewport(width: 1280, height: 800), options: options)
        for (k, y) in [200.0, 400, 600].enumerated() {
            for (i, x) in stride(from: 100.0, through: 700, by: 50).enumerated() {
                let phase: PointerPhase = i == 0 ? .down : (x >= 700 ? .up : .move)
                drawing.events.append(TimedEvent(time: Double(k) * 30 + Double(i) * 0.02,
                                                 event: .pointer(PointerInput(phase: phase, location: Point(x: x, y: y)))))
            }
        }
        try SessionCoding.encode(drawing).write(toFile: "\(dir)/good.jsonl", atomically: true, encoding: .utf8)
        try writeOpenRecent(session: "\(dir)/good.jsonl", stateHome: dir)
        // The canvas before: one stroke, in the journal.
        var before = Session(viewport: Viewport(width: 1280, height: 800))
        for (i, x) in stride(from: 300.0, through: 900, by: 50).enumerated() {
            before.events.append(TimedEvent(time: 0.1 + Double(i) * 0.02,
                                            event: .pointer(PointerInput(phase: i == 0 ? .down : (x >= 900 ? .up : .move), location: Point(x: x, y: 100)))))
        }
        let journal = "\(dir)/forcecanvas/journal"
        try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: true)
        try SessionCoding.encode(before).write(toFile: journal + "/canvas.jsonl", atomically: true, encoding: .utf8)

        let env = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": dir]) { $1 }
        let r = try Binary.forcecanvas(["run", "--shortcut", AppShortcut.openRecent.rawValue, "--exit-after-frames", "40",
                                        "--snapshot", "\(dir)/shot.png"], environment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("Open Recent"), r.stderr)
        let shot = try XCTUnwrap(PNGPixels(path: "\(dir)/shot.png"))
        for y in [200, 400, 600] {
            XCTAssertLessThan(shot.luminance(x: 600, y: y), 100, "the stroke at y \(y) is there after 40 frames")
        }
        XCTAssertGreaterThan(shot.luminance(x: 600, y: 100), 200, "the canvas before is replaced")
        XCTAssertTrue(r.stderr.contains("the canvases of \(journal) are documents now"), r.stderr)
        // The next start opens the drawing (the document written last); the one before is a
        // document of its own, whole.
        let restored = try Binary.forcecanvas(["run", "--exit-after-frames", "3"], environment: env)
        XCTAssertTrue(restored.stderr.contains("restored 3 strokes"), restored.stderr)
        let documents = DocumentStore(directory: "\(dir)/forcecanvas/documents").list()
        XCTAssertEqual(documents.map(\.name).first, "good")
        XCTAssertEqual(documents.count, 2, "\(documents.map(\.name))")
        let kept = try SessionCoding.parse(try String(contentsOfFile: documents[1].path, encoding: .utf8), file: documents[1].path)
        XCTAssertEqual(Fixtures.finalState(kept).ink.strokes.count, 1, "the canvas before")
    }

    /// A shortcuts file with one Open Recent item naming `session`.
    func writeOpenRecent(session: String, stateHome: String) throws {
        var item = AppShortcut.openRecent.item
        item.userInfo = ["session": session]
        let catalog = ShortcutCatalog(dynamicItems: [item])
        try FileManager.default.createDirectory(atPath: "\(stateHome)/forcecanvas", withIntermediateDirectories: true)
        try catalog.encodeDynamicItems().write(to: URL(fileURLWithPath: "\(stateHome)/forcecanvas/shortcuts.json"))
    }
}
