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
    /// The latest steps, newest last: the last `flashCapacity` taken.
    public var flashes: ArraySlice<Flash> { recent.suffix(Self.flashCapacity) }
    /// At least the last `flashCapacity` steps (trimmed back to it when it holds twice as many,
    /// so a step costs no shifting of the rest, as `TransitionLog` keeps its steps).
    private var recent: [Flash] = []
    private var scene: SceneKind?
    /// How many steps of each scene's machine were seen, by the scene's place on the tabs, and
    /// of the edge gesture's.
    private var seenScenes: [Int] = []
    private var seenEdges = 0
    private var indicatorPhase: HomeIndicator.Phase = .pinned

    public init() {}

    /// Looks at the state after an event or a tick at `t` (the scene on screen, the scenes, the
    /// chrome): new steps flash and take the focus.
    @inline(__always)
    mutating func observe(scene current: SceneKind, scenes: SceneSet, chrome: SystemChrome, at t: Double) {
        if current != scene {
            scene = current
            // The scene on screen takes the focus, unless the edge gesture just stepped: then the
            // scene came with a system swipe (home or back lands after it), and the swipe stays.
            let swipeBroughtIt = recent.last.map { $0.focus == .edges && t - $0.time < Self.flashDuration } ?? false
            if !swipeBroughtIt { focus = .scene(current) }
        }
        // The force scenes' machines, the system's, then the ink's points: when a press both
        // starts a stroke and an edge swipe, the ink takes the focus.
        if seenScenes.count < scenes.count { seenScenes += Array(repeating: 0, count: scenes.count - seenScenes.count) }
        // The canvas is the first scene.
        scenes.forEachMachine { i, kind, steps in
            if i > 0 { seenScenes[i] = logSteps(kind, steps, after: seenScenes[i], at: t) }
        }
        seenEdges = logSteps(.edges, chrome.edges.transitions, after: seenEdges, at: t)
        let phase = chrome.indicator.phase(at: t)
        if phase != indicatorPhase {
            flash(Flash(focus: .indicator, from: indicatorPhase.rawValue, to: phase.rawValue, time: t))
            indicatorPhase = phase
        }
        seenScenes[0] = logSteps(.canvas, scenes.canvas.machineSteps, after: seenScenes[0], at: t)
    }

    /// Flashes the steps of `log` (a scene's machine's) after the first `seen`; returns how many
    /// it has seen now.
    private mutating func logSteps(_ scene: SceneKind, _ log: TransitionLog, after seen: Int, at t: Double) -> Int {
        logSteps(.scene(scene), log, after: seen, at: t)
    }

    /// Flashes the steps of `log` after the first `seen`; returns how many it has seen now.
    private mutating func logSteps(_ machine: @autoclosure () -> Focus, _ log: TransitionLog, after seen: Int, at t: Double) -> Int {
        guard log.count != seen else { return seen }
        let focus = machine()
        for step in log.steps(after: seen) { flash(Flash(focus: focus, from: step.from, to: step.to, time: t)) }
        return log.count
    }

    /// Records a step taken (taken in, not copied: it is made for this, a step an ink point).
    private mutating func flash(_ f: consuming Flash) {
        // Steps of the machines behind another scene (a cancel at a scene switch) do not move
        // the focus away from what is on screen.
        switch f.focus {
        case .edges, .indicator: focus = f.focus
        case .scene(let k): if k == scene { focus = f.focus }
        }
        recent.append(f)
        if recent.count >= 2 * Self.flashCapacity { recent.removeFirst(recent.count - Self.flashCapacity) }
    }

    /// When a flash next changes after `t`: every frame while one fades, +∞ after.
    public func nextWake(after t: Double) -> Double {
        flashes.contains { t - $0.time < Self.flashDuration } ? t : .infinity
    }
}
