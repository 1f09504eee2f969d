/// The events of a replay with the next one in view: what is due by a time is handed out in
/// order.
///
/// Inlinable: a replay runs in another module (`render`, `check`, the window) with its own
/// source type, and every event and frame pass through here; compiled for that type, an event
/// is read and moved without the generic code's witness lookups and copies.
public struct ReplayCursor<Events: TimedEventSource> {
    /// Where the events come from (`StateReplay` appends to its queue).
    @usableFromInline var source: Events
    /// The next event, once read; nil is asked again (a queue may have more later).
    @usableFromInline var next: TimedEvent?
    /// Events handed out so far.
    public var count: Int { handedOut }
    @usableFromInline var handedOut = 0

    /// The events of `events`.
    public init(_ events: Events) { source = events }

    /// The next event's time, nil after the last.
    @inlinable
    public mutating func nextTime() throws(Events.Failure) -> Double? {
        try fill()
        return next?.time
    }

    /// Whether every event was handed out.
    @inlinable
    public mutating func isFinished() throws(Events.Failure) -> Bool {
        try fill()
        return next == nil
    }

    /// The next event if it is due by `t` (taken out), else nil.
    @inlinable
    public mutating func pop(through t: Double) throws(Events.Failure) -> TimedEvent? {
        try fill()
        guard let time = next?.time, time <= t else { return nil }
        handedOut += 1
        // Moved out, not copied: an event is 120 bytes with references in it, and every event
        // passes here, and its time is read for every frame.
        return next.take()
    }

    /// Reads the next event into view, if none is.
    @inlinable
    mutating func fill() throws(Events.Failure) {
        if case .none = next {
            next = try source.next()
        }
    }
}

extension ReplayCursor: Equatable where Events: Equatable {}
extension ReplayCursor: Sendable where Events: Sendable {}
