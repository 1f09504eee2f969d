import CCairo
import Foundation
import ForceCore

/// App icons for the Home scene: an iOS-style rounded square in a tint, a white glyph on it.
extension ShortcutIconPainter {
    /// 0.225, the corner radius of an iOS app icon as a fraction of its side (Apple's icon
    /// template: 22.5 % of the side, with continuous corners).
    static let appIconCornerRatio = 0.225
    /// 1.528, how far along each side a continuous corner starts, in corner radii: the curve
    /// eases into the straight side instead of meeting it at a circle's sudden bend.
    static let continuousCornerExtent = 1.528
    /// 3.3, the superellipse exponent of each corner. With `continuousCornerExtent` it cuts the
    /// diagonal where a circular corner of the same radius would (1 − 2^(−1/n) = 0.293 / 1.528),
    /// and its curvature falls to zero where it meets the sides.
    static let continuousCornerExponent = 3.3
    /// 24, line segments per corner: well under a tenth of a pixel from the curve at 96 px.
    static let continuousCornerSegments = 24
    /// 0.55, the glyph's side as a fraction of the app icon's.
    static let appIconGlyphRatio = 0.55
    /// The gradient runs from the tint mixed with 22 % white at the top to the tint mixed with
    /// 12 % black at the bottom: the soft top light of iOS 7-style icons.
    static let appIconTopLighten = 0.22
    static let appIconBottomDarken = 0.12

    /// Draws an app icon: a rounded square with continuous corners (radius 22.5 % of the side)
    /// in the largest square centred in `rect`, filled with a vertical gradient of `tint`, and
    /// `glyph` in white at 55 % of its size in the middle.
    public static func drawAppIcon(_ glyph: ShortcutIconType, tint: RGBA, in rect: Rect, into cr: OpaquePointer) {
        let side = min(rect.width, rect.height)
        guard side > 0, side.isFinite, rect.x.isFinite, rect.y.isFinite else { return }
        let square = Rect(x: rect.x + (rect.width - side) / 2, y: rect.y + (rect.height - side) / 2,
                          width: side, height: side)
        cairo_save(cr)
        cairo_new_path(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        continuousRoundedSquare(square, into: cr)
        if let gradient = cairo_pattern_create_linear(0, square.y, 0, square.maxY) {
            let top = mix(tint, with: RGBA(1, 1, 1, tint.a), appIconTopLighten)
            let bottom = mix(tint, with: RGBA(0, 0, 0, tint.a), appIconBottomDarken)
            cairo_pattern_add_color_stop_rgba(gradient, 0, top.r, top.g, top.b, top.a)
            cairo_pattern_add_color_stop_rgba(gradient, 1, bottom.r, bottom.g, bottom.b, bottom.a)
            cairo_set_source(cr, gradient)
            cairo_pattern_destroy(gradient)
        } else {
            cairo_set_source_rgba(cr, tint.r, tint.g, tint.b, tint.a)
        }
        cairo_fill(cr)
        cairo_restore(cr)
        let glyphSide = side * appIconGlyphRatio
        draw(glyph, in: Rect(x: square.x + (side - glyphSide) / 2, y: square.y + (side - glyphSide) / 2,
                             width: glyphSide, height: glyphSide),
             colour: RGBA(1, 1, 1, tint.a), into: cr)
    }

    /// The outline of `square` with continuous corners, as a closed path.
    static func continuousRoundedSquare(_ square: Rect, into cr: OpaquePointer) {
        let extent = min(square.width / 2, square.width * appIconCornerRatio * continuousCornerExtent)
        let n = continuousCornerExponent, segments = continuousCornerSegments
        // Each corner is a quarter superellipse |x/e|^n + |y/e|^n = 1 centred `extent` inside the
        // corner; (sx, sy) is the corner's direction from that centre. Clockwise from top left.
        let corners: [(Double, Double, Double, Double)] = [
            (square.x + extent, square.y + extent, -1, -1),
            (square.maxX - extent, square.y + extent, 1, -1),
            (square.maxX - extent, square.maxY - extent, 1, 1),
            (square.x + extent, square.maxY - extent, -1, 1),
        ]
        cairo_new_sub_path(cr)
        for (k, (cx, cy, sx, sy)) in corners.enumerated() {
            for i in 0...segments {
                // From the side before the corner to the side after it, clockwise.
                var t = Double(i) / Double(segments) * Double.pi / 2
                if !k.isMultiple(of: 2) { t = Double.pi / 2 - t }
                let x = cx + sx * extent * pow(max(0, cos(t)), 2 / n)
                let y = cy + sy * extent * pow(max(0, sin(t)), 2 / n)
                cairo_line_to(cr, x, y)
            }
        }
        cairo_close_path(cr)
    }

    /// `a` moved toward `b` by `amount` (0…1).
    static func mix(_ a: RGBA, with b: RGBA, _ amount: Double) -> RGBA {
        RGBA(a.r + (b.r - a.r) * amount, a.g + (b.g - a.g) * amount, a.b + (b.b - a.b) * amount,
             a.a + (b.a - a.a) * amount)
    }
}
