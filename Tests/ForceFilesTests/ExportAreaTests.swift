import CCairo
import CairoRender
import ForceCore
import ForceFiles
import Foundation
import TestSupport
import XCTest

/// Every export holds the whole drawing: ink drawn after panning away from the screen's first
/// area, on either side of it, is in the PNG, the SVG, the PDF and the Xournal++ page, and a
/// drawing that keeps to the screen still exports at the screen's size.
final class ExportAreaTests: XCTestCase {
    /// A 9-sample mouse stroke across `from`…`from + 160` pt at screen height `y`.
    static func stroke(x from: Double, y: Double, at t: inout Double) -> [TimedEvent] {
        stride(from: from, through: from + 160, by: 20).enumerated().map { i, x in
            t += 0.01
            let phase: PointerPhase = i == 0 ? .down : (x >= from + 160 ? .up : .move)
            return TimedEvent(time: t, event: .pointer(PointerInput(phase: phase, location: Point(x: x, y: y))))
        }
    }

    /// Red + green + blue of an opaque pixel of `image` (0 black … 765 white).
    static func brightness(_ image: ImageSurface, x: Int, y: Int) -> Int {
        image.flush()
        guard let data = image.data, x >= 0, y >= 0, x < image.pixelWidth, y < image.pixelHeight else { return 765 }
        let v = (data + y * image.stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        return Int((v >> 16) & 0xFF) + Int((v >> 8) & 0xFF) + Int(v & 0xFF)
    }

    /// One stroke on the screen, then one after panning the view 700 pt left and 500 up, then
    /// one after panning back past the start: the last two lie outside the screen's first area.
    static func pannedDrawing() -> AppState {
        var t = 0.0
        var events = stroke(x: 300, y: 300, at: &t)
        events.append(TimedEvent(time: t, event: .view(.pan(dx: -700, dy: -500))))
        events += stroke(x: 300, y: 300, at: &t)
        events.append(TimedEvent(time: t, event: .view(.pan(dx: 1400, dy: 800))))
        events += stroke(x: 100, y: 100, at: &t)
        return Fixtures.finalState(Session(viewport: Viewport(width: 800, height: 600), events: events))
    }

    func testInkDrawnAwayFromTheScreenIsInEveryExport() throws {
        let state = Self.pannedDrawing()
        let ink = state.display.ink
        XCTAssertEqual(ink.strokes.count, 3)
        let extents = ink.strokes.map(\.extent)
        let home = state.viewport.bounds
        XCTAssertTrue(home.contains(extents[0]))
        XCTAssertFalse(home.contains(extents[1]), "drawn beyond the screen")
        XCTAssertLessThan(extents[2].x, 0, "drawn left of the canvas's origin")

        let area = ink.exportArea(home: home)
        for e in extents { XCTAssertTrue(area.contains(e), "\(e) in \(area)") }
        XCTAssertEqual(area, Rect(x: area.x.rounded(), y: area.y.rounded(), width: area.width.rounded(), height: area.height.rounded()),
                       "whole points")
        XCTAssertTrue(area.contains(home), "the screen's area is kept")

        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for format in Exporter.Format.allCases {
            try Exporter.export(ink, viewport: state.viewport, format: format, to: "\(dir)/ink.\(format.rawValue)")
        }
        // The PNG: the area at one pixel a point, each stroke's middle in ink.
        let png = try ImageSurface.readPNG("\(dir)/ink.png")
        XCTAssertEqual([png.pixelWidth, png.pixelHeight], [Int(area.width), Int(area.height)])
        for (i, s) in ink.strokes.enumerated() {
            let p = s.points[s.points.count / 2].preciseLocation
            let x = Int(p.x - area.x), y = Int(p.y - area.y)
            XCTAssertLessThan(Self.brightness(png, x: x, y: y), 300, "stroke \(i) at (\(x), \(y)) is in the PNG")
        }
        // The SVG and the PDF: one page of the area's size, every stroke's path on it.
        let svg = try String(contentsOfFile: "\(dir)/ink.svg", encoding: .utf8)
        XCTAssertTrue(svg.contains("viewBox=\"0 0 \(Int(area.width)) \(Int(area.height))\""), String(svg.prefix(300)))
        XCTAssertGreaterThanOrEqual(svg.components(separatedBy: "<path").count - 1, 3)
        let pdf = try XCTUnwrap(FileManager.default.contents(atPath: "\(dir)/ink.pdf"))
        XCTAssertTrue(String(decoding: pdf, as: UTF8.self).contains("/MediaBox [ 0 0 \(Int(area.width)) \(Int(area.height)) ]"))
        // The Xournal++ document: one page of the area, each stroke on it, in its points.
        let xml = XoppDocument.xml(ink, viewport: state.viewport)
        XCTAssertTrue(xml.contains("<page width=\"\(Int(area.width))\" height=\"\(Int(area.height))\">"), xml)
        let (session, _) = try XoppDocument.session(from: Array(xml.utf8), title: nil)
        let back = Fixtures.finalState(session).display.ink
        XCTAssertEqual(back.strokes.count, 3)
        for (a, b) in zip(ink.strokes, back.strokes) {
            // Read back onto a page at the desk's margin: the same strokes, moved as one.
            let moved = b.extent.x - a.extent.x, movedY = b.extent.y - a.extent.y
            XCTAssertEqual(moved, XoppDocument.margin - area.x, accuracy: 0.01)
            XCTAssertEqual(movedY, XoppDocument.margin - area.y, accuracy: 0.01)
        }
    }

    /// The `.jsonl` of an export redraws a canvas drawn beyond the screen and opens it whole
    /// (Ctrl+0's view), replayed or opened in the window: every stroke on screen. One that keeps
    /// to the screen opens as it was.
    func testAnExportedCanvasDrawnBeyondTheScreenOpensWhole() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let panned = Self.pannedDrawing()
        var t = 0.0
        let kept = Fixtures.finalState(Session(viewport: Viewport(width: 800, height: 600), events: Self.stroke(x: 300, y: 300, at: &t)))
        for (state, whole) in [(panned, true), (kept, false)] {
            let base = try ExportSet.write(state.display.ink, viewport: state.viewport, options: state.options, directory: dir,
                                           date: Date(timeIntervalSince1970: whole ? 1_700_000_000 : 1_700_000_100))
            let text = try String(contentsOfFile: base + ".jsonl", encoding: .utf8)
            let session = try SessionCoding.parse(text, file: base + ".jsonl")
            let opened = Fixtures.finalState(session).display
            XCTAssertEqual(opened.ink.strokes.count, state.display.ink.strokes.count)
            XCTAssertEqual(text.contains("\"fit\":true"), whole)
            for s in opened.ink.strokes {
                XCTAssertTrue(opened.layout.screen.contains(opened.ink.view.toScreen(s.extent)),
                              "\(whole ? "panned" : "kept"): \(s.extent) on screen")
            }
            // Opened in the window (Open Recent, `run --open`), which takes the strokes of the
            // replay into a new canvas (`AppState.openDrawing`): the same view.
            var window = AppState(viewport: state.viewport)
            window.openDrawing(opened.ink.strokes)
            let shown = window.display
            XCTAssertEqual(shown.ink.view.isIdentity, !whole)
            for s in shown.ink.strokes {
                XCTAssertTrue(shown.layout.sceneArea.contains(shown.ink.view.toScreen(s.extent)),
                              "\(whole ? "panned" : "kept"), opened: \(s.extent) in the scene")
            }
        }
    }

    /// The picker's thumbnail of a canvas shows its whole drawing: the stroke drawn far to the
    /// left of the screen's first area is in it, where the area scaled to fit puts it.
    func testTheThumbnailOfACanvasShowsItsWholeDrawing() throws {
        let state = Self.pannedDrawing()
        let ink = state.display.ink
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Exporter.thumbnail(ink, viewport: state.viewport, width: 320, height: 200, to: "\(dir)/t.png")
        let thumbnail = try ImageSurface.readPNG("\(dir)/t.png")
        let area = ink.exportArea(home: state.viewport.bounds)
        let scale = min(320 / area.width, 200 / area.height)
        let left = (320 - scale * area.width) / 2, top = (200 - scale * area.height) / 2
        for (i, s) in ink.strokes.enumerated() {
            let p = s.points[s.points.count / 2].preciseLocation
            let x = Int(left + (p.x - area.x) * scale), y = Int(top + (p.y - area.y) * scale)
            XCTAssertLessThan(Self.brightness(thumbnail, x: x, y: y), 500, "stroke \(i) at (\(x), \(y)) in the thumbnail")
        }
    }

    /// A drawing that keeps to the screen exports at the screen's size, as it always did, even
    /// with ink close to its edges.
    func testADrawingOnTheScreenExportsAtItsSize() throws {
        var t = 0.0
        let state = Fixtures.finalState(Session(viewport: Viewport(width: 400, height: 300, scale: 2),
                                                events: Self.stroke(x: 232, y: 294, at: &t)))
        XCTAssertEqual(state.display.ink.exportArea(home: state.viewport.bounds), state.viewport.bounds)
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Exporter.export(state.display.ink, viewport: state.viewport, format: .png, to: "\(dir)/ink.png")
        let png = try ImageSurface.readPNG("\(dir)/ink.png")
        XCTAssertEqual([png.pixelWidth, png.pixelHeight], [800, 600], "the screen at its scale")
    }

    /// A document's pages export on their desk, whatever the screen shows: the pages and the
    /// margin around them, and ink written beside them.
    func testADocumentExportsItsPagesAndTheInkBesideThem() throws {
        var t = 0.0
        var session = Session(viewport: Viewport(width: 300, height: 200), events: Self.stroke(x: 500, y: 100, at: &t))
        session.paper = [PaperPage(rect: Rect(x: 48, y: 48, width: 400, height: 500)),
                         PaperPage(rect: Rect(x: 48, y: 596, width: 400, height: 500))]
        let state = Fixtures.finalState(session)
        let ink = state.display.ink
        let area = ink.exportArea(home: state.viewport.bounds)
        XCTAssertEqual(area.x, 0)
        XCTAssertEqual(area.y, 0)
        XCTAssertEqual(area.maxY, 596 + 500 + 48, "both pages and the desk below the last")
        XCTAssertGreaterThan(area.maxX, 620, "the ink written beside the pages")
        XCTAssertTrue(area.contains(ink.strokes[0].inkBounds))

        // Its PDF: a page for each page, which shows none of that ink, and a last page that
        // shows it whole, with the desk's margin around it.
        let beside = try XCTUnwrap(ink.inkBesidePages())
        XCTAssertEqual(beside.strokes.count, 1)
        XCTAssertTrue(beside.area.insetBy(PaperPage.deskMargin - 1).contains(ink.strokes[0].inkBounds))
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Exporter.export(ink, viewport: state.viewport, format: .pdf, to: "\(dir)/doc.pdf")
        let text = String(decoding: try XCTUnwrap(FileManager.default.contents(atPath: "\(dir)/doc.pdf")), as: UTF8.self)
        let boxes = text.components(separatedBy: "/MediaBox [ ").dropFirst().map { String($0.prefix { $0 != "]" }) }
        XCTAssertEqual(boxes, ["0 0 400 500 ", "0 0 400 500 ", "0 0 \(Int(beside.area.width)) \(Int(beside.area.height)) "])
        // The last page draws the stroke: the PDF as Poppler shows it has ink on it.
        XCTAssertEqual(PDFPages.shared.pageCount(of: "\(dir)/doc.pdf"), 3)
        let last = try ImageSurface(viewport: Viewport(width: Int(beside.area.width), height: Int(beside.area.height)))
        let cr = try XCTUnwrap(last.makeContext())
        XCTAssertTrue(PDFPages.shared.draw(file: "\(dir)/doc.pdf", page: 3, in: Rect(x: 0, y: 0, width: beside.area.width, height: beside.area.height), into: cr))
        cairo_destroy(cr)
        let center = ink.strokes[0].inkBounds.center - Point(x: beside.area.x, y: beside.area.y)
        XCTAssertLessThan(Self.brightness(last, x: Int(center.x), y: Int(center.y)), 400, "the stroke beside the pages")

        // Ink over the pages alone adds no page.
        var onPages = ink
        onPages.strokes = []
        XCTAssertNil(onPages.inkBesidePages())
    }

    /// A document as tall as a 36-page PDF (30,288 pt) fits its PNG into 16,000 pixels a side,
    /// which viewers open (ImageMagick's policy refused the 30,288-pixel column).
    func testATallDocumentsPNGKeepsToTheLongestSideViewersOpen() throws {
        var session = Session(viewport: Viewport(width: 800, height: 600))
        session.paper = (0..<36).map { PaperPage(rect: Rect(x: 48, y: 48 + Double($0) * 840, width: 612, height: 792)) }
        let state = Fixtures.finalState(session)
        let area = state.display.ink.exportArea(home: state.viewport.bounds)
        XCTAssertEqual(area.height, 36 * 840 + 48)
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Exporter.export(state.display.ink, viewport: state.viewport, format: .png, to: "\(dir)/ink.png")
        let png = try ImageSurface.readPNG("\(dir)/ink.png")
        XCTAssertEqual(Double(png.pixelHeight), Exporter.maximumPNGSide)
        XCTAssertEqual(Double(png.pixelWidth), area.width * Exporter.maximumPNGSide / area.height, accuracy: 1)
    }

    /// A drawing too large for a PNG at its scale is drawn smaller, whole: at most
    /// `maximumPNGPixels`, the far stroke still in it.
    func testADrawingTooLargeForAPNGIsScaledDownWhole() throws {
        var t = 0.0
        var events = Self.stroke(x: 100, y: 100, at: &t)
        events.append(TimedEvent(time: t, event: .view(.pan(dx: -20_000, dy: -9_000))))
        events += Self.stroke(x: 300, y: 300, at: &t)
        let state = Fixtures.finalState(Session(viewport: Viewport(width: 800, height: 600), events: events))
        let area = state.display.ink.exportArea(home: state.viewport.bounds)
        XCTAssertGreaterThan(area.width * area.height, Double(Exporter.maximumPNGPixels))
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Exporter.export(state.display.ink, viewport: state.viewport, format: .png, to: "\(dir)/ink.png")
        let png = try ImageSurface.readPNG("\(dir)/ink.png")
        XCTAssertLessThanOrEqual(png.pixelWidth * png.pixelHeight, Exporter.maximumPNGPixels)
        XCTAssertEqual(Double(png.pixelWidth) / Double(png.pixelHeight), area.width / area.height, accuracy: 0.01, "its shape kept")
        let far = state.display.ink.strokes[1].points[4].preciseLocation
        let x = Int((far.x - area.x) * Double(png.pixelWidth) / area.width), y = Int((far.y - area.y) * Double(png.pixelHeight) / area.height)
        XCTAssertLessThan(Self.brightness(png, x: x, y: y), 600, "the far stroke at (\(x), \(y))")
    }
}
