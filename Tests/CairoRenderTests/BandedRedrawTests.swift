@testable import CairoRender
import CCairo
import ForceCore
import Synchronization
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

    /// A repaint of an area under many strokes (undo past the backups, the eraser) is cut into
    /// two bands of rows, the second drawn by a helper thread when it starts in time: the same
    /// ink as one thread's repaint — a few
    /// pixels on a seam's rows may differ by some levels, as above — the same bytes every time,
    /// and, as every repaint, what a full redraw gives; at 1× and 1.5×, and zoomed in.
    func testABandedRepaintIsTheOneThreadRepaint() throws {
        for (scale, zoom) in [(1.0, 1.0), (1.5, 1.0), (1.0, 1.6)] {
            let viewport = Viewport(width: 640, height: 400, scale: scale)
            // A grid of 120 small strokes, then 12 large ones across it: undoing a large one
            // repaints an area reaching into most of the grid, and its ink, mostly over paper,
            // goes (a repaint that missed rows would leave it there).
            var state = PresentFixtures.state(.canvas, viewport: viewport)
            var t = 0.5
            var paths: [[InkPoint]] = []
            for i in 0..<120 {
                let cell = Rect(x: 80 + Double(i % 12) * 40, y: 40 + Double(i / 12) * 33, width: 28, height: 16)
                paths.append(StrokeFixtures.signature(count: 12, in: cell, seed: UInt64(i + 1)))
            }
            for j in 0..<12 {
                let across = Rect(x: 70, y: 30 + Double(j) * 6, width: 500, height: 300)
                paths.append(StrokeFixtures.signature(count: 60, in: across, seed: UInt64(200 + j)))
            }
            for (i, path) in paths.enumerated() {
                t = PresentFixtures.draw(path, notches: i % 4, into: &state, from: t)
                state.handle(.pointer(PointerInput(phase: .up, location: path[path.count - 1].preciseLocation)), at: t)
            }
            state.advance(to: t + 1)
            if zoom != 1 { state.handle(.view(.zoom(zoom, about: Point(x: 320, y: 200))), at: t + 1) }
            let ink = state.display.ink
            let banded = try FrozenInkCache(viewport: viewport), oneThread = try FrozenInkCache(viewport: viewport)
            let again = try FrozenInkCache(viewport: viewport)
            oneThread.repaintsInBands = false
            // The same pixels whether or not the strokes whose pieces miss an area are skipped.
            again.skipsByReach = false
            for cache in [banded, oneThread, again] { XCTAssertEqual(try cache.update(ink, viewport: viewport), .all) }
            // Undo past the backups (each of those repaints), then redo: every step repaints.
            var steps: [Command] = Array(repeating: .undo, count: FrozenInkCache.strokesBackedUpByARedraw + 4)
            steps += Array(repeating: .redo, count: 3)
            for (k, command) in steps.enumerated() {
                t += 0.1
                state.handle(.command(command), at: t)
                let now = state.display.ink
                var changes: [FrozenInkCache.Change] = []
                for cache in [banded, oneThread, again] { changes.append(try cache.update(now, viewport: viewport)) }
                guard k >= FrozenInkCache.strokesBackedUpByARedraw, case let .areas(areas) = changes[0] else {
                    XCTAssertLessThan(k, FrozenInkCache.strokesBackedUpByARedraw, "step \(k) repaints")
                    continue
                }
                let a = RGBAImage(surface: banded.surface), b = RGBAImage(surface: oneThread.surface)
                var differing = 0
                for y in 0..<a.height {
                    for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { differing += 1 }
                }
                XCTAssertLessThanOrEqual(differing, 4 * areas.count, "scale \(scale), zoom \(zoom), step \(k)")
                let r = ImageComparer(tolerance: .init(threshold: 0.1, maxDiffPixels: 0, maxDiffRatio: nil)).compare(a, b)
                XCTAssertTrue(r.passed, "scale \(scale), zoom \(zoom), step \(k): \(r.summary)")
                XCTAssertEqual(RGBAImage(surface: again.surface).pixels, a.pixels, "scale \(scale), zoom \(zoom), step \(k): the same bytes again")
                let (full, _) = InkBackupsTests.comparer.compare(try InkBackupsTests.fullRedraw(now, viewport: viewport).surface, banded.surface)
                XCTAssertTrue(full.passed, "scale \(scale), zoom \(zoom), step \(k): \(full.summary)")
            }
            // The large strokes' bounds cover the grid, their pieces mostly do not: knowing where
            // the full redraw put them, the repaints tessellated fewer strokes.
            XCTAssertLessThan(banded.strokesTessellatedByRepaints, again.strokesTessellatedByRepaints, "scale \(scale), zoom \(zoom)")
            // Most of those repaints were cut (one with fewer strokes under it is not).
            XCTAssertGreaterThanOrEqual(banded.areasRepaintedInBands, steps.count / 2, "scale \(scale), zoom \(zoom)")
            XCTAssertEqual(oneThread.areasRepaintedInBands, 0)
        }
    }

    /// A repaint's bottom band is drawn by whoever takes it first, the helper or the frame's
    /// thread, and by one of them only, however they race.
    func testARepaintsBottomBandIsTakenOnce() {
        for _ in 0..<200 {
            let claim = FrozenInkCache.BandClaim()
            let taken = Mutex(0)
            DispatchQueue.concurrentPerform(iterations: 8) { k in
                if claim.take(by: k % 2 == 0 ? .helper : .caller) { taken.withLock { $0 += 1 } }
            }
            XCTAssertEqual(taken.withLock { $0 }, 1)
            XCTAssertFalse(claim.take(by: .caller))
        }
    }
}
