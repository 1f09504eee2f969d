/// The quick actions ForceCanvas itself knows, by item type.
///
/// Types are reverse-DNS strings under "com.forcecanvas." in kebab case (iOS convention:
/// seed 000's "com.company.app.XXX"). The bare names ("NewCanvas") are accepted as aliases so
/// a hand-written Info.plist still works; anything else is not ours (nil).
public enum AppShortcut: String, CaseIterable, Equatable, Hashable, Sendable {
    case newCanvas = "com.forcecanvas.new-canvas"
    case openRecent = "com.forcecanvas.open-recent"
    case peekDemo = "com.forcecanvas.peek-demo"
    case confirmDemo = "com.forcecanvas.confirm-demo"

    /// The shortcut an item type names, or nil for a type this version does not know.
    public init?(itemType: String) {
        if let known = AppShortcut(rawValue: itemType) {
            self = known
        } else if let alias = AppShortcut.allCases.first(where: { $0.name == itemType }) {
            self = alias
        } else {
            return nil
        }
    }

    /// The bare name: "NewCanvas", "OpenRecent", "PeekDemo", "ConfirmDemo".
    public var name: String {
        switch self {
        case .newCanvas: return "NewCanvas"
        case .openRecent: return "OpenRecent"
        case .peekDemo: return "PeekDemo"
        case .confirmDemo: return "ConfirmDemo"
        }
    }

    /// The item to declare or register for this shortcut (title and system icon).
    public var item: ShortcutItem {
        switch self {
        case .newCanvas: return ShortcutItem(type: rawValue, title: "New Canvas", iconType: .add)
        case .openRecent: return ShortcutItem(type: rawValue, title: "Open Recent", iconType: .time)
        case .peekDemo:
            return ShortcutItem(type: rawValue, title: "Peek and Pop", subtitle: "Messages demo", iconType: .search)
        case .confirmDemo:
            return ShortcutItem(type: rawValue, title: "Force Confirm", subtitle: "Delete event demo", iconType: .confirmation)
        }
    }
}
