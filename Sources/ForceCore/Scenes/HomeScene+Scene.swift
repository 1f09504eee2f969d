/// The Home scene through `Scene`: icons laid out in the area, the quick-action menu's machine,
/// its opening on the timeline.
extension HomeScene: Scene {
    public var kind: SceneKind { .home }

    public func content(in area: Rect) -> [Rect] {
        let l = HomeLayout(area: area, count: apps.count)
        return [l.grid, l.stateLines]
    }

    public mutating func layOut(in area: Rect) { relayout(area: area) }

    public mutating func pointer(_ p: PointerInput, context c: SceneContext) -> SceneOutcome {
        let out = pointer(p.phase, at: p.location, force: c.force, hasForce: c.hasForce, time: c.time)
        var outcome = SceneOutcome(log: out.log, dispatch: out.dispatch)
        if out.launchedForceCanvas { outcome.requests = [.showDocuments] }
        return outcome
    }

    public mutating func advance(context c: SceneContext) -> SceneOutcome {
        let out = advance(to: c.time, pointer: c.pointer)
        return SceneOutcome(log: out.log, dispatch: out.dispatch)
    }

    /// The timed fallback's level while it drives a press (a device without force).
    public var fallbackForce: Double? { force.usesFallback && menu.state != .idle ? force.fallback.intention : nil }

    public mutating func close(context c: SceneContext) -> Bool { close(at: c.time) }

    public func display(context c: SceneContext) -> SceneDisplay { .home(display(time: c.time)) }

    /// The help with the standard thresholds.
    public static let help: HelpSection = help(thresholds: .standard)

    /// The help with the thresholds the scene uses (a session's or a settings file's own).
    static func help(thresholds t: ForceThresholds) -> HelpSection {
        HelpSection("Home: quick actions", [
            ("Press an icon, then wheel up", "the ring fills; at \(StateDiagram.format(t.peek)) the quick-action menu opens"),
            ("Slide to an item and lift", "performs it"),
            ("Lift, then tap an item", "performs it; a tap elsewhere, or Esc, closes the menu"),
            ("A light tap on an icon", "launches the app"),
            ("ForceCanvas's icon", "tapped: your documents; pressed: New Canvas, Peek Demo, Confirm Demo, Open Recent"),
        ])
    }

    public var help: HelpSection { menu.thresholds == .standard ? Self.help : Self.help(thresholds: menu.thresholds) }

    public func snapshot(into f: inout [String: StateValue], at t: Double) {
        f["QuickActionMenu.state"] = .text(StateSnapshot.describe(menu.state, apps: apps))
        f["QuickActionMenu.open"] = .flag(menu.isOpen)
        f["QuickActionMenu.items"] = .text(menu.items.map(\.title).joined(separator: " | "))
        f["QuickActionMenu.highlighted"] = menu.highlighted.map { .text("\($0)") } ?? .null
        f["QuickActionMenu.level"] = StateValue.rounded(menu.level)
        f["Home.toast"] = toast.map { .text($0.text) } ?? .null
    }

    public func machine(at t: Double) -> SceneMachine? { SceneMachine(table: menu.diagram, current: menu.state.name) }
    public var machineSteps: TransitionLog { menu.transitions }

    /// A menu opening is the Home scene's peek.
    public var timelineSignals: [TimelineSignal] { [TimelineSignal(.peek, "quick actions", isOn: menu.isOpen)] }
}
