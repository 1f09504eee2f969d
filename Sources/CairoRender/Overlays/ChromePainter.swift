import CCairo
import Foundation
import ForceCore

/// Draws the system chrome over every scene: the home indicator, the arrow of a deferred
/// swipe, and the notification shade.
struct ChromePainter {
    let chrome: ChromeDisplay
    /// Dark on light scenes, light on dark ones.
    let lightContent: Bool

    static let arrowSize = ChromeDisplay.arrowSize

    var indicatorRect: Rect { chrome.indicatorRect }

    var arrowRect: Rect? { chrome.arrowRect }

    func drawIndicator(_ cr: OpaquePointer) {
        let r = indicatorRect
        let colour = lightContent ? RGBA(1, 1, 1) : RGBA(0, 0, 0)
        CairoDrawing.fillRoundedRect(r, radius: r.height / 2, colour: colour.with(alpha: chrome.indicatorAlpha), cr)
    }

    /// The small arrow that says "this swipe went to the app; swipe again for the system".
    func drawArrow(_ cr: OpaquePointer) {
        guard let a = chrome.arrow, let r = arrowRect else { return }
        let c = r.center, s = Self.arrowSize * 0.45
        CairoDrawing.fillCircle(c, radius: Self.arrowSize * 0.8, colour: RGBA(0.1, 0.1, 0.12, 0.55 * a.alpha), cr)
        // A chevron pointing inward from the edge.
        let inward = a.edge.inward
        let tip = Point(x: c.x + inward.x * s * 0.6, y: c.y + inward.y * s * 0.6)
        let back = Point(x: c.x - inward.x * s * 0.4, y: c.y - inward.y * s * 0.4)
        let side = Point(x: -inward.y * s, y: inward.x * s)
        cairo_new_path(cr)
        cairo_move_to(cr, back.x + side.x, back.y + side.y)
        cairo_line_to(cr, tip.x, tip.y)
        cairo_line_to(cr, back.x - side.x, back.y - side.y)
        cairo_set_line_width(cr, 3)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        CairoDrawing.setColour(RGBA(1, 1, 1, a.alpha), cr)
        cairo_stroke(cr)
    }

    /// 0.985: the shade's opacity (what is under it does not show through its text).
    static let shadeOpacity = 0.985

    /// The notification shade, pulled down to `chrome.shade` of the screen's height: its
    /// content hangs from its lower edge, which has a grabber; the hint sits under the cards.
    func drawShade(time: Double, _ cr: OpaquePointer) {
        let screen = chrome.screen
        let h = screen.height * chrome.shade, w = screen.width
        guard h > 0 else { return }
        cairo_save(cr)
        cairo_rectangle(cr, screen.x, screen.y, w, h)
        cairo_clip(cr)
        cairo_translate(cr, screen.x, screen.y + h - screen.height)
        CairoDrawing.setColour(RGBA(0.08, 0.08, 0.11, Self.shadeOpacity), cr)
        cairo_paint(cr)
        let col = min(480.0, w - 32), x = (w - col) / 2
        TextPainter.draw("Notification Centre", at: Point(x: x, y: 70), style: .init(size: 26, bold: true), width: col,
                         overflow: .ellipsize, in: cr)
        let cards = [("FORCECANVAS", "Swipe from the top edge opened this shade: it was not protected."),
                     ("SYSTEM GESTURES", "Press E to protect the current scene's edges, I for home-indicator auto-hide.")]
        var y = 120.0
        for card in cards {
            let style = TextPainter.Style(size: 14)
            let textHeight = TextPainter.measure(card.1, style: style, width: col - 32, in: cr).height
            let r = Rect(x: x, y: y, width: col, height: max(80, textHeight + 46))
            // Opaque under their tint, as iOS's frosted cards read: the scene's text never shows through.
            CairoDrawing.fillRoundedRect(r, radius: 14, colour: RGBA(0.08, 0.08, 0.11), cr)
            CairoDrawing.fillRoundedRect(r, radius: 14, colour: RGBA(1, 1, 1, 0.12), cr)
            TextPainter.draw(card.0, at: Point(x: r.x + 16, y: r.y + 12), style: .init(size: 11, bold: true, colour: Palette.panelDim),
                             width: r.width - 32, overflow: .ellipsize, in: cr)
            TextPainter.draw(card.1, at: Point(x: r.x + 16, y: r.y + 32), style: style, width: r.width - 32, in: cr)
            y = r.maxY + 12
        }
        TextPainter.draw("tap, Esc or drag up to close", at: Point(x: x, y: y + 4),
                         style: .init(size: 12, colour: Palette.panelDim), width: col, alignment: .center, in: cr)
        let grabber = Rect(x: w / 2 - 20, y: screen.height - 12, width: 40, height: 5)
        CairoDrawing.fillRoundedRect(grabber, radius: 2.5, colour: RGBA(1, 1, 1, 0.35), cr)
        cairo_restore(cr)
    }
}
