/// Replays events into an `AppState` without drawing, one event at a time, on the same virtual
/// 60 fps clock as `HeadlessReplay`: frame k at k/60 s handles every event up to its time, then
/// ticks. Idle frames are jumped over (`nextWake`), so a long pause costs nothing.
///
/// The journal is restored through this (streamed from the file, never held whole), and the
/// fuzz targets drive it; the state it ends in is the state a headless replay shows at the
/// last event's frame.
public struct StateReplay {
    /// The state so far.
    public private(set) var state: AppState
    /// Events replayed so far.
    public private(set) var eventCount = 0
    /// The frame that handles the latest events; it ticks once a later event arrives (or at
    /// `finish`).
    private var pendingFrame = 0

    /// Starts from `header`'s initial state (`shortcuts` are ForceCanvas's quick actions).
    public init(header: Session, shortcuts: ShortcutCatalog = ShortcutCatalog()) {
        state = header.initialState(shortcuts: shortcuts)
    }

    /// Replays `event` (events come in time order, as a parser hands them out).
    public mutating func handle(_ event: TimedEvent) {
        let frame = ReplaySchedule.frame(atOrAfter: event.time)
        if frame > pendingFrame {
            tick(pendingFrame)
            // The frames between that the state wakes for (an ease, a fade, a fallback tick).
            var k = pendingFrame
            while true {
                let wake = state.nextWake(after: ReplaySchedule.time(ofFrame: k))
                let next = ReplaySchedule.frame(after: k, limit: frame, wake: wake)
                guard next < frame else { break }
                tick(next)
                k = next
            }
            pendingFrame = frame
        }
        state.handle(event)
        eventCount += 1
    }

    /// Ticks the frame of the last event and returns the state there.
    public mutating func finish() -> AppState {
        tick(pendingFrame)
        return state
    }

    private mutating func tick(_ frame: Int) {
        state.advance(to: ReplaySchedule.time(ofFrame: frame))
    }
}
