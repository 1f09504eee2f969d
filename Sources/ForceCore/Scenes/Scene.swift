/// One of ForceCanvas's screens: the Canvas, Messages, Home, Confirm (and any a test adds).
///
/// `AppState` routes to the scene on screen and knows nothing of its insides: a scene takes
/// pointer samples and frame ticks with a `SceneContext` (its area, the time, the force and
/// whether the device has force) and answers with a `SceneOutcome` (event-log lines, a quick
/// action to perform). What the rest of the program asks of a scene — when it next changes
/// (`nextWake`), what it shows (`display`), its state for `check` (`snapshot`), its state
/// machine for the diagram panel, its help, what the player's timeline marks — goes through
/// this protocol too, so a scene is one type and a few files, never twenty.
///
/// Everything but the input has a default, so a scene writes what it has.
public protocol Scene: Equatable, Sendable {
    /// Its name: tab, sessions, command line.
    var kind: SceneKind { get }
    /// How a mouse press takes its force here: the canvas's strokes or a force scene's presses.
    var pressStyle: PressureInput.PressStyle { get }
    /// The system edges it asks to defer (a first swipe stays in the scene; SPEC 8).
    var edgeDeferral: EdgeDeferral { get }
    /// Points kept free at the bottom of its area (Confirm's bar): the floating gauge goes above.
    var bottomReserve: Double { get }

    /// The rects of its resting content in `area`: the floating gauge keeps clear of them.
    func content(in area: Rect) -> [Rect]
    /// Its labels along the screen's edges in `area` (Confirm's DELETE EVENT): the arrow of a
    /// deferred swipe moves along the edge off them.
    func edgeLabels(in area: Rect) -> [Rect]
    /// Lays it out in `area` (after the window or the open panels changed).
    mutating func layOut(in area: Rect)

    /// Whether a sample is a press of the force path (`PressureInput`): all but the eraser's.
    func usesPressure(for input: PointerInput) -> Bool
    /// A pointer sample of the press it owns (the force and the capability are the context's).
    mutating func pointer(_ input: PointerInput, context: SceneContext) -> SceneOutcome
    /// The mouse's emulated force changed during a mouse press (a notch, a key, a step of the
    /// ease); by default a move where the pointer is.
    mutating func pressureChanged(context: SceneContext) -> SceneOutcome
    /// A frame tick while it is on screen: timed fallbacks, animations ending.
    mutating func advance(context: SceneContext) -> SceneOutcome
    /// When a frame tick next changes it or its look after `t` (`AppState.nextWake`): `t` while
    /// it animates every frame, +∞ when only input changes it.
    func nextWake(after t: Double) -> Double
    /// The force a timed fallback drives the press with now, if one does (a device without force).
    var fallbackForce: Double? { get }

    /// The wheel turned with no button held; returns whether the scene used it (Messages scrolls).
    mutating func scroll(byNotches notches: Double, context: SceneContext) -> Bool
    /// Esc: closes what it has open; returns whether something closed.
    mutating func close(context: SceneContext) -> Bool
    /// The left edge's back gesture.
    mutating func back(context: SceneContext) -> SceneOutcome
    /// Undo in this scene; nil when it keeps no history of its own (the drawing's undo then).
    mutating func undo(context: SceneContext) -> SceneOutcome?

    /// What it shows this frame.
    func display(context: SceneContext) -> SceneDisplay
    /// Its keys and gestures, first in the help.
    var help: HelpSection { get }
    /// The force plot's lines while it is on screen (default: the peek and pop thresholds).
    func plotThresholds(_ thresholds: ForceThresholds) -> [ForcePlot.Threshold]

    /// Its state for `check`: named values added to `fields` (`StateSnapshot`).
    func snapshot(into fields: inout [String: StateValue], at t: Double)
    /// Its state machine for the diagram panel: the table and the state it is in at `t`.
    func machine(at t: Double) -> SceneMachine?
    /// The steps its machine took, newest last (the diagram's tracker flashes the new ones).
    var machineSteps: TransitionLog { get }
    /// After each event and tick: a scene whose machine does not log its own steps notes them
    /// now (the ink's points, compared with what it saw before).
    mutating func noteMachineSteps()
    /// What the player's timeline marks for it: a marker where a signal turns on.
    var timelineSignals: [TimelineSignal] { get }
}

/// What a scene is told with every input: where it is, when, and with what force.
public struct SceneContext: Equatable, Sendable {
    /// Its area, in its own coordinates (the window's: scenes are not moved or scaled yet).
    public var area: Rect
    /// The time of the input or the tick, in seconds.
    public var time: Double
    /// The force of the press, after the pressure curve (`PressureInput.force`).
    public var force: Double
    /// Whether the driving device reports force (else a timed fallback stands in).
    public var hasForce: Bool
    /// The pointer's last known location.
    public var pointer: Point?
    /// The canvas options (debug drawing keeps a stroke the system took, in red).
    public var options: Options
    /// The ink's outline options (the eraser reaches the ink's width).
    public var outline: OutlineOptions
    /// This sample cancels a press the system took over (an edge swipe).
    public var systemTook = false

    /// A context of these values.
    public init(area: Rect, time: Double, force: Double = 0, hasForce: Bool = true, pointer: Point? = nil,
                options: Options = Options(), outline: OutlineOptions = .default) {
        self.area = area
        self.time = time
        self.force = force
        self.hasForce = hasForce
        self.pointer = pointer
        self.options = options
        self.outline = outline
    }
}

/// What a scene's input did, for `AppState` to carry out.
public struct SceneOutcome: Equatable, Sendable {
    /// Delegate-style callbacks for the event log.
    public var log: [String] = []
    /// Items of ForceCanvas's own quick-action menu chosen, to perform (kept in an array, so an
    /// outcome stays a few words on the path every sample takes).
    public var dispatches: [ShortcutDispatch] = []
    /// What the host is asked to do (a tap on ForceCanvas's icon shows the documents).
    public var requests: [HostRequest] = []
    /// The press this sample belongs to began or ended outside the force path (the eraser).
    public var press: PressChange?

    /// A press beginning or ending that the scene itself decided.
    public enum PressChange: Equatable, Sendable {
        case began(InputSource)
        case ended
    }

    /// An outcome of these log lines.
    public init(log: [String] = [], dispatch: ShortcutDispatch? = nil) {
        self.log = log
        if let dispatch { dispatches = [dispatch] }
    }
}

/// The system edges a scene defers: its own, or those of a view inside it (the canvas's ink
/// view), as `childViewControllerForScreenEdgesDeferringSystemGestures` would have it.
public struct EdgeDeferral: Equatable, Sendable {
    /// The view inside the scene that declares them (nil: the scene itself).
    public var child: String?
    public var edges: ScreenEdges

    /// No edge deferred.
    public static let none = EdgeDeferral(child: nil, edges: [])

    /// `edges`, declared by `child` (or the scene).
    public init(child: String? = nil, edges: ScreenEdges) {
        self.child = child
        self.edges = edges
    }
}

/// A scene's state machine as the diagram panel shows it: its table and current state.
public struct SceneMachine: Equatable, Sendable {
    public var table: StateDiagram
    /// The state it is in (nil: none, such as no ink point yet).
    public var current: String?

    /// The machine of `table`, in `current`.
    public init(table: StateDiagram, current: String?) {
        self.table = table
        self.current = current
    }
}

/// Something the player's timeline marks when it turns on (a peek, a pop, a menu opening).
public struct TimelineSignal: Equatable, Sendable {
    public var kind: TimelineMarker.Kind
    public var label: String
    public var isOn: Bool

    /// A signal of `kind`, named `label`, on or off.
    public init(_ kind: TimelineMarker.Kind, _ label: String, isOn: Bool) {
        self.kind = kind
        self.label = label
        self.isOn = isOn
    }
}

extension Scene {
    public var pressStyle: PressureInput.PressStyle { .force }
    public var edgeDeferral: EdgeDeferral { .none }
    public var bottomReserve: Double { 0 }
    public func content(in area: Rect) -> [Rect] { [] }
    public func edgeLabels(in area: Rect) -> [Rect] { [] }
    public mutating func layOut(in area: Rect) {}
    public func usesPressure(for input: PointerInput) -> Bool { true }

    public mutating func pressureChanged(context: SceneContext) -> SceneOutcome {
        guard let p = context.pointer else { return SceneOutcome() }
        return pointer(PointerInput(phase: .move, location: p, source: .mouse), context: context)
    }

    public mutating func advance(context: SceneContext) -> SceneOutcome { SceneOutcome() }
    public func nextWake(after t: Double) -> Double { .infinity }
    public var fallbackForce: Double? { nil }
    public mutating func scroll(byNotches notches: Double, context: SceneContext) -> Bool { false }
    public mutating func close(context: SceneContext) -> Bool { false }
    public mutating func back(context: SceneContext) -> SceneOutcome { SceneOutcome() }
    public mutating func undo(context: SceneContext) -> SceneOutcome? { nil }

    public func plotThresholds(_ thresholds: ForceThresholds) -> [ForcePlot.Threshold] {
        [ForcePlot.Threshold(name: "peek", value: thresholds.peek), ForcePlot.Threshold(name: "pop", value: thresholds.pop)]
    }

    public func snapshot(into fields: inout [String: StateValue], at t: Double) {}
    public func machine(at t: Double) -> SceneMachine? { nil }
    public var machineSteps: TransitionLog { TransitionLog() }
    public mutating func noteMachineSteps() {}
    public var timelineSignals: [TimelineSignal] { [] }
}
