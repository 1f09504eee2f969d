/// The name of a scene: on its tab, in sessions (`"scene"`, recorded switches) and on the
/// command line. ForceCanvas has four (`builtIn`); a state may be given more (`SceneSet.added`),
/// which is how a test adds a fifth without touching the program.
public struct SceneKind: Hashable, Sendable, CustomStringConvertible {
    /// The name sessions and the command line use ("messages").
    public let name: String
    /// The name on the scene tabs ("Messages").
    public let title: String

    /// A scene named `name`, titled `title` on its tab.
    public init(name: String, title: String) {
        self.name = name
        self.title = title
    }

    /// Variable-width ink (TouchCanvas).
    public static let canvas = SceneKind(name: "canvas", title: "Canvas")
    /// A message list: peek and pop (UIPreviewInteraction).
    public static let messages = SceneKind(name: "messages", title: "Messages")
    /// A home screen: force-press quick actions.
    public static let home = SceneKind(name: "home", title: "Home")
    /// A calendar event with the force-confirm DELETE EVENT bar (seed 004).
    public static let confirm = SceneKind(name: "confirm", title: "Confirm")

    /// ForceCanvas's scenes, in tab order (number keys 1–4).
    public static let builtIn: [SceneKind] = [.canvas, .messages, .home, .confirm]

    /// The built-in scene named `name` (a session's header, `--scene`), if any.
    public init?(name: String) {
        guard let k = Self.builtIn.first(where: { $0.name == name }) else { return nil }
        self = k
    }

    public var description: String { name }
}
