/// The home screen's quick-action menu (SPEC 6): a force press on an app icon opens it, and
/// an item is chosen by sliding to it and lifting, or by tapping it later.
///
/// Behaviour, as on iOS: a press on an icon tracks its force; lifting before the peek
/// threshold is a tap (`launch`); moving off the icon first abandons the press (a page
/// scroll). At the peek the menu opens (`open`) and the still-held pointer highlights the
/// item under it; lifting over an item performs it (`perform`, then `close`); lifting
/// anywhere else leaves the menu open. While open, a press on an item highlights it and its
/// release over an item performs it; a press outside the menu closes it (`close`) and is
/// consumed. A press while the pointer is already down (its release was lost) first ends the
/// old press as `cancel` does. An icon without items never opens.
public struct QuickActionMenu: Equatable, Sendable {
    /// An app icon on the home screen and its quick actions.
    public struct AppIcon: Equatable, Sendable {
        public var rect: Rect
        /// The menu's items (at most four show: use `ShortcutCatalog.menuItems`).
        public var items: [ShortcutItem]
        /// One height per item (see `QuickActionLayout.rowHeight`); missing ones count as one line.
        public var rowHeights: [Double]

        public init(rect: Rect, items: [ShortcutItem], rowHeights: [Double]? = nil) {
            self.rect = rect
            self.items = Array(items.prefix(ShortcutCatalog.maximumItems))
            self.rowHeights = rowHeights
                ?? self.items.map { QuickActionLayout.rowHeight(for: $0, titleWraps: false) }
        }
    }

    /// Where the interaction is.
    public enum State: Equatable, Hashable, Sendable {
        case idle
        /// A press on an icon, below the peek threshold.
        case pressing(icon: Int)
        /// The menu is open and the pointer is down on the screen: the highlight follows it.
        case tracking(icon: Int)
        /// The menu is open and the pointer is up: waiting for a tap.
        case open(icon: Int)
    }

    /// What the caller tells the menu (force normalised 0…1, or the timed fallback's intention).
    public enum Event: Equatable, Hashable, Sendable {
        case press(at: Point, force: Double)
        case change(at: Point, force: Double)
        case release(at: Point)
        case cancel
    }

    /// What the caller should do.
    public enum Effect: Equatable, Hashable, Sendable {
        /// Show the menu of an icon (`layout` is set).
        case open(icon: Int)
        /// The highlighted item changed (nil: none).
        case highlight(item: Int?)
        /// Perform an item (`performActionFor shortcutItem`).
        case perform(icon: Int, item: ShortcutItem)
        /// Hide the menu.
        case close
        /// A light tap on an icon: launch the app normally.
        case launch(icon: Int)
    }

    public var icons: [AppIcon]
    /// The area the menu must stay inside (the scene's area).
    public var bounds: Rect
    /// The space an icon's label takes under it: a menu below starts under the label.
    public var labelClearance = 0.0
    public let thresholds: ForceThresholds
    public private(set) var state: State = .idle {
        didSet { transitions.record(from: oldValue.name, to: state.name) }
    }
    /// Every change of `state`, for the state-diagram panel (`StateDiagram`).
    public private(set) var transitions = TransitionLog()
    /// The open menu's geometry (nil when closed).
    public private(set) var layout: QuickActionLayout?
    /// The open menu's items, as they were when it opened.
    public private(set) var items: [ShortcutItem] = []
    /// The highlighted item while open.
    public private(set) var highlighted: Int?
    /// The force level acted on while pressing (clamped, hysteresis-filtered).
    public private(set) var level = 0.0
    private var lastTime = -Double.infinity

    public init(icons: [AppIcon], viewport: Viewport, thresholds: ForceThresholds = .standard) {
        self.init(icons: icons, bounds: viewport.bounds, thresholds: thresholds)
    }

    public init(icons: [AppIcon], bounds: Rect, thresholds: ForceThresholds = .standard) {
        self.icons = icons
        self.bounds = bounds
        self.thresholds = thresholds
    }

    /// How far the press is toward opening, 0…1 (for the background blur); 1 while open.
    public var pressProgress: Double {
        switch state {
        case .idle: return 0
        case .pressing: return thresholds.previewProgress(level)
        case .tracking, .open: return 1
        }
    }

    /// Whether the menu is on screen.
    public var isOpen: Bool { layout != nil }

    /// Applies one event and returns what the caller should do.
    public mutating func handle(_ event: Event, at time: Double) -> [Effect] {
        lastTime = InteractionInput.time(time, after: lastTime)
        switch event {
        case .press(let at, _), .change(let at, _):
            // A garbage location is no sample at all (a release at one simply hits no item).
            guard at.isFinite else { return [] }
        case .release, .cancel:
            break
        }
        switch (state, event) {
        case (_, .cancel):
            return reset()
        case (.idle, .press(let at, let force)):
            guard let icon = icons.firstIndex(where: { $0.rect.contains(at) }) else { return [] }
            state = .pressing(icon: icon)
            return follow(force, at: at, icon: icon)
        case (.pressing(let icon), .change(let at, let force)):
            guard icons.indices.contains(icon), icons[icon].rect.contains(at) else { return reset() }
            return follow(force, at: at, icon: icon)
        case (.pressing(let icon), .release):
            _ = reset()
            return [.launch(icon: icon)]
        case (.tracking, .change(let at, _)):
            return highlight(at)
        case (.tracking(let icon), .release(let at)):
            if let layout, let index = layout.item(at: at), items.indices.contains(index) {
                let item = items[index]
                return [.perform(icon: icon, item: item)] + reset()
            }
            state = .open(icon: icon)
            return highlight(nil)
        case (.open(let icon), .press(let at, _)):
            guard let layout, layout.contains(at) else { return reset() }
            state = .tracking(icon: icon)
            return highlight(at)
        case (.pressing, .press), (.tracking, .press):
            return reset() + handle(event, at: time)
        case (.idle, _), (.open, _):
            return []
        }
    }

    /// Follows the force of a press on an icon; opens its menu at the peek.
    private mutating func follow(_ force: Double, at point: Point, icon: Int) -> [Effect] {
        level = thresholds.filtered(force, previous: level)
        guard level >= thresholds.peek, !icons[icon].items.isEmpty else { return [] }
        let app = icons[icon]
        items = app.items
        let heights = app.items.indices.map {
            app.rowHeights.indices.contains($0) ? app.rowHeights[$0] : QuickActionLayout.singleLineRowHeight
        }
        layout = QuickActionLayout(iconRect: app.rect, rowHeights: heights, bounds: bounds, labelClearance: labelClearance)
        state = .tracking(icon: icon)
        return [.open(icon: icon)] + highlight(point)
    }

    private mutating func highlight(_ point: Point?) -> [Effect] {
        let index = point.flatMap { layout?.item(at: $0) }
        guard index != highlighted else { return [] }
        highlighted = index
        return [.highlight(item: index)]
    }

    /// Back to idle; `close` if the menu was open.
    private mutating func reset() -> [Effect] {
        let wasOpen = isOpen
        state = .idle
        layout = nil
        items = []
        highlighted = nil
        level = 0
        return wasOpen ? [.close] : []
    }
}
