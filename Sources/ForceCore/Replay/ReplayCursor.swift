/// The events of a replay with the next one in view: what is due by a time is handed out in
/// order, shifted by `offset` seconds (a drawing Open Recent redraws from the moment it opened).
public struct ReplayCursor<Events: TimedEventSource> {
    /// Where the events come from (`StateReplay` appends to its queue).
    var source: Events
    /// The next event, once read; nil is asked again (a queue may have more later).
    private var next: TimedEvent?
    /// Seconds added to every event's time.
    public let offset: Double
    /// Events handed out so far.
    public private(set) var count = 0

    /// The events of `events`, each `offset` seconds later.
    public init(_ events: Events, offset: Double = 0) {
        source = events
        self.offset = offset
    }

    /// The next event's time (shifted), nil after the last.
    public mutating func nextTime() throws(Events.Failure) -> Double? { try peek()?.time }

    /// Whether every event was handed out.
    public mutating func isFinished() throws(Events.Failure) -> Bool { try peek() == nil }

    /// Hands out every event due by `t` (its shifted time at or before it), in order.
    public mutating func take(through t: Double, _ body: (TimedEvent) -> Void) throws(Events.Failure) {
        while let e = try pop(through: t) { body(e) }
    }

    /// The next event if it is due by `t` (taken out), else nil.
    public mutating func pop(through t: Double) throws(Events.Failure) -> TimedEvent? {
        guard let e = try peek(), e.time <= t else { return nil }
        next = nil
        count += 1
        return e
    }

    private mutating func peek() throws(Events.Failure) -> TimedEvent? {
        if next == nil {
            next = try source.next().map { offset == 0 ? $0 : TimedEvent(time: $0.time + offset, event: $0.event) }
        }
        return next
    }
}

extension ReplayCursor: Equatable where Events: Equatable {}
extension ReplayCursor: Sendable where Events: Sendable {}
