/// What the Home scene shows: the icons, a press growing toward the menu, the open menu.
public struct HomeDisplay: Equatable, Sendable {
    public var apps: [HomeApp]
    public var layout: HomeLayout
    public var icons: [Rect] { layout.icons }
    public var labels: [Rect]
    /// The icon being force-pressed (before its menu opens) and the press's progress 0…1
    /// (1 while a menu is open: the rest of the screen is blurred).
    public var pressedIcon: Int?
    public var pressProgress: Double
    public var menu: OpenMenu?
    public var toast: String?
    public var usesTimedFallback: Bool
    /// The quick-action menu's state for teaching: its state, then what it waits for.
    public var state: [String]

    /// The force ring around the pressed icon before its menu opens: progress toward the peek.
    public var pressRing: (center: Point, progress: Double)? {
        guard let i = pressedIcon, menu == nil, layout.icons.indices.contains(i) else { return nil }
        return (layout.icons[i].center, pressProgress)
    }

    public struct OpenMenu: Equatable, Sendable {
        public var icon: Int
        public var layout: QuickActionLayout
        public var items: [ShortcutItem]
        public var highlighted: Int?
    }

    public init(apps: [HomeApp], layout: HomeLayout, labels: [Rect], pressedIcon: Int?, pressProgress: Double,
                menu: OpenMenu?, toast: String?, usesTimedFallback: Bool, state: [String] = []) {
        self.apps = apps
        self.layout = layout
        self.state = state
        self.labels = labels
        self.pressedIcon = pressedIcon
        self.pressProgress = pressProgress
        self.menu = menu
        self.toast = toast
        self.usesTimedFallback = usesTimedFallback
    }
}
