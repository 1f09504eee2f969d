import CCairo
@testable import CairoRender
import ForceCore
import XCTest

/// A status or warning line too long for its panel wraps onto up to three lines, and beyond
/// them loses its middle: what happened (its start) and the file or the reason (its end) both
/// stay on screen. It lost its end before: "recording to /home/…/.local/state/forcecanvas/
/// recordings/m…" never named the recording; and, kept to one line, it lost the middle of a
/// sentence: "Zoom 13 % · Ctrl+0 the whole drawi… ace+drag or the middle button pans".
final class StatusLineTests: XCTestCase {
    private func frame(status: String? = nil, warning: String? = nil) throws -> [UInt8] {
        let state = AppState(viewport: Viewport(width: 640, height: 400))
        let renderer = try FrameRenderer(viewport: state.viewport)
        _ = try renderer.render(state.display, status: status, warning: warning)
        return RGBAImage(surface: renderer.frame).pixels
    }

    func testALongLineKeepsItsStartAndItsEnd() throws {
        // Starts longer than half the line, and ends longer than half the line.
        let start = "Drawing from 270.50 s of a session with a rather long name · recording to "
        let end = "/home/someone/.local/state/forcecanvas/recordings/"
        // Far more than three lines: the middle of what does not fit is cut.
        let deep = String(repeating: "deep/", count: 60), middle = String(repeating: "deep/", count: 40)
        for line in [{ (text: String) in try self.frame(status: text) }, { (text: String) in try self.frame(warning: text) }] {
            let one = try line(start + deep + middle + deep + end + "one.jsonl")
            // (Compared as Bools: a failing XCTAssertEqual of two frames prints a megabyte.)
            XCTAssertFalse(one == (try line(start + deep + middle + deep + end + "two.jsonl")), "the file's name shows")
            XCTAssertTrue(one == (try line(start + deep + String(repeating: "dark/", count: 40) + deep + end + "one.jsonl")),
                          "the middle is cut")
            XCTAssertFalse(one == (try line("Opening " + start.dropFirst(7) + deep + middle + deep + end + "one.jsonl")),
                           "the start shows")
        }
    }

    /// A sentence two lines long at 640 pt shows whole: a word changed at its middle or its end
    /// changes the frame; its panel grows to hold it, and a warning stacks above it.
    func testASentenceTooLongForALineWrapsWhole() throws {
        let words = "Zoom 13 % · Ctrl+0 the whole drawing, Ctrl+1 100 %, Space+drag or the middle button pans the view"
        let one = try frame(status: words)
        XCTAssertFalse(one == (try frame(status: words.replacingOccurrences(of: "Space+drag", with: "Space+move"))),
                       "its middle shows")
        XCTAssertFalse(one == (try frame(status: words.replacingOccurrences(of: "the view", with: "the page"))), "its end shows")

        let state = AppState(viewport: Viewport(width: 640, height: 400))
        let surface = try ImageSurface(viewport: state.viewport)
        var changes = FrameChanges()
        var short = OverlayPainter(display: state.display, stats: nil, status: "Saved", warning: "Autosave failed")
        try changes.measureMessages(of: &short, on: surface)
        var long = OverlayPainter(display: state.display, stats: nil, status: words, warning: words + " " + words)
        try changes.measureMessages(of: &long, on: surface)
        let (s1, w1, s2, w2) = try (XCTUnwrap(short.statusRect), XCTUnwrap(short.warningRect),
                                    XCTUnwrap(long.statusRect), XCTUnwrap(long.warningRect))
        XCTAssertEqual(s1.height, OverlayPainter.messageHeight, "one line: as high as ever")
        XCTAssertGreaterThan(s2.height, s1.height + 10, "two lines: a line higher")
        XCTAssertGreaterThan(w2.height, s2.height + 10, "three lines: higher again")
        XCTAssertEqual(s2.maxY, s1.maxY, "the status keeps its bottom")
        XCTAssertEqual(w1.maxY, s1.y - OverlayPainter.messageGap, accuracy: 1e-9)
        XCTAssertEqual(w2.maxY, s2.y - OverlayPainter.messageGap, accuracy: 1e-9, "the warning stacks above the taller status")
    }

    /// Presenting hides the gauge the messages float above: they sit at the screen's bottom
    /// (they were placed above the hidden gauge's rect, at infinity, and drawn as garbage over
    /// the scene tabs: "Ctrl+P brings the panels back" never showed).
    /// The document picker reaches the screen's bottom margin: the status line, which says what
    /// its own keys did ("“x” is in the trash · Ctrl+Z brings it back"), is drawn over it. It was
    /// drawn under it, dimmed and covered: a changed word changed nothing on screen.
    func testTheStatusShowsOverTheDocumentPicker() throws {
        var display = AppState(viewport: Viewport(width: 640, height: 400)).display
        display.lessons = LessonMenu(entries: (1...12).map { LessonMenu.Entry(name: "\($0)", title: "\($0) · A lesson") })
        func frame(_ status: String) throws -> [UInt8] {
            let renderer = try FrameRenderer(viewport: display.viewport)
            _ = try renderer.render(display, status: status)
            return RGBAImage(surface: renderer.frame).pixels
        }
        let one = try frame("“notes” is in the trash · Ctrl+Z brings it back")
        let other = try frame("“slides” is in the trash · Ctrl+Z brings it back")
        // The name shows in full contrast (203 of 255 here), not dimmed under the picker's shade
        // and frame (91 before).
        let largest = zip(one, other).map { abs(Int($0) - Int($1)) }.max() ?? 0
        XCTAssertGreaterThan(largest, 120, "the name shows")

        // And it covers no row: the picker keeps the message line's strip clear, at every
        // size of text, with the floating gauge (a canvas without a dock) or with a dock.
        for uiScale in [1.0, 2, 3] {
            for viewport in [Viewport(width: 640, height: 400), Viewport(width: 640, height: 480), Viewport(width: 1280, height: 800)] {
                var state = AppState(viewport: viewport)
                state.handle(.uiScale(uiScale), at: 0.1)
                for docked in [false, true] {
                    if docked { state.handle(.command(.toggleHUD), at: 0.2) }
                    var d = state.display
                    d.lessons = display.lessons
                    let painter = OverlayPainter(display: d, stats: nil, status: "“notes” is in the trash · Ctrl+Z brings it back")
                    let status = try XCTUnwrap(painter.statusRect)
                    let menu = try XCTUnwrap(d.lessons)
                    let frame = menu.frame(in: LessonMenu.area(in: d.viewport.bounds, uiScale: d.layout.uiScale))
                    XCTAssertLessThanOrEqual(frame.maxY, status.y, "\(viewport) at \(uiScale)× \(docked ? "docked" : "floating"): \(frame) \(status)")
                    XCTAssertGreaterThan(menu.visibleRows(in: frame), 3)
                }
            }
        }
    }

    /// At a large text size on a narrow screen a message is drawn smaller than the text, as
    /// large as leaves its lines 320 pt: the zoom's status, which needed four lines at 3× on a
    /// 500 pt screen (three show), fits in two; a wide screen draws it at the text's size.
    func testAMessageOnANarrowScreenKeepsItsLinesReadable() throws {
        let zoom = "Zoom 125 % · Ctrl+0 the whole drawing, Ctrl+1 100 %, Space+drag or the middle button pans"
        let surface = try ImageSurface(viewport: Viewport(width: 10, height: 10))
        let cr = try XCTUnwrap(surface.makeContext())
        defer { cairo_destroy(cr) }
        let one = OverlayPainter.messageTextHeight("Zoom", width: 1000, style: OverlayPainter.statusStyle, in: cr)
        for (width, scale) in [(500, 468.0 / 344), (1280, 3.0)] {
            var state = AppState(viewport: Viewport(width: width, height: 700))
            state.handle(.uiScale(3), at: 0.1)
            let painter = OverlayPainter(display: state.display, stats: nil, status: zoom)
            XCTAssertEqual(state.display.layout.uiScale, 3)
            XCTAssertEqual(painter.messageScale, scale, accuracy: 1e-9, "\(width) pt")
            XCTAssertGreaterThanOrEqual(painter.messageTextWidth, OverlayPainter.narrowestMessageText - 1e-9)
            let lines = OverlayPainter.messageTextHeight(zoom, width: painter.messageTextWidth, style: OverlayPainter.statusStyle, in: cr) / one
            XCTAssertLessThanOrEqual(lines.rounded(), 2, "\(width) pt: \(lines) lines")
            let status = try XCTUnwrap(painter.statusRect)
            XCTAssertLessThanOrEqual(status.maxX, state.display.layout.screen.maxX, "on the screen")
        }
    }

    func testMessagesShowWhilePresenting() throws {
        var state = AppState(viewport: Viewport(width: 1280, height: 800))
        state.handle(.command(.togglePresentation), at: 0.1)
        XCTAssertTrue(state.presenting)
        let painter = OverlayPainter(display: state.display, stats: nil, status: "Presentation", warning: "Autosave failed")
        let (status, warning) = try (XCTUnwrap(painter.statusRect), XCTUnwrap(painter.warningRect))
        let screen = state.display.viewport.bounds
        XCTAssertEqual(status.intersection(screen), status, "on screen: \(status)")
        XCTAssertEqual(status.maxY, screen.maxY - OverlayPainter.margin, accuracy: 1e-9)
        XCTAssertEqual(warning.maxY, status.y - OverlayPainter.messageGap, accuracy: 1e-9)
        let renderer = try FrameRenderer(viewport: state.viewport)
        _ = try renderer.render(state.display)
        let without = RGBAImage(surface: renderer.frame).pixels
        _ = try renderer.render(state.display, status: "Presentation: only the scene and the ink")
        XCTAssertFalse(without == RGBAImage(surface: renderer.frame).pixels, "the status is drawn")
    }
}
