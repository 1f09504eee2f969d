import CairoRender
import ForceCore
import Foundation
import TestSupport
import XCTest

/// The canvas's view in the renderers: the ink cache draws the document through the zoom and
/// pan, and the window's partial repaints land on the picture a whole redraw gives.
final class ZoomedRenderTests: XCTestCase {
    /// Zoomed ×2 about the origin, the ink is the picture the same ink gives at HiDPI scale 2.
    func testAZoomedCacheIsTheHiDPIPicture() throws {
        let (state, _) = LiveInkTests.inked(Options(), viewport: Viewport(width: 640, height: 400), strokes: 4, points: 60,
                                            x: 40, y: 70, step: 90, size: (260, 240), seed: 11)
        let hidpi = try FrozenInkCache(viewport: Viewport(width: 640, height: 400, scale: 2))
        _ = try hidpi.update(state.display.ink, viewport: Viewport(width: 640, height: 400, scale: 2))
        var zoomedInk = state.display.ink
        var view = CanvasView.identity
        view.zoom(by: 2, about: Point(x: 0, y: 0))
        zoomedInk.view = view
        let zoomed = try FrozenInkCache(viewport: Viewport(width: 1280, height: 800))
        _ = try zoomed.update(zoomedInk, viewport: Viewport(width: 1280, height: 800))
        let r = ImageComparer().compare(RGBAImage(surface: hidpi.surface), RGBAImage(surface: zoomed.surface))
        XCTAssertTrue(r.passed, r.summary)
    }

    /// Drawing, undoing and redoing while zoomed in and panned, frame by frame in the window's
    /// renderer, ends on the picture a whole redraw gives; so does zooming out and back.
    func testPartialRepaintsWhileZoomedMatchAWholeRedraw() throws {
        for options in LiveInkTests.styles.map(\.1) {
            var state = AppState(viewport: Viewport(width: 640, height: 400), options: options)
            var t = 0.0
            state.handle(.view(.zoom(2.5, about: Point(x: 320, y: 200))), at: t)
            state.handle(.view(.pan(dx: 40, dy: -25)), at: t)
            let live = try FrameRenderer(viewport: state.viewport)
            try live.render(state.display)
            for k in 0..<3 {
                let pts = StrokeFixtures.signature(count: 50, in: Rect(x: 200 + Double(k) * 60, y: 120, width: 220, height: 160),
                                                   seed: UInt64(k + 21), startTime: t)
                for e in LiveInkTests.events(pts) {
                    state.handle(e)
                    state.advance(to: e.time)
                    try live.render(state.display)
                }
                t = (pts.last?.time ?? t) + 0.1
            }
            for c in [Command.undo, .redo] {
                t += 0.1
                state.handle(.command(c), at: t)
                state.advance(to: t)
                try live.render(state.display)
            }
            for change in [ViewChange.zoom(0.5, about: Point(x: 100, y: 100)), .zoom(2, about: Point(x: 100, y: 100))] {
                state.handle(.view(change), at: t)
                try live.render(state.display)
            }
            let whole = try FrameRenderer(viewport: state.viewport, canonical: true)
            try whole.render(state.display)
            let r = ImageComparer().compare(RGBAImage(surface: whole.frame), RGBAImage(surface: live.frame))
            XCTAssertTrue(r.passed, "\(options): \(r.summary)")
            XCTAssertEqual(state.ink.strokes.count, 3)
        }
    }
}
