import CCairo
import Foundation
import ForceCore

/// Draws the pressure-curve panel: the grid, the diagonal for reference, the Bézier with its
/// control handles, and the current raw → curved force as a dot with guide lines.
struct CurvePanelPainter {
    let view: CurveView
    let panel: CurvePanel

    /// 64 segments: the plotted curve is smooth at the panel's size.
    static let plotSegments = 64
    static let handleRadius = 6.0
    static let dotRadius = 5.0

    func draw(_ cr: OpaquePointer) {
        let f = panel.frame, plot = panel.plot, c = view.curve
        let dash = [3.0, 3.0]
        CairoDrawing.fillRoundedRect(f, radius: 10, colour: Palette.panel, cr)
        TextPainter.draw("PRESSURE CURVE", at: Point(x: f.x + 12, y: f.y + 9),
                         style: .init(size: 11, bold: true, colour: Palette.panelDim), width: 130, overflow: .ellipsize, in: cr)
        TextPainter.draw(c.preset?.rawValue ?? "custom", at: Point(x: f.maxX - 94, y: f.y + 9),
                         style: .init(size: 11, bold: true, colour: Palette.accent), width: 82, alignment: .right,
                         overflow: .ellipsize, in: cr)

        // Grid at quarters, and the identity diagonal.
        cairo_set_line_width(cr, 1)
        CairoDrawing.setColour(RGBA(1, 1, 1, 0.12), cr)
        for k in 0...4 {
            let t = Double(k) / 4
            let x = (plot.x + plot.width * t).rounded() + 0.5, y = (plot.y + plot.height * t).rounded() + 0.5
            cairo_move_to(cr, x, plot.y)
            cairo_line_to(cr, x, plot.maxY)
            cairo_move_to(cr, plot.x, y)
            cairo_line_to(cr, plot.maxX, y)
        }
        cairo_stroke(cr)
        cairo_set_dash(cr, dash, Int32(dash.count), 0)
        CairoDrawing.setColour(RGBA(1, 1, 1, 0.25), cr)
        move(panel.point(x: 0, y: 0), cr)
        line(panel.point(x: 1, y: 1), cr)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)

        // Axis labels.
        let small = TextPainter.Style(size: 9, colour: Palette.panelDim)
        TextPainter.draw("0", at: Point(x: plot.x - 12, y: plot.maxY - 6), style: small, in: cr)
        TextPainter.draw("1", at: Point(x: plot.x - 12, y: plot.y - 6), style: small, in: cr)
        TextPainter.draw("raw →", at: Point(x: plot.maxX - 34, y: plot.maxY + 3), style: small, in: cr)
        TextPainter.draw("out", at: Point(x: plot.x - 28, y: plot.y + plot.height / 2 - 6), style: small, in: cr)

        // Control handles with their arms from the fixed ends. A handle on its end (linear) is
        // drawn along the diagonal, where it can be seen and grabbed, its arm dashed.
        let shown = panel.displayedHandles(of: c)
        let ends = [panel.point(x: 0, y: 0), panel.point(x: 1, y: 1)]
        CairoDrawing.setColour(Palette.panelDim.with(alpha: 0.7), cr)
        for i in 0..<2 {
            if panel.isOffset(handle: i, of: c) { cairo_set_dash(cr, dash, Int32(dash.count), 0) }
            move(ends[i], cr)
            line(shown[i], cr)
            cairo_stroke(cr)
            cairo_set_dash(cr, nil, 0, 0)
        }

        // The curve itself (the Bézier alone; minimum and multiplier are in the figures).
        cairo_set_line_width(cr, 2)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        CairoDrawing.setColour(Palette.accent, cr)
        for k in 0...Self.plotSegments {
            let x = Double(k) / Double(Self.plotSegments)
            let p = panel.point(x: x, y: c.curve(x))
            if k == 0 { move(p, cr) } else { line(p, cr) }
        }
        cairo_stroke(cr)

        for (i, h) in shown.enumerated() {
            let active = view.dragging == i
            CairoDrawing.fillCircle(h, radius: Self.handleRadius, colour: active ? Palette.accent : Palette.panelText, cr)
            CairoDrawing.strokeCircle(h, radius: Self.handleRadius, width: 1.5, colour: Palette.accent, cr)
        }

        // The moving dot: where the current raw force lands on the curve, with guides to both axes.
        let raw = Force.normalized(view.raw)
        let dot = panel.point(x: raw, y: c.curve(raw))
        cairo_set_line_width(cr, 1)
        CairoDrawing.setColour(Palette.deep.with(alpha: 0.6), cr)
        move(Point(x: dot.x, y: plot.maxY), cr)
        line(dot, cr)
        line(Point(x: plot.x, y: dot.y), cr)
        cairo_stroke(cr)
        CairoDrawing.fillCircle(dot, radius: Self.dotRadius, colour: Palette.deep, cr)

        let box = panel.figures
        var y = box.y
        let figures = String(format: "raw %.3f → out %.3f", raw, Force.normalized(view.curved))
        y += TextPainter.draw(figures, at: Point(x: box.x, y: y), style: .init(size: 11, mono: true), width: box.width, in: cr) + 4
        let settings = "PressCurve \(c.pressCurve) · min \(format(c.minimumPressure)) · ×\(format(c.multiplier))"
        y += TextPainter.draw(settings, at: Point(x: box.x, y: y), style: .init(size: 10, colour: Palette.panelDim),
                              width: box.width, in: cr) + 6
        if (0..<2).contains(where: { panel.isOffset(handle: $0, of: c) }), y + 12 <= box.maxY {
            TextPainter.draw("drag a handle to bend the curve", at: Point(x: box.x, y: y),
                             style: .init(size: 10, colour: Palette.accent), width: box.width, in: cr)
        }
    }

    private func format(_ v: Double) -> String { String(format: "%.2f", v) }
    private func move(_ p: Point, _ cr: OpaquePointer) { cairo_move_to(cr, p.x, p.y) }
    private func line(_ p: Point, _ cr: OpaquePointer) { cairo_line_to(cr, p.x, p.y) }
}
