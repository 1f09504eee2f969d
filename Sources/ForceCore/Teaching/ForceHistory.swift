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
    public var samples: ArraySlice<Sample> { kept[first...] }
    /// Every change not yet dropped: `samples` starts at `first`. Changes that age out are
    /// skipped over, and dropped only once they are half of `kept`, so a change costs no
    /// shifting of the 4 s after it (a pen changes force at every sample).
    private var kept: [Sample]
    private var first = 0

    /// A history that starts at time 0 with nothing pressed, whenever the first frame ticks.
    public init() {
        kept = [Sample(time: 0, force: 0, isPressed: false)]
    }

    /// Histories are equal when they plot the same changes (however many aged-out ones each
    /// still keeps).
    public static func == (a: ForceHistory, b: ForceHistory) -> Bool { a.samples == b.samples }

    /// Notes the force at a frame tick: kept when it differs from the last value; changes older
    /// than `span` are dropped but the last of them (the value the plot starts with).
    public mutating func record(time: Double, force: Double, isPressed: Bool) {
        guard time.isFinite else { return }
        let sample = Sample(time: time, force: isPressed ? Force.normalized(force) : 0, isPressed: isPressed)
        if kept.last.map({ ($0.force, $0.isPressed) != (sample.force, sample.isPressed) }) ?? true {
            kept.append(sample)
        }
        // The first change still visible, and the one before it (the value at the left edge).
        var visible = first
        while visible < kept.count, kept[visible].time < time - Self.span { visible += 1 }
        if visible - first > 1 { first = visible - 1 }
        if first > 0, 2 * first >= kept.count {
            kept.removeFirst(first)
            first = 0
        }
    }

    /// The value now.
    public var current: Sample? { kept.last }

    /// The plotted line at time `now`, oldest first, as (time, force) vertices: each change
    /// rises over `rampDuration` from the value before it, and the last value runs on to `now`.
    /// Vertices left of the plot are pulled in to just outside it.
    public func line(now: Double) -> [(time: Double, force: Double)] {
        var line: [(time: Double, force: Double)] = []
        var previous: Sample?
        for s in samples {
            if let before = previous {
                let rampStart = s.time - Self.rampDuration
                // A change right after the previous one already starts from it.
                if rampStart > before.time + Self.rampDuration / 2 { line.append((rampStart, before.force)) }
            }
            line.append((s.time, s.force))
            previous = s
        }
        if let last = kept.last, now > last.time { line.append((now, last.force)) }
        // Older vertices only anchor the left edge: keep the line from just outside the plot.
        let leftEdge = now - Self.span - 2 * Self.rampDuration
        while line.count > 1, line[1].time <= leftEdge { line.removeFirst() }
        if let first = line.first, first.time < leftEdge { line[0].time = leftEdge }
        return line
    }

    /// When the plot at `now` next looks different without a new change: `now` while a change
    /// is still on the plot (it scrolls every frame), +∞ once the line is flat.
    public func nextWake(after now: Double) -> Double {
        guard let last = kept.last, now - last.time <= Self.span + 2 * Self.rampDuration else { return .infinity }
        return now
    }
}
