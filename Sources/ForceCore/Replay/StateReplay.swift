/// Replays events into an `AppState` without drawing, one event at a time as they are read, on
/// the `Replayer`'s clock: an event waits in `EventQueue` until its frame is simulated, and the
/// frames before it that matter (the previous event's, wakes) are simulated when it arrives.
///
/// The journal is restored through this (streamed from the file, never held whole), and the
/// fuzz targets drive it; the state it ends in is the state a headless replay shows at the
/// last event's frame.
public struct StateReplay {
    private var replayer: Replayer<EventQueue>
    /// The frame of the latest event (it is simulated once a later event arrives, or at `finish`).
    private var lastFrame = 0
    /// Events handed in so far.
    public private(set) var eventCount = 0

    /// Starts from `header`'s initial state (`shortcuts` are ForceCanvas's quick actions).
    public init(header: Session, shortcuts: ShortcutCatalog = ShortcutCatalog()) {
        replayer = Replayer(state: header.initialState(shortcuts: shortcuts), events: EventQueue())
    }

    /// The state so far (the events of the latest frame are not in it yet).
    public var state: AppState { replayer.state }

    /// Replays `event` (events come in time order, as a parser hands them out).
    public mutating func handle(_ event: TimedEvent) {
        let frame = ReplaySchedule.frame(atOrAfter: event.time)
        // The frames before this event's that matter: the previous events', wakes between.
        while replayer.step(toward: frame - 1) != nil {}
        replayer.events.source.append(event)
        lastFrame = max(lastFrame, frame)
        eventCount += 1
    }

    /// Puts `strokes` on the canvas as the `events` events up to `time` that redraw them would
    /// have (a document's ink snapshot, `DrawingSnapshot`): the replay goes on from there.
    public mutating func restoreDrawing(_ strokes: [Stroke], at time: Double, events: Int) {
        let frame = ReplaySchedule.frame(atOrAfter: time)
        while replayer.step(toward: frame - 1) != nil {}
        replayer.modifyState { $0.restoreDrawing(strokes) }
        lastFrame = max(lastFrame, frame)
        eventCount += events
    }

    /// Simulates the frame of the last event and returns the state there.
    public mutating func finish() -> AppState {
        while replayer.step(toward: lastFrame) != nil {}
        return replayer.state
    }
}

/// Events handed in one at a time and taken out in order: `StateReplay`'s source.
struct EventQueue: TimedEventSource {
    typealias Failure = Never
    private var queued: [TimedEvent] = []
    private var first = 0

    mutating func append(_ e: TimedEvent) { queued.append(e) }

    mutating func next() -> TimedEvent? {
        guard first < queued.count else { return nil }
        defer {
            first += 1
            if first == queued.count { queued.removeAll(keepingCapacity: true); first = 0 }
        }
        return queued[first]
    }
}
