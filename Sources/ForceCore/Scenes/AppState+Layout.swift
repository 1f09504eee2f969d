extension AppState {
    /// The teaching panels open in this state (`Options.dockPanels`).
    var openPanels: Set<ScreenLayout.Panel> { options.dockPanels(onCanvas: scene == .canvas) }

    /// Where everything goes, from what it depends on (the viewport, the open panels, the scene
    /// on screen): the dock of open panels, the screen, the scene's area, and the gauge clear of
    /// the scene's content. (`tallPanels`: a bottom band's, `ScreenLayout.TallPanels`.)
    func computedLayout(tallPanels: ScreenLayout.TallPanels = .keepTheirColumn) -> ScreenLayout {
        let current = scenes.scene(scene)
        let base = switch placement {
        case .inside: ScreenLayout(viewport: screenSize, open: openPanels, bottomReserve: current.bottomReserve, scenes: scenes.kinds,
                                   rotation: dockRotation, uiScale: options.uiScale, tallPanels: tallPanels)
        case .outside: ScreenLayout(device: screenSize, open: openPanels, bottomReserve: current.bottomReserve, scenes: scenes.kinds,
                                    rotation: dockRotation, uiScale: options.uiScale)
        }
        return base.clearingGauge(of: current.content(in: base.sceneArea))
    }

    /// The Messages scene's layout in the scene's area, scrolled (never past its end).
    public var messagesLayout: MessagesLayout { scenes.messages.scrolledLayout(in: screenLayout.sceneArea) }

    /// The curve panel's geometry, while it is open and the dock has room for it.
    public var curvePanel: CurvePanel? {
        guard options.showCurve else { return nil }
        return screenLayout.rect(of: .curve).map { CurvePanel(frame: $0, uiScale: screenLayout.uiScale) }
    }

    /// The device size a window of `window`'s size leaves: the window less the dock when the
    /// dock is placed outside and open (the host turns a resized window into this).
    public func screenSize(forWindow window: Viewport) -> Viewport {
        guard placement == .outside, screenLayout.dock != .none else { return window }
        return Viewport(width: window.width - Int(screenLayout.dockFrame.width), height: window.height, scale: window.scale)
    }

    /// Lays everything out again after the window, the open panels or the scene changed: the
    /// screen layout (kept, not recomputed at each use), the system chrome, the scenes.
    mutating func relayout(tallPanels: ScreenLayout.TallPanels = .keepTheirColumn) {
        let layout = computedLayout(tallPanels: tallPanels)
        screenLayout = layout
        viewport = layout.viewport
        chrome.resize(screen: layout.screen)
        scenes.layOut(in: layout.sceneArea)
    }
}
