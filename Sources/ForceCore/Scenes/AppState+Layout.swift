extension AppState {
    /// The teaching panels open in this state (the gauge is always shown): the HUD, the curve
    /// panel, the debug legend (on the canvas), the force plot and the callback log.
    var openPanels: Set<ScreenLayout.Panel> {
        var open: Set<ScreenLayout.Panel> = []
        if options.showHUD { open.insert(.hud) }
        if options.showCurve { open.insert(.curve) }
        if options.debug, scene == .canvas { open.insert(.legend) }
        if options.showDiagram { open.insert(.diagram) }
        if options.showForcePlot { open.insert(.plot) }
        if options.showEventLog { open.insert(.log) }
        return open
    }

    /// Where everything goes: the dock of open panels, the screen, the scene's area, and the
    /// gauge clear of the scene's content.
    public var screenLayout: ScreenLayout {
        let base = ScreenLayout(viewport: viewport, open: openPanels,
                                bottomReserve: scene == .confirm ? DeleteEventDemo.barHeight : 0)
        return base.clearingGauge(of: sceneContent(in: base.sceneArea))
    }

    /// The rects of the scene's resting content, which the floating gauge must not cover (the
    /// canvas has none: the gauge floats over the paper).
    func sceneContent(in area: Rect) -> [Rect] {
        switch scene {
        case .canvas: return []
        case .messages: return [MessagesLayout(area: area).column]
        case .home:
            let l = HomeLayout(area: area, count: home.apps.count)
            return [l.grid, l.stateLines]
        case .confirm:
            let l = ConfirmLayout(area: area)
            return [l.card, l.hint, l.state]
        }
    }

    /// The Messages scene's layout in the scene's area, scrolled (never past its end).
    public var messagesLayout: MessagesLayout {
        let area = screenLayout.sceneArea
        let limit = MessagesLayout(area: area).maximumScroll(count: messages.rows.count)
        return MessagesLayout(area: area, scroll: min(messages.scroll, limit))
    }

    /// The curve panel's geometry, while it is open and the dock has room for it.
    public var curvePanel: CurvePanel? {
        guard options.showCurve else { return nil }
        return screenLayout.rect(of: .curve).map(CurvePanel.init(frame:))
    }

    /// Lays the scenes and the system chrome out again after the window or the open panels
    /// changed.
    mutating func relayout() {
        let layout = screenLayout
        chrome.resize(screen: layout.screen)
        home.relayout(area: layout.sceneArea)
    }
}
