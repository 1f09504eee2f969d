/// QuickActionMenu's table for the state-diagram panel.
extension QuickActionMenu.State {
    /// The state's name in the table, without the icon ("tracking").
    public var name: String {
        switch self {
        case .idle: "idle"
        case .pressing: "pressing"
        case .tracking: "tracking"
        case .open: "open"
        }
    }

    /// Every state's name, in the panel's order.
    public static let names = ["idle", "pressing", "tracking", "open"]
}

extension QuickActionMenu {
    /// The table, with the peek threshold in its labels.
    public static func diagram(thresholds: ForceThresholds = .standard) -> StateDiagram {
        StateDiagram(
            title: "QuickActionMenu",
            subtitle: "Home: a force press on an icon opens at most four quick actions",
            states: State.names,
            edges: [
                .init("idle", "pressing", "press on an icon"),
                .init("pressing", "tracking", "force ≥ \(StateDiagram.format(thresholds.peek)): the menu opens"),
                .init("tracking", "open", "lift off the items: the menu stays"),
                .init("pressing", "idle", "lift: launch; slide off the icon, or cancel"),
                .init("tracking", "idle", "lift on an item: perform it; or cancel"),
                .init("open", "tracking", "press on the menu"),
                .init("open", "idle", "press outside, or cancel: close"),
            ])
    }

    /// This menu's table.
    public var diagram: StateDiagram { Self.diagram(thresholds: thresholds) }
}
