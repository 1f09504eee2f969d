import CCairo
import Foundation
import ForceCore

/// A ring as both presenters draw it: an arc from 12 o'clock clockwise over `fraction` of the
/// circle, scaled about its centre. The software path strokes it with Cairo (`draw`); the GL
/// path evaluates the same values as a signed-distance field in `Shaders/ring.frag`. One
/// description, two renderers: they agree within anti-aliasing.
public struct RingShape: Equatable, Sendable {
    /// How the ring looks besides its arc.
    public enum Style: Equatable, Sendable {
        /// A progress ring (peek, pop, Home's press): a faint full circle under a round-capped arc.
        case progress(track: RGBA)
        /// The confirm button's ring: a round-capped line with a glow of the same colour, `radius`
        /// points wide (CALayer's shadowRadius in the reference).
        case glowing(radius: Double)
    }

    /// The centre, in points.
    public var center: Point
    /// The radius of the line's middle, in points before `scale`.
    public var radius: Double
    /// The line's width, in points before `scale`.
    public var width: Double
    /// How much of the circle the arc covers, 0…1 (clamped when drawn).
    public var fraction: Double
    /// The arc's colour (straight alpha).
    public var colour: RGBA
    /// A progress ring's track, or the confirm ring's glow.
    public var style: Style
    /// Scale about the centre (the confirm ring grows to 1.1 and 1.3).
    public var scale: Double

    public init(center: Point, radius: Double, width: Double, fraction: Double, colour: RGBA, style: Style, scale: Double = 1) {
        self.center = center
        self.radius = radius
        self.width = width
        self.fraction = fraction
        self.colour = colour
        self.style = style
        self.scale = scale
    }

    /// The glow as ConfirmPainter has always drawn it: two wider, fainter strokes under the line,
    /// (extra width in glow radii, alpha): 1 + 2 × glow at 0.25, then 1 + glow at 0.45.
    public static let glowLayers: [(widthInRadii: Double, alpha: Double)] = [(2, 0.25), (1, 0.45)]

    /// The track's colour for a progress ring whose arc is `colour`: grey (0.5, 0.5, 0.55) at
    /// 35 % of the arc's alpha.
    public static func track(for colour: RGBA) -> RGBA { RGBA(0.5, 0.5, 0.55, 0.35 * colour.a) }

    /// The area the ring can touch, in points (its widest stroke and a pixel of anti-aliasing).
    public var bounds: Rect {
        var half = width / 2
        if case .glowing(let g) = style { half += g * (Self.glowLayers.map(\.widthInRadii).max() ?? 0) / 2 }
        let reach = (radius + half) * abs(scale) + 1
        return Rect(x: center.x - reach, y: center.y - reach, width: 2 * reach, height: 2 * reach)
    }

    /// Whether nothing of it would show.
    public var isInvisible: Bool {
        switch style {
        case .progress(let track): return colour.a <= 0 && track.a <= 0
        case .glowing: return !(fraction > 0)
        }
    }

    // MARK: Cairo

    /// Strokes the ring with Cairo: the software presenter's rings (and every golden image).
    func draw(_ cr: OpaquePointer) {
        switch style {
        case .progress(let track): drawProgress(track: track, cr)
        case .glowing(let glow): drawGlowing(glow: glow, cr)
        }
    }

    private func drawProgress(track: RGBA, _ cr: OpaquePointer) {
        cairo_save(cr)
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        CairoDrawing.strokeCircle(center, radius: radius, width: width, colour: track, cr)
        let f = Force.normalized(fraction)
        if f > 0 {
            cairo_new_path(cr)
            cairo_arc(cr, center.x, center.y, radius, -Double.pi / 2, -Double.pi / 2 + 2 * Double.pi * f)
            CairoDrawing.setColour(colour, cr)
            cairo_stroke(cr)
        }
        cairo_restore(cr)
    }

    private func drawGlowing(glow: Double, _ cr: OpaquePointer) {
        cairo_save(cr)
        cairo_translate(cr, center.x, center.y)
        cairo_scale(cr, scale, scale)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        let end = -Double.pi / 2 + 2 * Double.pi * Force.normalized(fraction)
        if fraction > 0 {
            // The glow: wider, fainter strokes under the line (CALayer shadowRadius 2).
            for layer in Self.glowLayers {
                cairo_new_path(cr)
                cairo_arc(cr, 0, 0, radius, -Double.pi / 2, end)
                cairo_set_line_width(cr, width + layer.widthInRadii * glow)
                CairoDrawing.setColour(colour.with(alpha: layer.alpha), cr)
                cairo_stroke(cr)
            }
            cairo_new_path(cr)
            cairo_arc(cr, 0, 0, radius, -Double.pi / 2, end)
            cairo_set_line_width(cr, width)
            CairoDrawing.setColour(colour, cr)
            cairo_stroke(cr)
        }
        cairo_restore(cr)
    }
}
