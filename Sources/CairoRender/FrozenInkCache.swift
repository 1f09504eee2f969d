import CCairo
import ForceCore

/// Finished ink and the settled prefix of the live stroke, rasterised once.
///
/// Each frame `update` draws only what became frozen since the last frame, so a frame's cost
/// does not grow with the number of strokes on the canvas. Undo, redo, clear, a style change or
/// a resize rebuild it whole.
public final class FrozenInkCache {
    public private(set) var surface: ImageSurface
    private var viewport: Viewport
    private var revision: Int?
    private var style: InkStyle?
    /// How many finished strokes are in the cache.
    private var drawnStrokes = 0
    /// The live stroke whose prefix is in the cache, and how many of its points.
    private var liveID: Int?
    private var liveDrawn = 0

    public init(viewport: Viewport) throws(RenderError) {
        self.viewport = viewport
        surface = try ImageSurface(viewport: viewport)
    }

    /// What an update changed.
    public enum Change: Equatable {
        case none
        /// Only this area (in points) changed.
        case area(Rect)
        /// Everything was redrawn.
        case all
    }

    /// Brings the cache up to date with `ink` at `viewport`.
    public func update(_ ink: InkLayer, viewport v: Viewport) throws(RenderError) -> Change {
        let painter = InkPainter(style: ink.style)
        if v != viewport {
            viewport = v
            surface = try ImageSurface(viewport: v)
            revision = nil
        }
        guard let cr = surface.makeContext() else { throw RenderError.surface("cannot draw into the ink cache") }
        defer { cairo_destroy(cr) }

        if revision != ink.revision || style != ink.style || drawnStrokes > ink.strokes.count {
            cairo_set_source_rgb(cr, Palette.paper.r, Palette.paper.g, Palette.paper.b)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            for s in ink.strokes { painter.draw(s, into: cr) }
            revision = ink.revision
            style = ink.style
            drawnStrokes = ink.strokes.count
            liveID = nil
            liveDrawn = 0
            drawLivePrefix(ink.live, painter: painter, cr: cr)
            surface.flush()
            return .all
        }

        var dirty = Rect.null
        for s in ink.strokes[drawnStrokes...] {
            let from = s.id == liveID ? liveDrawn : 0
            painter.draw(s, points: from..<s.points.count, into: cr)
            dirty = dirty.union(painter.bounds(of: s, range: max(0, from - 1)..<s.points.count))
            if s.id == liveID { liveID = nil; liveDrawn = 0 }
        }
        drawnStrokes = ink.strokes.count
        dirty = dirty.union(drawLivePrefix(ink.live, painter: painter, cr: cr))
        surface.flush()
        return dirty.isNull ? .none : .area(dirty)
    }

    /// Draws the newly settled prefix of the live stroke; returns the area it touched.
    @discardableResult
    private func drawLivePrefix(_ live: Stroke?, painter: InkPainter, cr: OpaquePointer) -> Rect {
        guard let live else { return .null }
        if live.id != liveID {
            liveID = live.id
            liveDrawn = 0
        }
        let frozen = painter.drawsInPieces ? live.frozenCount : 0
        guard frozen > liveDrawn else { return .null }
        painter.draw(live, points: liveDrawn..<frozen, into: cr)
        let area = painter.bounds(of: live, range: max(0, liveDrawn - 1)..<frozen)
        liveDrawn = frozen
        return area
    }

    /// How many points of the live stroke `id` are already in the cache.
    public func cachedPoints(ofLive id: Int) -> Int { id == liveID ? liveDrawn : 0 }
}
