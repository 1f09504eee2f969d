import CCairo
import Foundation
import ForceCore

/// Draws the Confirm scene as the reference demo (seed 004): a dark screen, an event card,
/// the full-width red DELETE EVENT bar, the force ring above the press, the DELETED pill.
struct ConfirmPainter {
    let confirm: ConfirmDisplay
    let viewport: Viewport

    /// (0.145, 0.145, 0.188), the reference's background.
    static let background = RGBA(0.145, 0.145, 0.188)
    /// (0.898, 0.276, 0.309), the reference bar's red.
    static let barRed = RGBA(0.898, 0.276, 0.309)
    static let ringGreen = RGBA(0.30, 0.85, 0.39)
    /// 2 pt, the reference ring's glow (a shadow of the same colour).
    static let glowRadius = 2.0

    func draw(_ cr: OpaquePointer) {
        drawBase(cr)
        drawPill(cr)
        drawState(cr)
        if let ring = confirm.ring { drawRing(ring, cr) }
    }

    /// What stays still while the button is pressed: the screen, the card and the bar.
    func drawBase(_ cr: OpaquePointer) {
        CairoDrawing.setColour(Self.background, cr)
        cairo_paint(cr)
        drawCard(cr)
        drawBar(cr)
    }

    private func drawCard(_ cr: OpaquePointer) {
        let card = confirm.layout.card
        let white = RGBA(1, 1, 1), dim = RGBA(0.72, 0.72, 0.78)
        guard let e = confirm.event else {
            TextPainter.draw("No events left · Z to undo the last delete", at: Point(x: card.x, y: card.y + 60),
                             style: .init(size: 16, colour: dim), width: card.width, alignment: .center, in: cr)
            return
        }
        CairoDrawing.fillRoundedRect(card, radius: 16, colour: RGBA(1, 1, 1, 0.06), cr)
        cairo_rectangle(cr, card.x, card.y + 16, 5, card.height - 32)
        CairoDrawing.setColour(Self.barRed, cr)
        cairo_fill(cr)
        TextPainter.draw("EVENT", at: Point(x: card.x + 24, y: card.y + 18), style: .init(size: 11, bold: true, colour: Self.barRed),
                         width: 200, overflow: .ellipsize, in: cr)
        TextPainter.draw(e.title, at: Point(x: card.x + 24, y: card.y + 40), style: .init(size: 24, bold: true, colour: white),
                         width: card.width - 48, overflow: .ellipsize, in: cr)
        TextPainter.draw(e.when, at: Point(x: card.x + 24, y: card.y + 84), style: .init(size: 15, colour: dim),
                         width: card.width - 48, overflow: .ellipsize, in: cr)
        // A short area's card keeps the title and the time; the place and the count go.
        guard !confirm.layout.isCompact else { return }
        TextPainter.draw(e.place, at: Point(x: card.x + 24, y: card.y + 108), style: .init(size: 15, colour: dim),
                         width: card.width - 48, overflow: .ellipsize, in: cr)
        let more = confirm.remaining > 1 ? "\(confirm.remaining - 1) more after this one" : "the last event"
        TextPainter.draw(more, at: Point(x: card.x + 24, y: card.y + 138), style: .init(size: 12, colour: dim.with(alpha: 0.8)),
                         width: card.width - 48, overflow: .ellipsize, in: cr)
    }

    /// The button's state for teaching: the state machine's state, the intention and its source.
    func drawState(_ cr: OpaquePointer) {
        StateLinesPainter(lines: confirm.state, rect: confirm.layout.state, background: (RGBA(1, 1, 1, 0.06), 10), inset: 12, top: 4,
                          alignment: .left, sizes: (12, 11), colours: (RGBA(1, 1, 1), RGBA(0.72, 0.72, 0.78))).draw(cr)
    }

    private func drawBar(_ cr: OpaquePointer) {
        let b = confirm.bar
        cairo_rectangle(cr, b.x, b.y, b.width, b.height)
        CairoDrawing.setColour(Self.barRed, cr)
        cairo_fill(cr)
        TextPainter.draw(DeleteEventDemo.barTitle, at: Point(x: b.x, y: b.y + (b.height - 20) / 2), style: .init(size: 17, bold: true, colour: RGBA(1, 1, 1)),
                         width: b.width, alignment: .center, overflow: .ellipsize, in: cr)
        let hint = confirm.usesTimedFallback ? "hold: the timed fallback fills the ring" : "press harder to fill the ring, slide into it, release"
        // Wrapped (it explains), growing upward from just above the bar.
        let h = confirm.layout.hint, style = TextPainter.Style(size: 12, colour: RGBA(0.72, 0.72, 0.78))
        let height = TextPainter.measure(hint, style: style, width: h.width, in: cr).height
        TextPainter.draw(hint, at: Point(x: h.x, y: h.maxY - max(h.height, height)), style: style, width: h.width,
                         alignment: .center, in: cr)
    }

    /// The DELETED pill while it fades in (and out).
    func drawPill(_ cr: OpaquePointer) {
        guard confirm.pillAlpha > 0 else { return }
        let pill = confirm.layout.pill
        let c = DeleteEventDemo.pillColor, tc = DeleteEventDemo.pillTextColor
        cairo_push_group(cr)
        CairoDrawing.fillRoundedRect(pill, radius: DeleteEventDemo.pillCornerRadius, colour: RGBA(c.red, c.green, c.blue), cr)
        TextPainter.draw(DeleteEventDemo.pillText, at: Point(x: pill.x, y: pill.y + 6),
                         style: .init(size: DeleteEventDemo.pillFontSize, bold: true, colour: RGBA(tc.red, tc.green, tc.blue)),
                         width: pill.width, alignment: .center, overflow: .ellipsize, in: cr)
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, confirm.pillAlpha)
    }

    static func colour(_ c: ConfirmRing.Colour) -> RGBA {
        switch c {
        case .white: RGBA(1, 1, 1)
        case .red: barRed
        case .green: ringGreen
        }
    }

    /// The ring: line width 1 with a 2 px glow of the same colour, scaled about its centre,
    /// the label in the middle.
    private func drawRing(_ ring: ConfirmRing, _ cr: OpaquePointer) {
        Self.ringShape(ring).draw(cr)
        drawRingLabel(ring, cr)
    }

    /// The ring's line and glow as a shape (1 pt wide, the reference's).
    static func ringShape(_ ring: ConfirmRing) -> RingShape {
        RingShape(center: ring.center, radius: ring.diameter / 2, width: lineWidth, fraction: ring.strokeEnd,
                  colour: colour(ring.colour), style: .glowing(radius: glowRadius), scale: ring.scale)
    }

    /// 1 pt, the reference ring's line width.
    static let lineWidth = 1.0

    /// The label in the ring's middle, scaled with it.
    func drawRingLabel(_ ring: ConfirmRing, _ cr: OpaquePointer) {
        guard !ring.label.isEmpty else { return }
        let colour = Self.colour(ring.colour), r = ring.diameter / 2, c = ring.center
        cairo_save(cr)
        cairo_translate(cr, c.x, c.y)
        cairo_scale(cr, ring.scale, ring.scale)
        TextPainter.draw(ring.label, at: Point(x: -r, y: -8), style: .init(size: 12, bold: true, colour: colour),
                         width: ring.diameter, alignment: .center, overflow: .ellipsize, in: cr)
        cairo_restore(cr)
    }
}
