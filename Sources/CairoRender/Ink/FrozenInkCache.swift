import CCairo
import ForceCore
import Foundation
import Synchronization

/// Finished ink and the final pieces of the live stroke, rasterised once.
///
/// Each frame `update` draws only what became final since the last frame: a stroke that was
/// appended, the next pieces of the live stroke (its `StrokeTessellator` processes every point
/// once). Undo, redo, erase, a cancelled stroke and clear repaint only their damaged area: the
/// strokes that intersect it are found through the ink's `StrokeIndex` and redrawn clipped to
/// it. Undo of the newest stroke does less: the cache keeps the pixels each of its newest strokes
/// was drawn over (`InkBackups`), puts them back, and redo draws that one stroke again. The
/// pieces a repaint tessellated are kept for the repaints after it (`TessellationMemo`), and of
/// an outline only what reaches into the repainted area is filled (`InkPainter`). With many
/// strokes the cache also keeps its ink without the newest strokes, in two levels (`bases`): a
/// repaint copies a level's pixels and draws only the strokes above it there. A style change, a resize
/// or a change of the canvas's view redraws everything.
///
/// The ink is in document coordinates and the cache holds it as the screen shows it, through
/// the ink's `CanvasView`: every area this cache returns or takes is on the screen.
///
/// Every piece is drawn exactly once, in stroke order, whatever the frame timing: the cache plus
/// `drawTail` gives the same pixels as drawing every stroke whole.
///
/// A full redraw of many strokes (an opened document, a seek in the player, `render`'s frame)
/// draws the cache in 8 bands of rows on the machine's cores (`drawInBands`); on the rows of a
/// seam between bands Cairo may round an edge pixel of a clipped fill by a few levels otherwise
/// than one thread does. The same ink always gives the same pixels.
public final class FrozenInkCache {
    public private(set) var surface: ImageSurface
    private var viewport: Viewport
    private var revision: Int?
    private var style: InkStyle?
    /// The view the cache's pixels were drawn through.
    private var view = CanvasView.identity
    /// The pages drawn under the ink (`InkLayer.paper`): others redraw it all.
    private var paper: [PaperPage] = []
    /// The newest finished stroke id drawn so far (strokes above it were appended since).
    private var lastDrawnID = 0
    /// The live stroke being followed, its tessellator (what it processed is in the cache), and
    /// whether it is translucent ink drawn on the live layer (`InkPainter.drawsInGroups(for:)`),
    /// and whether that layer is multiplied with the cache (a highlighter's: `InkTool.multiplies`).
    private var follow: (id: Int, tessellator: StrokeTessellator, grouped: Bool, multiplies: Bool)?
    /// Translucent ink (pressure → opacity, a highlighter): the live stroke's final pieces,
    /// drawn with `SOURCE` on a transparent layer of their own (composited with the tail as one
    /// group, so pieces never darken where they overlap); merged into the cache when the stroke
    /// ends.
    private var liveLayer: ImageSurface?
    private var liveLayerArea = Rect.null
    /// Where the live stroke's own layer has pixels (translucent ink only; null otherwise): a
    /// layered presenter draws it with the tail.
    public var liveLayerBounds: Rect { view.toScreen(liveLayerArea) }
    /// Whether the live stroke is drawn on the live layer, with its tail as one group.
    public var liveDrawsInGroups: Bool { follow?.grouped ?? false }

    /// Damage repaints only the damaged strokes' pixels (false: it redraws all ink, so the cache
    /// never depends on which frames were rendered: `FrameRenderer.canonical`).
    public let partialRepaints: Bool
    /// The pixels under the newest strokes, for undo and redo without a repaint (kept only with
    /// `partialRepaints`).
    private var backups: InkBackups
    /// The pieces of the strokes repaints drew, for the next repaints.
    private var memo: TessellationMemo

    /// The ink under the newest strokes, in levels, the deepest first (`bases`). A level holds
    /// the paper and every stroke up to its `id` (the ink keeps strokes in id order), drawn as the
    /// cache drew them: its pixels are the level under it (or the paper) with the strokes between
    /// their ids drawn over them, and the cache's are the top level's with the strokes above it.
    /// An undo, redo or erase of a stroke above the top level copies that level's pixels under
    /// the damage and draws only the strokes above it there: with 10,000 strokes a few dozen,
    /// where a repaint of everything under the damage drew 500–760. Damage to a stroke in a
    /// level repaints that level there first (from the one under it), then each level above.
    ///
    /// The top level keeps the newest 512 strokes above it and the one under it the newest 2,048
    /// (`baseRules`): more than 512 undos in a row repaint the top level from the one under it,
    /// with the strokes between them, not from the paper with every stroke under the damage;
    /// and as the undos near the deepest level, it is drawn anew lower (`lowered`).
    /// Kept with `partialRepaints` only, each level from its `leastStrokes` on: one more surface
    /// the size of the cache each.
    private var bases: [BaseLevel] = []
    private struct BaseLevel {
        var surface: ImageSurface
        /// The newest stroke in it.
        var id: Int
        /// Its rule, in `baseLevels`.
        let rule: Int
    }
    /// A level of the base: once the ink has `leastStrokes` strokes, the cache keeps one of all
    /// strokes but the newest `window`; an update adds the strokes under the window to it,
    /// `strokesAddedToBaseAnUpdate` at a time.
    struct BaseRule: Equatable {
        var window: Int
        var leastStrokes: Int
    }
    /// 512: the newest strokes kept above the top level of the base.
    public static let strokesAboveTheBase = 512
    /// 2,048: the newest strokes kept above the level under it.
    public static let strokesAboveTheDeepBase = 2_048
    /// The levels, the deepest (largest window) first: 2,048 strokes above the deep level from
    /// 4,000 strokes on, 512 above the top level from 2,000 on. With fewer strokes a repaint
    /// draws at most a hundred or so strokes under a handwriting stroke on a full canvas, a few
    /// milliseconds.
    static let baseRules = [BaseRule(window: strokesAboveTheDeepBase, leastStrokes: 4_000),
                            BaseRule(window: strokesAboveTheBase, leastStrokes: 2_000)]
    /// `baseRules` (tests make them smaller); windows must shrink from one to the next.
    var baseLevels = FrozenInkCache.baseRules
    /// 8: strokes an update draws into each level (a stroke's fill, tens of microseconds each).
    static let strokesAddedToBaseAnUpdate = 8
    /// The deepest level drawn anew, lower, a few strokes an update: undos and erasing that
    /// leave fewer than half its window above the deepest level start one, of every stroke but
    /// the newest `window` (`lowerTheDeepest`). Drawn up to `through`: it replaces the deepest
    /// level, so a long run of undos keeps at most a window or so of strokes above it, and never
    /// reaches the paper. Dropped if a stroke it holds (`drawn` or older) changes (and none is
    /// started in that update), or if the deepest level is another's (`rule`).
    private var lowered: (surface: ImageSurface, through: Int, drawn: Int, rule: Int)?
    private var letGoThisUpdate = false
    /// 1,536: the points of strokes an update draws into the level being drawn anew (about 25
    /// handwriting strokes, 2–3 ms on a full 1920×1080 canvas; at least one stroke): a level of
    /// 8,000 strokes is drawn in about 300 updates, well before the undos that started it reach
    /// it. Tests make it smaller, or 0: never drawn anew.
    var pointsLoweredAnUpdate = 1_536
    /// How many times the deepest level was drawn anew, lower, how many such levels were let
    /// go, whether one is being drawn, and the deepest level's pixels (for tests).
    private(set) var levelsLowered = 0
    private(set) var loweredLevelsLetGo = 0
    var isLowering: Bool { lowered != nil }
    var loweringDrawn: (drawn: Int, through: Int)? { lowered.map { ($0.drawn, $0.through) } }
    var deepestLevel: ImageSurface? { bases.first?.surface }
    /// Whether the cache keeps a base now, its levels, and the newest stroke in its top level
    /// (for tests).
    var hasBase: Bool { !bases.isEmpty }
    var baseIDs: [Int] { bases.map(\.id) }
    var baseID: Int { bases.last?.id ?? 0 }
    /// The strokes repaints drew so far (for tests).
    private(set) var strokesDrawnByRepaints = 0

    /// The window's cache (`standIns`): a PDF page or an image a zoom step shows at a new scale
    /// is drawn at once from its picture at the last one, stretched, and repainted when its own
    /// picture is made off the frame loop (`PaperStandIns`). Nil: every page at its own scale,
    /// at once (replays, exports, `check`: a frame never depends on a thread's timing).
    private let standIns: PaperStandIns?
    /// The pages (document points) drawn from a stand-in and not yet repainted, and the count
    /// of pictures made aside when the cache last looked.
    private var standInPages: [Rect] = []
    private var madeAsideSeen = 0

    public init(viewport: Viewport, partialRepaints: Bool = true, standIns: Bool = false) throws(RenderError) {
        self.standIns = standIns ? PaperStandIns() : nil
        self.partialRepaints = partialRepaints
        self.viewport = viewport
        surface = try ImageSurface(viewport: viewport)
        backups = InkBackups(budget: Self.backupBudget(viewport))
        memo = TessellationMemo(budget: Self.backupBudget(viewport))
    }

    /// The bytes of tiles `InkBackups` keeps, and of pieces `TessellationMemo` keeps: as many as
    /// the cache's own pixels (at least 4 MB), a few dozen handwriting strokes' tiles, or the
    /// pieces of a few thousand strokes.
    static func backupBudget(_ viewport: Viewport) -> Int {
        max(4 << 20, viewport.pixelWidth * viewport.pixelHeight * 4)
    }

    /// What an update changed.
    public enum Change: Equatable {
        case none
        /// Only these areas (in points) changed.
        case areas([Rect])
        /// Everything was redrawn.
        case all
    }

    /// Brings the cache up to date with `ink` at `viewport`.
    public func update(_ ink: InkLayer, viewport v: Viewport) throws(RenderError) -> Change {
        let painter = InkPainter(style: ink.style)
        if v != viewport {
            viewport = v
            surface = try ImageSurface(viewport: v)
            bases = []
            lowered = nil
            backups = InkBackups(budget: Self.backupBudget(v))
            liveLayer = nil
            revision = nil
        }
        guard let cr = surface.makeContext() else { throw RenderError.surface("cannot draw into the ink cache") }
        defer {
            cairo_destroy(cr)
            surface.flush()
        }
        let appended = ink.strokes.reversed().prefix { $0.id > lastDrawnID }.reversed()
        var needsAll = revision == nil || style != ink.style || view != ink.view || paper != ink.paper
        paper = ink.paper
        if view != ink.view {
            view = ink.view
            clearLiveLayer()
        }
        Self.apply(view, to: cr)
        // Pages drawn from a stand-in whose pictures may be made since: repainted with them
        // (a redraw of all ink repaints them anyway).
        var refined: [Rect] = []
        if standIns != nil, !standInPages.isEmpty {
            let made = PaperStandIns.madeAside
            if made != madeAsideSeen {
                madeAsideSeen = made
                refined = standInPages.map { view.toScreen($0.insetBy(-1)) }
                standInPages = []
            }
        }
        defer { if let standIns { standInPages += standIns.take() } }
        var damaged: [Stroke] = []
        var restored: [Rect] = []
        // Undo and redo by a backup change the cache alone: only for strokes above the base.
        if !needsAll, let seen = revision, seen != ink.revision {
            let entries = ink.damage.filter { $0.revision > seen }
            if partialRepaints, entries.count == 1, entries[0].revision == seen + 1, let only = entries[0].strokes,
               only.count == 1, bases.isEmpty || only[0].id > baseID, let areas = undoOrRedo(only[0], ink: ink, painter: painter, cr: cr) {
                restored = areas
            } else if !partialRepaints || entries.first?.revision != seen + 1 || entries.contains(where: { $0.strokes == nil }) {
                needsAll = true
            } else {
                for e in entries { damaged += e.strokes ?? [] }
            }
        }
        revision = ink.revision
        style = ink.style
        lastDrawnID = max(lastDrawnID, ink.strokes.last?.id ?? 0)

        if needsAll {
            try redrawAll(ink, painter: painter, cr: cr)
            return .all
        }
        var dirty = DirtyRegion(clip: viewport.bounds)
        for area in restored { dirty.add(area) }
        if !refined.isEmpty {
            var region = DirtyRegion(clip: viewport.bounds)
            for r in refined { region.add(r) }
            repaint(region.rects, ink: ink, painter: painter, cr: cr, damagedFrom: .min)
            // The pixels under the strokes there changed: no backup is the cache without them.
            backups.reset()
            for r in region.rects { dirty.add(r) }
        }
        if !damaged.isEmpty {
            // The pixels that change are those of the damaged strokes' pieces; strokes appended
            // since the last frame are redrawn with them, whole.
            // Each is tessellated once: its pieces give the area and, if the ink still holds it
            // as it was, are what the repaint draws.
            var region = DirtyRegion(clip: viewport.bounds)
            for s in damaged + appended {
                for p in memo.pieces(of: s, style: ink.style) { region.add(view.toScreen(p.bounds)) }
            }
            if let f = follow, appended.contains(where: { $0.id == f.id }) { endFollow() }
            repaint(region.rects, ink: ink, painter: painter, cr: cr, damagedFrom: damaged.map(\.id).min())
            // Strokes under the repainted area changed: no backup is the cache without its stroke.
            backups.reset()
            dirty = region
        } else {
            // Many strokes appended in one frame (a replay played fast): only the newest of them
            // could ever be restored, so, as after a full redraw, only they are drawn over
            // backups, and the ones before them end what the backups could restore.
            let unbacked = appended.count - Self.strokesBackedUpByARedraw
            if unbacked > 0 { backups.reset() }
            for (k, s) in appended.enumerated() {
                if let f = follow, f.id == s.id {
                    var t = f.tessellator
                    let rest = t.finish(s)
                    dirty.add(view.toScreen(mergeLive(rest, id: s.id, grouped: f.grouped, painter: painter, cr: cr)))
                    follow = nil
                    continue
                }
                if k >= unbacked {
                    backups.begin(s.id)
                    backUp(s.inkBounds, for: s.id)
                }
                painter.draw(s, into: cr)
                dirty.add(view.toScreen(s.inkBounds))
            }
        }
        dirty.add(view.toScreen(followLive(ink.live, painter: painter, cr: cr)))
        keepBase(ink, painter: painter)
        return dirty.isEmpty ? .none : .areas(dirty.rects)
    }

    /// Forgets what it drew: the next update redraws all ink (the ink shown was replaced by
    /// other ink, such as a seek in the player, whose stroke ids say nothing of the old).
    public func reset() {
        revision = nil
        lastDrawnID = 0
        backups.reset()
        memo.forget()
    }

    /// The pieces that complete the live stroke this frame (provisional: recomputed each frame).
    public func tail(of live: Stroke, style: InkStyle) -> StrokeTessellator.Pieces {
        if let f = follow, f.id == live.id, f.tessellator.style == style { return f.tessellator.tail(live) }
        return StrokeTessellator.pieces(of: live, style: style)
    }

    /// The screen area of the live stroke's tail `pieces`.
    public func screenArea(of tail: StrokeTessellator.Pieces) -> Rect { Self.screenArea(of: tail, through: view) }

    /// Where `pieces` are on the screen, seen through `view`.
    static func screenArea(of pieces: StrokeTessellator.Pieces, through view: CanvasView) -> Rect {
        var area = Rect.null
        for p in pieces.real { area = area.union(p.bounds) }
        for p in pieces.predicted { area = area.union(p.bounds) }
        return view.toScreen(area)
    }

    /// The cache's pixels (opaque: they replace what is under them), then the live stroke's
    /// `tail` over them, if any.
    public func draw(tail: StrokeTessellator.Pieces?, painter: InkPainter, into cr: OpaquePointer) {
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, surface.surface, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
        if let tail { drawTail(tail, painter: painter, into: cr) }
    }

    /// Draws the live stroke's tail over the cache's pixels (already on the frame), through the
    /// view (`cr` draws in screen points).
    public func drawTail(_ tail: StrokeTessellator.Pieces, painter: InkPainter, into cr: OpaquePointer) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        Self.apply(view, to: cr)
        if liveDrawsInGroups {
            compositeLiveLayer(with: tail.real, predicted: tail.predicted, painter: painter, into: cr)
        } else {
            // Translucent ink not on the live layer (a tail that is the whole stroke) is drawn
            // as a whole stroke is.
            painter.drawStroke(tail.real, predicted: tail.predicted, into: cr)
        }
    }

    /// Translucent ink: the live layer, the `predicted` tip and `pieces` as one group (each
    /// piece replacing what is under it: the real tail over the tip where they overlap, at the
    /// pen), composited over `cr` once (multiplied with it, for a highlighter).
    private func compositeLiveLayer(with pieces: [InkPiece], predicted: [InkPiece], painter: InkPainter, into cr: OpaquePointer) {
        cairo_push_group(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        if let layer = liveLayer {
            // The layer is in screen pixels, whatever the view.
            cairo_save(cr)
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, layer.surface, 0, 0)
            cairo_paint(cr)
            cairo_restore(cr)
        }
        painter.draw(predicted, into: cr)
        painter.draw(pieces.filter { !$0.isPenFill }, into: cr)
        cairo_pop_group_to_source(cr)
        cairo_set_operator(cr, InkPainter.compositing(multiplies: follow?.multiplies ?? false, onto: cr))
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        // A pen's fill (pressure → opacity ink drawn filled) over it, as a whole stroke's.
        painter.drawPenFills(pieces, within: nil, into: cr)
    }

    // MARK: Internals

    private func redrawAll(_ ink: InkLayer, painter: InkPainter, cr: OpaquePointer) throws(RenderError) {
        // (What was drawn from stand-ins before is drawn again now.)
        standInPages = []
        _ = standIns?.take()
        backups.reset()
        // Other ink, or the same in another style: the pieces repaints drew may be of neither.
        memo.forget()
        // The newest strokes are drawn last, one by one, each over its backup: undoing them
        // after a redraw (an opened document, a zoom) restores rather than repaints.
        let backedUp = partialRepaints ? min(Self.strokesBackedUpByARedraw, ink.strokes.count) : 0
        let count = ink.strokes.count, inBands = count >= Self.leastStrokesInBands
        // With many strokes, those under each level's window are drawn into that level, each
        // level started from the one under it, and the cache from the top one (the same drawing
        // in the same bands: the same pixels).
        let kept = bases
        bases = []
        lowered = nil
        var drawn = 0
        for (r, rule) in baseLevels.enumerated() where partialRepaints && count >= rule.leastStrokes {
            let upTo = count - max(rule.window, backedUp)
            guard upTo > drawn, let level = kept.first(where: { $0.rule == r })?.surface ?? (try? ImageSurface(viewport: viewport)),
                  let levelContext = begin(level, over: bases.last?.surface) else { continue }
            draw(ink.strokes[drawn..<upTo], inBands: inBands, painter: painter, on: level, cr: levelContext)
            cairo_destroy(levelContext)
            level.flush()
            bases.append(BaseLevel(surface: level, id: ink.strokes[upTo - 1].id, rule: r))
            drawn = upTo
        }
        if let top = bases.last {
            Self.copy(viewport.bounds, from: top.surface, to: surface, scale: viewport.scale)
        } else {
            PaperPainter.paintCanvas(paper, within: view.toDocument(viewport.bounds), into: cr, standIns: standIns)
        }
        draw(ink.strokes[drawn..<(count - backedUp)], inBands: inBands, painter: painter, on: surface, cr: cr)
        for s in ink.strokes.suffix(backedUp) {
            backups.begin(s.id)
            backUp(s.inkBounds, for: s.id)
            painter.draw(s, into: cr)
        }
        endFollow()
        _ = followLive(ink.live, painter: painter, cr: cr)
    }

    /// The stroke an undo would take away by restoring its backup (nil: it would repaint).
    var restorableStroke: Int? { backups.restorable }

    /// A context over `level`'s pixels (the caller destroys it), after starting them as the
    /// paper (`below` nil) or as `below`'s pixels; nil if none could be made.
    private func begin(_ level: ImageSurface, over below: ImageSurface?) -> OpaquePointer? {
        guard let cr = level.makeContext() else { return nil }
        Self.apply(view, to: cr)
        if let below {
            Self.copy(viewport.bounds, from: below, to: level, scale: viewport.scale)
        } else {
            PaperPainter.paintCanvas(paper, within: view.toDocument(viewport.bounds), into: cr, standIns: standIns)
        }
        return cr
    }

    /// A new level's surface, started as the paper (`below` nil) or as `below`'s pixels; nil if
    /// none could be made.
    private func newLevel(over below: ImageSurface?) -> ImageSurface? {
        guard let level = try? ImageSurface(viewport: viewport), let cr = begin(level, over: below) else { return nil }
        cairo_destroy(cr)
        level.flush()
        return level
    }

    /// Draws `strokes` in order into `target` (the cache or the base) through its context `cr`:
    /// in bands on the cores (`drawInBands`), or on this thread alone.
    private func draw(_ strokes: ArraySlice<Stroke>, inBands: Bool, painter: InkPainter, on target: ImageSurface, cr: OpaquePointer) {
        if inBands {
            drawInBands(strokes, painter: painter, on: target, cr: cr)
        } else {
            for s in strokes { painter.draw(s, into: cr) }
        }
    }

    /// Keeps each level of the base at the ink under its newest `window` strokes: makes a level
    /// once the ink reaches its `leastStrokes` (a copy of the level under it, or the paper alone:
    /// the cache is that with every stroke above it drawn over), and draws into each the oldest
    /// strokes above it beyond its window, `strokesAddedToBaseAnUpdate` an update, and none
    /// past the level above it (their pixels are in the cache already).
    private func keepBase(_ ink: InkLayer, painter: InkPainter) {
        guard partialRepaints else { return }
        let count = ink.strokes.count
        for (r, rule) in baseLevels.enumerated() where count >= rule.leastStrokes && !bases.contains(where: { $0.rule == r }) {
            let at = bases.firstIndex { $0.rule > r } ?? bases.endIndex
            let below = at > 0 ? bases[at - 1] : nil
            guard let level = newLevel(over: below?.surface) else { continue }
            bases.insert(BaseLevel(surface: level, id: below?.id ?? 0, rule: r), at: at)
        }
        for k in bases.indices {
            let ceiling = k + 1 < bases.count ? bases[k + 1].id : .max
            let first = ink.strokes.partitionPoint { $0.id <= bases[k].id }
            let end = min(first + Self.strokesAddedToBaseAnUpdate, count - baseLevels[bases[k].rule].window)
            guard end > first, ink.strokes[first].id <= ceiling, let cr = bases[k].surface.makeContext() else { continue }
            Self.apply(view, to: cr)
            for s in ink.strokes[first..<end] {
                guard s.id <= ceiling else { break }
                painter.draw(s, into: cr)
                bases[k].id = s.id
            }
            cairo_destroy(cr)
            bases[k].surface.flush()
        }
        lowerTheDeepest(ink, painter: painter)
    }

    /// Draws the deepest level anew, lower, when fewer than half its window of strokes are left
    /// above it (a long run of undos, or the eraser, took them): starts a level of the paper
    /// and every stroke but the newest `window`, draws `pointsLoweredAnUpdate` points of its
    /// strokes an update, in order, and once all are drawn, puts it in the deepest level's place
    /// (the levels above it hold every stroke up to their ids whatever the level under them).
    private func lowerTheDeepest(_ ink: InkLayer, painter: InkPainter) {
        defer { letGoThisUpdate = false }
        guard let deepest = bases.first, pointsLoweredAnUpdate > 0 else {
            lowered = nil
            return
        }
        if lowered?.rule != deepest.rule { lowered = nil }
        let count = ink.strokes.count, window = baseLevels[deepest.rule].window
        if lowered == nil {
            let above = count - ink.strokes.partitionPoint { $0.id <= deepest.id }
            guard !letGoThisUpdate, above < window / 2, count > window else { return }
            let through = ink.strokes[count - window - 1].id
            guard through < deepest.id, let surface = newLevel(over: nil) else { return }
            lowered = (surface, through, 0, deepest.rule)
        }
        guard var level = lowered, let cr = level.surface.makeContext() else { return }
        Self.apply(view, to: cr)
        var next = ink.strokes.partitionPoint { $0.id <= level.drawn }, points = 0
        while next < count, ink.strokes[next].id <= level.through, points < pointsLoweredAnUpdate {
            let s = ink.strokes[next]
            painter.draw(s, into: cr)
            level.drawn = s.id
            points += s.points.count
            next += 1
        }
        cairo_destroy(cr)
        level.surface.flush()
        if next == count || ink.strokes[next].id > level.through {
            bases[0] = BaseLevel(surface: level.surface, id: level.through, rule: deepest.rule)
            lowered = nil
            levelsLowered += 1
        } else {
            lowered = level
        }
    }

    /// Copies the pixels under `area` (screen points, whole pixels) of `source` into `target`,
    /// a surface of the same size.
    private static func copy(_ area: Rect, from source: ImageSurface, to target: ImageSurface, scale: Double) {
        source.flush()
        target.flush()
        guard let from = source.data, let to = target.data, source.stride == target.stride,
              let r = PixelRect(covering: area, scale: scale, width: target.pixelWidth, height: target.pixelHeight)
        else { return }
        let stride = target.stride
        for row in r.y..<(r.y + r.height) {
            let offset = row * stride + r.x * 4
            (to + offset).update(from: from + offset, count: r.width * 4)
        }
        cairo_surface_mark_dirty_rectangle(target.surface, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
    }

    /// 8: the newest strokes a full redraw draws over backups.
    public static let strokesBackedUpByARedraw = 8

    /// Undo of the newest stroke drawn (its backup's tiles put back), or redo of the stroke the
    /// newest restore took away (drawn again over them): the screen areas changed, or nil, having
    /// changed nothing, when `s`'s change is neither (then it is repainted).
    private func undoOrRedo(_ s: Stroke, ink: InkLayer, painter: InkPainter, cr: OpaquePointer) -> [Rect]? {
        guard let kept = ink.stroke(id: s.id) else {
            let scale = viewport.scale
            return backups.restore(s.id, into: surface)?.map { $0.points(at: scale) }
        }
        // Redo puts the stroke back as the newest: drawn over its tiles, it is what it was.
        guard kept == s, ink.strokes.last?.id == s.id, backups.reinstate(s.id) else { return nil }
        backUp(s.inkBounds, for: s.id)
        painter.draw(s, into: cr)
        return [view.toScreen(s.inkBounds)]
    }

    /// Saves, as stroke `id`'s backup, the cache's tiles under `area` (in document points) that
    /// it has not saved yet: called before drawing there for that stroke.
    private func backUp(_ area: Rect, for id: Int) {
        guard partialRepaints,
              let pixels = PixelRect(covering: view.toScreen(area).insetBy(-1), scale: viewport.scale,
                                     width: surface.pixelWidth, height: surface.pixelHeight)
        else { return }
        backups.save(pixels, of: surface, for: id)
    }

    /// 64 strokes: fewer are drawn on this thread alone.
    static let leastStrokesInBands = 64
    /// 8 bands of rows, shared out among the cores: a band of a 1920×1080 cache is 1 MB, so the
    /// pixels its fills blend stay in a core's cache (with 2 halves of 4 MB, `render` of 20,000
    /// strokes took 0.25 s more CPU). A fixed count, so the pixels never depend on the machine's
    /// cores.
    static let bands = 8
    /// 128 strokes are tessellated at a time (their pieces then drawn), so the pieces held at once
    /// stay small whatever the ink holds: with 512, a 100,000-point restore's peak memory held
    /// 6 MB of them (valgrind's massif), 124–128 bytes a point against 85–88 with 128; render of
    /// 20,000 strokes took no longer (3.06 s against 3.21 s, the same run's host).
    static let strokesAtATime = 128

    /// Draws `strokes` in order as `cr` would, the cache cut into `bands` horizontal bands, each
    /// drawn by one thread at a time. Each band has a Cairo surface of its own over the cache's
    /// pixels (so the threads share no Cairo object) with the cache's device scale, clipped to
    /// the band's whole pixel rows as a partial repaint is (Cairo fills under one pixel-aligned
    /// rectangle exactly as without a clip, and writes nothing outside it): the pixels are those
    /// of drawing on one thread. Strokes are tessellated once, shared among the threads, and each
    /// band draws the pieces that reach into it, in stroke order.
    private func drawInBands(_ all: ArraySlice<Stroke>, painter: InkPainter, on target: ImageSurface, cr: OpaquePointer) {
        let width = Double(target.pixelWidth), height = target.pixelHeight, scale = target.scale
        let rows = (height + Self.bands - 1) / Self.bands
        let areas = stride(from: 0, to: height, by: rows).map { top in
            Rect(x: 0, y: Double(top) / scale, width: width / scale, height: Double(min(rows, height - top)) / scale)
        }
        withBands(areas, on: target, drawingAs: cr) { contexts in drawInBands(all, painter: painter, contexts: contexts) }
    }

    /// Cairo contexts over `target`'s pixels (the cache's or the base's), one for each of `areas`
    /// (whole pixel rows, in the cache's points), each clipped to its area, with the cache's
    /// device scale and `cr`'s matrix. Each has a surface of its own, so threads drawing one each
    /// share no Cairo object. `body` draws with them; they are then finished, and `target`
    /// marked changed.
    private func withBands(_ areas: [Rect], on target: ImageSurface, drawingAs cr: OpaquePointer,
                           _ body: ([(cr: OpaquePointer, area: Rect)]) -> Void) {
        cairo_surface_flush(target.surface)
        guard let data = target.data else { return }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let rowBytes = target.stride, width = target.pixelWidth, height = target.pixelHeight, scale = target.scale
        var bands: [(surface: OpaquePointer, cr: OpaquePointer, area: Rect)] = []
        for area in areas {
            guard let s = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(rowBytes))
            else { continue }
            cairo_surface_set_device_scale(s, scale, scale)
            guard let c = cairo_create(s) else {
                cairo_surface_destroy(s)
                continue
            }
            cairo_rectangle(c, area.x, area.y, area.width, area.height)
            cairo_clip(c)
            cairo_set_matrix(c, &matrix)
            bands.append((s, c, area))
        }
        defer {
            for b in bands {
                cairo_destroy(b.cr)
                cairo_surface_finish(b.surface)
                cairo_surface_destroy(b.surface)
            }
            cairo_surface_mark_dirty(target.surface)
        }
        body(bands.map { (cr: $0.cr, area: $0.area) })
    }

    /// `drawInBands(_:painter:cr:)` with the bands' contexts made: `all`, a block at a time,
    /// tessellated on the cores, then drawn band by band on the cores.
    private func drawInBands(_ all: ArraySlice<Stroke>, painter: InkPainter, contexts bandContexts: [(cr: OpaquePointer, area: Rect)]) {
        let view = self.view, style = painter.style
        // Each context is used by its band's thread alone.
        nonisolated(unsafe) let contexts = bandContexts
        var start = all.startIndex
        while start < all.endIndex {
            let block = Array(all[start..<min(all.endIndex, start + Self.strokesAtATime)])
            start += block.count
            let tessellated = Mutex([(pieces: StrokeTessellator.Pieces, area: Rect)?](repeating: nil, count: block.count))
            DispatchQueue.concurrentPerform(iterations: Self.bands) { k in
                for i in stride(from: k, to: block.count, by: Self.bands) {
                    let pieces = StrokeTessellator.pieces(of: block[i], style: style)
                    let area = Self.screenArea(of: pieces, through: view)
                    tessellated.withLock { $0[i] = (pieces, area) }
                }
            }
            let drawn = tessellated.withLock { $0 }
            if partialRepaints {
                for (stroke, made) in zip(block, drawn) {
                    if let made { memo.keepBounds(of: made.pieces.real, of: stroke, style: style) }
                }
            }
            DispatchQueue.concurrentPerform(iterations: contexts.count) { k in
                let band = contexts[k], painter = InkPainter(style: style)
                // The band in document points, a point wider for the view's rounding: a piece
                // outside it, or the part of an outline beyond it, would be filled only to be
                // clipped away (a stroke crossing the bands sends each band only its own ink).
                let reach = view.toDocument(band.area).insetBy(-1)
                for case let (pieces, area)? in drawn where !area.intersection(band.area).isNull {
                    painter.drawStroke(pieces.real, predicted: pieces.predicted, within: reach, into: band.cr)
                }
            }
        }
    }

    /// Repaints `areas`: paper, then every stroke that reaches into them, clipped to their pixels.
    /// Each area is repainted under a clip of its own single rectangle (Cairo rasterises a fill
    /// under one pixel-aligned rectangle exactly as without a clip; a clip of several rectangles
    /// goes through a mask and rounds differently). An area with many strokes is cut into two
    /// bands of rows, each under its own rectangle (`bandsOfRepaint`): this thread draws the top
    /// one, and a helper thread the bottom one if it starts in time (`helperShare`).
    ///
    /// With a base, each area of the cache is the top level's pixels with the strokes above it
    /// drawn over them. The levels holding a damaged stroke, from the deepest one whose newest
    /// stroke is at least `lowest` (the oldest damaged stroke's id: `.min` for all, nil for
    /// none), are repainted there first, each from the one under it.
    private func repaint(_ areas: [Rect], ink: InkLayer, painter: InkPainter, cr: OpaquePointer, damagedFrom lowest: Int?) {
        // A level being drawn anew that holds a damaged stroke is let go (a later one starts afresh).
        if let lowest, let level = lowered, lowest <= level.drawn {
            lowered = nil
            letGoThisUpdate = true
            loweredLevelsLetGo += 1
        }
        // A stroke reaching into several areas is tessellated once (`memo`), as is the live stroke.
        var live: [InkPiece]?
        let clips = areas.compactMap(pixelAligned)
        let first = lowest.map { lowest in bases.firstIndex { $0.id >= lowest } ?? bases.endIndex } ?? bases.endIndex
        var contexts: [OpaquePointer] = []
        for level in bases[first...] {
            guard let c = level.surface.makeContext() else { break }
            Self.apply(view, to: c)
            contexts.append(c)
        }
        if contexts.count < bases.count - first {
            // No context to repaint a level with: the cache goes on without a base.
            for c in contexts { cairo_destroy(c) }
            contexts = []
            bases = []
            lowered = nil
        }
        guard let top = bases.last else {
            for clip in clips {
                repaint(clip, RepaintedLayer(above: .min, through: nil, paper: true), ink: ink, painter: painter, on: surface, cr: cr, live: &live)
            }
            return
        }
        defer {
            for (c, k) in zip(contexts, first...) {
                cairo_destroy(c)
                bases[k].surface.flush()
            }
        }
        for clip in clips {
            for (c, k) in zip(contexts, first...) {
                let below = k > 0 ? bases[k - 1] : nil
                if let below { Self.copy(clip, from: below.surface, to: bases[k].surface, scale: viewport.scale) }
                var none: [InkPiece]?
                repaint(clip, RepaintedLayer(above: below?.id ?? .min, through: bases[k].id, paper: below == nil), ink: ink, painter: painter,
                        on: bases[k].surface, cr: c, live: &none)
            }
            Self.copy(clip, from: top.surface, to: surface, scale: viewport.scale)
            repaint(clip, RepaintedLayer(above: top.id, through: nil, paper: false), ink: ink, painter: painter, on: surface, cr: cr, live: &live)
        }
    }

    /// The strokes a repaint of one area draws: those with ids above `above` and up to
    /// `through`, over the paper or over the pixels there. The cache's (`through` nil: every
    /// stroke above) also draws the live stroke's final pieces.
    private struct RepaintedLayer {
        var above: Int
        var through: Int?
        var paper: Bool
    }

    private func repaint(_ screenClip: Rect, _ layer: RepaintedLayer, ink: InkLayer, painter: InkPainter, on target: ImageSurface,
                         cr: OpaquePointer, live settledLive: inout [InkPiece]?) {
        let clip = view.toDocument(screenClip)
        // What is drawn, in order, found and tessellated here (`memo` is this thread's): the
        // pieces of every stroke reaching into the clip, then the live stroke's final pieces,
        // which are in the cache too (unless they are on the live layer).
        var strokes: [[InkPiece]] = []
        for id in ink.index.ids(intersecting: clip) {
            guard id > layer.above, id <= layer.through ?? .max else { continue }
            // A stroke whose pieces are known to miss the clip is not tessellated.
            guard let s = ink.stroke(id: id), !skipsByReach || memo.reaches(s, into: clip, style: ink.style) != false else { continue }
            let pieces = memo.pieces(of: s, style: ink.style)
            if pieces.contains(where: { !$0.bounds.intersection(clip).isNull }) { strokes.append(pieces) }
        }
        strokesDrawnByRepaints += strokes.count
        let paper = layer.paper ? self.paper : nil
        if layer.through == nil, let f = follow, !f.grouped, let live = ink.live, live.id == f.id {
            let settled = settledLive ?? {
                var fresh = StrokeTessellator(style: ink.style, stroke: live)
                return fresh.advance(live, through: f.tessellator.consumed)
            }()
            settledLive = settled
            strokes.append(settled)
        }
        let bands = repaintsInBands ? Self.bandsOfRepaint(rows: Int((screenClip.height * viewport.scale).rounded()), strokes: strokes.count) : 1
        if bands > 1, repaintInBands(screenClip, strokes, paper: paper, painter: painter, on: target, cr: cr) { return }
        cairo_save(cr)
        // The clip is whole screen pixels; the strokes are drawn in the document's.
        cairo_identity_matrix(cr)
        cairo_rectangle(cr, screenClip.x, screenClip.y, screenClip.width, screenClip.height)
        cairo_clip(cr)
        Self.apply(view, to: cr)
        Self.paint(strokes, within: clip, paper: paper, painter: painter, standIns: standIns, cr: cr)
        cairo_restore(cr)
    }

    /// Repaints `screenClip` with `strokes` in two bands of whole pixel rows: the top one drawn
    /// here, the bottom one by a helper thread if it starts before this thread is done with the
    /// top one (else here too). False, having drawn nothing, if the bands' contexts could not be
    /// made.
    private func repaintInBands(_ screenClip: Rect, _ strokes: [[InkPiece]], paper: [PaperPage]?, painter: InkPainter, on target: ImageSurface,
                                cr: OpaquePointer) -> Bool {
        let scale = viewport.scale, top = (screenClip.y * scale).rounded()
        let rows = (screenClip.height * scale).rounded()
        let split = (rows * (1 - Self.helperShare)).rounded(.down)
        let areas = [
            Rect(x: screenClip.x, y: top / scale, width: screenClip.width, height: split / scale),
            Rect(x: screenClip.x, y: (top + split) / scale, width: screenClip.width, height: (rows - split) / scale),
        ]
        let view = self.view, style = painter.style, standIns = self.standIns
        var drew = false
        withBands(areas, on: target, drawingAs: cr) { contexts in
            guard contexts.count == 2 else { return }
            drew = true
            // The helper draws with the bottom band's context and a painter of its own, only
            // once it has claimed the band; this thread waits for it only then.
            let claim = BandClaim()
            nonisolated(unsafe) let bottom = contexts[1]
            DispatchQueue.global(qos: .userInteractive).async {
                guard claim.take(by: .helper) else { return }
                Self.paint(strokes, within: view.toDocument(bottom.area), paper: paper, painter: InkPainter(style: style), standIns: standIns,
                           cr: bottom.cr)
                claim.done.signal()
            }
            Self.paint(strokes, within: view.toDocument(contexts[0].area), paper: paper, painter: painter, standIns: standIns, cr: contexts[0].cr)
            if claim.take(by: .caller) {
                Self.paint(strokes, within: view.toDocument(bottom.area), paper: paper, painter: painter, standIns: standIns, cr: bottom.cr)
            } else {
                claim.done.wait()
            }
        }
        if drew { areasRepaintedInBands += 1 }
        return drew
    }

    /// Who draws a repaint's bottom band: the first to take it.
    final class BandClaim: Sendable {
        enum Taker: Int { case helper = 1, caller = 2 }
        private let state = Atomic<Int>(0)
        /// Signalled by the helper when it has drawn the band it took.
        let done = DispatchSemaphore(value: 0)

        func take(by taker: Taker) -> Bool {
            state.compareExchange(expected: 0, desired: taker.rawValue, ordering: .acquiringAndReleasing).exchanged
        }
    }

    /// 0.4: the helper's share of a repaint's rows. On a core it shares with another busy
    /// process a thread runs at about half speed, so the helper's 40 % ends about when this
    /// thread's 60 % does, and a repaint never waits much longer for the helper than it would
    /// take alone (an even split, measured, let the busy p99 of undo reach 16.9 ms from 11.9).
    static let helperShare = 0.4

    /// Whether repaints of many strokes are cut into two bands (tests turn it off to compare
    /// with one thread's drawing).
    var repaintsInBands = true
    /// Whether a repaint skips the strokes whose pieces are known to miss its area (tests turn
    /// it off to compare), and how many strokes repaints tessellated.
    var skipsByReach = true
    var strokesTessellatedByRepaints: Int { memo.tessellated }
    /// How many areas were repainted in bands (for tests: that the cut happened).
    private(set) var areasRepaintedInBands = 0
    /// 2 bands at most: each band builds the paths of every stroke reaching into it, so more
    /// bands repeat more of that work (bench 12 on two cores, even splits, eraser p99: 14 ms with
    /// 2, 16–19 ms with 3, 4 or 8, 24 ms with 1). A fixed count and split, so the pixels never
    /// depend on the cores, nor on which thread drew a band.
    static let repaintBands = 2
    /// 24 pixel rows: an area under twice this many is repainted on one thread (the bands'
    /// set-up would outweigh what the helper takes).
    static let leastRowsInARepaintBand = 24

    /// How many bands a repaint of `rows` pixel rows and `strokes` strokes is cut into: one (this
    /// thread alone) under `leastStrokesInBands` strokes or `2 · leastRowsInARepaintBand` rows,
    /// otherwise `repaintBands`. It depends on the area and the ink only.
    static func bandsOfRepaint(rows: Int, strokes: Int) -> Int {
        guard strokes >= leastStrokesInBands else { return 1 }
        return max(1, min(repaintBands, rows / leastRowsInARepaintBand))
    }

    /// Paper and the pages on it (unless `paper` is nil: the strokes go over the pixels there),
    /// then `strokes`' pieces that reach into `clip` (document points), in order, into `cr`
    /// (clipped to the area's pixels, drawing in document points).
    private static func paint(_ strokes: [[InkPiece]], within clip: Rect, paper: [PaperPage]?, painter: InkPainter,
                              standIns: PaperStandIns?, cr: OpaquePointer) {
        // The clip a point wider, for the view's rounding (see `drawInBands`).
        let reach = clip.insetBy(-1)
        if let paper { PaperPainter.paintCanvas(paper, within: reach, into: cr, standIns: standIns) }
        for pieces in strokes where pieces.contains(where: { !$0.bounds.intersection(clip).isNull }) {
            painter.drawStroke(pieces, predicted: [], within: reach, into: cr)
        }
    }

    /// Draws the live stroke's newly final pieces; returns the area they touched.
    private func followLive(_ live: Stroke?, painter: InkPainter, cr: OpaquePointer) -> Rect {
        guard let live else {
            if follow != nil { follow = nil }
            return .null
        }
        if follow?.id != live.id {
            clearLiveLayer()
            follow = (live.id, StrokeTessellator(style: painter.style, stroke: live), painter.drawsInGroups(for: live.tool),
                      painter.multiplies(live.tool))
            backups.begin(live.id)
        }
        guard var f = follow else { return .null }
        let pieces = f.tessellator.advance(live, through: f.tessellator.settledCount(of: live))
        follow = f
        guard !pieces.isEmpty else { return .null }
        var area = Rect.null
        for p in pieces { area = area.union(p.bounds) }
        if f.grouped {
            guard let layerContext = liveLayerContext() else { return .null }
            cairo_set_operator(layerContext, CAIRO_OPERATOR_SOURCE)
            painter.draw(pieces, into: layerContext)
            cairo_destroy(layerContext)
            liveLayerArea = liveLayerArea.union(area)
        } else {
            backUp(area, for: live.id)
            painter.draw(pieces, into: cr)
        }
        return area
    }

    /// The live stroke ended: its last pieces (and, translucent, its layer) go into the cache.
    private func mergeLive(_ rest: [InkPiece], id: Int, grouped: Bool, painter: InkPainter, cr: OpaquePointer) -> Rect {
        var area = liveLayerArea
        for p in rest { area = area.union(p.bounds) }
        backUp(area, for: id)
        if grouped {
            compositeLiveLayer(with: rest, predicted: [], painter: painter, into: cr)
            clearLiveLayer()
        } else {
            painter.draw(rest, into: cr)
        }
        return area
    }

    /// Stops following the live stroke (it is about to be redrawn whole).
    private func endFollow() {
        follow = nil
        clearLiveLayer()
    }

    private func liveLayerContext() -> OpaquePointer? {
        if liveLayer == nil { liveLayer = try? ImageSurface(viewport: viewport) }
        guard let c = liveLayer?.makeContext() else { return nil }
        Self.apply(view, to: c)
        return c
    }

    /// Makes `cr` draw document coordinates where `view` shows them (nothing at the identity,
    /// so pixels without a view are exactly what they were).
    static func apply(_ view: CanvasView, to cr: OpaquePointer) {
        guard !view.isIdentity else { return }
        cairo_translate(cr, view.offset.x, view.offset.y)
        cairo_scale(cr, view.scale, view.scale)
    }

    private func clearLiveLayer() {
        guard let layer = liveLayer, !liveLayerArea.isNull, let c = layer.makeContext() else { return }
        cairo_set_operator(c, CAIRO_OPERATOR_CLEAR)
        cairo_paint(c)
        cairo_destroy(c)
        layer.flush()
        liveLayerArea = .null
    }

    /// The rectangle of whole device pixels covering `r`, in points (nil when it is empty).
    private func pixelAligned(_ r: Rect) -> Rect? {
        let s = viewport.scale
        let bounds = viewport.bounds
        let clipped = r.intersection(bounds)
        guard !clipped.isNull else { return nil }
        let x0 = (clipped.x * s).rounded(.down), y0 = (clipped.y * s).rounded(.down)
        let x1 = (clipped.maxX * s).rounded(.up), y1 = (clipped.maxY * s).rounded(.up)
        return Rect(x: x0 / s, y: y0 / s, width: (x1 - x0) / s, height: (y1 - y0) / s)
    }
}
