import CCairo
import Foundation
import ForceCore

/// Draws ink pieces (`StrokeTessellator`'s output) into any Cairo context: the frozen cache,
/// the live frame, and the PNG / SVG / PDF exporters all share it, so every output looks the same.
public struct InkPainter {
    public let style: InkStyle
    /// Where set (a vector export), outlines are written with the vertices left out that lie
    /// within this many points of the line through their neighbours (`PolygonReduction`);
    /// nil (every raster) draws each vertex.
    public var vectorTolerance: Double?

    /// 0.05 pt (1/1440 inch): what the SVG and PDF exports leave out of an outline.
    public static let exportTolerance = 0.05

    /// How far (in device pixels) Cairo may flatten outline curves from the true curve. 0.25 px
    /// is invisible at the outline's radii and halves the segments of Cairo's 0.1 default.
    static let curveTolerance = 0.25

    public init(style: InkStyle) { self.style = style }

    /// Whether a live stroke of `tool` is translucent ink whose pieces must never darken where
    /// they overlap (pressure → opacity, or a see-through colour: a highlighter): its final
    /// pieces then go on a layer of their own, each replacing what is under it (`SOURCE`), and
    /// the layer goes over the canvas once (`FrozenInkCache`).
    public func drawsInGroups(for tool: InkTool) -> Bool {
        !style.debug && (style.opacityFromPressure || tool.isSeeThrough)
    }

    /// The operator a stroke's translucent ink goes over what is under it with: `MULTIPLY` for a
    /// highlighter's (`InkPiece.multiplies`), else `OVER`. An SVG gets `OVER`: SVG 1.1 has no
    /// multiply, and Cairo would put a picture of the area in its place, where the export
    /// promises vectors.
    static func compositing(multiplies: Bool, onto cr: OpaquePointer) -> cairo_operator_t {
        multiplies && cairo_surface_get_type(cairo_get_target(cr)) != CAIRO_SURFACE_TYPE_SVG ? CAIRO_OPERATOR_MULTIPLY : CAIRO_OPERATOR_OVER
    }

    /// Whether a stroke of `tool` is multiplied with what is under it (a highlighter's ink,
    /// unless debug drawing shows its pieces).
    public func multiplies(_ tool: InkTool) -> Bool {
        !style.debug && tool.multiplies
    }

    /// Draws a whole stroke.
    public func draw(_ stroke: Stroke, into cr: OpaquePointer) {
        let pieces = StrokeTessellator.pieces(of: stroke, style: style)
        drawStroke(pieces.real, predicted: pieces.predicted, into: cr)
    }

    /// Draws a stroke's real ink only (no predicted points: what an export holds).
    public func drawReal(_ stroke: Stroke, into cr: OpaquePointer) {
        drawStroke(StrokeTessellator.pieces(of: stroke, style: style).real, predicted: [], into: cr)
    }

    /// Draws the pieces of one stroke, then the predicted ones over it; with an `area`, what of
    /// them can reach into it (see `draw(_:within:into:)`). Translucent pieces never darken
    /// where they overlap (a piece's round end over the next one's, a corner's two pieces, the
    /// predicted tip, which starts at the last real sample, under the real end cap):
    /// pressure → opacity composites them as one group, each replacing what is under it; a
    /// see-through colour (a highlighter) fills them as one path, whose nonzero winding is
    /// their union, and its predicted tip goes under them in one group. A highlighter's ink
    /// (group or path) is multiplied with what is under it (`compositing(multiplies:onto:)`).
    ///
    /// A pen's fill (`InkPiece.isPenFill`) goes over the rest with `OVER`, never in a group.
    public func drawStroke(_ pieces: [InkPiece], predicted: [InkPiece], within area: Rect? = nil, into cr: OpaquePointer) {
        guard !pieces.contains(where: \.isPenFill) else {
            drawStroke(pieces.filter { !$0.isPenFill }, predicted: predicted, within: area, into: cr)
            drawPenFills(pieces, within: area, into: cr)
            return
        }
        let translucent = !style.debug && (style.opacityFromPressure || pieces.contains { $0.isSeeThrough })
        guard translucent else {
            draw(pieces, within: area, into: cr)
            draw(predicted, within: area, into: cr)
            return
        }
        let compositing = Self.compositing(multiplies: pieces.contains(where: \.multiplies), onto: cr)
        if style.opacityFromPressure || !predicted.isEmpty {
            cairo_push_group(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            draw(predicted, within: area, into: cr)
            drawTranslucent(pieces, within: area, into: cr)
            cairo_pop_group_to_source(cr)
            cairo_set_operator(cr, compositing)
            cairo_paint(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        } else if compositing != CAIRO_OPERATOR_OVER {
            cairo_save(cr)
            cairo_set_operator(cr, compositing)
            drawTranslucent(pieces, within: area, into: cr)
            cairo_restore(cr)
        } else {
            drawTranslucent(pieces, within: area, into: cr)
        }
    }

    /// Draws the pen fills among `pieces` (`InkPiece.isPenFill`) over what is drawn, with `OVER`
    /// whatever the current operator: a translucent area of the ink's colour over its ink.
    public func drawPenFills(_ pieces: [InkPiece], within area: Rect?, into cr: OpaquePointer) {
        let fills = pieces.filter(\.isPenFill)
        guard !fills.isEmpty else { return }
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        draw(fills, within: area, into: cr)
        cairo_restore(cr)
    }

    /// Draws translucent pieces with the current operator so they never darken where they
    /// overlap: filled as one path when they are one see-through colour, each replacing what
    /// is under it otherwise (the operator is `SOURCE` then, in a group of their own).
    func drawTranslucent(_ pieces: [InkPiece], within area: Rect?, into cr: OpaquePointer) {
        if let first = pieces.first, !style.opacityFromPressure, pieces.count > 1, first.isSeeThrough,
           pieces.allSatisfy({ $0.colour == first.colour && $0.alpha == first.alpha }) {
            fillAsOne(pieces, within: area, into: cr)
        } else {
            draw(pieces, within: area, into: cr)
        }
    }

    /// Draws pieces in order with the current operator.
    public func draw(_ pieces: [InkPiece], into cr: OpaquePointer) { draw(pieces, within: nil, into: cr) }

    /// Draws what of `pieces` can reach into `area` (points) for a partial redraw that `cr`
    /// clips to inside `area`: the pieces outside it are skipped, and an outline's curves that
    /// lie wholly beyond one of its edges are drawn as one straight line there (see `fill`).
    /// The pixels inside the clip are those of drawing every piece whole. Without an area, every
    /// piece is drawn whole.
    public func draw(_ pieces: [InkPiece], within area: Rect?, into cr: OpaquePointer) {
        for piece in pieces where area.map({ !piece.bounds.intersection($0).isNull }) ?? true {
            draw(piece, reaching: area, into: cr)
        }
    }

    public func draw(_ piece: InkPiece, into cr: OpaquePointer) { draw(piece, reaching: nil, into: cr) }

    private func draw(_ piece: InkPiece, reaching area: Rect?, into cr: OpaquePointer) {
        let colour = rgba(piece)
        cairo_set_source_rgba(cr, colour.r, colour.g, colour.b, colour.a)
        switch piece.shape {
        case .outline(let polygon):
            fill(polygon, reaching: area, cr: cr)
        case .line(let from, let to, let width):
            fillCapsule(from, to, radius: width / 2, cr: cr)
        case .dot(let center, let radius):
            if case .debug(let category) = piece.colour {
                DebugMarker.fill(category, at: center, radius: radius, colour: colour, cr)
            } else {
                cairo_new_path(cr)
                cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
                cairo_fill(cr)
            }
        case .hairline(let from, let to):
            fillCapsule(from, to, radius: 0.5, cr: cr)
        case .area(let polygon):
            cairo_new_path(cr)
            addArea(polygon, cr: cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_fill(cr)
        }
    }

    /// A filled shape's inside as a closed sub-path: straight through its points, the last back
    /// to the first (Xournal++ fills a shape's path so, nonzero).
    private func addArea(_ polygon: [Point], cr: OpaquePointer) {
        guard let first = polygon.first else { return }
        cairo_new_sub_path(cr)
        cairo_move_to(cr, first.x, first.y)
        for p in polygon.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_close_path(cr)
    }

    /// Pieces of one colour and alpha filled as one path: where they overlap they are filled
    /// once. Outlines with the settings of `fill(_:reaching:cr:)`; lines and dots as Cairo fills
    /// them alone.
    private func fillAsOne(_ pieces: [InkPiece], within area: Rect?, into cr: OpaquePointer) {
        let colour = rgba(pieces[0])
        cairo_set_source_rgba(cr, colour.r, colour.g, colour.b, colour.a)
        cairo_new_path(cr)
        var outlines = true
        for piece in pieces where area.map({ !piece.bounds.intersection($0).isNull }) ?? true {
            switch piece.shape {
            case .outline(let polygon):
                addOutline(polygon, reaching: area, cr: cr)
            case .line(let from, let to, let width):
                outlines = false
                addCapsule(from, to, radius: width / 2, cr: cr)
            case .dot(let center, let radius):
                outlines = false
                cairo_new_sub_path(cr)
                cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
                cairo_close_path(cr)
            case .hairline(let from, let to):
                outlines = false
                addCapsule(from, to, radius: 0.5, cr: cr)
            case .area(let polygon):
                outlines = false
                addArea(polygon, cr: cr)
            }
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        if outlines {
            fillOutlinePath(cr)
        } else {
            cairo_fill(cr)
        }
    }

    /// A piece's colour, its alpha included.
    private func rgba(_ piece: InkPiece) -> RGBA {
        let colour: RGBA
        switch piece.colour {
        case .ink: colour = Palette.ink.with(alpha: piece.alpha)
        case .tool(let c), .highlighter(let c):
            colour = RGBA(c).with(alpha: piece.alpha)
        case .debug(let category): colour = Palette.debug(category).with(alpha: piece.alpha)
        case .debugTint(let category):
            colour = Palette.tint(Palette.debug(category), strength: StrokeTessellator.debugSegmentStrength).with(alpha: piece.alpha)
        }
        return colour
    }

    /// A line with round caps, filled as its outline rather than stroked: Cairo's stroker
    /// tessellates differently under different clips, a fill does not, so a piece drawn into a
    /// dirty rect gives the very pixels it gives in a full redraw.
    private func fillCapsule(_ a: Point, _ b: Point, radius r: Double, cr: OpaquePointer) {
        cairo_new_path(cr)
        addCapsule(a, b, radius: r, cr: cr)
        cairo_fill(cr)
    }

    /// A capsule's outline as a closed sub-path of the current path.
    private func addCapsule(_ a: Point, _ b: Point, radius r: Double, cr: OpaquePointer) {
        cairo_new_sub_path(cr)
        let d = b - a
        let angle = d.length > 1e-9 ? atan2(d.y, d.x) : 0
        cairo_arc(cr, a.x, a.y, r, angle + Double.pi / 2, angle + 3 * Double.pi / 2)
        cairo_arc(cr, b.x, b.y, r, angle - Double.pi / 2, angle + Double.pi / 2)
        cairo_close_path(cr)
    }

    /// Fills a polygon through the midpoints of its edges with quadratic curves (as
    /// perfect-freehand's SVG path), so the skipped points leave no facets.
    ///
    /// With an `area` the fill is clipped to, the curves that lie wholly beyond one of its edges
    /// (a curve lies inside the triangle of its control point and the two around it) are
    /// replaced, run by run, with one straight line beyond that same edge. A run and its line
    /// close a loop that lies beyond the edge, which winds zero times around every point inside
    /// the area, so the winding Cairo samples there, and the pixels it fills, are unchanged; it
    /// only has fewer curves to flatten and edges to sort (a repaint under a small clip draws
    /// hundreds of strokes that mostly lie outside it).
    private func fill(_ polygon: [Point], reaching area: Rect?, cr: OpaquePointer) {
        guard polygon.count >= 3 else { return }
        cairo_new_path(cr)
        addOutline(polygon, reaching: area, cr: cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        fillOutlinePath(cr)
    }

    /// Fills the current path as outlines are filled: 0.25 px tolerance, fast antialiasing.
    private func fillOutlinePath(_ cr: OpaquePointer) {
        cairo_save(cr)
        cairo_set_tolerance(cr, Self.curveTolerance)
        // Cairo's FAST antialiasing still smooths edges (fewer coverage samples): side by side
        // at 3× zoom it is indistinguishable on ink, and fills twice as fast as DEFAULT.
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_FAST)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// An outline (see `fill(_:reaching:cr:)`) as a closed sub-path of the current path.
    private func addOutline(_ outline: [Point], reaching area: Rect?, cr: OpaquePointer) {
        let polygon = vectorTolerance.map { PolygonReduction.reduced(outline, tolerance: $0) } ?? outline
        guard polygon.count >= 3 else { return }
        let n = polygon.count
        func mid(_ i: Int) -> Point { polygon[i % n].lerp(to: polygon[(i + 1) % n], 0.5) }
        let beyond = Beyond(area)
        var current = mid(0)
        cairo_move_to(cr, current.x, current.y)
        // The edges beyond which every curve since `current` lies, while a run of them is skipped.
        var skipping: UInt8 = 0, skippedTo = current
        var sidesBefore = beyond.sides(of: polygon[0]), sidesAt = beyond.sides(of: polygon[1])
        for i in 1...n {
            let control = polygon[i % n], end = mid(i)
            let sidesAfter = beyond.sides(of: polygon[(i + 1) % n])
            let sides = sidesBefore & sidesAt & sidesAfter
            sidesBefore = sidesAt
            sidesAt = sidesAfter
            if skipping & sides != 0 {
                skipping &= sides
                skippedTo = end
                continue
            }
            if skipping != 0 {
                cairo_line_to(cr, skippedTo.x, skippedTo.y)
                current = skippedTo
                skipping = 0
            }
            if sides != 0 {
                skipping = sides
                skippedTo = end
                continue
            }
            // Quadratic → cubic: control points at 2/3 of the way to the quadratic control.
            let c1 = current.lerp(to: control, 2.0 / 3), c2 = end.lerp(to: control, 2.0 / 3)
            cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, end.x, end.y)
            current = end
        }
        if skipping != 0 { cairo_line_to(cr, skippedTo.x, skippedTo.y) }
        cairo_close_path(cr)
    }
}

/// Which edges of an area a point lies beyond, as bits (left, right, above, below): a curve whose
/// control points share a bit lies wholly beyond that edge. Without an area, no point is beyond.
private struct Beyond {
    let minX, maxX, minY, maxY: Double

    init(_ area: Rect?) {
        if let a = area {
            (minX, maxX, minY, maxY) = (a.x, a.maxX, a.y, a.maxY)
        } else {
            (minX, maxX, minY, maxY) = (-.infinity, .infinity, -.infinity, .infinity)
        }
    }

    func sides(of p: Point) -> UInt8 {
        (p.x < minX ? 1 : 0) | (p.x > maxX ? 2 : 0) | (p.y < minY ? 4 : 0) | (p.y > maxY ? 8 : 0)
    }
}
