/// The force level a press gives the force interactions: the device's force when it has any,
/// else the timed fallback's intention (SPEC 1, seed 004). Never a silent zero.
public struct PressForce: Equatable, Sendable {
    public private(set) var fallback: TimedFallback
    /// Whether the current press is driven by the timed fallback.
    public private(set) var usesFallback = false

    public init(waitingInterval: Double = TimedFallback.defaultWaitingInterval) {
        fallback = TimedFallback(waitingInterval: waitingInterval)
    }

    /// A press begins; `hasForce` is the driving device's force capability.
    public mutating func press(hasForce: Bool, at t: Double) {
        usesFallback = !hasForce
        _ = fallback.handle(usesFallback ? .press : .release, at: t)
    }

    public mutating func release(at t: Double) {
        _ = fallback.handle(.release, at: t)
    }

    /// The level to act on, given the device's (curved) force.
    public func level(force: Double) -> Double { usesFallback ? fallback.intention : Force.normalized(force) }

    /// When `advance` next changes the level: the fallback's next tick (nil without one).
    public var nextTick: Double? { usesFallback ? fallback.nextTick : nil }

    /// Counts fallback ticks; returns whether the level changed.
    public mutating func advance(to t: Double) -> Bool {
        guard usesFallback else { return false }
        return !fallback.advance(to: t).isEmpty
    }
}
