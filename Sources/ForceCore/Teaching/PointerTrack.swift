/// The pointer's recent samples, for Android's "Pointer location" readouts in the HUD
/// (velocity, the driving device's sample rate, Δ from the last sample) and the trail (`T`):
/// the samples of the last second, coloured by force. Kept for every pointer sample the core
/// receives, in every scene, whatever became of it.
public struct PointerTrack: Equatable, Sendable {
    /// One pointer sample as it arrived.
    public struct Sample: Equatable, Sendable {
        public var time: Double
        public var location: Point
        /// The force the press carried (after the curve); 0 for a pointer moving unpressed.
        public var force: Double
        public var source: InputSource
        public var phase: PointerPhase
    }

    /// What the HUD shows about the newest sample.
    public struct Readout: Equatable, Sendable {
        /// Points per second over the last `velocityWindow` (at least the last two samples).
        public var velocity: Double
        /// The driving device's samples per second over the last `rateWindow`; nil with fewer than
        /// two samples of it there.
        public var sampleRate: Double?
        /// The newest sample minus the one before it: location and time.
        public var delta: Delta?
    }

    /// A sample minus the one before it: points across, points down, seconds.
    public struct Delta: Equatable, Sendable {
        public var dx: Double
        public var dy: Double
        public var dt: Double
    }

    /// 1 s: the trail shows the samples of the last second (issue 12).
    public static let trailSpan = 1.0
    /// 0.05 s: velocity is the displacement over this much time (Android's VelocityTracker
    /// looks at about 100 ms; a shorter window follows a pen's turns).
    public static let velocityWindow = 0.05
    /// 0.5 s: the sample rate is counted over this much time of the driving device.
    public static let rateWindow = 0.5

    /// The samples of the last `trailSpan` before the newest one (and the newest), oldest first.
    public private(set) var samples: [Sample] = []
    /// How many leading samples were older than `scannedHorizon`, the last horizon looked at:
    /// the next look starts there (while time moves forward, so does the horizon).
    private var scanned = 0
    private var scannedHorizon = -Double.infinity

    public init() {}

    /// Two tracks are equal when their samples are (where the last look stopped is a cache).
    public static func == (a: PointerTrack, b: PointerTrack) -> Bool { a.samples == b.samples }

    /// Adds a sample; samples older than a span before it go.
    public mutating func record(_ sample: Sample) {
        guard sample.location.isFinite, sample.time.isFinite else { return }
        samples.append(sample)
        let horizon = sample.time - Self.trailSpan
        // Old samples go in batches (at least a quarter of the track at once), so a 1 kHz pen
        // costs no quadratic shuffling; a short track is left alone.
        guard samples.count > Self.countBeforeTrim, let first = samples.first, first.time < horizon else { return }
        // The first sample at or past the horizon, looked for from where the last look stopped
        // (the samples before it were older than a horizon no later than this one); from the
        // start when time went back. Each sample is looked at about once, not once a record.
        var stale = horizon >= scannedHorizon ? min(scanned, samples.count) : 0
        while stale < samples.count, samples[stale].time < horizon { stale += 1 }
        scanned = stale
        scannedHorizon = horizon
        if stale * 4 >= samples.count {
            samples.removeFirst(stale)
            scanned = 0
        }
    }

    /// 16 samples: a track this short is never trimmed.
    static let countBeforeTrim = 16

    /// The readout of the newest sample, nil before any.
    public var readout: Readout? {
        guard let last = samples.last else { return nil }
        let previous = samples.count >= 2 ? samples[samples.count - 2] : nil
        // Velocity: from the oldest sample within the window (at least the previous one).
        var from = previous
        for s in samples.reversed().dropFirst() {
            guard last.time - s.time <= Self.velocityWindow else { break }
            from = s
        }
        var velocity = 0.0
        if let from, last.time > from.time { velocity = last.location.distance(to: from.location) / (last.time - from.time) }
        let sameDevice = samples.reversed().prefix { $0.source == last.source && last.time - $0.time <= Self.rateWindow }
        var rate: Double?
        if sameDevice.count >= 2, let oldest = sameDevice.last, last.time > oldest.time {
            rate = Double(sameDevice.count - 1) / (last.time - oldest.time)
        }
        let delta = previous.map { Delta(dx: last.location.x - $0.location.x, dy: last.location.y - $0.location.y, dt: last.time - $0.time) }
        return Readout(velocity: velocity, sampleRate: rate, delta: delta)
    }

    /// The samples shown in the trail at `t`: those of the last `trailSpan`.
    public func trail(at t: Double) -> ArraySlice<Sample> {
        let start = samples.firstIndex { t - $0.time < Self.trailSpan } ?? samples.count
        return samples[start...]
    }

    /// When the trail next changes without input: the moment its oldest shown sample ages out
    /// (+∞ when it is empty).
    public func nextWake(after t: Double) -> Double {
        guard let oldest = trail(at: t).first else { return .infinity }
        return oldest.time + Self.trailSpan
    }
}
