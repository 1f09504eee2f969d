import CCairo
import Foundation
import ForceCore

/// A Cairo context whose user space is a glyph's 24 × 24 design grid (the grid of SF Symbols'
/// and Material's icon templates): glyphs are written once, in grid units, and drawn at any size.
///
/// The pen only builds paths and paints them; the caller owns `cairo_save` / `cairo_restore`.
struct GlyphPen {
    let cr: OpaquePointer

    /// 24, the side of the design grid in grid units.
    static let gridSize = 24.0
    /// 0.5523, the distance of a cubic's control points (as a fraction of the radius) that best
    /// approximates a quarter circle (4/3 · tan(π/8)).
    static let kappa = 0.5523

    // MARK: Paths

    func move(_ x: Double, _ y: Double) { cairo_move_to(cr, x, y) }
    func line(_ x: Double, _ y: Double) { cairo_line_to(cr, x, y) }
    func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) {
        cairo_curve_to(cr, x1, y1, x2, y2, x, y)
    }
    func close() { cairo_close_path(cr) }

    /// An open line through `points`.
    func lines(_ points: [Point]) {
        guard let first = points.first else { return }
        move(first.x, first.y)
        for p in points.dropFirst() { line(p.x, p.y) }
    }

    /// A whole circle as its own sub-path.
    func circle(_ cx: Double, _ cy: Double, _ r: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, cx, cy, r, 0, 2 * Double.pi)
        cairo_close_path(cr)
    }

    /// An arc clockwise on screen (y down) from angle `a0` to `a1`, in degrees (0° points right,
    /// 90° down). Joined to the current point by a line, as `cairo_arc`.
    func arc(_ cx: Double, _ cy: Double, _ r: Double, from a0: Double, to a1: Double) {
        cairo_arc(cr, cx, cy, r, Self.radians(a0), Self.radians(a1))
    }

    /// An arc of an axis-aligned ellipse, clockwise on screen from `a0` to `a1` (degrees of the
    /// ellipse's parameter). Joined to the current point by a line, as `cairo_arc`.
    func ellipticArc(_ cx: Double, _ cy: Double, rx: Double, ry: Double, from a0: Double, to a1: Double) {
        // The path is built in the scaled space; the line is stroked after the restore, so it
        // keeps its width all round.
        cairo_save(cr)
        cairo_translate(cr, cx, cy)
        cairo_scale(cr, rx, ry)
        cairo_arc(cr, 0, 0, 1, Self.radians(a0), Self.radians(a1))
        cairo_restore(cr)
    }

    /// A rectangle with circular corners of `radius`, as its own sub-path.
    func roundedRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius: Double) {
        polygon([Point(x: x, y: y), Point(x: x + w, y: y), Point(x: x + w, y: y + h), Point(x: x, y: y + h)],
                cornerRadius: radius)
    }

    /// A closed polygon through `points` with every corner rounded by up to `cornerRadius`
    /// (less where an edge is too short to hold two such corners).
    func polygon(_ points: [Point], cornerRadius: Double) {
        guard points.count >= 3 else { return }
        let n = points.count
        cairo_new_sub_path(cr)
        let start = points[n - 1].lerp(to: points[0], 0.5)
        move(start.x, start.y)
        for i in 0..<n {
            roundCorner(points[(i + n - 1) % n], points[i], points[(i + 1) % n], radius: cornerRadius)
        }
        close()
    }

    /// An open line through `points` with its inner corners rounded by up to `cornerRadius`.
    func polyline(_ points: [Point], cornerRadius: Double) {
        guard let first = points.first, let last = points.last else { return }
        move(first.x, first.y)
        if points.count > 2 {
            for i in 1..<(points.count - 1) {
                roundCorner(points[i - 1], points[i], points[i + 1], radius: cornerRadius)
            }
        }
        line(last.x, last.y)
    }

    /// Continues the path to `corner` from the side of `before`, turning toward `after` with a
    /// circular-looking cubic that starts and ends `radius` from the corner.
    private func roundCorner(_ before: Point, _ corner: Point, _ after: Point, radius: Double) {
        let inLength = corner.distance(to: before), outLength = corner.distance(to: after)
        let r = min(radius, inLength / 2, outLength / 2)
        guard r > 0 else {
            line(corner.x, corner.y)
            return
        }
        let a = corner + (before - corner).normalized * r
        let b = corner + (after - corner).normalized * r
        let c1 = a.lerp(to: corner, Self.kappa), c2 = b.lerp(to: corner, Self.kappa)
        line(a.x, a.y)
        curve(c1.x, c1.y, c2.x, c2.y, b.x, b.y)
    }

    // MARK: Painting

    /// Strokes the path with the glyph's line and clears it.
    func stroke() { cairo_stroke(cr) }

    /// Fills the path and outlines it with the glyph's round-joined line, so filled shapes get
    /// the same soft corners and the same outer edge as stroked ones; clears the path.
    func fillSoft() {
        cairo_fill_preserve(cr)
        cairo_stroke(cr)
    }

    /// Fills the path (no outline) and clears it.
    func fill() { cairo_fill(cr) }

    /// Paints `shape` with `holes` cut out of it, over whatever is already below: both draw in
    /// the current source, the holes erase inside a group of their own, so the background shows
    /// through them rather than a guessed colour.
    func knockout(_ shape: () -> Void, holes: () -> Void) {
        cairo_save(cr)
        // The group is only as large as the clip: keep it to the glyph's grid.
        cairo_rectangle(cr, 0, 0, Self.gridSize, Self.gridSize)
        cairo_clip(cr)
        // The group keeps the graphics state, source colour included.
        cairo_push_group(cr)
        shape()
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        holes()
        cairo_pop_group_to_source(cr)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    // MARK: Geometry

    static func radians(_ degrees: Double) -> Double { degrees * Double.pi / 180 }

    /// The point at `degrees` on the circle around (`cx`, `cy`) of radius `r` (y down).
    static func onCircle(_ cx: Double, _ cy: Double, _ r: Double, at degrees: Double) -> Point {
        Point(x: cx + r * cos(radians(degrees)), y: cy + r * sin(radians(degrees)))
    }

    /// The angle (degrees) at which the circle around `a` of radius `ra` crosses the circle around
    /// `b` of radius `rb`, on the side left of the way from `a` to `b` (up, for `b` to the right of
    /// `a` in y-down coordinates). Nil when the circles do not cross.
    static func crossing(_ a: Point, _ ra: Double, _ b: Point, _ rb: Double) -> Double? {
        let d = a.distance(to: b)
        guard d > 0, d < ra + rb, d > abs(ra - rb) else { return nil }
        // Law of cosines: the angle at `a` between the centre line and the crossing point.
        let spread = acos((ra * ra + d * d - rb * rb) / (2 * ra * d))
        let toward = atan2(b.y - a.y, b.x - a.x)
        return (toward - spread) * 180 / Double.pi
    }
}
