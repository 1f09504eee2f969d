/// What the Home scene shows: the icons, a press growing toward the menu, the open menu.
public struct HomeDisplay: Equatable, Sendable {
    public var apps: [HomeApp]
    public var icons: [Rect]
    public var labels: [Rect]
    /// The icon being force-pressed (before its menu opens) and the press's progress 0…1
    /// (1 while a menu is open: the rest of the screen is blurred).
    public var pressedIcon: Int?
    public var pressProgress: Double
    public var menu: OpenMenu?
    public var toast: String?
    public var usesTimedFallback: Bool

    public struct OpenMenu: Equatable, Sendable {
        public var icon: Int
        public var layout: QuickActionLayout
        public var items: [ShortcutItem]
        public var highlighted: Int?
    }

    public init(apps: [HomeApp], icons: [Rect], labels: [Rect], pressedIcon: Int?, pressProgress: Double,
                menu: OpenMenu?, toast: String?, usesTimedFallback: Bool) {
        self.apps = apps
        self.icons = icons
        self.labels = labels
        self.pressedIcon = pressedIcon
        self.pressProgress = pressProgress
        self.menu = menu
        self.toast = toast
        self.usesTimedFallback = usesTimedFallback
    }
}
