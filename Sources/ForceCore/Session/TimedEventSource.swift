/// Where a replay's events come from, one at a time in time order: an array in memory, or a
/// session file read line by line (so a long session never has to be held whole).
public protocol TimedEventSource {
    /// The next event, or nil after the last one.
    mutating func next() throws -> TimedEvent?
}

/// The events of an array, in order.
public struct TimedEventList: TimedEventSource, Sendable {
    private let events: [TimedEvent]
    private var index = 0

    /// The events of `events`, from the first.
    public init(_ events: [TimedEvent]) { self.events = events }

    /// The next event of the array, or nil after the last.
    public mutating func next() -> TimedEvent? {
        guard index < events.count else { return nil }
        defer { index += 1 }
        return events[index]
    }
}
