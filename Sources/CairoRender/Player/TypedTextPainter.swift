import CCairo
import ForceCore

/// A field's text as it is typed (`TypedText`), one line: the text as typed (never
/// translated), cut at its start when it is too long so its end stays in view; an input
/// method's composition after it, underlined; the caret after both; and, when the whole text
/// is selected, a highlight behind it. The picker's name and path and the player's strip
/// draw their fields so.
enum TypedTextPainter {
    /// The highlight behind selected text: light, over the dark panels and the accent row alike.
    static let selection = RGBA(1, 1, 1, 0.32)

    /// Draws `field` with its top-left at `origin` within `width`; its text `style` (the caret
    /// in `caret`, 16 pt tall for 13 pt text). Returns the width the text and composition take.
    @discardableResult
    static func draw(_ field: TypedText, at origin: Point, width: Double, style: TextPainter.Style, caret: RGBA,
                     in cr: OpaquePointer) -> Double {
        var style = style
        style.translated = false
        let shown = field.text + field.composing
        let typed = min(width, TextPainter.measure(shown, style: style, width: nil, in: cr).width)
        let lineHeight = style.size * 1.25
        if field.isSelected {
            CairoDrawing.fillRoundedRect(Rect(x: origin.x - 2, y: origin.y - 1, width: typed + 4, height: lineHeight + 2),
                                         radius: 3, colour: selection, cr)
        }
        TextPainter.draw(shown, at: origin, style: style, width: width, overflow: .ellipsizeStart, in: cr)
        if !field.composing.isEmpty {
            // The composition underlined, where it ends the text.
            let tail = min(typed, TextPainter.measure(field.composing, style: style, width: nil, in: cr).width)
            cairo_rectangle(cr, origin.x + typed - tail, origin.y + lineHeight, tail, 1)
            CairoDrawing.setColour(style.colour, cr)
            cairo_fill(cr)
        }
        cairo_rectangle(cr, origin.x + typed + 1, origin.y, 1.5, lineHeight)
        CairoDrawing.setColour(caret, cr)
        cairo_fill(cr)
        return typed
    }
}
