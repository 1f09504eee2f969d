/// The events of a replay with the next one in view: what is due by a time is handed out in
/// order.
public struct ReplayCursor<Events: TimedEventSource> {
    /// Where the events come from (`StateReplay` appends to its queue).
    var source: Events
    /// The next event, once read; nil is asked again (a queue may have more later).
    private var next: TimedEvent?
    /// Events handed out so far.
    public private(set) var count = 0

    /// The events of `events`.
    public init(_ events: Events) { source = events }

    /// The next event's time, nil after the last.
    public mutating func nextTime() throws(Events.Failure) -> Double? {
        try fill()
        return next?.time
    }

    /// Whether every event was handed out.
    public mutating func isFinished() throws(Events.Failure) -> Bool {
        try fill()
        return next == nil
    }

    /// The next event if it is due by `t` (taken out), else nil.
    public mutating func pop(through t: Double) throws(Events.Failure) -> TimedEvent? {
        try fill()
        guard let time = next?.time, time <= t else { return nil }
        count += 1
        // Moved out, not copied: an event is 120 bytes with references in it, and every event
        // passes here, and its time is read for every frame.
        return next.take()
    }

    /// Reads the next event into view, if none is.
    private mutating func fill() throws(Events.Failure) {
        if next == nil {
            next = try source.next()
        }
    }
}

extension ReplayCursor: Equatable where Events: Equatable {}
extension ReplayCursor: Sendable where Events: Sendable {}
