/// Which state machine the diagram panel shows, and the transitions it just took (they flash).
///
/// The focus is the interaction that changed last: the scene's machine when the scene comes
/// on screen, the edge gesture or the home indicator when a system gesture moves them. Every
/// step is a function of the state's changes, and a flash of its time: a replay shows the same.
public struct DiagramTracker: Equatable, Sendable {
    /// A machine the panel can show.
    public enum Focus: String, CaseIterable, Sendable {
        case ink, preview, quickActions, confirm, edges, indicator
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

    public private(set) var focus: Focus = .ink
    public private(set) var flashes: [Flash] = []
    private var scene: SceneKind?
    private var seen: [Focus: Int] = [:]
    private var indicatorPhase: HomeIndicator.Phase = .pinned
    private var inkPoints: [InkCanvas.FocusPoint] = []

    public init() {}

    /// The scene's own machine.
    static func focus(of scene: SceneKind) -> Focus {
        switch scene {
        case .canvas: .ink
        case .messages: .preview
        case .home: .quickActions
        case .confirm: .confirm
        }
    }

    /// Looks at `state` after an event or a tick at `t`: new steps flash and take the focus.
    mutating func observe(_ state: AppState, at t: Double) {
        if state.scene != scene {
            scene = state.scene
            focus = Self.focus(of: state.scene)
        }
        logSteps(.preview, state.messages.preview.transitions, at: t)
        logSteps(.quickActions, state.home.menu.transitions, at: t)
        logSteps(.confirm, state.confirm.button.transitions, at: t)
        logSteps(.edges, state.chrome.edges.transitions, at: t)
        let phase = state.chrome.indicator.phase(at: t)
        if phase != indicatorPhase {
            flash(Flash(focus: .indicator, from: indicatorPhase.rawValue, to: phase.rawValue, time: t))
            indicatorPhase = phase
        }
        observeInk(state.ink, at: t)
    }

    private mutating func logSteps(_ machine: Focus, _ log: TransitionLog, at t: Double) {
        let before = seen[machine] ?? 0
        guard log.count != before else { return }
        for step in log.steps(after: before) { flash(Flash(focus: machine, from: step.from, to: step.to, time: t)) }
        seen[machine] = log.count
    }

    /// The newest points: one seen before that changed phase steps; one not seen before enters.
    private mutating func observeInk(_ ink: InkCanvas, at t: Double) {
        let now = ink.focusPoints(following: inkPoints.last?.stroke)
        guard now != inkPoints else { return }
        for p in now {
            if let old = inkPoints.first(where: { $0.stroke == p.stroke && $0.sequence == p.sequence }) {
                if old.phase != p.phase { flash(Flash(focus: .ink, from: old.phase.rawValue, to: p.phase.rawValue, time: t)) }
            } else if p.sequence > (inkPoints.last?.sequence ?? -1) || p.stroke != inkPoints.last?.stroke {
                flash(Flash(focus: .ink, from: nil, to: p.phase.rawValue, time: t))
            }
        }
        inkPoints = now
    }

    private mutating func flash(_ f: Flash) {
        // Steps of the machines behind another scene (a cancel at a scene switch) do not move
        // the focus away from what is on screen.
        switch f.focus {
        case .edges, .indicator: focus = f.focus
        default: if scene.map(Self.focus(of:)) == f.focus { focus = f.focus }
        }
        flashes.append(f)
        if flashes.count > Self.flashCapacity { flashes.removeFirst(flashes.count - Self.flashCapacity) }
    }

    /// When a flash next changes after `t`: every frame while one fades, +∞ after.
    public func nextWake(after t: Double) -> Double {
        flashes.contains { t - $0.time < Self.flashDuration } ? t : .infinity
    }
}
