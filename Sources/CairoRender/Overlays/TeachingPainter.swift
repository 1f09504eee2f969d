import CCairo
import Foundation
import ForceCore

/// Draws the teaching views: the event log of delegate callbacks and the force-over-time plot,
/// in the rects the dock gives them.
struct TeachingPainter {
    let teaching: TeachingDisplay
    let plotRect: Rect?
    let logRect: Rect?

    /// 11 pt monospaced lines, 16 pt apart; the time column is 54 pt wide.
    static let logLine = (size: 11.0, spacing: 2.0, timeWidth: 54.0)

    init(teaching: TeachingDisplay, plotRect: Rect?, logRect: Rect?) {
        self.teaching = teaching
        self.plotRect = teaching.plot == nil ? nil : plotRect
        self.logRect = teaching.log == nil ? nil : logRect
    }

    func draw(_ cr: OpaquePointer) {
        if let r = plotRect, let plot = teaching.plot { drawPlot(plot, in: r, cr) }
        if let r = logRect, let log = teaching.log { drawLog(log, in: r, cr) }
    }

    /// The newest callbacks that fit, each wrapped (never cut), oldest at the top.
    private func drawLog(_ log: EventLog, in r: Rect, _ cr: OpaquePointer) {
        CairoDrawing.fillRoundedRect(r, radius: 10, colour: Palette.panel, cr)
        TextPainter.draw("CALLBACKS", at: Point(x: r.x + 12, y: r.y + 9), style: .init(size: 11, bold: true, colour: Palette.panelDim),
                         width: r.width - 24, overflow: .ellipsize, in: cr)
        let l = Self.logLine
        let textX = r.x + 12 + l.timeWidth, textWidth = r.maxX - 12 - textX
        if log.entries.isEmpty {
            TextPainter.draw("(none yet: force-press a row, an icon or the bar)", at: Point(x: r.x + 12, y: r.y + 28),
                             style: .init(size: 11, colour: Palette.panelDim), width: r.width - 24, in: cr)
            return
        }
        let style = TextPainter.Style(size: l.size, mono: true)
        var shown: [(EventLog.Entry, String, Double)] = []
        var height = 0.0
        let room = r.height - 28 - 8
        for e in log.entries.reversed() {
            let text = e.count > 1 ? "\(e.text)  ×\(e.count)" : e.text
            let h = TextPainter.measure(text, style: style, width: textWidth, in: cr).height + l.spacing
            guard height + h <= room else { break }
            shown.append((e, text, h))
            height += h
        }
        var y = r.y + 28
        for (e, text, h) in shown.reversed() {
            TextPainter.draw(String(format: "%6.2f", e.time), at: Point(x: r.x + 12, y: y),
                             style: .init(size: l.size, mono: true, colour: Palette.panelDim), width: l.timeWidth, in: cr)
            TextPainter.draw(text, at: Point(x: textX, y: y), style: style, width: textWidth, in: cr)
            y += h
        }
    }

    private func drawPlot(_ plot: ForcePlot, in r: Rect, _ cr: OpaquePointer) {
        CairoDrawing.fillRoundedRect(r, radius: 10, colour: Palette.panel, cr)
        TextPainter.draw("FORCE · last \(Int(ForceHistory.span)) s", at: Point(x: r.x + 12, y: r.y + 9),
                         style: .init(size: 11, bold: true, colour: Palette.panelDim), width: r.width - 24, overflow: .ellipsize, in: cr)
        let area = Rect(x: r.x + 12, y: r.y + 30, width: r.width - 92, height: r.height - 42)
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
                             style: .init(size: 10, colour: colour), width: 78, in: cr)
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
