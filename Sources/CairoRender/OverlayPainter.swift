import CCairo
import Foundation
import ForceCore

/// Frame timing the presenter measured, for the HUD. Nil in headless replays (virtual clock).
public struct FrameStats: Equatable, Sendable {
    public var fps: Double
    /// Frame cost percentiles in milliseconds.
    public var p50: Double
    public var p99: Double
    public init(fps: Double, p50: Double, p99: Double) {
        self.fps = fps
        self.p50 = p50
        self.p99 = p99
    }
}

/// The overlays above the ink: pressure gauge, HUD, help, debug legend, status line, reticle.
/// Every overlay reports the area it covers, so the frame renderer can keep dirty rects small.
struct OverlayPainter {
    let display: Display
    let stats: FrameStats?
    let status: String?
    /// A problem that stays on screen while it lasts (autosave failing, a recording stopped).
    var warning: String? = nil

    static let margin = 16.0
    static let gaugeSize = (width: 248.0, height: 66.0)
    static let hudWidth = 380.0
    static let hudHeight = 130.0
    static let legendSize = (width: 150.0, height: 132.0)
    /// TouchCanvas's reticle: radius 80, dot radius 8.
    static let reticleRadius = 80.0
    static let reticleDotRadius = 8.0

    /// The key list of the help overlay.
    static let helpLines: [(String, String)] = [
        ("Drag with a button held", "draw"),
        ("Wheel while pressed", "pressure ± one step (0.1)"),
        ("[  ]", "pressure − / + one step"),
        ("Shift", "deep press (1.0)"),
        ("D", "debug: TouchCanvas colours per point type"),
        ("P", "precise (sub-pixel) locations"),
        ("O", "pressure → opacity"),
        ("R", "renderer: outline ↔ classic"),
        ("S", "simulated pressure (force-less mouse)"),
        ("Z  /  Ctrl+Z", "undo stroke"),
        ("Y  /  Ctrl+Shift+Z", "redo stroke"),
        ("C", "clear (undoable)"),
        ("Ctrl+N", "new canvas (not undoable)"),
        ("Ctrl+S", "export PNG, SVG, PDF (+ .jsonl: Open Recent)"),
        ("H  /  F2", "HUD: fps, frame time, pressure, device"),
        ("1 2 3 4  /  Tab", "scenes: Canvas, Messages, Home, Confirm"),
        ("In a scene", "press, then wheel up: peek 0.20 · pop 0.75 · confirm 0.97"),
        ("L", "event log of the callbacks"),
        ("E", "edge protection: none → top → bottom → left → right → all"),
        ("I", "home indicator auto-hide"),
        ("G", "force-over-time plot with thresholds"),
        ("K", "pressure-curve panel (drag its handles)"),
        ("V", "pressure curve: soft → linear → firm"),
        ("?  /  F1", "this help"),
        ("Esc", "close help · Ctrl+Q quit"),
    ]

    // MARK: Areas

    /// The space at the bottom the scene keeps for itself (the Confirm scene's bar).
    var bottomInset: Double { display.confirm?.bar.height ?? 0 }

    var gaugeRect: Rect {
        Rect(x: Self.margin, y: Double(display.viewport.height) - bottomInset - Self.margin - Self.gaugeSize.height,
             width: Self.gaugeSize.width, height: Self.gaugeSize.height)
    }
    var hintRect: Rect { Rect(x: Double(display.viewport.width) - 120, y: 8, width: 112, height: 22) }
    var hudRect: Rect? {
        display.showHUD ? Rect(x: Self.margin, y: SceneTabs.reservedHeight + 8, width: Self.hudWidth, height: Self.hudHeight) : nil
    }
    var chrome: ChromePainter {
        ChromePainter(chrome: display.chrome, viewport: display.viewport,
                      lightContent: display.scene == .home || display.scene == .confirm)
    }
    var teaching: TeachingPainter {
        TeachingPainter(teaching: display.teaching, viewport: display.viewport, bottom: gaugeRect.y - 10)
    }
    var legendRect: Rect? {
        display.ink.style.debug
            ? Rect(x: Double(display.viewport.width) - Self.margin - Self.legendSize.width, y: hintRect.maxY + 6,
                   width: Self.legendSize.width, height: Self.legendSize.height) : nil
    }
    /// The help panel's columns: one when the list fits the window's height, else two.
    var helpColumns: Int {
        let available = Double(display.viewport.height) - 32 - Self.helpChrome
        return Double(Self.helpLines.count) * Self.helpRowHeight <= available ? 1 : 2
    }
    static let helpRowHeight = 22.0
    /// The title and padding around the key list.
    static let helpChrome = 70.0
    static let helpColumnWidth = 600.0

    var helpRect: Rect? {
        guard display.showHelp else { return nil }
        let columns = helpColumns
        let rows = (Self.helpLines.count + columns - 1) / columns
        let w = min(Self.helpColumnWidth * Double(columns), Double(display.viewport.width) - 32)
        let h = min(Double(rows) * Self.helpRowHeight + Self.helpChrome, Double(display.viewport.height) - 32)
        return Rect(x: (Double(display.viewport.width) - w) / 2, y: (Double(display.viewport.height) - h) / 2, width: w, height: h)
    }
    var statusRect: Rect? {
        guard status != nil else { return nil }
        // Stacked above the gauge, so the two never overlap whatever the window's width.
        let w = min(640, Double(display.viewport.width) - 2 * Self.margin)
        return Rect(x: Self.margin, y: gaugeRect.y - 8 - 30, width: w, height: 30)
    }
    /// Stacked above the status line (or where it would be).
    var warningRect: Rect? {
        guard warning != nil else { return nil }
        let w = min(640, Double(display.viewport.width) - 2 * Self.margin)
        return Rect(x: Self.margin, y: gaugeRect.y - 8 - 30 - (status != nil ? 38 : 0), width: w, height: 30)
    }
    /// The reticle shows a pen's tilt at the pointer, in debug mode.
    var reticle: (center: Point, altitude: Double, azimuth: Double)? {
        guard display.ink.style.debug, let live = display.ink.live,
            let p = live.points.last(where: \.isReal), let alt = p.altitude, let az = p.azimuth
        else { return nil }
        return (p.preciseLocation, alt, az)
    }

    /// Each overlay's area with a fingerprint of its content: the renderer redraws an area
    /// only when its fingerprint changed.
    var items: [(rect: Rect, content: String)] {
        let g = display.gauge
        var out: [(Rect, String)] = [
            (gaugeRect, "gauge \(g.force) \(g.isPressed) \(g.isDeepPress) \(g.source)"),
            (hintRect, "hint \(display.showHelp)"),
            (display.tabs.frame, "tabs \(display.scene)"),
        ]
        let t = teaching
        if let r = t.plotRect, let plot = display.teaching.plot {
            out.append((r, "plot \(plot.history.samples.last.map { "\($0)" } ?? "") \(plot.now) \(plot.thresholds)"))
        }
        if let r = t.logRect, let log = display.teaching.log { out.append((r, "log \(log.entries)")) }
        let c = chrome
        out.append((c.indicatorRect.insetBy(-2), "indicator \(display.chrome.indicatorAlpha) \(display.scene)"))
        if let r = c.arrowRect, let a = display.chrome.arrow { out.append((r, "arrow \(a)")) }
        if display.chrome.shade > 0 { out.append((display.viewport.bounds, "shade \(display.chrome.shade)")) }
        if let r = hudRect {
            out.append((r, "hud \(String(describing: stats)) \(display.figures) \(display.gauge.force) \(display.gauge.isPressed) \(display.ink.style) \(display.device) \(display.forceCapability) \(edgeLine)"))
        }
        if let panel = display.curve.panel {
            out.append((panel.frame, "curve \(display.curve.curve) \(display.curve.raw) \(display.curve.curved) \(String(describing: display.curve.dragging))"))
        }
        if let e = display.eraser {
            out.append((Rect(around: e, radius: InkCanvas.eraserRadius + 3), "eraser \(e)"))
        }
        if let r = legendRect { out.append((r, "legend")) }
        if let r = statusRect, let status { out.append((r, "status \(status)")) }
        if let r = warningRect, let warning { out.append((r, "warning \(warning)")) }
        if let r = helpRect { out.append((r, "help")) }
        if let t = reticle {
            out.append((Rect(around: t.center, radius: Self.reticleRadius + Self.reticleDotRadius + 2), "reticle \(t)"))
        }
        return out.map { (rect: $0.0.intersection(display.viewport.bounds), content: $0.1) }
    }

    // MARK: Drawing

    func draw(_ cr: OpaquePointer) {
        drawTabs(cr)
        teaching.draw(cr)
        if let t = reticle { drawReticle(t.center, altitude: t.altitude, azimuth: t.azimuth, cr) }
        drawGauge(cr)
        if !display.showHelp {
            TextPainter.draw("? / F1  help", at: Point(x: hintRect.x, y: hintRect.y + 3),
                             style: .init(size: 12, colour: RGBA(0.35, 0.35, 0.4)), width: hintRect.width,
                             overflow: .ellipsize, in: cr)
        }
        if let r = hudRect { drawHUD(r, cr) }
        if let r = legendRect { drawLegend(r, cr) }
        if let r = statusRect, let status { drawStatus(status, r, cr) }
        if let r = warningRect, let warning {
            panel(r, cr, radius: 8, colour: Palette.deep.with(alpha: 0.92))
            TextPainter.draw(warning, at: Point(x: r.x + 12, y: r.y + 7), style: .init(size: 12, bold: true),
                             width: r.width - 24, overflow: .ellipsize, in: cr)
        }
        if let panel = display.curve.panel { CurvePanelPainter(view: display.curve, panel: panel).draw(cr) }
        if let e = display.eraser {
            CairoDrawing.strokeCircle(e, radius: InkCanvas.eraserRadius, width: 1.5, colour: Palette.deep, cr)
        }
        let c = chrome
        c.drawIndicator(cr)
        c.drawArrow(cr)
        c.drawShade(time: display.time, cr)
        if let r = helpRect { drawHelp(r, cr) }
    }

    private func panel(_ r: Rect, _ cr: OpaquePointer, radius: Double = 10, colour: RGBA = Palette.panel) {
        CairoDrawing.fillRoundedRect(r, radius: radius, colour: colour, cr)
    }

    /// The scene tabs: the current one filled.
    private func drawTabs(_ cr: OpaquePointer) {
        let frame = display.tabs.frame
        CairoDrawing.fillRoundedRect(frame, radius: frame.height / 2, colour: Palette.panel, cr)
        for (i, tab) in display.tabs.tabs.enumerated() {
            let current = tab.scene == display.scene
            if current {
                CairoDrawing.fillRoundedRect(tab.rect.insetBy(2), radius: (tab.rect.height - 4) / 2, colour: Palette.accent, cr)
            }
            TextPainter.draw("\(i + 1) \(tab.scene.title)", at: Point(x: tab.rect.x, y: tab.rect.y + 7),
                             style: .init(size: 12, bold: current, colour: current ? Palette.panelText : Palette.panelDim),
                             width: tab.rect.width, alignment: .center, overflow: .ellipsize, in: cr)
        }
    }

    private func drawGauge(_ cr: OpaquePointer) {
        let r = gaugeRect, g = display.gauge
        panel(r, cr)
        let label = g.isDeepPress ? "PRESSURE · DEEP" : (g.isPressed ? "PRESSURE · PRESSED" : "PRESSURE")
        TextPainter.draw(label, at: Point(x: r.x + 12, y: r.y + 8),
                         style: .init(size: 11, bold: true, colour: Palette.panelDim), width: 150, overflow: .ellipsize, in: cr)
        TextPainter.draw(String(format: "%.2f", g.force), at: Point(x: r.maxX - 74, y: r.y + 5),
                         style: .init(size: 20, bold: true, mono: true), width: 66, in: cr)
        let bar = Rect(x: r.x + 12, y: r.y + 34, width: r.width - 24, height: 12)
        cairo_rectangle(cr, bar.x, bar.y, bar.width, bar.height)
        set(RGBA(1, 1, 1, 0.15), cr)
        cairo_fill(cr)
        cairo_rectangle(cr, bar.x, bar.y, bar.width * Force.normalized(g.force), bar.height)
        set(g.isDeepPress ? Palette.deep : Palette.accent, cr)
        cairo_fill(cr)
        // Ticks every 0.1, the emulator's default step.
        set(RGBA(1, 1, 1, 0.35), cr)
        cairo_set_line_width(cr, 1)
        for k in 1..<10 {
            let x = (bar.x + bar.width * Double(k) / 10).rounded() + 0.5
            cairo_move_to(cr, x, bar.maxY - 4)
            cairo_line_to(cr, x, bar.maxY)
        }
        cairo_stroke(cr)
        let source = g.source == .mouse ? "mouse · wheel emulator" : g.source.rawValue
        TextPainter.draw(source, at: Point(x: r.x + 12, y: r.y + 48),
                         style: .init(size: 10, colour: Palette.panelDim), width: r.width - 24, overflow: .ellipsize, in: cr)
    }

    /// The HUD's edge-protection line: what the owner asked, what holds, and why not.
    var edgeLine: String {
        let c = display.chrome
        if let reason = c.reason { return "\(reason) · deferred: \(c.effective)" }
        let asked = c.requested == c.effective ? "" : " · asked \(c.requested)"
        return "edges deferred: \(c.effective) (\(c.owner))\(asked)"
    }

    private func drawHUD(_ r: Rect, _ cr: OpaquePointer) {
        panel(r, cr)
        let f = display.figures, s = display.ink.style
        let timing = stats.map { String(format: "%.1f fps · frame p50 %.2f ms · p99 %.2f ms", $0.fps, $0.p50, $0.p99) }
            ?? "replay · virtual clock (60 fps)"
        let lines = [
            timing,
            String(format: "pressure %.3f%@", display.gauge.force, display.gauge.isPressed ? " (pressed)" : ""),
            "strokes \(f.strokes) · points \(f.points) · live \(f.livePoints)",
            "\(display.device.name) · force capability: \(display.forceCapability ? "available" : "unavailable (simulated)")",
            edgeLine,
            "\(s.renderer.rawValue) · debug \(s.debug ? "on" : "off") · precise \(s.precise ? "on" : "off") · opacity \(s.opacityFromPressure ? "on" : "off")",
        ]
        var y = r.y + 10
        for (i, line) in lines.enumerated() {
            y += TextPainter.draw(line, at: Point(x: r.x + 12, y: y),
                                  style: .init(size: 12, mono: i < 2), width: r.width - 24, overflow: .ellipsize, in: cr) + 4
        }
    }

    private func drawLegend(_ r: Rect, _ cr: OpaquePointer) {
        panel(r, cr)
        var y = r.y + 10
        for c in DebugCategory.allCases {
            let colour = Palette.debug(c)
            cairo_new_path(cr)
            cairo_arc(cr, r.x + 18, y + 8, 5, 0, 2 * Double.pi)
            set(c == .standard ? RGBA(0.85, 0.85, 0.85) : colour, cr)
            cairo_fill(cr)
            TextPainter.draw(c.rawValue, at: Point(x: r.x + 30, y: y), style: .init(size: 12), width: r.width - 40,
                             overflow: .ellipsize, in: cr)
            y += 19
        }
    }

    private func drawStatus(_ text: String, _ r: Rect, _ cr: OpaquePointer) {
        panel(r, cr, radius: 8)
        TextPainter.draw(text, at: Point(x: r.x + 12, y: r.y + 7), style: .init(size: 12), width: r.width - 24,
                         overflow: .ellipsize, in: cr)
    }

    private func drawHelp(_ r: Rect, _ cr: OpaquePointer) {
        // Opaque: the help is read, not looked through.
        panel(r, cr, radius: 14, colour: RGBA(Palette.panel.r, Palette.panel.g, Palette.panel.b))
        TextPainter.draw("ForceCanvas — keys", at: Point(x: r.x + 20, y: r.y + 16),
                         style: .init(size: 18, bold: true), width: r.width - 40, overflow: .ellipsize, in: cr)
        let columns = helpColumns
        let rows = (Self.helpLines.count + columns - 1) / columns
        let columnWidth = (r.width - 40) / Double(columns)
        let keyWidth = min(190, columnWidth * 0.38)
        for (i, (key, meaning)) in Self.helpLines.enumerated() {
            let x = r.x + 20 + columnWidth * Double(i / rows)
            let y = r.y + 52 + Self.helpRowHeight * Double(i % rows)
            guard y + 20 <= r.maxY else { continue }
            TextPainter.draw(key, at: Point(x: x, y: y), style: .init(size: 13, bold: true, colour: Palette.accent),
                             width: keyWidth - 8, overflow: .ellipsize, in: cr)
            TextPainter.draw(meaning, at: Point(x: x + keyWidth, y: y), style: .init(size: 13),
                             width: columnWidth - keyWidth - 12, overflow: .ellipsize, in: cr)
        }
    }

    private func drawReticle(_ c: Point, altitude: Double, azimuth: Double, _ cr: OpaquePointer) {
        cairo_set_line_width(cr, 1.5)
        set(Palette.accent.with(alpha: 0.6), cr)
        cairo_new_path(cr)
        cairo_arc(cr, c.x, c.y, Self.reticleRadius, 0, 2 * Double.pi)
        cairo_stroke(cr)
        // The dot leans toward the azimuth, further the flatter the pen (cos of the altitude).
        let reach = Self.reticleRadius * cos(altitude)
        let dot = Point(x: c.x + reach * cos(azimuth), y: c.y + reach * sin(azimuth))
        cairo_move_to(cr, c.x, c.y)
        cairo_line_to(cr, dot.x, dot.y)
        cairo_stroke(cr)
        cairo_new_path(cr)
        cairo_arc(cr, dot.x, dot.y, Self.reticleDotRadius, 0, 2 * Double.pi)
        cairo_fill(cr)
    }

    private func set(_ c: RGBA, _ cr: OpaquePointer) { CairoDrawing.setColour(c, cr) }
}
