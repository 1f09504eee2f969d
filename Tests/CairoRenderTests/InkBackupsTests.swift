@testable import CairoRender
import CCairo
import ForceCore
import XCTest

/// Undo of the newest strokes puts back the pixels they were drawn over (`InkBackups`) instead
/// of repainting every stroke under them; redo draws the stroke again over them. The cache is
/// then exactly what it was before the stroke, and what a full redraw of the same ink gives.
final class InkBackupsTests: XCTestCase {
    static let viewport = Viewport(width: 640, height: 400)
    /// No differing pixel beyond anti-aliasing, and the styles, as the live-ink tests check.
    static let comparer = LiveInkTests.comparer
    static var styles: [(String, Options)] { LiveInkTests.styles }

    /// The cache's pixels, as bytes.
    static func pixels(_ cache: FrozenInkCache) -> [UInt8] { RGBAImage(surface: cache.surface).pixels }

    /// A fresh cache's full redraw of `ink`.
    static func fullRedraw(_ ink: InkLayer, viewport: Viewport = viewport) throws -> FrozenInkCache {
        let cache = try FrozenInkCache(viewport: viewport)
        _ = try cache.update(ink, viewport: viewport)
        return cache
    }

    /// Strokes drawn live, a frame at a time, then undone and redone: each undo gives back the
    /// very bytes the cache held before the stroke, each redo the stroke's pixels again.
    func testUndoRestoresThePixelsUnderTheNewestStrokes() throws {
        // At 1.5×, tiles and strokes meet at fractions of a point.
        for scale in [1.0, 1.5] {
            try checkUndoRestores(Viewport(width: Self.viewport.width, height: Self.viewport.height, scale: scale))
        }
    }

    func checkUndoRestores(_ viewport: Viewport) throws {
        for (styleName, options) in Self.styles {
            let name = "\(styleName) at \(viewport.scale)×"
            var state = AppState(viewport: viewport, options: options)
            let cache = try FrozenInkCache(viewport: viewport)
            _ = try cache.update(state.display.ink, viewport: viewport)
            var before: [[UInt8]] = []
            var t = 0.0
            for k in 0..<4 {
                before.append(Self.pixels(cache))
                // Overlapping strokes, so each one's tiles hold the ones before.
                let points = StrokeFixtures.signature(count: 50, in: Rect(x: 60 + Double(k) * 70, y: 80 + Double(k % 2) * 50, width: 300, height: 180),
                                                      seed: UInt64(k + 1), startTime: t)
                for (i, p) in points.enumerated() {
                    let phase: PointerPhase = i == 0 ? .down : (i == points.count - 1 ? .up : .move)
                    state.handle(.pointer(PointerInput(phase: phase, location: p.preciseLocation, source: .pen, rawForce: p.force, maximumForce: 1)), at: p.time)
                    if i % 2 == 1 {
                        state.advance(to: p.time)
                        _ = try cache.update(state.display.ink, viewport: viewport)
                    }
                }
                t = (points.last?.time ?? t) + 0.1
                state.advance(to: t)
                _ = try cache.update(state.display.ink, viewport: viewport)
            }
            let after = Self.pixels(cache)
            let ids = state.display.ink.strokes.map(\.id)
            XCTAssertEqual(ids.count, 4, name)
            for k in stride(from: 3, through: 0, by: -1) {
                XCTAssertEqual(cache.restorableStroke, ids[k], "\(name): stroke \(k) can be restored")
                t += 0.1
                state.handle(.command(.undo), at: t)
                let change = try cache.update(state.display.ink, viewport: viewport)
                XCTAssertNotEqual(change, .all, name)
                XCTAssertTrue(Self.pixels(cache) == before[k], "\(name): undo of stroke \(k) gives back the bytes under it")
            }
            XCTAssertNil(cache.restorableStroke, name)
            for k in 0..<4 {
                t += 0.1
                state.handle(.command(.redo), at: t)
                _ = try cache.update(state.display.ink, viewport: viewport)
                XCTAssertEqual(cache.restorableStroke, ids[k], "\(name): redo of stroke \(k) backs it up again")
                let (result, _) = Self.comparer.compare(try Self.fullRedraw(state.display.ink, viewport: viewport).surface, cache.surface)
                XCTAssertTrue(result.passed, "\(name): redo of stroke \(k): \(result.summary)")
            }
            let result = Self.comparer.compare(RGBAImage(width: viewport.pixelWidth, height: viewport.pixelHeight, pixels: after),
                                               RGBAImage(surface: cache.surface))
            XCTAssertTrue(result.passed, "\(name): after redoing everything: \(result.summary)")
            // Undone again, the redone strokes restore too.
            t += 0.1
            state.handle(.command(.undo), at: t)
            _ = try cache.update(state.display.ink, viewport: viewport)
            XCTAssertEqual(cache.restorableStroke, ids[2], name)
        }
    }

    /// A full redraw (an opened document) draws its newest strokes over backups: undoing those
    /// restores, and undoing past them repaints; every step is what a full redraw gives.
    func testUndoAfterAFullRedrawRestoresThenRepaints() throws {
        var state = PresentFixtures.inkedCanvas(Self.viewport, strokes: 80)
        XCTAssertGreaterThanOrEqual(state.display.ink.strokes.count, FrozenInkCache.leastStrokesInBands)
        let cache = try FrozenInkCache(viewport: Self.viewport)
        XCTAssertEqual(try cache.update(state.display.ink, viewport: Self.viewport), .all)
        var t = 1000.0
        let n = FrozenInkCache.strokesBackedUpByARedraw
        for k in 0...n {
            let newest = state.display.ink.strokes.last?.id
            XCTAssertEqual(cache.restorableStroke, k < n ? newest : nil, "undo \(k)")
            t += 0.1
            state.handle(.command(.undo), at: t)
            _ = try cache.update(state.display.ink, viewport: Self.viewport)
            let (result, _) = Self.comparer.compare(try Self.fullRedraw(state.display.ink).surface, cache.surface)
            XCTAssertTrue(result.passed, "undo \(k): \(result.summary)")
        }
        for k in 0...n {
            t += 0.1
            state.handle(.command(.redo), at: t)
            _ = try cache.update(state.display.ink, viewport: Self.viewport)
            let (result, _) = Self.comparer.compare(try Self.fullRedraw(state.display.ink).surface, cache.surface)
            XCTAssertTrue(result.passed, "redo \(k): \(result.summary)")
        }
    }

    /// Many strokes appended in one frame (a replay played fast): only the newest of them are
    /// drawn over backups, as after a full redraw, and the backups from before go. Undoing the
    /// newest restores them, undoing past them repaints; every step is what a full redraw gives.
    func testManyStrokesAppendedInOneFrameBackUpOnlyTheNewest() throws {
        var state = AppState(viewport: Self.viewport)
        let cache = try FrozenInkCache(viewport: Self.viewport)
        var t = 0.0
        func draw(_ k: Int) {
            let points = StrokeFixtures.signature(count: 30, in: Rect(x: 30 + Double(k % 6) * 90, y: 60 + Double(k / 6) * 70, width: 170, height: 100),
                                                  seed: UInt64(k + 1), startTime: t)
            for e in LiveInkTests.events(points) { state.handle(e) }
            t = (points.last?.time ?? t) + 0.1
            state.advance(to: t)
        }
        for k in 0..<3 {
            draw(k)
            _ = try cache.update(state.display.ink, viewport: Self.viewport)
        }
        XCTAssertEqual(cache.restorableStroke, state.display.ink.strokes.last?.id)
        for k in 3..<23 { draw(k) }
        XCTAssertEqual(state.display.ink.strokes.count, 23)
        guard case .areas = try cache.update(state.display.ink, viewport: Self.viewport) else { return XCTFail("20 strokes appended redrew all") }
        let (drawn, _) = Self.comparer.compare(try Self.fullRedraw(state.display.ink).surface, cache.surface)
        XCTAssertTrue(drawn.passed, drawn.summary)
        let n = FrozenInkCache.strokesBackedUpByARedraw
        for k in 0...n {
            XCTAssertEqual(cache.restorableStroke, k < n ? state.display.ink.strokes.last?.id : nil, "undo \(k)")
            let before = Self.pixels(cache)
            t += 0.1
            state.handle(.command(.undo), at: t)
            _ = try cache.update(state.display.ink, viewport: Self.viewport)
            let (result, _) = Self.comparer.compare(try Self.fullRedraw(state.display.ink).surface, cache.surface)
            XCTAssertTrue(result.passed, "undo \(k): \(result.summary)")
            XCTAssertNotEqual(Self.pixels(cache), before, "undo \(k) changed nothing")
        }
    }

    /// Undo while a stroke is being drawn over the newest one: that stroke's pieces are already
    /// in the cache over the newest one's tiles, so the undo repaints (restoring would erase
    /// them), and the cache stays what a full redraw gives, through the live stroke's end.
    func testUndoUnderALiveStrokeRepaints() throws {
        for (name, options) in Self.styles {
            var state = AppState(viewport: Self.viewport, options: options)
            let cache = try FrozenInkCache(viewport: Self.viewport)
            var t = 0.0
            func press(_ points: [InkPoint], upTo end: Int) throws {
                for (i, p) in points.enumerated() where i < end {
                    let phase: PointerPhase = i == 0 ? .down : (i == points.count - 1 ? .up : .move)
                    state.handle(.pointer(PointerInput(phase: phase, location: p.preciseLocation, source: .pen, rawForce: p.force, maximumForce: 1)), at: p.time)
                    state.advance(to: p.time)
                    _ = try cache.update(state.display.ink, viewport: Self.viewport)
                }
            }
            let first = StrokeFixtures.signature(count: 50, in: Rect(x: 60, y: 80, width: 400, height: 200), seed: 3, startTime: 0)
            try press(first, upTo: first.count)
            t = (first.last?.time ?? 0) + 0.1
            let second = StrokeFixtures.signature(count: 60, in: Rect(x: 100, y: 100, width: 400, height: 200), seed: 4, startTime: t)
            // Most of the second stroke, its final pieces frozen into the cache.
            try press(second, upTo: 45)
            XCTAssertNotEqual(cache.restorableStroke, state.display.ink.strokes.last?.id, name)
            t = second[44].time + 0.001
            state.handle(.command(.undo), at: t)
            _ = try cache.update(state.display.ink, viewport: Self.viewport)
            XCTAssertTrue(state.display.ink.strokes.isEmpty, name)
            var (result, _) = Self.comparer.compare(try Self.fullRedraw(state.display.ink).surface, cache.surface)
            XCTAssertTrue(result.passed, "\(name): undo under the live stroke: \(result.summary)")
            for (i, p) in second.enumerated() where i >= 45 {
                let phase: PointerPhase = i == second.count - 1 ? .up : .move
                state.handle(.pointer(PointerInput(phase: phase, location: p.preciseLocation, source: .pen, rawForce: p.force, maximumForce: 1)), at: p.time)
                state.advance(to: p.time)
                _ = try cache.update(state.display.ink, viewport: Self.viewport)
            }
            XCTAssertEqual(state.display.ink.strokes.count, 1, name)
            (result, _) = Self.comparer.compare(try Self.fullRedraw(state.display.ink).surface, cache.surface)
            XCTAssertTrue(result.passed, "\(name): the live stroke ended: \(result.summary)")
        }
    }

    /// A swipe up from the bottom edge draws ink until the system takes it (home): the taken
    /// stroke leaves the ink, and the cache, frame by frame, stays what a full redraw gives
    /// (in debug mode the taken stroke stays shown, red).
    func testAStrokeTheSystemTakesBackLeavesTheCacheItsFullRedraw() throws {
        let viewport = Viewport(width: 1280, height: 800)
        var events: [TimedEvent] = []
        for (start, x) in [(0.2, 600.0), (0.8, 700.0)] {
            events.append(TimedEvent(time: start, event: .pointer(PointerInput(phase: .down, location: Point(x: x, y: 795)))))
            for i in 1...5 {
                events.append(TimedEvent(time: start + 0.02 * Double(i), event: .pointer(PointerInput(phase: .move, location: Point(x: x, y: 795 - Double(i) * 15)))))
            }
            events.append(TimedEvent(time: start + 0.12, event: .pointer(PointerInput(phase: .up, location: Point(x: x, y: 720)))))
        }
        events.append(TimedEvent(time: 1.5, event: .command(.sceneCanvas)))
        for debug in [false, true] {
            var options = Options()
            options.debug = debug
            var state = AppState(viewport: viewport, options: options)
            let cache = try FrozenInkCache(viewport: viewport)
            var next = 0
            for frame in 0...100 {
                let t = Double(frame) / 60
                while next < events.count, events[next].time <= t {
                    state.handle(events[next])
                    next += 1
                }
                state.advance(to: t)
                _ = try cache.update(state.display.ink, viewport: viewport)
                if frame % 10 == 0 || frame == 100 {
                    let (result, _) = Self.comparer.compare(try Self.fullRedraw(state.display.ink, viewport: viewport).surface, cache.surface)
                    XCTAssertTrue(result.passed, "debug \(debug), frame \(frame): \(result.summary)")
                }
            }
            XCTAssertEqual(state.ink.strokes.count, 1, "debug \(debug)")
            XCTAssertEqual(state.ink.takenBack.count, 1, "debug \(debug)")
        }
    }

    /// The canonical cache (`render`, `check`) keeps no backups: every change redraws all.
    func testTheCanonicalCacheKeepsNoBackups() throws {
        let state = PresentFixtures.inkedCanvas(Self.viewport, strokes: 10)
        let cache = try FrozenInkCache(viewport: Self.viewport, partialRepaints: false)
        _ = try cache.update(state.display.ink, viewport: Self.viewport)
        XCTAssertNil(cache.restorableStroke)
    }

    // MARK: The tiles themselves

    /// A surface of `width` × `height` pixels, each pixel its own index.
    func numbered(_ width: Int, _ height: Int) throws -> ImageSurface {
        let surface = try ImageSurface(viewport: Viewport(width: width, height: height))
        surface.flush()
        let data = try XCTUnwrap(surface.data)
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * surface.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { row[x] = UInt32(y * width + x) }
        }
        surface.markDirty()
        return surface
    }

    func fill(_ surface: ImageSurface, _ value: UInt32) throws {
        surface.flush()
        let data = try XCTUnwrap(surface.data)
        for y in 0..<surface.pixelHeight {
            let row = UnsafeMutableRawPointer(data + y * surface.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<surface.pixelWidth { row[x] = value }
        }
        surface.markDirty()
    }

    func words(_ surface: ImageSurface) throws -> [UInt32] {
        surface.flush()
        let data = try XCTUnwrap(surface.data)
        var out: [UInt32] = []
        for y in 0..<surface.pixelHeight {
            let row = UnsafeMutableRawPointer(data + y * surface.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<surface.pixelWidth { out.append(row[x]) }
        }
        return out
    }

    /// Saved tiles, edge tiles included, come back exactly; only the saved tiles are written.
    func testRestorePutsBackExactlyTheSavedTiles() throws {
        // 150 × 100: the right column and bottom row of tiles are partial.
        let surface = try numbered(150, 100)
        let original = try words(surface)
        var backups = InkBackups(budget: 1 << 20)
        backups.begin(7)
        backups.save(PixelRect(x: 100, y: 70, width: 50, height: 30), of: surface, for: 7)
        XCTAssertEqual(backups.undoable.last?.tiles, [4, 5], "the tiles (1, 1) and (2, 1) of a 3-column grid")
        try fill(surface, 0xFFFF_FFFF)
        let areas = try XCTUnwrap(backups.restore(7, into: surface))
        XCTAssertEqual(areas, [PixelRect(x: 64, y: 64, width: 64, height: 36), PixelRect(x: 128, y: 64, width: 22, height: 36)])
        let restored = try words(surface)
        for y in 0..<100 {
            for x in 0..<150 {
                let inTiles = x >= 64 && y >= 64
                XCTAssertEqual(restored[y * 150 + x], inTiles ? original[y * 150 + x] : 0xFFFF_FFFF, "(\(x), \(y))")
            }
        }
        XCTAssertNil(backups.restore(7, into: surface), "an entry restores once")
        XCTAssertTrue(backups.reinstate(7))
        XCTAssertEqual(backups.restorable, 7)
    }

    /// A tile is saved once per stroke: the first save keeps the pixels from before its drawing.
    func testATileKeepsItsFirstPixels() throws {
        let surface = try numbered(64, 64)
        let original = try words(surface)
        var backups = InkBackups(budget: 1 << 20)
        backups.begin(1)
        backups.save(PixelRect(x: 0, y: 0, width: 10, height: 10), of: surface, for: 1)
        try fill(surface, 5)
        backups.save(PixelRect(x: 20, y: 20, width: 10, height: 10), of: surface, for: 1)
        XCTAssertEqual(backups.undoable.last?.tiles, [0])
        _ = backups.restore(1, into: surface)
        XCTAssertEqual(try words(surface), original)
    }

    /// The budget drops the oldest strokes first; a stroke larger than the budget keeps nothing,
    /// so its undo repaints; a save for a stroke other than the newest forgets everything.
    func testTheBudgetBoundsWhatIsKept() throws {
        let surface = try numbered(256, 64)
        var backups = InkBackups(budget: 3 * InkBackups.tileBytes)
        backups.begin(1)
        backups.save(PixelRect(x: 0, y: 0, width: 128, height: 64), of: surface, for: 1)
        backups.begin(2)
        backups.save(PixelRect(x: 128, y: 0, width: 128, height: 64), of: surface, for: 2)
        XCTAssertEqual(backups.undoable.map(\.id), [2], "stroke 1 went to keep stroke 2 within 3 tiles")
        XCTAssertEqual(backups.bytes, 2 * InkBackups.tileBytes)
        backups.begin(3)
        backups.save(PixelRect(x: 0, y: 0, width: 256, height: 64), of: surface, for: 3)
        XCTAssertNil(backups.restorable, "4 tiles are more than the budget")
        XCTAssertNil(backups.restore(3, into: surface))
        XCTAssertEqual(backups.bytes, 2 * InkBackups.tileBytes)
        backups.save(PixelRect(x: 0, y: 0, width: 8, height: 8), of: surface, for: 9)
        XCTAssertTrue(backups.undoable.isEmpty)
        XCTAssertEqual(backups.bytes, 0)
    }

    /// Drawing a new stroke ends redo by restore: the restored tiles are no longer the pixels.
    func testANewStrokeEndsRedoByRestore() throws {
        let surface = try numbered(64, 64)
        var backups = InkBackups(budget: 1 << 20)
        backups.begin(1)
        backups.save(PixelRect(x: 0, y: 0, width: 8, height: 8), of: surface, for: 1)
        XCTAssertNotNil(backups.restore(1, into: surface))
        XCTAssertEqual(backups.redrawable, 1)
        backups.begin(2)
        XCTAssertNil(backups.redrawable)
        XCTAssertFalse(backups.reinstate(1))
    }
}
