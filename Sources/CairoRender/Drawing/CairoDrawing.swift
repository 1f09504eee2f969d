import CCairo
import ForceCore

/// Small drawing steps every painter uses.
enum CairoDrawing {
    /// Sets a solid source colour.
    /// Draws `body` `s` times larger than its points (`Options.uiScale`): it is given `r`, a
    /// rect of the window, in those points, and what it draws there lands on `r`.
    static func scaled(by s: Double, _ r: Rect, _ cr: OpaquePointer, _ body: (Rect) -> Void) {
        scaled(by: s, cr) { body(r.scaled(by: 1 / s)) }
    }

    /// Draws `body` `s` times larger than its points: what it draws at a point p lands on p × s.
    static func scaled(by s: Double, _ cr: OpaquePointer, _ body: () -> Void) {
        guard s != 1 else { return body() }
        cairo_save(cr)
        cairo_scale(cr, s, s)
        body()
        cairo_restore(cr)
    }

    static func setColour(_ c: RGBA, _ cr: OpaquePointer) { cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a) }

    /// Adds a rounded rectangle to the path (a new sub-path).
    static func roundedRect(_ r: Rect, radius: Double, _ cr: OpaquePointer) {
        let rad = max(0, min(radius, r.width / 2, r.height / 2))
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.x + rad, r.y + rad, rad, Double.pi, 1.5 * Double.pi)
        cairo_arc(cr, r.maxX - rad, r.y + rad, rad, 1.5 * Double.pi, 2 * Double.pi)
        cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, 0.5 * Double.pi)
        cairo_arc(cr, r.x + rad, r.maxY - rad, rad, 0.5 * Double.pi, Double.pi)
        cairo_close_path(cr)
    }

    /// Fills a rounded rectangle.
    /// A soft shadow under a rounded rect `r`: `steps` rings spreading `blur` points beyond it,
    /// each a little fainter, `offsetY` below it, summing to about `alpha` at the centre — a
    /// cheap box-blur of the rect's silhouette, with no surface of its own.
    static func softShadow(_ r: Rect, radius: Double, blur: Double, offsetY: Double, alpha: Double, steps: Int = 8,
                           _ cr: OpaquePointer) {
        guard alpha > 0, steps > 0 else { return }
        let base = r.offsetBy(dx: 0, dy: offsetY)
        for i in 0..<steps {
            let spread = blur * (Double(i) + 0.5) / Double(steps) - blur / 2
            fillRoundedRect(base.insetBy(-spread), radius: max(0, radius + spread), colour: RGBA(0, 0, 0, alpha / Double(steps)), cr)
        }
    }

    /// Everything `softShadow` can touch, antialiasing included.
    static func softShadowBounds(_ r: Rect, blur: Double, offsetY: Double) -> Rect {
        r.offsetBy(dx: 0, dy: offsetY).insetBy(-(blur / 2 + groupMargin))
    }

    /// 2 pt: what a group's clip leaves around what is drawn in it, so its (antialiased) edge
    /// never touches a drawn pixel.
    static let groupMargin = 2.0

    /// Clips to `r` grown by `groupMargin`: a group pushed after it is no larger than that.
    static func clip(to r: Rect, _ cr: OpaquePointer) {
        let g = r.insetBy(-groupMargin)
        cairo_new_path(cr)
        cairo_rectangle(cr, g.x, g.y, g.width, g.height)
        cairo_clip(cr)
    }

    static func fillRoundedRect(_ r: Rect, radius: Double, colour: RGBA, _ cr: OpaquePointer) {
        cairo_new_path(cr)
        roundedRect(r, radius: radius, cr)
        setColour(colour, cr)
        cairo_fill(cr)
    }

    /// Fills a circle.
    static func fillCircle(_ c: Point, radius: Double, colour: RGBA, _ cr: OpaquePointer) {
        cairo_new_path(cr)
        cairo_arc(cr, c.x, c.y, radius, 0, 2 * Double.pi)
        setColour(colour, cr)
        cairo_fill(cr)
    }

    /// Strokes a circle.
    static func strokeCircle(_ c: Point, radius: Double, width: Double, colour: RGBA, _ cr: OpaquePointer) {
        cairo_new_path(cr)
        cairo_arc(cr, c.x, c.y, radius, 0, 2 * Double.pi)
        cairo_set_line_width(cr, width)
        setColour(colour, cr)
        cairo_stroke(cr)
    }
}
