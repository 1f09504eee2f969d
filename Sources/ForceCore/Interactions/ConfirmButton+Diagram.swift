/// ConfirmButton's table for the state-diagram panel.
extension ConfirmButton.State {
    /// The state's name in the table ("confirmed").
    public var name: String { "\(self)" }
}

extension ConfirmButton {
    /// The reference button's states and `updateSelection`'s rules.
    public static let diagram = StateDiagram(
        title: "ConfirmButton",
        subtitle: "Confirm: intention = min(force, 3) / min(max force, 3), or the timed fallback",
        states: State.allCases.map(\.name),
        edges: [
            .init("idle", "updating", "press on the bar (the ring 100 pt above)"),
            .init("updating", "selected", "intention > 0.97, outside the ring"),
            .init("selected", "confirmed", "intention > 0.97 and inside the ring"),
            .init("updating", "confirmed", "intention > 0.97 and inside the ring"),
            .init("idle", "selected", "pressed at intention > 0.97"),
            .init("confirmed", "selected", "slide out of the ring"),
            .init(.states(["selected", "confirmed"]), "updating", "intention ≤ 0.97, outside the ring"),
            .init("confirmed", "idle", "release inside: fire (DELETED)"),
            .init(.any, "idle", "release elsewhere, or cancel: the ring empties"),
        ])
}
