import CCairo
import ForceCore

/// The flash of a checkpoint F5 just recorded: a white veil over the frame and an accent
/// border, both fading out, with the checkpoint's name in a pill at the top.
struct CheckpointFlashPainter {
    let flash: CheckpointFlashDisplay
    let viewport: Viewport

    /// 0.35: the veil's opacity when the flash starts (chosen: the scene stays readable).
    static let veilAlpha = 0.35
    /// 6 pt, the border's width (chosen: visible at the window's edge, clear of the tabs' text).
    static let borderWidth = 6.0
    /// The name pill: 26 pt high, 48 pt below the top (under the scene tabs), 13 pt text.
    static let pillHeight = 26.0
    static let pillTop = 48.0
    static let pillFontSize = 13.0

    var label: String { "● \(flash.name)" }

    /// The whole frame: the veil covers it.
    var rect: Rect { viewport.bounds }

    func draw(_ cr: OpaquePointer) {
        let a = flash.alpha
        CairoDrawing.setColour(RGBA(1, 1, 1, Self.veilAlpha * a), cr)
        cairo_paint(cr)
        let b = Self.borderWidth
        cairo_rectangle(cr, b / 2, b / 2, Double(viewport.width) - b, Double(viewport.height) - b)
        cairo_set_line_width(cr, b)
        CairoDrawing.setColour(Palette.accent.with(alpha: a), cr)
        cairo_stroke(cr)
        let style = TextPainter.Style(size: Self.pillFontSize, bold: true, colour: Palette.panelText.with(alpha: a))
        let size = TextPainter.measure(label, style: style, width: nil, in: cr)
        let pill = Rect(x: (Double(viewport.width) - size.width) / 2 - 14, y: Self.pillTop,
                        width: size.width + 28, height: Self.pillHeight)
        CairoDrawing.fillRoundedRect(pill, radius: Self.pillHeight / 2, colour: Palette.accent.with(alpha: a), cr)
        TextPainter.draw(label, at: Point(x: pill.x + 14, y: pill.y + (Self.pillHeight - size.height) / 2), style: style, in: cr)
    }
}
