/// HomeIndicator's table for the state-diagram panel. Its state is a preference and a time, so
/// the table's states are phases of it at a moment (`phase(at:)`).
extension HomeIndicator {
    /// The phases the panel shows.
    public enum Phase: String, CaseIterable, Sendable {
        /// Auto-hide off: always shown.
        case pinned
        /// Auto-hide on, shown (or fading back in) since the last tap.
        case shown
        /// Auto-hide on, 2 s without a tap: fading or faded to nearly transparent.
        case hidden
    }

    /// The phase at a time.
    public func phase(at time: Double) -> Phase {
        switch state {
        case .pinned: return .pinned
        case .autoHiding(let since, _):
            return time.isFinite && time - since > Self.idleDelay ? .hidden : .shown
        }
    }

    /// The preference, the 2 s, and the tap.
    public static let diagram = StateDiagram(
        title: "HomeIndicator",
        subtitle: "prefersHomeIndicatorAutoHidden: the indicator fades after 2 s without a tap; its gesture still works",
        states: Phase.allCases.map(\.rawValue),
        edges: [
            .init("pinned", "shown", "I: auto-hide on (edge deferral stops working)"),
            .init("shown", "hidden", "2 s without a tap: fades to 0.15"),
            .init("hidden", "shown", "a tap (not a drag, under 0.5 s)"),
            .init(.states(["shown", "hidden"]), "pinned", "I: auto-hide off"),
        ])
}
