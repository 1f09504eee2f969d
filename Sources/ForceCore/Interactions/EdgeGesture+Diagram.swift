/// EdgeGesture's table for the state-diagram panel: edge protection (deferral).
extension EdgeGesture.State {
    /// The state's name in the table, without its edge ("swiped").
    public var name: String {
        switch self {
        case .idle: "idle"
        case .tracking: "tracking"
        case .swiped: "swiped"
        }
    }

    /// Every state's name, in the panel's order.
    public static let names = ["idle", "tracking", "swiped"]
}

extension EdgeGesture {
    /// A swipe's path from an edge, and who gets it.
    public static let diagram = StateDiagram(
        title: "EdgeGesture",
        subtitle: "System gestures: a protected edge's first swipe is the scene's (arrow), "
            + "the same again within 1.5 s the system's; auto-hide switches deferral off",
        states: State.names,
        edges: [
            .init("idle", "tracking", "press within 24 pt of an edge"),
            .init("tracking", "swiped", "40 pt inward: deferred edge → the scene (arrow); else, or again within 1.5 s → the system"),
            .init("tracking", "idle", "lift, or the press is no swipe"),
            .init("swiped", "idle", "lift, or a new press away from the edges"),
            .init("swiped", "tracking", "a new press near an edge (the lift was lost)"),
        ])
}
