@testable import CairoRender
import CCairo
import ForceCore
import XCTest

/// A full redraw of the ink cache with many strokes draws bands of rows on several threads
/// (`FrozenInkCache.drawInBands`): the same ink as drawing every stroke on one thread — at a
/// seam between bands Cairo may round an edge pixel of a clipped fill otherwise, so a few pixels
/// on a seam's rows may differ by some levels, nowhere else —, and the same pixels every time.
final class BandedRedrawTests: XCTestCase {
    /// The ink drawn stroke by stroke on one surface, as the cache drew it before bands.
    func oneThread(_ ink: InkLayer, _ viewport: Viewport) throws -> ImageSurface {
        let surface = try ImageSurface(viewport: viewport)
        let cr = try XCTUnwrap(surface.makeContext())
        CairoDrawing.setColour(Palette.paper, cr)
        cairo_paint(cr)
        let painter = InkPainter(style: ink.style)
        for s in ink.strokes { painter.draw(s, into: cr) }
        cairo_destroy(cr)
        surface.flush()
        return surface
    }

    func testABandedRedrawIsTheOneThreadDrawing() throws {
        for scale in [1.0, 1.5, 2.0] {
            let viewport = Viewport(width: 900, height: 640, scale: scale)
            let ink = PresentFixtures.inkedCanvas(viewport, strokes: 120).display.ink
            XCTAssertGreaterThanOrEqual(ink.strokes.count, FrozenInkCache.leastStrokesInBands)
            let cache = try FrozenInkCache(viewport: viewport)
            XCTAssertEqual(try cache.update(ink, viewport: viewport), .all)
            let reference = try oneThread(ink, viewport)
            let a = RGBAImage(surface: cache.surface), b = RGBAImage(surface: reference)
            let rows = (viewport.pixelHeight + FrozenInkCache.bands - 1) / FrozenInkCache.bands
            let seams = (1..<FrozenInkCache.bands).map { $0 * rows }
            var differing: [Int] = []
            for y in 0..<a.height {
                for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { differing.append(y) }
            }
            XCTAssertTrue(differing.allSatisfy { y in seams.contains { abs(y - $0) <= 2 } },
                          "scale \(scale): rows \(Set(differing).sorted()) differ, the seams are \(seams)")
            XCTAssertLessThanOrEqual(differing.count, 4 * seams.count, "scale \(scale)")
            let r = ImageComparer(tolerance: .init(threshold: 0.1, maxDiffPixels: 0, maxDiffRatio: nil)).compare(a, b)
            XCTAssertTrue(r.passed, "scale \(scale): \(r.summary)")
            // Again: the same bytes.
            let again = try FrozenInkCache(viewport: viewport)
            _ = try again.update(ink, viewport: viewport)
            XCTAssertEqual(RGBAImage(surface: again.surface).pixels, a.pixels, "scale \(scale)")
        }
    }
}
