/// The answer to `performActionFor shortcutItem`: which of ForceCanvas's shortcuts to run, or
/// why the item is ignored. `handled` is the Bool the completion handler gets (SPEC 6).
public enum ShortcutDispatch: Equatable, Hashable, Sendable {
    /// Run this shortcut; `item` carries its title and user info.
    case perform(AppShortcut, item: ShortcutItem)
    /// Not ours (an item left over from another version, a typo): ignored gracefully.
    case ignored(reason: String)

    /// Decides what an item means for this version of ForceCanvas.
    public init(item: ShortcutItem) {
        if let shortcut = AppShortcut(itemType: item.type) {
            self = .perform(shortcut, item: item)
        } else {
            self = .ignored(reason: "unknown shortcut type \"\(item.type)\"")
        }
    }

    /// Whether the item was handled (the completion handler's `didHandle`).
    public var handled: Bool {
        if case .perform = self { return true }
        return false
    }
}
