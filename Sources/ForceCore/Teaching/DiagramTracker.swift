/// Which state machine the diagram panel shows, and the transitions it just took (they flash).
///
/// The focus is the interaction that changed last: the scene's machine when the scene comes
/// on screen, the edge gesture or the home indicator when a system gesture moves them. Every
/// step is a function of the state's changes, and a flash of its time: a replay shows the same.
public struct DiagramTracker: Equatable, Sendable {
    /// A machine the panel can show: a scene's, or one of the system's.
    public enum Focus: Hashable, Sendable {
        case scene(SceneKind)
        case edges, indicator
    }

    /// A transition just taken: it flashes for `flashDuration`.
    public struct Flash: Equatable, Sendable {
        public var focus: Focus
        /// The state left (nil: a new point entering the machine).
        public var from: String?
        public var to: String
        public var time: Double
    }

    /// 0.8 s: how long an edge just taken flashes (chosen: long enough to see at 1×, and
    /// in slow motion it lasts as much session time).
    public static let flashDuration = 0.8
    /// 6: flashes kept (a press that peeks and pops at once takes three steps).
    static let flashCapacity = 6

    public private(set) var focus: Focus = .scene(.canvas)
    public private(set) var flashes: [Flash] = []
    private var scene: SceneKind?
    private var seen: [Focus: Int] = [:]
    private var indicatorPhase: HomeIndicator.Phase = .pinned

    public init() {}

    /// Looks at `state` after an event or a tick at `t`: new steps flash and take the focus.
    mutating func observe(_ state: AppState, at t: Double) {
        if state.scene != scene {
            scene = state.scene
            focus = .scene(state.scene)
        }
        // The force scenes' machines, the system's, then the ink's points: when a press both
        // starts a stroke and an edge swipe, the ink takes the focus.
        let all = state.scenes.machineSteps
        for (kind, steps) in all where kind != .canvas { logSteps(.scene(kind), steps, at: t) }
        logSteps(.edges, state.chrome.edges.transitions, at: t)
        let phase = state.chrome.indicator.phase(at: t)
        if phase != indicatorPhase {
            flash(Flash(focus: .indicator, from: indicatorPhase.rawValue, to: phase.rawValue, time: t))
            indicatorPhase = phase
        }
        for (kind, steps) in all where kind == .canvas { logSteps(.scene(kind), steps, at: t) }
    }

    private mutating func logSteps(_ machine: Focus, _ log: TransitionLog, at t: Double) {
        let before = seen[machine] ?? 0
        guard log.count != before else { return }
        for step in log.steps(after: before) { flash(Flash(focus: machine, from: step.from, to: step.to, time: t)) }
        seen[machine] = log.count
    }

    private mutating func flash(_ f: Flash) {
        // Steps of the machines behind another scene (a cancel at a scene switch) do not move
        // the focus away from what is on screen.
        switch f.focus {
        case .edges, .indicator: focus = f.focus
        case .scene(let k): if k == scene { focus = f.focus }
        }
        flashes.append(f)
        if flashes.count > Self.flashCapacity { flashes.removeFirst(flashes.count - Self.flashCapacity) }
    }

    /// When a flash next changes after `t`: every frame while one fades, +∞ after.
    public func nextWake(after t: Double) -> Double {
        flashes.contains { t - $0.time < Self.flashDuration } ? t : .infinity
    }
}
