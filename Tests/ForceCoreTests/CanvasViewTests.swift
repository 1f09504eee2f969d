import ForceCore
import TestSupport
import XCTest

/// The canvas's view: ink lives in document coordinates, the screen shows it through a zoom
/// and a pan that are part of the state and recorded.
final class CanvasViewTests: XCTestCase {
    /// A three-sample stroke from `a` through `b` to `c`, 20 ms apart, after 0.1 s.
    func stroke(_ d: inout Driver, _ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double)) {
        d.at(0.1)
        d.down(a.0, a.1)
        d.at(0.02)
        d.move(b.0, b.1)
        d.at(0.02)
        d.up(c.0, c.1)
    }

    func testZoomKeepsThePointUnderThePointerAndRoundTrips() {
        var v = CanvasView.identity
        let anchor = Point(x: 300, y: 200)
        let under = v.toDocument(anchor)
        v.zoom(by: 4, about: anchor)
        XCTAssertEqual(v.scale, 4)
        XCTAssertEqual(v.toDocument(anchor).x, under.x, accuracy: 1e-9)
        XCTAssertEqual(v.toDocument(anchor).y, under.y, accuracy: 1e-9)
        v.pan(dx: 30, dy: -12)
        let p = Point(x: 123.5, y: 77.25)
        XCTAssertEqual(v.toDocument(v.toScreen(p)).x, p.x, accuracy: 1e-9)
        XCTAssertEqual(v.toDocument(v.toScreen(p)).y, p.y, accuracy: 1e-9)
        v.zoom(by: 1e9, about: anchor)
        XCTAssertEqual(v.scale, CanvasView.scaleRange.upperBound, "clamped")
        v.zoom(by: .nan, about: anchor)
        XCTAssertEqual(v.scale, CanvasView.scaleRange.upperBound, "a NaN factor changes nothing")
    }

    /// Drawing while zoomed puts the ink where the document is under the pointer; zooming back
    /// to 100 % shows it there.
    func testInkIsDrawnInDocumentCoordinates() {
        var d = Driver()
        d.send(.view(.zoom(2, about: Point(x: 0, y: 0))))
        stroke(&d, (200, 300), (260, 300), (300, 300))
        let points = d.state.ink.strokes.first?.points.filter(\.isReal).map(\.preciseLocation) ?? []
        XCTAssertEqual(points.first, Point(x: 100, y: 150))
        XCTAssertEqual(points.last, Point(x: 150, y: 150))
        XCTAssertEqual(d.state.display.ink.view.scale, 2)
    }

    /// The view moves only on the canvas, where it is seen: Page Down, Ctrl+wheel, a pan or
    /// Ctrl+0 on another scene leave the drawing where it was for the return.
    func testTheViewMovesOnlyWhereItIsSeen() {
        var d = Driver()
        stroke(&d, (100, 100), (150, 120), (200, 140))
        d.send(.view(.zoom(2, about: Point(x: 0, y: 0))))
        let before = d.state.scenes.canvas.view
        for scene in [Command.sceneMessages, .sceneHome, .sceneConfirm] {
            d.command(scene)
            for change in [ViewChange.page(1), .zoom(3, about: Point(x: 5, y: 5)), .pan(dx: 40, dy: -30), .fit, .actualSize] {
                d.send(.view(change))
            }
            XCTAssertEqual(d.state.scenes.canvas.view, before, "\(scene)")
        }
        d.command(.sceneCanvas)
        XCTAssertEqual(d.state.display.ink.view, before)
        d.send(.view(.actualSize))
        XCTAssertEqual(d.state.display.ink.view, .identity, "on the canvas it moves")
    }

    /// Ctrl+0 fits the drawing in the scene's area (never above 100 %); Ctrl+1 is 100 %; a new
    /// canvas starts at 100 %.
    func testFitActualSizeAndNewCanvas() {
        var d = Driver()
        stroke(&d, (100, 100), (150, 120), (200, 140))
        d.send(.view(.zoom(0.25, about: Point(x: 0, y: 0))))
        d.send(.view(.fit))
        let v = d.state.display.ink.view
        XCTAssertEqual(v.scale, 1, "a small drawing is not blown up")
        let area = d.state.screenLayout.sceneArea
        let shown = v.toScreen(d.state.ink.extent)
        XCTAssertEqual(shown.center.x, area.center.x, accuracy: 1e-9)
        XCTAssertEqual(shown.center.y, area.center.y, accuracy: 1e-9)
        d.send(.view(.actualSize))
        XCTAssertEqual(d.state.display.ink.view, .identity)
        d.send(.view(.zoom(3, about: Point(x: 10, y: 10))))
        d.command(.newCanvas)
        XCTAssertEqual(d.state.display.ink.view, .identity)
    }

    /// A drawing that does not fit even at the smallest scale (a long document's pages, one
    /// below the other) is shown from its start: its top at the margin, centred across; one
    /// too wide for it, from its left edge. One that fits is centred, as before.
    func testFitShowsTheStartOfADrawingTooLargeToFit() {
        let area = Rect(x: 0, y: 0, width: 1280, height: 800)
        let room = area.insetBy(CanvasView.fitMargin)
        let pages = Rect(x: 0, y: 0, width: 595, height: 842 * 60)
        let tall = CanvasView.fitting(pages, in: area)
        XCTAssertEqual(tall.scale, CanvasView.scaleRange.lowerBound)
        let shown = tall.toScreen(pages)
        XCTAssertEqual(shown.y, room.y, accuracy: 1e-9, "the first page at the top")
        XCTAssertEqual(shown.center.x, room.center.x, accuracy: 1e-9, "centred across")

        let strip = Rect(x: -500, y: 10, width: 842 * 90, height: 595)
        let wide = CanvasView.fitting(strip, in: area)
        XCTAssertEqual(wide.toScreen(strip).x, room.x, accuracy: 1e-9, "its left edge at the margin")
        XCTAssertEqual(wide.toScreen(strip).center.y, room.center.y, accuracy: 1e-9, "centred down")

        let five = Rect(x: 0, y: 0, width: 595, height: 842 * 5)
        let fits = CanvasView.fitting(five, in: area)
        XCTAssertGreaterThan(fits.scale, CanvasView.scaleRange.lowerBound)
        XCTAssertEqual(fits.toScreen(five).center.y, room.center.y, accuracy: 1e-9, "one that fits is centred")
    }

    /// Page Down over a document of A4 pages 12 pt apart: zoomed out (several pages on screen)
    /// each press brings the next page's top to the top margin; zoomed in on one page, a
    /// screenful at a time until the next page's top is within reach; Page Up goes back the
    /// same way. Without pages, a screenful each time.
    func testPageDownAndUpGoPageByPageOrAScreenfulAtATime() {
        let area = Rect(x: 0, y: 50, width: 1280, height: 750)
        let tops = (0..<10).map { 48 + Double($0) * (842 + 12) }
        let pages = tops.map { Rect(x: 0, y: $0, width: 595, height: 842) }
        func topShown(_ v: CanvasView) -> Double { v.toDocument(Point(x: 0, y: area.y + CanvasView.fitMargin)).y }

        var out = CanvasView(scale: 0.25, offset: Point(x: 300, y: area.y + CanvasView.fitMargin - tops[0] * 0.25))
        for k in 1...3 {
            out.page(1, pages: pages, in: area)
            XCTAssertEqual(topShown(out), tops[k], accuracy: 1e-9, "page \(k + 1) at the top")
        }
        XCTAssertEqual(out.offset.x, 300, "across, the view stays")
        out.page(-1, pages: pages, in: area)
        XCTAssertEqual(topShown(out), tops[2], accuracy: 1e-9)

        // At 100 % a page is taller than the screen (702 pt of room): a screenful, then the next top.
        var in1 = CanvasView(scale: 1, offset: Point(x: 0, y: area.y + CanvasView.fitMargin - tops[0]))
        in1.page(1, pages: pages, in: area)
        XCTAssertEqual(topShown(in1), tops[0] + 702, accuracy: 1e-9, "a screenful into page 1")
        in1.page(1, pages: pages, in: area)
        XCTAssertEqual(topShown(in1), tops[1], accuracy: 1e-9, "then page 2's top")
        in1.page(-1, pages: pages, in: area)
        XCTAssertEqual(topShown(in1), tops[1] - 702, accuracy: 1e-9, "back a screenful")
        in1.page(-1, pages: pages, in: area)
        XCTAssertEqual(topShown(in1), tops[0], accuracy: 1e-9, "and page 1's top")

        var blank = CanvasView.identity
        blank.page(1, pages: [], in: area)
        XCTAssertEqual(blank.offset.y, -702, accuracy: 1e-9)
        blank.page(-1, pages: [], in: area)
        XCTAssertEqual(blank.offset.y, 0, accuracy: 1e-9)
    }

    /// Paging past either end of the pages stops there: the last page's bottom at the bottom
    /// margin (zoomed in) or its top at the top margin (zoomed out), the first page's top going
    /// up; pressed again, and from beyond the pages, the key does nothing.
    func testPagingStopsAtTheEndsOfThePages() {
        let area = Rect(x: 0, y: 50, width: 1280, height: 750)
        let pages = (0..<3).map { Rect(x: 0, y: 48 + Double($0) * (842 + 12), width: 595, height: 842) }
        func topShown(_ v: CanvasView) -> Double { v.toDocument(Point(x: 0, y: area.y + CanvasView.fitMargin)).y }
        func bottomShown(_ v: CanvasView) -> Double { v.toDocument(Point(x: 0, y: area.maxY - CanvasView.fitMargin)).y }

        var in1 = CanvasView(scale: 1, offset: Point(x: 0, y: area.y + CanvasView.fitMargin - pages[0].y))
        for _ in 0..<20 { in1.page(1, pages: pages, in: area) }
        XCTAssertEqual(bottomShown(in1), pages[2].maxY, accuracy: 1e-9, "the last page's bottom at the bottom margin")
        let atEnd = in1
        in1.page(1, pages: pages, in: area)
        XCTAssertEqual(in1, atEnd, "at the end, Page Down does nothing")
        for _ in 0..<20 { in1.page(-1, pages: pages, in: area) }
        XCTAssertEqual(topShown(in1), pages[0].y, accuracy: 1e-9, "the first page's top at the top margin")
        let atStart = in1
        in1.page(-1, pages: pages, in: area)
        XCTAssertEqual(in1, atStart, "at the start, Page Up does nothing")

        // Zoomed out, the last page's top is the end: its bottom is on screen already.
        var out = CanvasView(scale: 0.25, offset: Point(x: 0, y: area.y + CanvasView.fitMargin - pages[0].y * 0.25))
        for _ in 0..<5 { out.page(1, pages: pages, in: area) }
        XCTAssertEqual(topShown(out), pages[2].y, accuracy: 1e-9)

        // Panned far below the pages, Page Down stays; Page Up comes back a screenful at a time.
        var lost = CanvasView(scale: 1, offset: Point(x: 0, y: -20_000))
        lost.page(1, pages: pages, in: area)
        XCTAssertEqual(lost.offset.y, -20_000, accuracy: 1e-9, "below the pages, Page Down does nothing")
        lost.page(-1, pages: pages, in: area)
        XCTAssertEqual(lost.offset.y, -20_000 + 702, accuracy: 1e-9)
    }

    /// View lines round-trip through the session format, and a replay shows the same view.
    func testViewEventsRoundTrip() throws {
        let events: [TimedEvent] = [
            TimedEvent(time: 0.1, event: .view(.zoom(1.25, about: Point(x: 10.5, y: 20)))),
            TimedEvent(time: 0.2, event: .view(.pan(dx: -3.5, dy: 7))),
            TimedEvent(time: 0.3, event: .view(.fit)),
            TimedEvent(time: 0.4, event: .view(.actualSize)),
            TimedEvent(time: 0.5, event: .view(.page(1))),
            TimedEvent(time: 0.6, event: .view(.page(-1))),
        ]
        let session = Session(viewport: Viewport(width: 800, height: 600), events: events)
        let text = SessionCoding.encode(session)
        XCTAssertTrue(text.contains("{\"t\":0.1,\"type\":\"view\",\"zoom\":1.25,\"x\":10.5,\"y\":20}"), text)
        XCTAssertTrue(text.contains("{\"t\":0.5,\"type\":\"view\",\"page\":1}"), text)
        XCTAssertEqual(try SessionCoding.parse(text, file: "v.jsonl").events, events)
        for bad in ["{\"t\":1,\"type\":\"view\"}", "{\"t\":1,\"type\":\"view\",\"zoom\":0,\"x\":1,\"y\":1}",
                    "{\"t\":1,\"type\":\"view\",\"zoom\":2}", "{\"t\":1,\"type\":\"view\",\"page\":2}",
                    "{\"t\":1,\"type\":\"view\",\"page\":0.5}"] {
            XCTAssertThrowsError(try SessionCoding.parse(SessionCoding.headerLine(session) + "\n" + bad + "\n", file: "bad.jsonl"), bad)
        }
    }
}
