/// PreviewInteraction's table for the state-diagram panel: its states and what moves it.
extension PreviewInteraction.State {
    /// The state's name in the table ("previewing").
    public var name: String {
        switch self {
        case .idle: "idle"
        case .previewing: "previewing"
        case .committing: "committing"
        case .committed: "committed"
        }
    }
}

extension PreviewInteraction {
    /// The table, with the thresholds this interaction uses in its labels.
    public static func diagram(thresholds: ForceThresholds = .standard) -> StateDiagram {
        let peek = StateDiagram.format(thresholds.peek), pop = StateDiagram.format(thresholds.pop)
        return StateDiagram(
            title: "PreviewInteraction",
            subtitle: "Messages: peek and pop, preview progress = force / \(peek)",
            states: State.allCases.map(\.name),
            edges: [
                .init("idle", "previewing", "press on a row or an avatar (shouldBegin: true)"),
                .init("previewing", "committing", "force ≥ \(peek): peek (preview ended)"),
                .init("committing", "committed", "force ≥ \(pop): pop (commit ended)"),
                .init(.states(["previewing", "committing"]), "idle", "lift or cancel before the pop: didCancel"),
                .init("committed", "idle", "lift (quiet: it already popped)"),
            ])
    }

    /// This interaction's table.
    public var diagram: StateDiagram { Self.diagram(thresholds: thresholds) }
}

extension StateDiagram {
    /// A threshold as the labels write it: "0.20".
    static func format(_ v: Double) -> String {
        let hundredths = Int((v * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}
