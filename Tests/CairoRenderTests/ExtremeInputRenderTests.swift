import CCairo
@testable import CairoRender
import ForceCore
import Foundation
import XCTest

/// What the window's renderer meets when input sits at the edge of its documented range: ink a
/// million points away, the largest scale, text of any length. Before the limits, the pixel
/// rects of such ink trapped converting `Double` to `Int` (the fuzz run's 152 crashes).
final class ExtremeInputRenderTests: XCTestCase {
    func testInkAtTheEdgesOfTheRangeRendersIncrementally() throws {
        var state = AppState(viewport: Viewport(width: 320, height: 200))
        let renderer = try FrameRenderer(viewport: state.viewport)
        let far = InputLimits.maximumCoordinate
        var t = 0.0
        for (start, end) in [(Point(x: -far, y: 100), Point(x: far, y: 100)), (Point(x: far, y: far), Point(x: far, y: -far)),
                             (Point(x: 10, y: 10), Point(x: 1e19, y: .greatestFiniteMagnitude))] {
            state.handle(.pointer(PointerInput(phase: .down, location: start)), at: t)
            for i in 1...4 {
                t += 1.0 / 60
                let p = start.lerp(to: end, Double(i) / 4)
                state.handle(.pointer(PointerInput(phase: .move, location: p.isFinite ? p : end)), at: t)
                state.advance(to: t)
                _ = try renderer.render(state.display)
            }
            state.handle(.pointer(PointerInput(phase: .up, location: end)), at: t)
            _ = try renderer.render(state.display)
        }
        state.handle(.command(.undo), at: t)
        _ = try renderer.render(state.display)
        state.handle(.resize(Viewport(width: 100, height: 60, scale: 1e300)), at: t)
        let rects = try renderer.render(state.display)
        XCTAssertEqual(rects, [PixelRect(x: 0, y: 0, width: 800, height: 480)], "scale clamped to 8")
    }

    /// Found by the fuzz run: thousands of piece rects were merged pairwise, for seconds.
    func testADirtyRegionStaysSmallAndInsideItsClip() {
        var region = DirtyRegion(clip: Rect(x: 0, y: 0, width: 100, height: 100))
        for i in 0..<10_000 { region.add(Rect(x: Double(i % 97) * 40 - 2000, y: Double(i / 97) * 40 - 2000, width: 10, height: 10)) }
        XCTAssertLessThanOrEqual(region.rects.count, DirtyRegion.maximumRects)
        for r in region.rects { XCTAssertEqual(r.intersection(Rect(x: 0, y: 0, width: 100, height: 100)), r) }
        var off = DirtyRegion(clip: Rect(x: 0, y: 0, width: 100, height: 100))
        off.add(Rect(x: 1e6, y: 1e6, width: 5, height: 5))
        XCTAssertTrue(off.isEmpty, "off the surface: nothing to draw")
    }

    func testTextIsBoundedBeforeLayout() {
        XCTAssertEqual(TextPainter.bounded("short"), "short")
        let long = String(repeating: "é", count: 1_000_000)
        let cut = TextPainter.bounded(long)
        XCTAssertLessThanOrEqual(cut.utf8.count, TextPainter.maximumLayoutBytes + "…".utf8.count)
        XCTAssertTrue(cut.hasSuffix("…"))
        XCTAssertFalse(cut.contains("\u{FFFD}"), "cut at a character's start")
    }

    func testHugeStatusAndWarningLinesDraw() throws {
        let state = AppState(viewport: Viewport(width: 320, height: 200))
        let renderer = try FrameRenderer(viewport: state.viewport)
        // 10 MB each: laid out whole, five frames of this took minutes.
        let status = String(repeating: "a very long status ", count: 500_000)
        for i in 0..<5 { XCTAssertFalse(try renderer.render(state.display, status: status + "\(i)", warning: status).isEmpty) }
    }
}
