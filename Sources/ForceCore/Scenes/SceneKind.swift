/// Which scene: its tab, its name in sessions (`"scene"`, recorded switches) and on the command
/// line. ForceCanvas has four (`builtIn`); a state may be given more (`SceneSet.added`), which is
/// how a test adds a fifth without touching the program.
public enum SceneKind: Hashable, Sendable, CustomStringConvertible {
    /// Variable-width ink (TouchCanvas).
    case canvas
    /// A message list: peek and pop (UIPreviewInteraction).
    case messages
    /// A home screen: force-press quick actions.
    case home
    /// A calendar event with the force-confirm DELETE EVENT bar (seed 004).
    case confirm
    /// A scene added to a state from outside the program, by its name and its tab's title.
    case added(name: String, title: String)

    /// ForceCanvas's scenes, in tab order (number keys 1–4).
    public static let builtIn: [SceneKind] = [.canvas, .messages, .home, .confirm]

    /// The built-in scene named `name` (a session's header, `--scene`), if any.
    public init?(name: String) {
        guard let k = Self.builtIn.first(where: { $0.name == name }) else { return nil }
        self = k
    }

    /// The name sessions and the command line use ("messages").
    public var name: String {
        switch self {
        case .canvas: "canvas"
        case .messages: "messages"
        case .home: "home"
        case .confirm: "confirm"
        case .added(let name, _): name
        }
    }

    /// The name on the scene tabs ("Messages").
    public var title: String {
        switch self {
        case .canvas: "Canvas"
        case .messages: "Messages"
        case .home: "Home"
        case .confirm: "Confirm"
        case .added(_, let title): title
        }
    }

    public var description: String { name }
}
