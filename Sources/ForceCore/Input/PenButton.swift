/// A pen's barrel button pressed or released: 1 is the lower (BTN_STYLUS, X button 2), 2 the
/// upper (BTN_STYLUS2, X button 3, which pans the canvas while the pen hovers).
public struct PenButton: Equatable, Hashable, Sendable {
    public var button: Int
    public var down: Bool

    public init(button: Int, down: Bool) {
        self.button = button
        self.down = down
    }
}

/// What a barrel button does (the config's `barrel-button` and `barrel-button-2`, a session's
/// header `barrelButton` and `barrelButton2`): held, the pen erases (the lower one's default, as
/// on most tablets' erasers); held while hovering, the pen pans the canvas (the upper one's
/// default: the window's, never in the core); a press undoes; or nothing.
public enum BarrelAction: String, Equatable, Hashable, Sendable, CaseIterable {
    case eraser, pan, undo, laser, none
}
