import CCairo
import ForceCore

/// The laser pointer: a red line that fades along its length as its samples age, and a bright
/// dot with a glow where the pointer is.
struct LaserPainter {
    let laser: LaserDisplay

    /// 5 pt: the line's width when new (it thins as it fades); 7 pt the dot, 16 pt its glow (chosen).
    static let lineWidth = 5.0, dotRadius = 7.0, glowRadius = 16.0
    static let red = RGBA(1.0, 0.12, 0.16)

    /// Everything it may draw on.
    var bounds: Rect {
        var r = Rect.null
        for p in laser.line { r = r.union(Rect(around: p.location, radius: Self.lineWidth)) }
        if let d = laser.dot { r = r.union(Rect(around: d, radius: Self.glowRadius + 1)) }
        return r
    }

    func draw(_ cr: OpaquePointer) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        let line = laser.line
        for i in line.indices.dropLast() where line[i].joinsNext {
            let a = line[i], b = line[i + 1]
            let k = (a.strength + b.strength) / 2
            cairo_new_path(cr)
            cairo_move_to(cr, a.location.x, a.location.y)
            cairo_line_to(cr, b.location.x, b.location.y)
            cairo_set_line_width(cr, Self.lineWidth * (0.4 + 0.6 * k))
            CairoDrawing.setColour(Self.red.with(alpha: 0.9 * k), cr)
            cairo_stroke(cr)
        }
        guard let d = laser.dot else { return }
        let glow = cairo_pattern_create_radial(d.x, d.y, Self.dotRadius * 0.5, d.x, d.y, Self.glowRadius)
        cairo_pattern_add_color_stop_rgba(glow, 0, Self.red.r, Self.red.g, Self.red.b, 0.55)
        cairo_pattern_add_color_stop_rgba(glow, 1, Self.red.r, Self.red.g, Self.red.b, 0)
        cairo_new_path(cr)
        cairo_arc(cr, d.x, d.y, Self.glowRadius, 0, 2 * .pi)
        cairo_set_source(cr, glow)
        cairo_fill(cr)
        cairo_pattern_destroy(glow)
        CairoDrawing.fillCircle(d, radius: Self.dotRadius, colour: Self.red, cr)
        CairoDrawing.fillCircle(d, radius: Self.dotRadius * 0.45, colour: RGBA(1, 0.85, 0.85), cr)
    }
}
