/// The Home scene: app icons whose force press opens their quick-action menu (SPEC 6).
///
/// ForceCanvas's own icon shows the Info.plist's static items, then the dynamic ones, four at
/// most; the other apps have built-in items. Choosing an item of ForceCanvas dispatches it
/// (`ShortcutDispatch`); an item of another app is "performed" with a toast.
public struct HomeScene: Equatable, Sendable {
    /// 2.5 s: how long the toast after an action stays.
    public static let toastDuration = 2.5
    /// Titles longer than this many characters wrap to two lines in a 250 pt menu at 16 pt
    /// (measured with DejaVu Sans: about 9 pt a character in 190 pt of text column).
    static let wrapLength = 20

    public private(set) var apps: [HomeApp] = HomeApp.samples
    public private(set) var catalog: ShortcutCatalog
    public private(set) var menu: QuickActionMenu
    public private(set) var force: PressForce
    /// The last action and when it happened.
    public private(set) var toast: Toast?

    /// A line on screen after an action, from `since` for `toastDuration`.
    public struct Toast: Equatable, Sendable {
        public var text: String
        public var since: Double
    }
    private var lastForce = 0.0

    public init(catalog: ShortcutCatalog = ShortcutCatalog(), area: Rect,
                thresholds: ForceThresholds = .standard, waitingInterval: Double = TimedFallback.defaultWaitingInterval) {
        self.catalog = catalog
        force = PressForce(waitingInterval: waitingInterval)
        menu = QuickActionMenu(icons: [], bounds: area, thresholds: thresholds)
        menu.labelClearance = HomeLayout.labelClearance
        relayout(area: area)
    }

    /// The scene of a window without a dock, content from `top` down.
    public init(catalog: ShortcutCatalog = ShortcutCatalog(), viewport: Viewport, top: Double,
                thresholds: ForceThresholds = .standard, waitingInterval: Double = TimedFallback.defaultWaitingInterval) {
        self.init(catalog: catalog, area: HomeLayout(viewport: viewport, count: 0, top: top).area, thresholds: thresholds,
                  waitingInterval: waitingInterval)
    }

    /// The items an app's menu shows.
    public func items(of app: HomeApp) -> [ShortcutItem] {
        app.id == HomeApp.forceCanvasID ? catalog.menuItems : Array(app.shortcuts.prefix(ShortcutCatalog.maximumItems))
    }

    /// Places the icons in the scene's area (the menu keeps its state).
    public mutating func relayout(area: Rect) {
        guard area != menu.bounds || menu.icons.count != apps.count || menu.icons.map(\.items) != apps.map(items(of:)) else { return }
        let layout = HomeLayout(area: area, count: apps.count)
        menu.bounds = area
        menu.icons = apps.enumerated().map { i, app in
            let items = items(of: app)
            return QuickActionMenu.AppIcon(rect: layout.icons[i], items: items, rowHeights: items.map {
                QuickActionLayout.rowHeight(for: $0, titleWraps: $0.titleMayWrap && $0.title.count > Self.wrapLength)
            })
        }
    }

    /// Registers a dynamic item on ForceCanvas's icon (most recent first).
    public mutating func register(_ item: ShortcutItem, area: Rect) {
        catalog.register(item)
        relayout(area: area)
    }

    /// What a pointer sample did.
    public struct Outcome: Equatable, Sendable {
        public var log: [String] = []
        /// An item of ForceCanvas's own menu was chosen.
        public var dispatch: ShortcutDispatch?
        /// ForceCanvas's icon was tapped: the host shows the documents.
        public var launchedForceCanvas = false
    }

    public mutating func pointer(_ phase: PointerPhase, at p: Point, force f: Double, hasForce: Bool, time t: Double) -> Outcome {
        lastForce = f
        let effects: [QuickActionMenu.Effect]
        switch phase {
        case .down:
            force.press(hasForce: hasForce, at: t)
            effects = menu.handle(.press(at: p, force: force.level(force: f)), at: t)
        case .move:
            effects = menu.handle(.change(at: p, force: force.level(force: f)), at: t)
        case .up:
            force.release(at: t)
            effects = menu.handle(.release(at: p), at: t)
        case .cancel:
            force.release(at: t)
            effects = menu.handle(.cancel, at: t)
        }
        return outcome(effects, time: t)
    }

    /// A frame tick: the timed fallback fills on a force-less device.
    public mutating func advance(to t: Double, pointer: Point?) -> Outcome {
        if let toast, t - toast.since > Self.toastDuration { self.toast = nil }
        guard force.advance(to: t), let p = pointer else { return Outcome() }
        return outcome(menu.handle(.change(at: p, force: force.level(force: lastForce)), at: t), time: t)
    }

    /// When a frame tick next changes the scene after `t`: the toast's end, the timed
    /// fallback's next tick during a force-less press, else +∞.
    public func nextWake(after t: Double) -> Double {
        min(toast.map { $0.since + Self.toastDuration } ?? .infinity, force.nextTick ?? .infinity)
    }

    /// Esc: closes an open menu.
    public mutating func close(at t: Double) -> Bool {
        guard menu.isOpen else { return false }
        _ = menu.handle(.cancel, at: t)
        return true
    }

    /// Notes an action's result on screen.
    public mutating func showToast(_ text: String, at t: Double) { toast = Toast(text: text, since: t) }

    private mutating func outcome(_ effects: [QuickActionMenu.Effect], time t: Double) -> Outcome {
        var out = Outcome()
        for e in effects {
            switch e {
            case .open(let icon):
                out.log.append("quick actions of \(apps[icon].name): \(menu.items.count) item(s)")
            case .highlight(let item):
                if let item, menu.items.indices.contains(item) { out.log.append("highlight \"\(menu.items[item].title)\"") }
            case .perform(let icon, let item):
                out.log.append("performActionFor \"\(item.title)\" (\(item.type))")
                if apps[icon].id == HomeApp.forceCanvasID {
                    out.dispatch = ShortcutDispatch(item: item)
                } else {
                    toast = Toast(text: "\(apps[icon].name): \(item.title)", since: t)
                    out.log.append("handled: true")
                }
            case .close:
                out.log.append("menu closed")
            case .launch(let icon):
                toast = Toast(text: "Opened \(apps[icon].name) (a light tap launches; press harder for quick actions)", since: t)
                out.log.append("tap: launch \(apps[icon].name)")
                if apps[icon].id == HomeApp.forceCanvasID { out.launchedForceCanvas = true }
            }
        }
        return out
    }

    // MARK: Display

    public func display(time t: Double) -> HomeDisplay {
        let layout = HomeLayout(area: menu.bounds, count: apps.count)
        var open: HomeDisplay.OpenMenu?
        if let l = menu.layout, case let .tracking(icon) = menu.state {
            open = .init(icon: icon, layout: l, items: menu.items, highlighted: menu.highlighted)
        } else if let l = menu.layout, case let .open(icon) = menu.state {
            open = .init(icon: icon, layout: l, items: menu.items, highlighted: menu.highlighted)
        }
        var pressedIcon: Int?
        if case let .pressing(icon) = menu.state { pressedIcon = icon }
        return HomeDisplay(apps: apps, layout: layout, labels: apps.indices.map(layout.label),
                           pressedIcon: pressedIcon, pressProgress: pressedIcon != nil ? menu.pressProgress : (open != nil ? 1 : 0),
                           menu: open, toast: toast?.text, usesTimedFallback: force.usesFallback && menu.state != .idle,
                           state: stateLines)
    }

    /// The menu's state on screen, as Confirm shows its button's.
    var stateLines: [String] {
        func name(_ icon: Int) -> String { apps.indices.contains(icon) ? apps[icon].name : "\(icon)" }
        let state: String, values: String
        switch menu.state {
        case .idle:
            state = ".idle"
            values = String(format: "force-press an icon: its menu opens at %.2f", menu.thresholds.peek)
        case .pressing(let icon):
            state = ".pressing(\(name(icon)))"
            values = String(format: "level %.2f · opens at %.2f", menu.level, menu.thresholds.peek)
        case .tracking(let icon):
            state = ".tracking(\(name(icon)))"
            values = "slide to an item and lift to perform it"
        case .open(let icon):
            state = ".open(\(name(icon)))"
            values = "tap an item, or elsewhere to close"
        }
        return ["QuickActionMenu.state = \(state)", values]
    }
}
