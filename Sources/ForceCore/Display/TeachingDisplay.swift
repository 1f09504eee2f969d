/// The teaching views, in every scene: the callback log and the force-over-time plot.
public struct TeachingDisplay: Equatable, Sendable {
    public var log: EventLog?
    public var plot: ForcePlot?

    public init(log: EventLog?, plot: ForcePlot?) {
        self.log = log
        self.plot = plot
    }
}

/// The force plot's data: the history and the thresholds drawn as lines.
public struct ForcePlot: Equatable, Sendable {
    public var history: ForceHistory
    public var now: Double
    /// (name, normalised force) lines: "peek" 0.20, "pop" 0.75, "confirm" 0.97.
    public var thresholds: [Threshold]

    public struct Threshold: Equatable, Sendable {
        public var name: String
        public var value: Double
        public init(name: String, value: Double) {
            self.name = name
            self.value = value
        }
    }

    public init(history: ForceHistory, now: Double, thresholds: [Threshold]) {
        self.history = history
        self.now = now
        self.thresholds = thresholds
    }
}
