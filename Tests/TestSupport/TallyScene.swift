import ForceCore

/// A fifth scene, added from outside the program (tests): a tab that counts presses, written
/// against `Scene` alone. Each press shows the force it went down with, a lift counts it and
/// flashes the count for half a second (a wake), Esc sets it to 0, undo brings the last count
/// back; its machine (idle ↔ pressed) is on the diagram panel and its presses on the timeline.
public struct TallyScene: Scene {
    public static let kind = SceneKind.added(name: "tally", title: "Tally")

    public enum Phase: String, Sendable { case idle, pressed }

    public var phase = Phase.idle {
        didSet { steps.record(from: oldValue.rawValue, to: phase.rawValue) }
    }
    public var count = 0
    /// Counts before each press, for undo.
    public var history: [Int] = []
    /// The force the last press went down with.
    public var pressForce = 0.0
    /// A press flashes the count for `flashDuration` (a wake).
    public var flashUntil: Double?
    public var steps = TransitionLog()

    public static let flashDuration = 0.5

    /// A tally at 0.
    public init() {}

    public var kind: SceneKind { Self.kind }

    public mutating func pointer(_ p: PointerInput, context c: SceneContext) -> SceneOutcome {
        switch p.phase {
        case .down:
            phase = .pressed
            pressForce = c.force
            return SceneOutcome(log: [String(format: "tally press at force %.2f", c.force)])
        case .move:
            return SceneOutcome()
        case .up:
            guard phase == .pressed else { return SceneOutcome() }
            phase = .idle
            history.append(count)
            count += 1
            flashUntil = c.time + Self.flashDuration
            return SceneOutcome(log: ["tally \(count)"])
        case .cancel:
            phase = .idle
            return SceneOutcome()
        }
    }

    public mutating func advance(context c: SceneContext) -> SceneOutcome {
        if let f = flashUntil, c.time >= f { flashUntil = nil }
        return SceneOutcome()
    }

    public func nextWake(after t: Double) -> Double { flashUntil ?? .infinity }

    public mutating func close(context: SceneContext) -> Bool {
        guard count > 0 else { return false }
        history.append(count)
        count = 0
        return true
    }

    public mutating func undo(context: SceneContext) -> SceneOutcome? {
        guard let last = history.popLast() else { return SceneOutcome() }
        count = last
        return SceneOutcome(log: ["tally back to \(count)"])
    }

    public func display(context c: SceneContext) -> SceneDisplay {
        .plain(PlainSceneDisplay(kind: kind, area: c.area,
                                 lines: ["count \(count)", "phase \(phase.rawValue)", flashUntil != nil ? "counted!" : ""]))
    }

    public var help: HelpSection { HelpSection("Tally: counting presses", [("Press and lift", "counts one"), ("Esc", "back to 0")]) }

    public func snapshot(into f: inout [String: StateValue], at t: Double) {
        f["Tally.count"] = .number(Double(count))
        f["Tally.phase"] = .text(phase.rawValue)
    }

    public static let diagram = StateDiagram(title: "Tally", subtitle: "a press counts when it lifts", states: ["idle", "pressed"],
                                      edges: [.init("idle", "pressed", "down"), .init("pressed", "idle", "lift or cancel")])

    public func machine(at t: Double) -> SceneMachine? { SceneMachine(table: Self.diagram, current: phase.rawValue) }
    public var machineSteps: TransitionLog { steps }
    public var timelineSignals: [TimelineSignal] { [TimelineSignal(.peek, "tally pressed", isOn: phase == .pressed)] }
}

