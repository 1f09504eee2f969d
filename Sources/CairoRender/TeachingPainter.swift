import CCairo
import Foundation
import ForceCore

/// Draws the teaching views: the event log of delegate callbacks and the force-over-time plot.
struct TeachingPainter {
    let teaching: TeachingDisplay
    let viewport: Viewport
    /// The plot sits above the gauge (bottom left), the log above the plot: this is the gauge's top.
    let bottom: Double

    static let margin = 16.0
    static let logSize = (width: 440.0, lineHeight: 17.0)
    static let plotSize = (width: 440.0, height: 150.0)

    var plotRect: Rect? {
        guard teaching.plot != nil else { return nil }
        return Rect(x: Self.margin, y: bottom - Self.plotSize.height,
                    width: Self.plotSize.width, height: Self.plotSize.height)
    }

    var logRect: Rect? {
        guard let log = teaching.log else { return nil }
        let h = 34 + Self.logSize.lineHeight * Double(max(1, log.entries.count))
        let bottom = (plotRect?.y ?? self.bottom + 8) - 8
        return Rect(x: Self.margin, y: bottom - h, width: Self.logSize.width, height: h)
    }

    func draw(_ cr: OpaquePointer) {
        if let r = plotRect, let plot = teaching.plot { drawPlot(plot, in: r, cr) }
        if let r = logRect, let log = teaching.log { drawLog(log, in: r, cr) }
    }

    private func drawLog(_ log: EventLog, in r: Rect, _ cr: OpaquePointer) {
        CairoDrawing.fillRoundedRect(r, radius: 10, colour: Palette.panel, cr)
        TextPainter.draw("CALLBACKS", at: Point(x: r.x + 12, y: r.y + 9), style: .init(size: 11, bold: true, colour: Palette.panelDim),
                         width: r.width - 24, overflow: .ellipsize, in: cr)
        if log.entries.isEmpty {
            TextPainter.draw("(none yet: force-press a row, an icon or the bar)", at: Point(x: r.x + 12, y: r.y + 28),
                             style: .init(size: 11, colour: Palette.panelDim), width: r.width - 24, overflow: .ellipsize, in: cr)
        }
        for (i, e) in log.entries.enumerated() {
            let y = r.y + 28 + Double(i) * Self.logSize.lineHeight
            TextPainter.draw(String(format: "%6.2f", e.time), at: Point(x: r.x + 12, y: y),
                             style: .init(size: 11, mono: true, colour: Palette.panelDim), width: 52, in: cr)
            let text = e.count > 1 ? "\(e.text)  ×\(e.count)" : e.text
            TextPainter.draw(text, at: Point(x: r.x + 66, y: y), style: .init(size: 11, mono: true),
                             width: r.width - 78, overflow: .ellipsize, in: cr)
        }
    }

    private func drawPlot(_ plot: ForcePlot, in r: Rect, _ cr: OpaquePointer) {
        CairoDrawing.fillRoundedRect(r, radius: 10, colour: Palette.panel, cr)
        TextPainter.draw("FORCE · last \(Int(ForceHistory.span)) s", at: Point(x: r.x + 12, y: r.y + 9),
                         style: .init(size: 11, bold: true, colour: Palette.panelDim), width: r.width - 24, overflow: .ellipsize, in: cr)
        let area = Rect(x: r.x + 12, y: r.y + 30, width: r.width - 70, height: r.height - 42)
        func point(_ t: Double, _ f: Double) -> Point {
            Point(x: area.x + area.width * (1 - (plot.now - t) / ForceHistory.span), y: area.maxY - area.height * Force.normalized(f))
        }
        cairo_set_line_width(cr, 1)
        CairoDrawing.setColour(RGBA(1, 1, 1, 0.15), cr)
        cairo_rectangle(cr, area.x + 0.5, area.y + 0.5, area.width - 1, area.height - 1)
        cairo_stroke(cr)
        let dash = [4.0, 3.0]
        for (i, th) in plot.thresholds.enumerated() {
            let y = (area.maxY - area.height * th.value).rounded() + 0.5
            let colour = [Palette.accent, RGBA(1.0, 0.58, 0.0), RGBA(0.30, 0.85, 0.39)][i % 3]
            cairo_set_dash(cr, dash, Int32(dash.count), 0)
            CairoDrawing.setColour(colour.with(alpha: 0.8), cr)
            cairo_move_to(cr, area.x, y)
            cairo_line_to(cr, area.maxX, y)
            cairo_stroke(cr)
            cairo_set_dash(cr, nil, 0, 0)
            TextPainter.draw(String(format: "%@ %.2f", th.name, th.value), at: Point(x: area.maxX + 6, y: y - 7),
                             style: .init(size: 10, colour: colour), width: 56, overflow: .ellipsize, in: cr)
        }
        let line = plot.history.line(now: plot.now)
        guard line.count > 1 else { return }
        cairo_save(cr)
        cairo_rectangle(cr, area.x, area.y - 2, area.width, area.height + 4)
        cairo_clip(cr)
        cairo_set_line_width(cr, 2)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        CairoDrawing.setColour(Palette.panelText, cr)
        for (i, v) in line.enumerated() {
            let p = point(v.time, v.force)
            if i == 0 { cairo_move_to(cr, p.x, p.y) } else { cairo_line_to(cr, p.x, p.y) }
        }
        cairo_stroke(cr)
        if let last = line.last, plot.history.current?.isPressed == true {
            CairoDrawing.fillCircle(point(last.time, last.force), radius: 4, colour: Palette.deep, cr)
        }
        cairo_restore(cr)
    }
}
