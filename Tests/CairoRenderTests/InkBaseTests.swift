@testable import CairoRender
import ForceCore
import XCTest

/// With many strokes the ink cache keeps its ink without the newest strokes (its base): a
/// repaint above the base copies the base's pixels and draws only the strokes above it, and a
/// change to a stroke in the base repaints the base first. Every step is what a full redraw of
/// the same ink gives. With two levels, a change under the top level repaints it from the level under
/// it. (The tests make the levels' thresholds and windows small.)
final class InkBaseTests: XCTestCase {
    static let viewport = InkBackupsTests.viewport
    static let comparer = InkBackupsTests.comparer

    private func assertFullRedraw(_ cache: FrozenInkCache, _ state: AppState, _ what: String, viewport: Viewport = viewport,
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        let (result, _) = Self.comparer.compare(try InkBackupsTests.fullRedraw(state.display.ink, viewport: viewport).surface, cache.surface)
        XCTAssertTrue(result.passed, "\(what): \(result.summary)", file: file, line: line)
    }

    private func cache(least: Int, window: Int, viewport: Viewport = viewport) throws -> FrozenInkCache {
        try cache([(window, least)], viewport: viewport)
    }

    /// A cache with these levels, the deepest first.
    private func cache(_ levels: [(window: Int, least: Int)], viewport: Viewport = viewport) throws -> FrozenInkCache {
        let cache = try FrozenInkCache(viewport: viewport)
        cache.baseLevels = levels.map { FrozenInkCache.BaseRule(window: $0.window, leastStrokes: $0.least) }
        return cache
    }

    /// An opened document (a full redraw) of 80 strokes, a base under the newest 16: undo past
    /// the backups draws only the strokes above the base, undo into the base repaints it, redo
    /// and the eraser too, and each step is the full redraw's pixels: at 1× and 1.5× (pixels and
    /// points meet at fractions), and zoomed in about the centre.
    func testUndoRedoAndEraseAboveAndInTheBase() throws {
        for (scale, zoom) in [(1.0, 1.0), (1.5, 1.0), (1.0, 1.6)] {
            try checkUndoRedoAndErase(Viewport(width: Self.viewport.width, height: Self.viewport.height, scale: scale), zoom: zoom)
        }
    }

    private func checkUndoRedoAndErase(_ viewport: Viewport, zoom: Double) throws {
        let name = "\(viewport.scale)×, zoomed \(zoom)×"
        var state = PresentFixtures.inkedCanvas(viewport, strokes: 80)
        if zoom != 1 {
            state.handle(.view(.zoom(zoom, about: Point(x: Double(viewport.width) / 2, y: Double(viewport.height) / 2))), at: 900)
            state.advance(to: 900)
            XCTAssertFalse(state.display.ink.view.isIdentity, name)
        }
        let ids = state.display.ink.strokes.map(\.id)
        XCTAssertEqual(ids.count, 80, name)
        let cache = try cache(least: 40, window: 16, viewport: viewport)
        XCTAssertEqual(try cache.update(state.display.ink, viewport: viewport), .all, name)
        XCTAssertTrue(cache.hasBase, name)
        XCTAssertEqual(cache.baseID, ids[63], "\(name): the base holds every stroke but the newest 16")
        try assertFullRedraw(cache, state, "\(name): the full redraw over the base", viewport: viewport)

        var t = 1000.0
        for k in 0..<24 {
            let drawn = cache.strokesDrawnByRepaints
            // The newest strokes restore their backups (at 1.5× the budget keeps fewer of them).
            let restores = cache.restorableStroke != nil && cache.restorableStroke == state.display.ink.strokes.last?.id
            if k < 4 { XCTAssertTrue(restores, "\(name): undo \(k) has a backup") }
            t += 0.1
            state.handle(.command(.undo), at: t)
            _ = try cache.update(state.display.ink, viewport: viewport)
            try assertFullRedraw(cache, state, "\(name): undo \(k)", viewport: viewport)
            let repainted = cache.strokesDrawnByRepaints - drawn
            if restores {
                XCTAssertEqual(repainted, 0, "\(name): undo \(k) restores its backup")
            } else if k >= 16 {
                // Into the base: it is repainted there, with the strokes under the damage.
                XCTAssertGreaterThan(repainted, 0, "\(name): undo \(k) repaints the base")
            }
        }
        XCTAssertLessThanOrEqual(cache.baseID, ids[63], "\(name): undo moves the base down only (drawn anew, lower)")
        for k in 0..<24 {
            t += 0.1
            state.handle(.command(.redo), at: t)
            _ = try cache.update(state.display.ink, viewport: viewport)
            try assertFullRedraw(cache, state, "\(name): redo \(k)", viewport: viewport)
        }
        // The eraser across the middle: strokes in the base and above it.
        t = try erase(&state, cache, at: Double(viewport.height) / 2, to: Double(viewport.width) - 40, from: t, viewport: viewport)
        XCTAssertLessThan(state.display.ink.strokes.count, 80, "\(name): the eraser erased nothing")
        try assertFullRedraw(cache, state, "\(name): after the eraser", viewport: viewport)
        state.handle(.command(.undo), at: t + 0.1)
        _ = try cache.update(state.display.ink, viewport: viewport)
        XCTAssertEqual(state.display.ink.strokes.count, 80)
        try assertFullRedraw(cache, state, "\(name): the eraser undone", viewport: viewport)
    }

    /// The same undo with and without a base: the same pixels, fewer strokes drawn. (The base
    /// stays where it is, never drawn anew: `testALongRunOfUndosLowersTheDeepestLevel`.)
    func testARepaintAboveTheBaseDrawsFewerStrokes() throws {
        var state = PresentFixtures.inkedCanvas(Self.viewport, strokes: 80)
        let with = try cache(least: 40, window: 16), without = try cache(least: .max, window: 16)
        with.pointsLoweredAnUpdate = 0
        for c in [with, without] { _ = try c.update(state.display.ink, viewport: Self.viewport) }
        XCTAssertTrue(with.hasBase)
        XCTAssertFalse(without.hasBase)
        var t = 1000.0
        for _ in 0..<(FrozenInkCache.strokesBackedUpByARedraw + 4) {
            t += 0.1
            state.handle(.command(.undo), at: t)
            for c in [with, without] { _ = try c.update(state.display.ink, viewport: Self.viewport) }
        }
        print("strokes drawn by 4 repaints: \(with.strokesDrawnByRepaints) over the base, \(without.strokesDrawnByRepaints) without")
        XCTAssertGreaterThan(without.strokesDrawnByRepaints, 2 * with.strokesDrawnByRepaints)
        let (result, _) = Self.comparer.compare(without.surface, with.surface)
        XCTAssertTrue(result.passed, result.summary)
    }

    /// Strokes drawn live, a frame at a time, in every style: the cache makes its base (paper
    /// alone) once the ink has its level's `leastStrokes`, and each update draws the strokes
    /// under the window into it; undoing all of them then is the full redraw at each step.
    func testABaseMadeWhileDrawingFollowsTheInk() throws {
        for (name, options) in InkBackupsTests.styles {
            var state = AppState(viewport: Self.viewport, options: options)
            let cache = try cache(least: 6, window: 4)
            _ = try cache.update(state.display.ink, viewport: Self.viewport)
            var t = try drawFourteenStrokes(&state, cache) { k in
                XCTAssertEqual(cache.hasBase, k >= 6, "\(name): a base after \(k) strokes")
            }
            let ids = state.display.ink.strokes.map(\.id)
            XCTAssertEqual(ids.count, 14, name)
            XCTAssertEqual(cache.baseID, ids[9], "\(name): the base holds all but the newest 4")
            try assertFullRedraw(cache, state, "\(name): drawn")
            try step(.undo, 14, &state, cache, &t, name)
            try step(.redo, 14, &state, cache, &t, name)
        }
    }

    /// Two levels (the newest 8 strokes above the top one, 32 above the deep one): undoing
    /// strokes under the top level repaints it from the deep level, drawing fewer strokes than a
    /// cache with the top level alone, and past the deep one repaints both; every undo and redo
    /// is the full redraw's pixels, at 1× and 1.5×. (Those two keep their levels where they
    /// are; a third, whose deep level is drawn anew lower, gives the same pixels.)
    func testUndoUnderTheTopLevelRepaintsItFromTheLevelUnderIt() throws {
        for scale in [1.0, 1.5] {
            let viewport = Viewport(width: Self.viewport.width, height: Self.viewport.height, scale: scale)
            let name = "\(scale)×"
            var state = PresentFixtures.inkedCanvas(viewport, strokes: 80)
            let ids = state.display.ink.strokes.map(\.id)
            let two = try cache([(32, 60), (8, 40)], viewport: viewport), one = try cache([(8, 40)], viewport: viewport)
            let lowering = try cache([(32, 60), (8, 40)], viewport: viewport)
            two.pointsLoweredAnUpdate = 0
            one.pointsLoweredAnUpdate = 0
            lowering.pointsLoweredAnUpdate = 2_000
            for c in [two, one, lowering] { XCTAssertEqual(try c.update(state.display.ink, viewport: viewport), .all, name) }
            XCTAssertEqual(two.baseIDs, [ids[47], ids[71]], "\(name): the levels hold all but the newest 32 and 8")
            XCTAssertEqual(one.baseIDs, [ids[71]], name)
            try assertFullRedraw(two, state, "\(name): the full redraw over two levels", viewport: viewport)
            var t = 1000.0
            var between = (two: 0, one: 0)
            for k in 0..<44 {
                let (drewTwo, drewOne) = (two.strokesDrawnByRepaints, one.strokesDrawnByRepaints)
                t += 0.1
                state.handle(.command(.undo), at: t)
                for c in [two, one, lowering] { _ = try c.update(state.display.ink, viewport: viewport) }
                try assertFullRedraw(two, state, "\(name): undo \(k)", viewport: viewport)
                try assertFullRedraw(lowering, state, "\(name): undo \(k), the deep level drawn anew", viewport: viewport)
                if (8..<32).contains(k) {
                    // Under the top level, above the deep one: the top level repainted from it.
                    between.two += two.strokesDrawnByRepaints - drewTwo
                    between.one += one.strokesDrawnByRepaints - drewOne
                    XCTAssertLessThanOrEqual(two.strokesDrawnByRepaints - drewTwo, one.strokesDrawnByRepaints - drewOne, "\(name): undo \(k)")
                }
            }
            print("\(name): strokes drawn by 24 undos under the top level: \(between.two) over the deep level, \(between.one) without it")
            XCTAssertLessThan(4 * between.two, 3 * between.one, "\(name): undos under the top level draw fewer strokes over the deep level")
            XCTAssertEqual(two.baseIDs, [ids[47], ids[71]], "\(name): undo never moves a level")
            XCTAssertGreaterThan(lowering.levelsLowered, 0, name)
            XCTAssertEqual(lowering.baseIDs.last, ids[71], "\(name): only the deep level is drawn anew")
            try assertDeepestLevelHolds(lowering, state, name, viewport: viewport)
            var (redone, t2) = (state, t)
            try step(.redo, 44, &state, two, &t, name, viewport: viewport)
            try step(.redo, 44, &redone, lowering, &t2, "\(name), the deep level drawn anew", viewport: viewport)
        }
    }

    /// Strokes drawn live with two levels: the top level is made first, the deep one later (the
    /// paper alone, under the top one), and each follows its window; the eraser across both and
    /// undoing every stroke are the full redraw at each step.
    func testTwoLevelsMadeWhileDrawingFollowTheInk() throws {
        var state = AppState(viewport: Self.viewport)
        let cache = try cache([(6, 9), (3, 6)])
        var t = try drawFourteenStrokes(&state, cache) { k in
            XCTAssertEqual(cache.baseIDs.count, k >= 9 ? 2 : k >= 6 ? 1 : 0, "levels after \(k) strokes")
        }
        let ids = state.display.ink.strokes.map(\.id)
        XCTAssertEqual(cache.baseIDs, [ids[7], ids[10]], "the levels hold all but the newest 6 and 3")
        try assertFullRedraw(cache, state, "drawn")
        t = try erase(&state, cache, at: 170, to: 600, from: t)
        XCTAssertLessThan(state.display.ink.strokes.count, 14, "the eraser erased nothing")
        try assertFullRedraw(cache, state, "after the eraser")
        t += 0.1
        state.handle(.command(.undo), at: t)
        _ = try cache.update(state.display.ink, viewport: Self.viewport)
        XCTAssertEqual(state.display.ink.strokes.count, 14)
        try assertFullRedraw(cache, state, "the eraser undone")
        try step(.undo, 14, &state, cache, &t, "two levels")
    }

    /// A long run of undos with one level (the newest 8 strokes above it): once fewer than 4
    /// are left above it, the level is drawn anew under the newest 8, a few strokes an update,
    /// and replaces it, again and again; the undos draw fewer strokes than with a level never
    /// drawn anew, and every step is the full redraw's pixels. The eraser through strokes a
    /// level being drawn anew holds lets it go.
    func testALongRunOfUndosLowersTheDeepestLevel() throws {
        var state = PresentFixtures.inkedCanvas(Self.viewport, strokes: 80)
        let ids = state.display.ink.strokes.map(\.id)
        let lowering = try cache(least: 40, window: 8), fixed = try cache(least: 40, window: 8)
        // A few updates a level drawn anew (the canvas's strokes are a few hundred points each).
        lowering.pointsLoweredAnUpdate = 2_000
        fixed.pointsLoweredAnUpdate = 0
        for c in [lowering, fixed] { _ = try c.update(state.display.ink, viewport: Self.viewport) }
        var t = 1000.0
        for k in 0..<60 {
            let lowered = lowering.levelsLowered
            t += 0.1
            state.handle(.command(.undo), at: t)
            for c in [lowering, fixed] { _ = try c.update(state.display.ink, viewport: Self.viewport) }
            try assertFullRedraw(lowering, state, "undo \(k)")
            if lowering.levelsLowered > lowered { try assertDeepestLevelHolds(lowering, state, "the level drawn anew at undo \(k)") }
        }
        print("strokes drawn by 60 undos: \(lowering.strokesDrawnByRepaints) with the level drawn anew \(lowering.levelsLowered) times, \(fixed.strokesDrawnByRepaints) without")
        XCTAssertGreaterThanOrEqual(lowering.levelsLowered, 3)
        XCTAssertEqual(fixed.levelsLowered, 0)
        XCTAssertEqual(fixed.baseID, ids[71])
        XCTAssertLessThan(lowering.baseID, ids[20], "the level follows the undos down")
        XCTAssertLessThan(2 * lowering.strokesDrawnByRepaints, fixed.strokesDrawnByRepaints)
        try step(.redo, 60, &state, lowering, &t, "redo")

        // Undone until a level is drawn anew, a few updates into it (now a few strokes an
        // update), then the eraser across it.
        lowering.pointsLoweredAnUpdate = 300
        var undone = 0
        while !lowering.isLowering, undone < 80 {
            try step(.undo, 1, &state, lowering, &t, "undo before the eraser")
            undone += 1
        }
        XCTAssertTrue(lowering.isLowering, "a level drawn anew after \(undone) undos")
        // Half its strokes drawn.
        while let (drawn, through) = lowering.loweringDrawn, 2 * drawn < through { _ = try lowering.update(state.display.ink, viewport: Self.viewport) }
        XCTAssertTrue(lowering.isLowering)
        var lowered = lowering.levelsLowered
        t = try erase(&state, lowering, at: Double(Self.viewport.height) / 2, to: Double(Self.viewport.width) - 40, from: t) { state in
            // A level drawn anew during the eraser holds the ink as the eraser left it.
            if lowering.levelsLowered > lowered { try self.assertDeepestLevelHolds(lowering, state, "a level drawn anew under the eraser") }
            lowered = lowering.levelsLowered
        }
        XCTAssertGreaterThan(lowering.loweredLevelsLetGo, 0, "the eraser lets the level drawn anew go")
        try assertFullRedraw(lowering, state, "after the eraser")
        // Whatever level is drawn anew after it holds the ink as the eraser left it.
        for _ in 0..<40 where lowering.isLowering { _ = try lowering.update(state.display.ink, viewport: Self.viewport) }
        XCTAssertFalse(lowering.isLowering)
        try assertDeepestLevelHolds(lowering, state, "after the eraser")
        try step(.undo, 40, &state, lowering, &t, "undo after the eraser")
    }

    /// The deepest level holds the paper and every stroke up to its id: a full redraw of those.
    private func assertDeepestLevelHolds(_ cache: FrozenInkCache, _ state: AppState, _ what: String, viewport: Viewport = viewport,
                                         file: StaticString = #filePath, line: UInt = #line) throws {
        guard let level = cache.deepestLevel, let through = cache.baseIDs.first else { return XCTFail("\(what): no level", file: file, line: line) }
        let ink = state.display.ink
        let held = InkLayer(strokes: ink.strokes.filter { $0.id <= through }, live: nil, revision: ink.revision, style: ink.style,
                            view: ink.view, paper: ink.paper)
        let (result, _) = Self.comparer.compare(try InkBackupsTests.fullRedraw(held, viewport: viewport).surface, level)
        XCTAssertTrue(result.passed, "\(what): \(result.summary)", file: file, line: line)
    }

    /// Draws 14 handwriting strokes live, updating `cache` every third event and after each
    /// stroke; `before(k)` runs before stroke `k`. Returns the time after the last.
    private func drawFourteenStrokes(_ state: inout AppState, _ cache: FrozenInkCache, before: (Int) -> Void) throws -> Double {
        var t = 0.0
        for k in 0..<14 {
            before(k)
            let points = StrokeFixtures.signature(count: 30, in: Rect(x: 70 + Double(k % 5) * 80, y: 100 + Double(k % 3) * 40, width: 180, height: 100),
                                                  seed: UInt64(k + 1), startTime: t)
            for (i, e) in LiveInkTests.events(points).enumerated() {
                state.handle(e)
                if i % 3 == 2 {
                    state.advance(to: e.time)
                    _ = try cache.update(state.display.ink, viewport: Self.viewport)
                }
            }
            t = (points.last?.time ?? t) + 0.1
            state.advance(to: t)
            _ = try cache.update(state.display.ink, viewport: Self.viewport)
        }
        return t
    }

    /// The eraser drawn along row `y` from x = 40 to `end`, a frame each 24 pt, `cache` updated
    /// each frame and after the eraser is lifted, `eachUpdate` after each update. Returns the
    /// time it was lifted.
    private func erase(_ state: inout AppState, _ cache: FrozenInkCache, at y: Double, to end: Double, from start: Double,
                       viewport: Viewport = viewport, eachUpdate: (AppState) throws -> Void = { _ in }) throws -> Double {
        var t = start, x = 40.0
        while x < end {
            t += 1.0 / 60
            state.handle(.pointer(PointerInput(phase: x == 40 ? .down : .move, location: Point(x: x, y: y), source: .eraser)), at: t)
            state.advance(to: t)
            _ = try cache.update(state.display.ink, viewport: viewport)
            try eachUpdate(state)
            x += 24
        }
        t += 0.1
        state.handle(.pointer(PointerInput(phase: .up, location: Point(x: x, y: y), source: .eraser)), at: t)
        state.advance(to: t)
        _ = try cache.update(state.display.ink, viewport: viewport)
        try eachUpdate(state)
        return t
    }

    /// `command` (undo or redo) `times` times, 0.1 s apart, `cache` updated after each and
    /// compared with a full redraw.
    private func step(_ command: Command, _ times: Int, _ state: inout AppState, _ cache: FrozenInkCache, _ t: inout Double,
                      _ name: String, viewport: Viewport = viewport, file: StaticString = #filePath, line: UInt = #line) throws {
        for k in 0..<times {
            t += 0.1
            state.handle(.command(command), at: t)
            _ = try cache.update(state.display.ink, viewport: viewport)
            try assertFullRedraw(cache, state, "\(name): \(command) \(k)", viewport: viewport, file: file, line: line)
        }
    }
}
