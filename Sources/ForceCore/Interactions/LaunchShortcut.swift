/// The shortcut ForceCanvas was launched with (`launchOptions[.shortcutItem]`): handled
/// exactly once, and when present the normal start path is skipped (SPEC 6).
public struct LaunchShortcut: Equatable, Hashable, Sendable {
    /// The item still waiting to be handled; nil once taken or when launched normally.
    public private(set) var pending: ShortcutItem?
    /// Whether the launch came through a shortcut this version handles (stays true after it
    /// was taken): `didFinishLaunching` returns false and the normal start is skipped. An
    /// unknown item is ignored and the app starts normally.
    public let skipsNormalStart: Bool

    public init(item: ShortcutItem?) {
        pending = item
        skipsNormalStart = item.map { ShortcutDispatch(item: $0).handled } ?? false
    }

    /// The launch item's dispatch, the first time only; nil afterwards or without one.
    public mutating func take() -> ShortcutDispatch? {
        guard let item = pending else { return nil }
        pending = nil
        return ShortcutDispatch(item: item)
    }
}
