/// The timed stand-in for force on a device without it (SPEC 1, seed 004's
/// `updateTimedIntention`): while the press is held, intention grows by
/// `tickInterval / waitingInterval` at every tick, never falls, and resets on release.
///
/// Ticks are counted from the press time, one at each `tickInterval` boundary
/// (press + 0.1 s, + 0.2 s, …), so any frame timing gives the same count: a frame 0.35 s after
/// the press has seen 3 ticks. The reference also fires its timer once at the press
/// (`timer.fire()`); ForceCanvas does not, so the default fills in exactly 1.0 s (10 ticks).
public struct TimedFallback: Equatable, Hashable, Sendable {
    /// 0.1 s, the reference's `Timer.scheduledTimer(timeInterval: 0.1, …)` (seed 004).
    public static let tickInterval = 0.1
    /// 1.0 s to full intention, the reference's `waitingInterval` (SPEC 1; the article's text says 2.0).
    public static let defaultWaitingInterval = 1.0
    /// 60 s, the longest waiting interval accepted (chosen: a minute-long confirm is no
    /// longer a press, and it keeps tick counts small).
    public static let maximumWaitingInterval = 60.0
    /// 1e-9 s: a frame landing exactly on a tick boundary counts that tick, although
    /// 0.3 / 0.1 is 2.999… in binary floating point.
    static let boundaryTolerance = 1e-9

    /// Whether a press is being timed.
    public enum State: Equatable, Hashable, Sendable {
        case idle
        /// Held since `pressTime`; `ticks` counted so far (at most `ticksToFull`).
        case holding(pressTime: Double, ticks: Int)
    }

    /// What the caller tells the fallback.
    public enum Event: Equatable, Hashable, Sendable {
        case press
        case release
    }

    /// What happened, for the caller to act on.
    public enum Effect: Equatable, Hashable, Sendable {
        /// One tick: its number since the press (1, 2, …) and the intention after it.
        case tick(number: Int, intention: Double)
    }

    /// Seconds from no intention to full (> 0).
    public let waitingInterval: Double
    public private(set) var state: State = .idle
    private var lastTime = -Double.infinity

    /// A fallback filling in `waitingInterval` seconds; a non-finite or non-positive value
    /// falls back to the reference's 1.0 s, a value above 60 s is clamped to 60 s.
    public init(waitingInterval: Double = TimedFallback.defaultWaitingInterval) {
        self.waitingInterval = waitingInterval.isFinite && waitingInterval > 0
            ? min(waitingInterval, Self.maximumWaitingInterval) : Self.defaultWaitingInterval
    }

    /// Intention added per tick: `0.1 / waitingInterval`.
    public var increment: Double { Self.tickInterval / waitingInterval }

    /// Ticks from press to full intention (10 for the default 1.0 s).
    public var ticksToFull: Int {
        max(1, Int((waitingInterval / Self.tickInterval - Self.boundaryTolerance).rounded(.up)))
    }

    /// Ticks counted in the current press (0 when idle).
    public var ticks: Int {
        if case .holding(_, let ticks) = state { return ticks }
        return 0
    }

    /// The current intention, 0…1 (0 when idle).
    public var intention: Double { min(1, Double(ticks) * increment) }

    /// Whether a press is held.
    public var isHolding: Bool { state != .idle }

    /// When the next tick is due (press + 0.1 s × its number), nil when idle or already full.
    public var nextTick: Double? {
        guard case .holding(let pressTime, let ticks) = state, ticks < ticksToFull else { return nil }
        return pressTime + Double(ticks + 1) * Self.tickInterval
    }

    /// Starts (press) or ends (release) the timing. A press while holding restarts it.
    public mutating func handle(_ event: Event, at time: Double) -> [Effect] {
        let t = InteractionInput.time(time, after: lastTime)
        lastTime = t
        switch event {
        case .press:
            // Before any valid time was seen, the press starts the clock at 0.
            state = .holding(pressTime: t.isFinite ? t : 0, ticks: 0)
        case .release:
            state = .idle
        }
        return []
    }

    /// Counts the ticks due by `time` (absolute seconds) and reports each one.
    public mutating func advance(to time: Double) -> [Effect] {
        let t = InteractionInput.time(time, after: lastTime)
        lastTime = t
        guard case .holding(let pressTime, let ticks) = state, t.isFinite else { return [] }
        // Clamped as a Double first: no time, however far, can overflow Int.
        let elapsedTicks = ((t - pressTime) / Self.tickInterval + Self.boundaryTolerance).rounded(.down)
        let due = Int(clamping: elapsedTicks, to: 0...ticksToFull)
        let target = max(ticks, due)
        guard target > ticks else { return [] }
        state = .holding(pressTime: pressTime, ticks: target)
        return (ticks + 1...target).map { .tick(number: $0, intention: min(1, Double($0) * increment)) }
    }
}
