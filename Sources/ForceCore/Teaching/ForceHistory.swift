/// The last few seconds of force: the force-over-time plot's data.
///
/// Only changes are recorded (the value holds until the next change), so the history is the
/// same whichever frames were ticked: a replay that skips idle frames plots what stepping
/// every frame plots.
public struct ForceHistory: Equatable, Sendable {
    /// 4 s of history, long enough to see a press rise, hold and fall.
    public static let span = 4.0
    /// 1/60 s: a change is drawn rising from the old value over one display frame before it,
    /// which is how the plot looked when it sampled once a frame.
    public static let rampDuration = 1.0 / 60

    public struct Sample: Equatable, Sendable {
        /// When the force took this value (a frame tick).
        public var time: Double
        /// The force after the curve, 0…1 (0 when nothing is pressed).
        public var force: Double
        public var isPressed: Bool
    }

    /// The changes, oldest first: the first one may be older than `span`, giving the value at
    /// the plot's left edge.
    public private(set) var samples: [Sample]

    /// A history that starts at time 0 with nothing pressed, whenever the first frame ticks.
    public init() {
        samples = [Sample(time: 0, force: 0, isPressed: false)]
    }

    /// Notes the force at a frame tick: kept when it differs from the last value; changes older
    /// than `span` are dropped but the last of them (the value the plot starts with).
    public mutating func record(time: Double, force: Double, isPressed: Bool) {
        guard time.isFinite else { return }
        let sample = Sample(time: time, force: isPressed ? Force.normalized(force) : 0, isPressed: isPressed)
        if samples.last.map({ ($0.force, $0.isPressed) != (sample.force, sample.isPressed) }) ?? true {
            samples.append(sample)
        }
        let firstVisible = samples.firstIndex { $0.time >= time - Self.span } ?? samples.count
        if firstVisible > 1 { samples.removeFirst(firstVisible - 1) }
    }

    /// The value now.
    public var current: Sample? { samples.last }

    /// The plotted line at time `now`, oldest first, as (time, force) vertices: each change
    /// rises over `rampDuration` from the value before it, and the last value runs on to `now`.
    /// Vertices left of the plot are pulled in to just outside it.
    public func line(now: Double) -> [(time: Double, force: Double)] {
        var line: [(time: Double, force: Double)] = []
        for (i, s) in samples.enumerated() {
            if i > 0 {
                let before = samples[i - 1]
                let rampStart = s.time - Self.rampDuration
                // A change right after the previous one already starts from it.
                if rampStart > before.time + Self.rampDuration / 2 { line.append((rampStart, before.force)) }
            }
            line.append((s.time, s.force))
        }
        if let last = samples.last, now > last.time { line.append((now, last.force)) }
        // Older vertices only anchor the left edge: keep the line from just outside the plot.
        let leftEdge = now - Self.span - 2 * Self.rampDuration
        while line.count > 1, line[1].time <= leftEdge { line.removeFirst() }
        if let first = line.first, first.time < leftEdge { line[0].time = leftEdge }
        return line
    }

    /// When the plot at `now` next looks different without a new change: `now` while a change
    /// is still on the plot (it scrolls every frame), +∞ once the line is flat.
    public func nextWake(after now: Double) -> Double {
        guard let last = samples.last, now - last.time <= Self.span + 2 * Self.rampDuration else { return .infinity }
        return now
    }
}
