import CairoRender
import ForceCore
import Foundation
import TestSupport
import XCTest

/// A document's pages under its ink (`PaperPage`) in the window's renderer: drawn by the
/// frozen-ink cache under the strokes, and kept by every partial repaint (a stroke drawn, erased,
/// undone, redone, the view zoomed and panned), which lands on the picture a whole redraw gives.
final class PaperRenderTests: XCTestCase {
    static let pages = [
        PaperPage(rect: Rect(x: 40, y: 30, width: 260, height: 340), ruling: .lined),
        PaperPage(rect: Rect(x: 340, y: 30, width: 260, height: 340), colour: InkColour(red: 255, green: 238, blue: 153), ruling: .graph,
                  config: "m1=20,rm=1,bli=5"),
        PaperPage(rect: Rect(x: 40, y: 400, width: 560, height: 200), colour: InkColour(red: 48, green: 48, blue: 48), ruling: .dotted),
    ]

    func testPartialRepaintsKeepThePagesAsAWholeRedrawDrawsThem() throws {
        var state = AppState(viewport: Viewport(width: 640, height: 640), paper: Self.pages)
        let live = try FrameRenderer(viewport: state.viewport)
        try live.render(state.display)
        var t = 0.0
        func play(_ events: [TimedEvent]) throws {
            for e in events {
                state.handle(e)
                state.advance(to: e.time)
                try live.render(state.display)
            }
        }
        // Strokes across the pages and the canvas between them, a highlighter's among them.
        for k in 0..<4 {
            if k == 2 { try play([TimedEvent(time: t, event: .tool(InkTool(kind: .highlighter, colour: InkColour(hex: "#ffee00ff"), size: 18)))]) }
            let pts = StrokeFixtures.signature(count: 50, in: Rect(x: 60 + Double(k) * 120, y: 200 + Double(k % 2) * 200, width: 260, height: 160),
                                               seed: UInt64(k + 31), startTime: t)
            try play(LiveInkTests.events(pts))
            t = (pts.last?.time ?? t) + 0.1
        }
        // The eraser through the first stroke: the pages under it are repainted, not cleared.
        var erase: [TimedEvent] = []
        for (i, y) in stride(from: 180.0, through: 380, by: 10).enumerated() {
            let phase: PointerPhase = i == 0 ? .down : (y >= 380 ? .up : .move)
            erase.append(TimedEvent(time: t + Double(i) / 60, event: .pointer(PointerInput(phase: phase, location: Point(x: 150, y: y), source: .eraser))))
        }
        try play(erase)
        XCTAssertEqual(state.ink.strokes.count, 3, "the eraser took a stroke")
        t += 1
        for c in [Command.undo, .undo, .redo] {
            t += 0.1
            try play([TimedEvent(time: t, event: .command(c))])
        }
        for change in [ViewChange.zoom(1.7, about: Point(x: 320, y: 300)), .pan(dx: -35, dy: 20)] {
            state.handle(.view(change), at: t)
            try live.render(state.display)
        }
        let strokes = state.ink.strokes.count
        let pts = StrokeFixtures.signature(count: 40, in: Rect(x: 200, y: 250, width: 200, height: 120), seed: 77, startTime: t)
        try play(LiveInkTests.events(pts))
        XCTAssertEqual(state.ink.strokes.count, strokes + 1)

        let whole = try FrameRenderer(viewport: state.viewport, canonical: true)
        try whole.render(state.display)
        let r = ImageComparer(tolerance: .exact()).compare(RGBAImage(surface: whole.frame), RGBAImage(surface: live.frame))
        XCTAssertTrue(r.passed, r.summary)

        // The pages are there: the same frame without them is another picture.
        var bare = state.display
        bare.ink.paper = []
        let without = try FrameRenderer(viewport: state.viewport, canonical: true)
        try without.render(bare)
        XCTAssertFalse(ImageComparer().compare(RGBAImage(surface: whole.frame), RGBAImage(surface: without.frame)).passed)
    }

    /// The PDF of a document with pages is a printed document: one PDF page for each of its
    /// pages, at that page's size (a drawing without pages stays one page of the screen).
    func testAPDFOfADocumentHasAPageForEachOfItsPages() throws {
        var state = AppState(viewport: Viewport(width: 640, height: 640), paper: Self.pages)
        // A stroke across the first two pages.
        let pts = StrokeFixtures.signature(count: 40, in: Rect(x: 200, y: 100, width: 220, height: 100), seed: 5, startTime: 0)
        for e in LiveInkTests.events(pts) { state.handle(e) }
        state.advance(to: 2)
        let dir = NSTemporaryDirectory() + "paper-pdf-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func pages(of path: String) throws -> [String] {
            let text = String(decoding: try XCTUnwrap(FileManager.default.contents(atPath: path)), as: UTF8.self)
            XCTAssertEqual(text.components(separatedBy: "/Type /Page ").count - 1, text.components(separatedBy: "/MediaBox").count - 1)
            return text.components(separatedBy: "/MediaBox [ ").dropFirst().map { String($0.prefix { $0 != "]" }).trimmingCharacters(in: .whitespaces) }
        }
        try Exporter.export(state.display.ink, viewport: state.screenSize, format: .pdf, to: "\(dir)/d.pdf")
        XCTAssertEqual(try pages(of: "\(dir)/d.pdf"), ["0 0 260 340", "0 0 260 340", "0 0 560 200"])
        var bare = state.display.ink
        bare.paper = []
        try Exporter.export(bare, viewport: state.screenSize, format: .pdf, to: "\(dir)/bare.pdf")
        XCTAssertEqual(try pages(of: "\(dir)/bare.pdf"), ["0 0 640 640"])
        // Through a stream (Ctrl+S's export set) too.
        var bytes: [UInt8] = []
        try Exporter.write(state.display.ink, viewport: state.screenSize, format: .pdf) { bytes += $0; return true }
        XCTAssertTrue(FileManager.default.createFile(atPath: "\(dir)/s.pdf", contents: Data(bytes)))
        XCTAssertEqual(try pages(of: "\(dir)/s.pdf").count, 3)
    }

    /// The session keeps its pages through the journal's form of the canvas (`Session.resuming`)
    /// and through its export beside the pictures (`Session.redrawing`).
    func testTheResumingAndRedrawingSessionsKeepThePages() throws {
        let state = AppState(viewport: Viewport(width: 640, height: 640), paper: Self.pages)
        let resumed = try SessionCoding.parse(SessionCoding.encode(Session.resuming(state)), file: "r.jsonl")
        XCTAssertEqual(resumed.paper, Self.pages)
        XCTAssertEqual(resumed.initialState().paper, Self.pages)
        let redrawn = Session.redrawing([], viewport: state.screenSize, options: state.options, paper: state.paper)
        XCTAssertEqual(try SessionCoding.parse(SessionCoding.encode(redrawn), file: "d.jsonl").paper, Self.pages)
    }
}
