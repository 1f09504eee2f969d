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

/// The overlays above the scene: the teaching dock and its panels (gauge, HUD, curve panel,
/// debug legend, force plot, callback log), the scene tabs, the help hint, the status line,
/// the reticle, the system chrome and the help. Panels go where the core's `ScreenLayout`
/// puts them. Every overlay reports the area it covers, so the frame renderer can keep dirty
/// rects small.
struct OverlayPainter {
    let display: Display
    let stats: FrameStats?
    let status: String?
    /// The help's layout while it is shown (measured once per scene and window size).
    var helpLayout: HelpLayout?
    /// A problem that stays on screen while it lasts (autosave failing, a recording stopped).
    var warning: String? = nil
    /// The status's and the warning's text, wrapped at `messageTextWidth`, measured by the
    /// renderer (`FrameChanges.measureMessages`): nil, one line.
    var statusTextHeight: Double? = nil
    var warningTextHeight: Double? = nil
    /// Which overlays `draw` draws (`Layer`).
    var layer = Layer.all

    /// The overlays of the device's screen — the reticle, the eraser, the trail, the laser, the
    /// system chrome, the scene tabs, the help hint — drawn in its points (fitted with it when
    /// the player's view moved it, `ScreenFit`), and the window's own: the dock and its panels,
    /// the gauge, the help, the checkpoint's flash, the player's strip, the messages.
    enum Layer {
        case all, screen, window
    }

    static let margin = 16.0
    /// TouchCanvas's reticle: radius 80, dot radius 8.
    static let reticleRadius = 80.0
    static let reticleDotRadius = 8.0
    /// The help hint: a pill at the top right, 112×22 pt.
    static let hintSize = (width: 112.0, height: 22.0)
    /// 64 pt: a tab narrower than this shows its number without the scene's name.
    static let narrowestLabelledTab = 64.0

    // MARK: Areas

    var layout: ScreenLayout { display.layout }
    var gaugeRect: Rect { display.presenting ? .null : layout.rect(of: .gauge) ?? .null }
    /// The help hint at the top right, narrowed to a "?" when the scene tabs leave less room.
    var hintRect: Rect {
        // The device screen's top right (with the dock outside, the window's right is the dock's).
        let right = layout.screen.maxX - 8
        let room = right - display.tabs.frame.maxX - 8
        let w = room >= Self.hintSize.width ? Self.hintSize.width : max(Self.hintSize.height, min(room, Self.hintSize.width))
        return Rect(x: right - w, y: 8, width: w, height: Self.hintSize.height)
    }
    var hudRect: Rect? { layout.rect(of: .hud) }
    var legendRect: Rect? { display.ink.style.debug ? layout.rect(of: .legend) : nil }
    var chrome: ChromePainter {
        ChromePainter(chrome: display.chrome, lightContent: display.scene.isDark)
    }
    var teaching: TeachingPainter {
        TeachingPainter(teaching: display.teaching, plotRect: layout.rect(of: .plot), logRect: layout.rect(of: .log))
    }
    var helpRect: Rect? { display.showHelp ? helpLayout.map { $0.frame.scaled(by: $0.uiScale) } : nil }
    var statusRect: Rect? {
        guard status != nil else { return nil }
        return messageRect(textHeight: statusTextHeight, above: 0)
    }
    /// Stacked above the status line (or where it would be).
    var warningRect: Rect? {
        guard warning != nil else { return nil }
        let below = statusRect.map { $0.height / messageScale + Self.messageGap } ?? 0
        return messageRect(textHeight: warningTextHeight, above: below)
    }
    /// 30 pt message lines, 8 pt apart; a message's text 12 pt in from its sides, 7 pt from
    /// its top and bottom.
    static let messageHeight = 30.0, messageGap = 8.0
    static let messageInset = (x: 12.0, y: 7.0)
    /// A message too long for a line wraps onto at most this many (the last cut in its middle).
    static let messageLines = 3
    /// The width a message's text is laid out at, in its own points (`messageScale`): the
    /// renderer measures the status and the warning at it (`statusTextHeight`, `warningTextHeight`).
    var messageTextWidth: Double { messageWidth / messageScale - 2 * Self.messageInset.x }
    /// A message panel's width on screen: 640 of its points, or the screen less its margins.
    private var messageWidth: Double { min(640 * messageScale, layout.screen.width - 2 * Self.margin) }
    /// How much larger than its points a message is drawn: as the dock's text (`uiScale`), but
    /// not so large that a line holds less than `narrowestMessageText` of its points where a
    /// smaller size would give it that (never below 1×). At 3× on a 500 pt screen, a line held
    /// 132 points, and the zoom's status needed four lines of the three a message has.
    var messageScale: Double {
        ScreenLayout.scale(layout.uiScale, fitting: Self.narrowestMessageText + 2 * Self.messageInset.x,
                           in: layout.screen.width - 2 * Self.margin)
    }
    /// 320 pt: the least a message's line holds at a larger text size, where the screen has room.
    static let narrowestMessageText = 320.0
    /// A message at the bottom of the screen, `above` message points above the lowest's place:
    /// stacked above a floating gauge, so the two never overlap whatever the window's width
    /// (`messageScale` times larger). One line high, or as high as its wrapped text
    /// (`textHeight`, its points).
    private func messageRect(textHeight: Double?, above: Double) -> Rect {
        let screen = layout.screen, s = messageScale
        let h = max(Self.messageHeight, (textHeight ?? 0) + 2 * Self.messageInset.y)
        // Above the floating gauge where it shows; else (a dock, the gauge in the top strip, or
        // presenting, which hides it: its rect is null, at infinity) at the screen's bottom.
        // While the picker shows, at the window's bottom: its shade covers the gauge and the
        // dock, and it keeps that strip clear (`LessonMenu.area`).
        let gauge = gaugeRect
        let bottom = display.lessons != nil ? display.viewport.bounds.maxY - Self.margin
            : layout.dock == .none && !layout.compactGauge && !gauge.isNull
            ? gauge.y - Self.messageGap * s : screen.maxY - Self.margin
        let y = bottom - (h + above) * s
        return Rect(x: screen.x + Self.margin, y: y, width: messageWidth, height: h * s)
    }

    /// Draws `body` at the dock's text size: given `r` in the points it draws in. A rect not on
    /// any screen (null, or placed from one: at infinity) draws nothing, where Cairo, moved
    /// there, drew garbage.
    func inUIScale(_ r: Rect, _ cr: OpaquePointer, _ body: (Rect) -> Void) {
        inScale(layout.uiScale, r, cr, body)
    }

    /// `inUIScale` at another scale (a message's, `messageScale`).
    func inScale(_ s: Double, _ r: Rect, _ cr: OpaquePointer, _ body: (Rect) -> Void) {
        guard !r.isNull, r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite else { return }
        CairoDrawing.scaled(by: s, r, cr, body)
    }
    /// The reticle shows a pen's tilt at the pointer, in debug mode.
    var reticle: Reticle? {
        guard display.ink.style.debug, let live = display.ink.live,
            let p = live.points.last(where: \.isReal), let alt = p.altitude, let az = p.azimuth
        else { return nil }
        return Reticle(center: display.ink.view.toScreen(p.preciseLocation), altitude: alt, azimuth: az)
    }

    /// Each overlay's area with what it shows: the renderer redraws an area only when its item
    /// changed (`FrameChanges`).
    var items: [OverlayItem] {
        let g = display.gauge
        var out: [OverlayItem] = []
        if layout.dock != .none { out.append(OverlayItem(layout.dockFrame, .dock(layout.dock, hidden: layout.hidden))) }
        out += [
            OverlayItem(gaugeRect, .gauge(g, compact: layout.compactGauge)),
            OverlayItem(display.presenting ? .null : hintRect, .hint(helpShown: display.showHelp)),
            OverlayItem(display.tabs.frame, .tabs(display.tabs, current: display.scene.kind)),
        ]
        let t = teaching
        if let r = t.plotRect, let plot = display.teaching.plot { out.append(OverlayItem(r, .plot(plot))) }
        if let r = t.logRect, let log = display.teaching.log { out.append(OverlayItem(r, .log(log))) }
        let c = chrome
        out.append(OverlayItem(c.indicatorRect.insetBy(-2), .indicator(alpha: display.chrome.indicatorAlpha, dark: display.scene.isDark)))
        if let r = c.arrowRect, let a = display.chrome.arrow { out.append(OverlayItem(r, .arrow(a))) }
        if display.chrome.shade > 0 { out.append(OverlayItem(display.chrome.screen, .shade(display.chrome.shade))) }
        if let r = hudRect { out.append(OverlayItem(r, .hud(hud))) }
        if let panel = display.curve.panel { out.append(OverlayItem(panel.frame.scaled(by: panel.uiScale), .curve(display.curve))) }
        if let e = display.eraser { out.append(OverlayItem(Rect(around: e, radius: InkCanvas.eraserRadius + 3), .eraser(e))) }
        if let r = legendRect { out.append(OverlayItem(r, .legend)) }
        if let r = statusRect, let status { out.append(OverlayItem(r, .status(status))) }
        if let r = warningRect, let warning { out.append(OverlayItem(r, .warning(warning))) }
        if let r = helpRect { out.append(OverlayItem(r, .help(display.scene.kind, page: helpLayout?.page ?? 0))) }
        if let f = display.checkpointFlash { out.append(OverlayItem(display.viewport.bounds, .checkpointFlash(f))) }
        if let t = reticle {
            out.append(OverlayItem(Rect(around: t.center, radius: Self.reticleRadius + Self.reticleDotRadius + 2), .reticle(t)))
        }
        out += playerItems
        if let l = display.laser { out.append(OverlayItem(LaserPainter(laser: l).bounds, .laser(l))) }
        return out.map { OverlayItem($0.rect.intersection(display.viewport.bounds), $0.content) }
    }

    // MARK: Drawing

    /// Draws the overlays of `layer`, bottom to top, the screen's and the window's interleaved
    /// as they overlap (the notification shade covers the floating gauge).
    func draw(_ cr: OpaquePointer) {
        let onScreen = layer != .window, onWindow = layer != .screen
        let c = chrome
        if onScreen {
            if let t = reticle { drawReticle(t.center, altitude: t.altitude, azimuth: t.azimuth, cr) }
            if let e = display.eraser {
                CairoDrawing.strokeCircle(e, radius: InkCanvas.eraserRadius, width: 1.5, colour: Palette.deep, cr)
            }
            drawTrail(cr)
            if let l = display.laser { LaserPainter(laser: l).draw(cr) }
            c.drawIndicator(cr)
            c.drawArrow(cr)
        }
        if onWindow, layout.dock != .none { drawDock(cr) }
        if onScreen { drawTabs(cr) }
        if onWindow {
            // The plot and the log, in the dock's points.
            let t = teaching, s = layout.uiScale
            CairoDrawing.scaled(by: s, cr) {
                TeachingPainter(teaching: display.teaching, plotRect: t.plotRect?.scaled(by: 1 / s),
                                logRect: t.logRect?.scaled(by: 1 / s)).draw(cr)
            }
            drawDiagram(cr)
            drawGauge(cr)
        }
        if onScreen, !display.showHelp, !display.presenting { drawHint(cr) }
        if onWindow {
            if let r = hudRect { inUIScale(r, cr) { drawHUD($0, cr) } }
            if let r = legendRect { inUIScale(r, cr) { drawLegend($0, cr) } }
            if let panel = display.curve.panel {
                CairoDrawing.scaled(by: panel.uiScale, cr) { CurvePanelPainter(view: display.curve, panel: panel).draw(cr) }
            }
        }
        if onScreen { c.drawShade(time: display.time, cr) }
        guard onWindow else { return }
        if display.showHelp, let helpLayout {
            CairoDrawing.scaled(by: helpLayout.uiScale, cr) { HelpPainter(layout: helpLayout).draw(cr) }
        }
        if let f = display.checkpointFlash { CheckpointFlashPainter(flash: f, viewport: display.viewport).draw(cr) }
        drawPlayer(cr)
        // The messages over everything, the document picker included: what its own keys did
        // ("“x” is in the trash · Ctrl+Z brings it back") is said while it stays open, and the
        // picker, reaching the screen's bottom margin, covered and dimmed the line.
        if let r = statusRect, let status { inScale(messageScale, r, cr) { drawStatus(status, $0, cr) } }
        if let r = warningRect, let warning { inScale(messageScale, r, cr) { drawWarning(warning, $0, cr) } }
    }

    func set(_ c: RGBA, _ cr: OpaquePointer) { CairoDrawing.setColour(c, cr) }

    /// The scene tabs: the current one filled.
    private func drawTabs(_ cr: OpaquePointer) {
        let frame = display.tabs.frame
        CairoDrawing.fillRoundedRect(frame, radius: frame.height / 2, colour: Palette.panel, cr)
        for (i, tab) in display.tabs.tabs.enumerated() {
            let current = tab.scene == display.scene.kind
            if current {
                CairoDrawing.fillRoundedRect(tab.rect.insetBy(2), radius: (tab.rect.height - 4) / 2, colour: Palette.accent, cr)
            }
            // A narrowed tab (a narrow screen beside the dock) shows its number alone.
            let label = tab.rect.width < Self.narrowestLabelledTab ? "\(i + 1)" : "\(i + 1) \(tab.scene.title)"
            TextPainter.draw(label, at: Point(x: tab.rect.x, y: tab.rect.y + 7),
                             style: .init(size: 12, bold: current, colour: current ? Palette.panelText : Palette.panelDim),
                             width: tab.rect.width, alignment: .center, overflow: .ellipsize, in: cr)
        }
    }

    /// "? / F1 help" on a dark pill of its own: legible on every scene's background.
    private func drawHint(_ cr: OpaquePointer) {
        let r = hintRect
        CairoDrawing.fillRoundedRect(r, radius: r.height / 2, colour: Palette.panel, cr)
        let text = r.width >= Self.hintSize.width ? "? / F1  help" : "?"
        TextPainter.draw(text, at: Point(x: r.x, y: r.y + 4), style: .init(size: 12, colour: Palette.panelText),
                         width: r.width, alignment: .center, in: cr)
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
}
