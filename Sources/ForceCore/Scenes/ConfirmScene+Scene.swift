/// The Confirm scene through `Scene`: the bar at the bottom of its area (kept clear of the
/// floating gauge), the bottom edge deferred, the button's machine, 0.97 on the timeline.
extension ConfirmScene: Scene {
    public var kind: SceneKind { .confirm }
    /// The bottom swipe stays here at first: the bar sits on that edge (seed 004).
    public var edgeDeferral: EdgeDeferral { EdgeDeferral(edges: .bottom) }
    public var bottomReserve: Double { DeleteEventDemo.barHeight }

    public func content(in area: Rect) -> [Rect] {
        let l = ConfirmLayout(area: area)
        return [l.card, l.hint, l.state]
    }

    public func edgeLabels(in area: Rect) -> [Rect] { [DeleteEventDemo.titleRect(in: area)] }

    public mutating func pointer(_ p: PointerInput, context c: SceneContext) -> SceneOutcome {
        SceneOutcome(log: pointer(p.phase, at: p.location, force: c.force, hasForce: c.hasForce, area: c.area, time: c.time))
    }

    public mutating func advance(context c: SceneContext) -> SceneOutcome { SceneOutcome(log: advance(to: c.time)) }

    /// The intention the timed fallback drives (a device without force).
    public var fallbackForce: Double? { button.usesFallback ? button.intention : nil }

    public mutating func undo(context: SceneContext) -> SceneOutcome? {
        SceneOutcome(log: undo() ? ["undo: event restored"] : [])
    }

    public func display(context c: SceneContext) -> SceneDisplay { .confirm(display(area: c.area, time: c.time)) }

    public static let help = HelpSection("Confirm: the force-confirm button", [
        ("Press the red bar, then wheel up", "the ring 100 pt above the press fills with force; full (0.97): red CONFIRM"),
        ("Slide into the full ring and release", "green OK: the event is deleted (Z undoes)"),
        ("Release anywhere else", "nothing happens; the ring empties"),
        ("Without force (touch, a pen without pressure)", "the timed fallback fills the ring in about 1 s"),
        ("Swipe up from the bottom edge", "this scene defers it: the first swipe stays here, the same swipe again within 1.5 s goes Home"),
    ])

    public var help: HelpSection { Self.help }

    /// The confirm threshold instead of peek and pop.
    public func plotThresholds(_ thresholds: ForceThresholds) -> [ForcePlot.Threshold] {
        [ForcePlot.Threshold(name: "confirm", value: ConfirmButton.confirmThreshold)]
    }

    public func snapshot(into f: inout [String: StateValue], at t: Double) {
        f["ConfirmButton.state"] = .text("\(button.state)")
        f["ConfirmButton.intention"] = StateValue.rounded(button.intention)
        f["ConfirmButton.strokeEnd"] = StateValue.rounded(button.strokeEnd)
        f["ConfirmButton.tracking"] = .flag(button.isTracking)
        f["ConfirmButton.usesFallback"] = .flag(button.usesFallback)
        f["Confirm.events"] = .number(Double(events.count))
    }

    public func machine(at t: Double) -> SceneMachine? { SceneMachine(table: ConfirmButton.diagram, current: button.state.name) }
    public var machineSteps: TransitionLog { button.transitions }

    /// The intention passing 0.97: the button selected or confirmed.
    public var timelineSignals: [TimelineSignal] {
        [TimelineSignal(.confirm, "intention > 0.97", isOn: button.state == .selected || button.state == .confirmed)]
    }
}
