/// Where a replay's events come from, one at a time in time order: an array in memory, or a
/// session file read line by line (so a long session never has to be held whole).
public protocol TimedEventSource {
    /// What reading the next event can fail with (`Never` for events in memory).
    associatedtype Failure: Error = any Error
    /// The next event, or nil after the last one.
    mutating func next() throws(Failure) -> TimedEvent?
}

/// The events of an array, in order.
public struct TimedEventList: TimedEventSource, Equatable, Sendable {
    public typealias Failure = Never
    private let events: [TimedEvent]
    /// How many events were handed out.
    public private(set) var index = 0

    /// The events of `events`, from the first.
    public init(_ events: [TimedEvent]) { self.events = events }

    /// The next event of the array, or nil after the last.
    public mutating func next() -> TimedEvent? {
        guard index < events.count else { return nil }
        defer { index += 1 }
        return events[index]
    }
}

/// Any event source, for a replay that does not know which it reads (a file or an array).
public struct AnyTimedEventSource: TimedEventSource {
    private var base: any TimedEventSource

    /// `base`, whatever its type.
    public init(_ base: any TimedEventSource) { self.base = base }

    public mutating func next() throws -> TimedEvent? { try base.next() }
}
