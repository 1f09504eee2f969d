/// The one replay loop: a session's events into an `AppState` on the virtual 60 fps clock.
/// Frame k is at k/60 s and handles every event up to that time, then ticks.
///
/// `step(toward:)` simulates the next frame that matters on the way to a target — the frame of
/// the next event, the frame where the state wakes (`AppState.nextWake`), the target itself —
/// and jumps over the rest (`ReplaySchedule`): behaviour is a function of time, so the frames
/// it simulates come out as if it had stepped every one (`stepEveryFrame` does, the reference
/// the tests compare against). Frame 0 is always simulated first.
///
/// The headless replay and `check`, the video, the journal's restore (`StateReplay`), the
/// state trace, the player and Open Recent (off the frame loop) all step through it.
public struct Replayer<Events: TimedEventSource> {
    /// The state after the last simulated frame.
    public private(set) var state: AppState
    /// The last simulated frame (-1 before the first).
    public private(set) var frame = -1
    /// Simulate every frame instead of only those that matter.
    public var stepEveryFrame = false
    /// The events, the next one in view.
    var events: ReplayCursor<Events>

    /// A replay of `events` from `state`.
    /// Changes the state between steps (a snapshot's drawing put on the canvas).
    mutating func modifyState(_ body: (inout AppState) -> Void) { body(&state) }

    public init(state: AppState, events: Events) {
        self.state = state
        self.events = ReplayCursor(events)
    }

    /// Events handled so far.
    public var eventCount: Int { events.count }

    /// The next event's time, nil after the last.
    public mutating func nextEventTime() throws(Events.Failure) -> Double? { try events.nextTime() }

    /// The frame the replay would simulate next on the way to `target`; nil once `target` was
    /// simulated.
    public mutating func nextFrame(toward target: Int) throws(Events.Failure) -> Int? {
        guard frame < target else { return nil }
        guard frame >= 0 else { return 0 }
        if stepEveryFrame { return frame + 1 }
        var limit = target
        if let t = try events.nextTime() { limit = min(limit, ReplaySchedule.frame(atOrAfter: t)) }
        return ReplaySchedule.frame(after: frame, limit: limit, wake: state.nextWake(after: ReplaySchedule.time(ofFrame: frame)))
    }

    /// Simulates the next frame that matters on the way to `target` and returns it (nil once
    /// `target` was simulated). `handling` sees each event just before the state does.
    @discardableResult
    public mutating func step(toward target: Int, handling: (TimedEvent) -> Void = { _ in }) throws(Events.Failure) -> Int? {
        guard let k = try nextFrame(toward: target) else { return nil }
        try simulate(k, handling: handling)
        return k
    }

    /// Frame `k` (after the last simulated, as `nextFrame` gives it): every event up to its
    /// time, then its tick.
    public mutating func simulate(_ k: Int, handling: (TimedEvent) -> Void = { _ in }) throws(Events.Failure) {
        let t = ReplaySchedule.time(ofFrame: k)
        while let e = try events.pop(through: t) {
            handling(e)
            state.handle(e)
        }
        state.advance(to: t)
        frame = k
    }
}

extension Replayer: Equatable where Events: Equatable {}
extension Replayer: Sendable where Events: Sendable {}
