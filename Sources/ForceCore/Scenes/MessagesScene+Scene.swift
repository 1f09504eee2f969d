/// The Messages scene through `Scene`: its layout in the area (scrolled), the preview
/// interaction's machine, the peek and pop on the timeline.
extension MessagesScene: Scene {
    public var kind: SceneKind { .messages }

    /// Its layout in `area`, scrolled (never past its end).
    public func scrolledLayout(in area: Rect) -> MessagesLayout {
        let limit = MessagesLayout(area: area).maximumScroll(count: rows.count)
        return MessagesLayout(area: area, scroll: min(scroll, limit))
    }

    public func content(in area: Rect) -> [Rect] { [MessagesLayout(area: area).column] }

    public mutating func pointer(_ p: PointerInput, context c: SceneContext) -> SceneOutcome {
        SceneOutcome(log: pointer(p.phase, at: p.location, force: c.force, hasForce: c.hasForce, layout: scrolledLayout(in: c.area),
                                  time: c.time))
    }

    public mutating func advance(context c: SceneContext) -> SceneOutcome {
        SceneOutcome(log: advance(to: c.time, layout: scrolledLayout(in: c.area)))
    }

    /// The timed fallback's level while it drives a press (a device without force).
    public var fallbackForce: Double? { force.usesFallback && isPressing ? force.fallback.intention : nil }

    public mutating func scroll(byNotches notches: Double, context c: SceneContext) -> Bool {
        scroll(byNotches: notches, layout: scrolledLayout(in: c.area))
        return true
    }

    public mutating func close(context: SceneContext) -> Bool { close() }

    /// The left edge's back gesture closes the detail view.
    public mutating func back(context: SceneContext) -> SceneOutcome {
        SceneOutcome(log: close() ? ["back: closed the detail view"] : [])
    }

    public mutating func undo(context: SceneContext) -> SceneOutcome? {
        SceneOutcome(log: undo(at: context.time) ? ["undo: row restored"] : [])
    }

    public func display(context c: SceneContext) -> SceneDisplay { .messages(display(layout: scrolledLayout(in: c.area), time: c.time)) }

    /// The help with the standard thresholds.
    public static let help: HelpSection = help(thresholds: .standard)

    /// The help with the thresholds the scene uses (a session's or a settings file's own).
    static func help(thresholds t: ForceThresholds) -> HelpSection {
        HelpSection("Messages: peek and pop", [
            ("Press a row, then wheel up",
             "the inner ring fills: peek at \(StateDiagram.format(t.peek)); the outer ring: pop at \(StateDiagram.format(t.pop)), while still pressing"),
            ("Press an avatar", "previews the sender's profile instead of the message"),
            ("Lift before the pop", "the peek shrinks away (didCancel); a light tap opens the conversation, as on iOS"),
            ("Drag up during a peek", "the preview actions: Reply, Favourite (selected), Delete (destructive)"),
            ("Lift on an action, or tap one", "performs it; Delete removes the row (Z undoes)"),
            ("Wheel, no button held", "scrolls the list"),
            ("Esc, tap ‹ Messages, or swipe from the left edge", "back from the detail view to the list"),
        ])
    }

    public var help: HelpSection { preview.thresholds == .standard ? Self.help : Self.help(thresholds: preview.thresholds) }

    public func snapshot(into f: inout [String: StateValue], at t: Double) {
        f["PreviewInteraction.state"] = .text("\(preview.state)")
        f["PreviewInteraction.previewProgress"] = StateValue.rounded(preview.previewProgress)
        f["PreviewInteraction.commitProgress"] = StateValue.rounded(preview.commitProgress)
        f["PreviewInteraction.level"] = StateValue.rounded(preview.level)
        f["Messages.rows"] = .number(Double(rows.count))
        f["Messages.target"] = target.map { .text("\(rows[$0.index].sender) \($0.part.rawValue)") } ?? .null
        f["Messages.actionsReveal"] = StateValue.rounded(actionsReveal)
        f["Messages.highlightedAction"] = highlightedAction.map { .text("\($0)") } ?? .null
        f["Messages.actionsOpen"] = .flag(actionsOpen)
        f["Messages.detail"] = detail.map { .text("\($0.part.rawValue) of \($0.row.sender)") } ?? .null
    }

    public func machine(at t: Double) -> SceneMachine? { SceneMachine(table: preview.diagram, current: preview.state.name) }
    public var machineSteps: TransitionLog { preview.transitions }

    /// The peek and the pop, when the preview's stage reaches them.
    public var timelineSignals: [TimelineSignal] {
        [TimelineSignal(.peek, "peek", isOn: preview.stage >= 1), TimelineSignal(.pop, "pop", isOn: preview.stage >= 2)]
    }
}
