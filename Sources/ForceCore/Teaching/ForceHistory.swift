/// The last few seconds of force, sampled once a frame: the force-over-time plot's data.
public struct ForceHistory: Equatable, Sendable {
    /// 4 s of history, long enough to see a press rise, hold and fall.
    public static let span = 4.0

    public struct Sample: Equatable, Sendable {
        public var time: Double
        /// The force after the curve, 0…1 (0 when nothing is pressed).
        public var force: Double
        public var isPressed: Bool
    }

    public private(set) var samples: [Sample] = []

    public init() {}

    /// Appends a frame's force and drops samples older than `span`.
    public mutating func record(time: Double, force: Double, isPressed: Bool) {
        guard time.isFinite else { return }
        samples.append(Sample(time: time, force: isPressed ? Force.normalized(force) : 0, isPressed: isPressed))
        let cutoff = time - Self.span
        if let firstKept = samples.firstIndex(where: { $0.time >= cutoff }), firstKept > 0 {
            samples.removeFirst(firstKept)
        }
    }
}
