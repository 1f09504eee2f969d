/// The force-confirm button of seed 004 (ariok/TB_ForceTouchSelector's `ConfirmActionButton`,
/// SPEC 5): press, press harder until the ring is full, slide into the ring, release to fire.
///
/// Faithful to the reference's `updateSelection`: with `intention > 0.97` the ring is full and
/// the state is `confirmed` inside the ring, `selected` outside; with `intention ≤ 0.97` and
/// the pointer outside the ring the state is `updating` with `strokeEnd = intention`; with
/// `intention ≤ 0.97` inside the ring nothing changes (so a confirmed press may relax while it
/// stays in the ring). Differences, each deliberate: "inside" is the ring's circle (radius 50),
/// where the reference tests the square container frame; the press sample is evaluated at
/// once (the reference waits for the first move); a release is judged on the state left by
/// the last move, as in `endTracking`.
///
/// On a device without force (`hasForce == false` at the press) a `TimedFallback` drives
/// intention from `advance(to:)`; moves then only move the pointer, as in the reference.
public struct ConfirmButton: Equatable, Sendable {
    /// 100 pt, the side of the ring container (reference `size = CGSize(width: 100, height: 100)`).
    public static let ringSize = 100.0
    /// 100 pt, how far above the press the ring is centred (reference
    /// `container.position = initialLocation ++ CGPoint(x: 0, y: -size.height)`).
    public static let ringOffset = 100.0
    /// 50 pt, the radius of the ring's circle: the "inside" of a confirm.
    public static let ringRadius = ringSize / 2
    /// 0.97, the confirm threshold of the reference button (seed 004: `intention > 0.97`).
    public static let confirmThreshold = 0.97
    /// 3.0 iOS force units, the cap the reference applies to force and to `maximumPossibleForce`
    /// "to save the user's strength" (seed 004).
    public static let forceCap = 3.0
    /// 1 pt, the ring's stroke width (reference `circle.lineWidth = 1`).
    public static let lineWidth = 1.0
    /// 2 pt, the glow (shadow radius, opacity 1, zero offset) in the ring's colour (reference).
    public static let glowRadius = 2.0
    /// 12 pt, the label's font size (reference `msgLabel.fontSize = 12`).
    public static let labelFontSize = 12.0

    /// The reference's `ConfirmActionButtonState`.
    public enum State: Equatable, Hashable, Sendable, CaseIterable {
        case idle, updating, selected, confirmed
    }

    /// What the caller tells the button. Force is raw device force with its
    /// `maximumPossibleForce`; for normalised force leave the maximum at 1.
    public enum Event: Equatable, Hashable, Sendable {
        /// `beginTracking`: a press at a location.
        case press(at: Point, force: Double = 0, maximumPossibleForce: Double = 1)
        /// `continueTracking`: the pointer moved or its force changed.
        case move(to: Point, force: Double = 0, maximumPossibleForce: Double = 1)
        /// `endTracking`: the press was lifted.
        case release(at: Point)
        /// The system took the press away: never fires.
        case cancel
    }

    /// What the caller should do.
    public enum Effect: Equatable, Hashable, Sendable {
        /// The state changed (for the HUD's callback log and the ring's look).
        case stateChanged(State)
        /// Released while confirmed: perform the action (the reference's `valueChanged`).
        case fire
    }

    /// Whether the active device reports force; read at each press (the reference checks
    /// `forceTouchCapability` in `beginTracking`).
    public var hasForce: Bool
    /// Where a press may start (the DELETE EVENT bar); nil accepts a press anywhere.
    public var bar: Rect?
    public private(set) var state: State = .idle {
        didSet { transitions.record(from: oldValue.name, to: state.name) }
    }
    /// Every change of `state`, for the state-diagram panel (`StateDiagram`).
    public private(set) var transitions = TransitionLog()
    /// Intention 0…1: capped force ratio, or the timed fallback's value.
    public private(set) var intention = 0.0
    /// The ring's stroke end 0…1 (1 when selected or confirmed).
    public private(set) var strokeEnd = 0.0
    /// The ring's centre while a press is tracked, nil otherwise.
    public private(set) var ringCenter: Point?
    /// The pointer's latest location while a press is tracked.
    public private(set) var pointer: Point?
    /// Whether the current press is driven by the timed fallback.
    public private(set) var usesFallback = false
    /// The timed fallback (idle unless a force-less press is held).
    public private(set) var fallback: TimedFallback
    private var lastTime = -Double.infinity

    /// A button accepting presses inside `bar` (nil: anywhere), with force or the timed fallback.
    public init(bar: Rect? = nil, hasForce: Bool = true,
                waitingInterval: Double = TimedFallback.defaultWaitingInterval) {
        self.bar = bar
        self.hasForce = hasForce
        self.fallback = TimedFallback(waitingInterval: waitingInterval)
    }

    /// Whether a press is being tracked.
    public var isTracking: Bool { ringCenter != nil }

    /// The ring container's rectangle (100×100, unscaled) while a press is tracked.
    public var ringRect: Rect? {
        ringCenter.map { Rect(around: $0, radius: Self.ringRadius) }
    }

    /// Whether `p` is inside the ring's circle.
    public func ringContains(_ p: Point) -> Bool {
        guard let c = ringCenter, p.isFinite else { return false }
        return p.distanceSquared(to: c) <= Self.ringRadius * Self.ringRadius
    }

    /// The reference's intention: `min(force, 3) / min(maximumPossibleForce, 3)`, clamped to
    /// 0…1. NaN force is 0; a NaN or non-positive maximum (a device without a range) gives 0.
    public static func intention(force: Double, maximumPossibleForce: Double = 1) -> Double {
        guard maximumPossibleForce > 0 else { return 0 }
        return Force.normalized(min(force, forceCap) / min(maximumPossibleForce, forceCap))
    }

    /// Applies one event and returns what the caller should do.
    public mutating func handle(_ event: Event, at time: Double) -> [Effect] {
        let t = InteractionInput.time(time, after: lastTime)
        lastTime = t
        switch event {
        case .press(let at, let force, let maximum):
            var effects = isTracking ? reset() : []
            guard at.isFinite, bar?.contains(at) ?? true else { return effects }
            ringCenter = Point(x: at.x, y: at.y - Self.ringOffset)
            pointer = at
            usesFallback = !hasForce
            if usesFallback {
                _ = fallback.handle(.press, at: t)
                intention = 0
            } else {
                intention = Self.intention(force: force, maximumPossibleForce: maximum)
            }
            effects += updateSelection()
            return effects
        case .move(let to, let force, let maximum):
            guard isTracking else { return [] }
            pointer = InteractionInput.location(to, else: pointer)
            if !usesFallback {
                intention = Self.intention(force: force, maximumPossibleForce: maximum)
            }
            return updateSelection()
        case .release(let at):
            guard isTracking else { return [] }
            pointer = InteractionInput.location(at, else: pointer)
            let fires = state == .confirmed
            return (fires ? [.fire] : []) + reset()
        case .cancel:
            return isTracking ? reset() : []
        }
    }

    /// Runs the timed fallback's ticks due by `time`; each tick re-evaluates the selection at
    /// the last pointer location (the reference's `updateTimedIntention`).
    public mutating func advance(to time: Double) -> [Effect] {
        let t = InteractionInput.time(time, after: lastTime)
        lastTime = t
        guard isTracking, usesFallback else { return [] }
        var effects: [Effect] = []
        for case .tick(_, let value) in fallback.advance(to: t) {
            intention = value
            effects += updateSelection()
        }
        return effects
    }

    /// When `advance` next changes the button: the timed fallback's next tick during a
    /// force-less press, else +∞ (force presses change only on input).
    public var nextWake: Double {
        guard isTracking, usesFallback, let tick = fallback.nextTick else { return .infinity }
        return tick
    }

    /// The reference's `updateSelection(with:)`.
    private mutating func updateSelection() -> [Effect] {
        let inside = pointer.map(ringContains) ?? false
        if intention > Self.confirmThreshold {
            strokeEnd = 1
            return set(inside ? .confirmed : .selected)
        }
        guard !inside else { return [] }
        strokeEnd = intention
        return set(.updating)
    }

    private mutating func set(_ new: State) -> [Effect] {
        guard new != state else { return [] }
        state = new
        return [.stateChanged(new)]
    }

    /// `endTracking`'s tail: back to idle with the ring emptied.
    private mutating func reset() -> [Effect] {
        _ = fallback.handle(.release, at: lastTime)
        intention = 0
        strokeEnd = 0
        ringCenter = nil
        pointer = nil
        usesFallback = false
        return set(.idle)
    }
}
