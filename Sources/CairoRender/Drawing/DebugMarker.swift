import CCairo
import Foundation
import ForceCore

/// The debug drawing's marker of each point type: a shape as well as a colour, so a reader who
/// cannot tell the colours apart (or sees them printed in grey) still can tell the points:
/// standard a disc, coalesced a square, predicted a ring (not real yet), needsUpdate a diamond,
/// finger a triangle, cancelled a cross. Each fits the circle of the dot it replaces, on a
/// disc of the paper (its segment is tinted in its own colour: the shape must stand out of it).
enum DebugMarker {
    /// Fills the marker of `category` centred at `c`, within `radius`, in `colour` (its alpha
    /// also the paper disc's) on a disc of `halo`.
    static func fill(_ category: DebugCategory, at c: Point, radius r: Double, colour: RGBA, halo: RGBA = Palette.paper,
                     _ cr: OpaquePointer) {
        cairo_new_path(cr)
        cairo_arc(cr, c.x, c.y, r, 0, 2 * Double.pi)
        cairo_set_source_rgba(cr, halo.r, halo.g, halo.b, halo.a * colour.a)
        cairo_fill(cr)
        cairo_set_source_rgba(cr, colour.r, colour.g, colour.b, colour.a)
        let r = r * 0.8
        cairo_new_path(cr)
        switch category {
        case .standard:
            cairo_arc(cr, c.x, c.y, r * 0.68, 0, 2 * Double.pi)
        case .coalesced:
            let h = r * 0.7
            cairo_rectangle(cr, c.x - h, c.y - h, 2 * h, 2 * h)
        case .predicted:
            // A ring: the outer circle and the inner one, filled even-odd.
            cairo_arc(cr, c.x, c.y, r * 0.9, 0, 2 * Double.pi)
            cairo_new_sub_path(cr)
            cairo_arc(cr, c.x, c.y, r * 0.5, 0, 2 * Double.pi)
        case .needsUpdate:
            cairo_move_to(cr, c.x, c.y - r)
            cairo_line_to(cr, c.x + r, c.y)
            cairo_line_to(cr, c.x, c.y + r)
            cairo_line_to(cr, c.x - r, c.y)
            cairo_close_path(cr)
        case .finger:
            // Pointing up, its corners on the circle.
            for k in 0..<3 {
                let a = -Double.pi / 2 + Double(k) * 2 * Double.pi / 3
                let p = Point(x: c.x + r * cos(a), y: c.y + r * sin(a) + r * 0.15)
                if k == 0 { cairo_move_to(cr, p.x, p.y) } else { cairo_line_to(cr, p.x, p.y) }
            }
            cairo_close_path(cr)
        case .cancelled:
            // Two bars crossing, as a filled outline (a fill draws the same pixels under any clip).
            let a = r * 0.8, w = r * 0.28
            for (dx, dy) in [(1.0, 1.0), (1.0, -1.0)] {
                let ux = dx / 2.0.squareRoot(), uy = dy / 2.0.squareRoot()
                let nx = -uy * w, ny = ux * w
                cairo_move_to(cr, c.x - ux * a + nx, c.y - uy * a + ny)
                cairo_line_to(cr, c.x + ux * a + nx, c.y + uy * a + ny)
                cairo_line_to(cr, c.x + ux * a - nx, c.y + uy * a - ny)
                cairo_line_to(cr, c.x - ux * a - nx, c.y - uy * a - ny)
                cairo_close_path(cr)
            }
        }
        cairo_save(cr)
        cairo_set_fill_rule(cr, category == .predicted ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_fill(cr)
        cairo_restore(cr)
    }
}
