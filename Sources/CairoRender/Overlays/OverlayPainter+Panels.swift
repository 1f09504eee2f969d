import CCairo
import Foundation
import ForceCore

/// The dock and the panels that are not teaching views: gauge, HUD, debug legend, status.
extension OverlayPainter {
    /// The dock behind the panels (a desk beside the device's screen), with a note naming any
    /// open panel it had no room for.
    func drawDock(_ cr: OpaquePointer) {
        let r = layout.dockFrame
        cairo_rectangle(cr, r.x, r.y, r.width, r.height)
        set(Palette.dock, cr)
        cairo_fill(cr)
        // A hairline where the dock meets the screen.
        let edge = layout.dock == .side ? Rect(x: r.maxX - 1, y: r.y, width: 1, height: r.height)
            : Rect(x: r.x, y: r.y, width: r.width, height: 1)
        cairo_rectangle(cr, edge.x, edge.y, edge.width, edge.height)
        set(RGBA(1, 1, 1, 0.12), cr)
        cairo_fill(cr)
        guard !layout.hidden.isEmpty else { return }
        let names = layout.hidden.map(\.rawValue).joined(separator: ", ")
        // N only where it brings one in; else what does: smaller text (Shift+U) or a larger window.
        let one = layout.hidden.count == 1
        let line = layout.hiddenCanTurnIn ? "no room for: \(names) · N brings them in turn (a larger window shows them all)"
            : layout.uiScale > 1 ? (one ? "no room for: \(names) · smaller text (Shift+U) or a larger window shows it"
                                        : "no room for: \(names) · smaller text (Shift+U) or a larger window shows them")
            : one ? "no room for: \(names) · a larger window shows it" : "no room for: \(names) · a larger window shows them"
        let style = TextPainter.Style(size: 10, colour: Palette.panelDim)
        let scale = Self.dockLineScale(uiScale: layout.uiScale, dockWidth: r.width,
                                       textWidth: TextPainter.measure(line, style: style, width: nil, in: cr).width)
        inScale(scale, r, cr) { r in
            TextPainter.draw(line, at: Point(x: r.x + Self.margin, y: r.maxY - Self.margin + 2), style: style,
                             width: r.width - 2 * Self.margin, overflow: .ellipsize, in: cr)
        }
    }

    /// The dock's line at its text size (`uiScale`) where it fits the dock's width with its
    /// margins, else as much smaller as fits it, never below 1×: at 3× in a 640 pt window the
    /// line was cut after "or a larger window s…", its advice unread. `textWidth` is the line's
    /// width at 1×.
    static func dockLineScale(uiScale: Double, dockWidth: Double, textWidth: Double) -> Double {
        ScreenLayout.scale(uiScale, fitting: max(1, textWidth + 2 * margin), in: dockWidth)
    }

    func panel(_ r: Rect, _ cr: OpaquePointer, radius: Double = 10, colour: RGBA = Palette.panel) {
        CairoDrawing.fillRoundedRect(r, radius: radius, colour: colour, cr)
    }

    func drawGauge(_ cr: OpaquePointer) {
        guard !gaugeRect.isNull else { return }
        // The compact gauge belongs to the scene tabs' strip, which keeps its size; the floating
        // one is as large as its window holds (`ScreenLayout.floatingGaugeScale`), a docked one
        // as the dock's text.
        if layout.compactGauge {
            drawGauge(gaugeRect, cr)
        } else if layout.dock == .none {
            inScale(gaugeRect.width / ScreenLayout.floatingGaugeSize.width, gaugeRect, cr) { drawGauge($0, cr) }
        } else {
            inUIScale(gaugeRect, cr) { drawGauge($0, cr) }
        }
    }

    private func drawGauge(_ r: Rect, _ cr: OpaquePointer) {
        let g = display.gauge
        panel(r, cr, radius: layout.compactGauge ? r.height / 2 : 10)
        let colour = g.isDeepPress ? Palette.deep : Palette.accent
        if layout.compactGauge {
            let figure = String(format: "%.2f", g.force)
            let figureColour = g.isPressed ? Palette.panelText : Palette.panelDim
            guard r.width >= ScreenLayout.compactGaugeBarWidth else {
                // The narrowest strip's gauge: the figure alone, smaller, within its pill.
                TextPainter.draw(figure, at: Point(x: r.x, y: r.y + 7), style: .init(size: 12, bold: true, mono: true, colour: figureColour),
                                 width: r.width, alignment: .center, in: cr)
                return
            }
            // The small windows' gauge: the figure and a bar, in the top strip.
            TextPainter.draw(figure, at: Point(x: r.x + 10, y: r.y + 5), style: .init(size: 14, bold: true, mono: true, colour: figureColour),
                             width: 44, in: cr)
            let bar = Rect(x: r.x + 58, y: r.y + 11, width: max(0, r.width - 70), height: 6)
            drawBar(bar, force: g.force, colour: colour, ticks: false, cr)
            return
        }
        let label = g.isDeepPress ? "PRESSURE · DEEP" : (g.isPressed ? "PRESSURE · PRESSED" : "PRESSURE")
        TextPainter.draw(label, at: Point(x: r.x + 12, y: r.y + 8),
                         style: .init(size: 11, bold: true, colour: Palette.panelDim), width: r.width - 100,
                         overflow: .ellipsize, in: cr)
        TextPainter.draw(String(format: "%.2f", g.force), at: Point(x: r.maxX - 74, y: r.y + 5),
                         style: .init(size: 20, bold: true, mono: true), width: 66, in: cr)
        drawBar(Rect(x: r.x + 12, y: r.y + 34, width: r.width - 24, height: 12), force: g.force, colour: colour, ticks: true, cr)
        let source = g.source == .mouse ? "mouse · wheel emulator" : g.source.rawValue + (g.isHovering ? (g.source == .finger ? " · lifted" : " · hovering") : "")
        TextPainter.draw(source, at: Point(x: r.x + 12, y: r.y + 49),
                         style: .init(size: 10, colour: Palette.panelDim), width: r.width - 24, overflow: .ellipsize, in: cr)
        if let line = widthLine {
            TextPainter.draw(line, at: Point(x: r.x + 12, y: r.y + 63), style: .init(size: 10, colour: Palette.panelText),
                             width: r.width - 24, overflow: .ellipsize, in: cr)
        }
    }

    /// On the canvas: the ink's width at the gauge's force and which mapping gives it (W).
    var widthLine: String? {
        display.gauge.inkWidth.map { w in
            guard w.tool != .pen else { return String(format: "ink %.1f pt wide · %@ width (W)", w.width, w.mapping.title) }
            let colour = w.tool.pieceColour.map { String($0.hex.prefix(7)) } ?? "ink"
            return String(format: "%@ %g pt %@ · ink %.1f pt wide", w.tool.kind.rawValue, w.tool.size ?? 16, colour, w.width)
        }
    }

    /// The gauge's bar, with ticks every 0.1 (the emulator's default step).
    private func drawBar(_ bar: Rect, force: Double, colour: RGBA, ticks: Bool, _ cr: OpaquePointer) {
        cairo_rectangle(cr, bar.x, bar.y, bar.width, bar.height)
        set(RGBA(1, 1, 1, 0.15), cr)
        cairo_fill(cr)
        cairo_rectangle(cr, bar.x, bar.y, bar.width * Force.normalized(force), bar.height)
        set(colour, cr)
        cairo_fill(cr)
        guard ticks else { return }
        set(RGBA(1, 1, 1, 0.35), cr)
        cairo_set_line_width(cr, 1)
        for k in 1..<10 {
            let x = (bar.x + bar.width * Double(k) / 10).rounded() + 0.5
            cairo_move_to(cr, x, bar.maxY - 4)
            cairo_line_to(cr, x, bar.maxY)
        }
        cairo_stroke(cr)
    }

    /// What the HUD shows (its lines come from it, and the renderer compares it).
    var hud: HUDContent { HUDContent(display: display, stats: stats) }

    /// The HUD's lines; explanations wrap, never cut.
    var hudLines: [(text: String, mono: Bool)] { hud.lines }

    func drawHUD(_ r: Rect, _ cr: OpaquePointer) {
        panel(r, cr)
        var y = r.y + 10
        for line in hudLines {
            y += TextPainter.draw(line.text, at: Point(x: r.x + 12, y: y), style: .init(size: 12, mono: line.mono),
                                  width: r.width - 24, in: cr) + 4
        }
    }

    /// The debug colours, in as many columns as the panel's width holds.
    func drawLegend(_ r: Rect, _ cr: OpaquePointer) {
        panel(r, cr)
        let all = DebugCategory.allCases
        let columns = max(1, min(3, Int((r.width - 20) / 130)))
        let rows = (all.count + columns - 1) / columns
        let columnWidth = (r.width - 20) / Double(columns)
        for (i, c) in all.enumerated() {
            let x = r.x + 10 + columnWidth * Double(i / rows), y = r.y + 10 + 19 * Double(i % rows)
            // Each marker in its shape and colour (standard's black too, as the ink shows it), on
            // a light disc so a dark colour reads on the dark panel.
            DebugMarker.fill(c, at: Point(x: x + 8, y: y + 8), radius: 7, colour: Palette.debug(c), cr)
            TextPainter.draw(c.rawValue, at: Point(x: x + 20, y: y), style: .init(size: 12), width: columnWidth - 24,
                             overflow: .ellipsize, in: cr)
        }
    }

    /// A passing message. Too long for its line, it loses its middle: its start says what
    /// happened and its end, often a file's name or the reason, stays.
    func drawStatus(_ text: String, _ r: Rect, _ cr: OpaquePointer) {
        panel(r, cr, radius: 8)
        drawMessage(text, r, style: Self.statusStyle, cr)
    }

    /// A problem that lasts (autosave failing, a recording stopped): the status line in red,
    /// wrapped as the status is.
    func drawWarning(_ text: String, _ r: Rect, _ cr: OpaquePointer) {
        panel(r, cr, radius: 8, colour: Palette.deep.with(alpha: 0.92))
        drawMessage(text, r, style: Self.warningStyle, cr)
    }

    static let statusStyle = TextPainter.Style(size: 12)
    static let warningStyle = TextPainter.Style(size: 12, bold: true)

    /// A message's text in its panel `r`: wrapped onto up to `messageLines` lines, the last cut
    /// in its middle (a long path keeps its file name).
    private func drawMessage(_ text: String, _ r: Rect, style: TextPainter.Style, _ cr: OpaquePointer) {
        let inset = Self.messageInset
        TextPainter.draw(text, at: Point(x: r.x + inset.x, y: r.y + inset.y), style: style, width: r.width - 2 * inset.x,
                         overflow: .wrapThenEllipsizeMiddle(lines: Self.messageLines), in: cr)
    }

    /// The height of a message's text laid out as `drawMessage` lays it out, `width` wide.
    static func messageTextHeight(_ text: String, width: Double, style: TextPainter.Style, in cr: OpaquePointer) -> Double {
        TextPainter.measure(text, style: style, width: width, overflow: .wrapThenEllipsizeMiddle(lines: messageLines), in: cr).height
    }
}
