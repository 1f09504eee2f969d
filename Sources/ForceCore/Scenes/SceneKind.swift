/// The screens of ForceCanvas. Number keys 1–4 and Tab switch between them; sessions record
/// every switch.
public enum SceneKind: String, CaseIterable, Equatable, Hashable, Sendable {
    /// Variable-width ink (TouchCanvas).
    case canvas
    /// A message list: peek and pop (UIPreviewInteraction).
    case messages
    /// A home screen: force-press quick actions.
    case home
    /// A calendar event with the force-confirm DELETE EVENT bar (seed 004).
    case confirm

    /// The name on the scene tabs.
    public var title: String {
        switch self {
        case .canvas: "Canvas"
        case .messages: "Messages"
        case .home: "Home"
        case .confirm: "Confirm"
        }
    }

    /// The scene after this one (Tab).
    public var next: SceneKind {
        let all = Self.allCases
        let i = all.firstIndex(of: self) ?? 0
        return all[(i + 1) % all.count]
    }
}
