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
    public mutating func nextTime() throws(Events.Failure) -> Double? { try peek()?.time }

    /// Whether every event was handed out.
    public mutating func isFinished() throws(Events.Failure) -> Bool { try peek() == nil }

    /// The next event if it is due by `t` (taken out), else nil.
    public mutating func pop(through t: Double) throws(Events.Failure) -> TimedEvent? {
        guard let e = try peek(), e.time <= t else { return nil }
        next = nil
        count += 1
        return e
    }

    private mutating func peek() throws(Events.Failure) -> TimedEvent? {
        if next == nil {
            next = try source.next()
        }
        return next
    }
}

extension ReplayCursor: Equatable where Events: Equatable {}
extension ReplayCursor: Sendable where Events: Sendable {}
