/// A tool's dash pattern (`InkTool.dash`) laid along a stroke: which lengths of its centre line
/// are drawn. The pattern starts at the stroke's start and depends on nothing but the length
/// along the stroke, so the pieces of a stroke cut one by one (a live stroke's) are those of the
/// whole stroke cut at once.
public struct DashPattern: Equatable, Sendable {
    /// On, off, on, off…: an odd pattern gone through twice.
    let lengths: [Double]
    /// The length after which the pattern repeats.
    public let period: Double
    /// Past this length the line is drawn solid (`maximumPeriods` periods): a stroke's dashes are
    /// bounded whatever its length.
    let solidFrom: Double

    /// 10,000 periods (35,000 pt of Xournal++'s dots): past them a stroke goes on solid.
    public static let maximumPeriods = 10_000

    /// The pattern of `dash`; nil for none (a solid line) or one `InkTool.dashProblem` refuses.
    public init?(_ dash: [Double]?) {
        guard let dash, InkTool.dashProblem(dash) == nil else { return nil }
        lengths = dash.count % 2 == 0 ? dash : dash + dash
        period = lengths.reduce(0, +)
        solidFrom = period * Double(Self.maximumPeriods)
    }

    /// Calls `body` with each drawn part of the length range `start...end` of the centre line,
    /// clipped to it, in order. A part that only touches the range at one of its ends is left to
    /// the range beside it; a dot (a part of length 0) belongs to the range it is in, one at
    /// `end` only when `closesAtEnd` (the stroke's last range). A range of no length is a
    /// point: drawn when a part covers it.
    public func forEachPart(from start: Double, to end: Double, closesAtEnd: Bool, _ body: (Double, Double) -> Void) {
        guard end >= start, start.isFinite, end.isFinite else { return }
        let solid = min(end, solidFrom)
        // Each period's start is its number times the period (not a running sum): every range
        // puts the parts at the same places.
        var k = (max(0, start) / period).rounded(.down)
        while k * period <= solid, k * period < solidFrom {
            let periodStart = k * period
            var at = periodStart
            var i = 0
            while i < lengths.count, at <= solid {
                let on = lengths[i]
                let lo = at, hi = at + on
                at = hi + lengths[i + 1]
                i += 2
                guard hi >= start else { continue }
                let a = max(lo, start), b = min(hi, solid)
                if start == end {
                    if lo <= start, start <= hi { body(start, start) }
                } else if on == 0 {
                    if lo < end || (lo == end && closesAtEnd) { body(lo, lo) }
                } else if b > a {
                    body(a, b)
                }
            }
            k += 1
        }
        if end >= solidFrom, end > max(start, solidFrom) || start == end { body(max(start, solidFrom), end) }
    }
}

extension OutlineChunk {
    /// The drawn parts of this chunk under `pattern`: a chunk of its own for each, from the
    /// centre line at the part's start (a sample made on the segment there) through the samples
    /// within it to the part's end. Each part has round ends except where it starts the stroke
    /// or ends it (the options' caps apply there, as to the whole stroke's). `offset` is the
    /// length of line before the chunk's lengths start (predicted ink: the real stroke's).
    public func dashed(_ pattern: DashPattern, from offset: Double = 0) -> [OutlineChunk] {
        samples.withUnsafeBufferPointer { s in
            guard let first = s.first, let last = s.last else { return [] }
            var out: [OutlineChunk] = []
            var next = 0  // the first sample at or past the current part's start
            pattern.forEachPart(from: first.runningLength + offset, to: last.runningLength + offset, closesAtEnd: isStrokeEnd) { a, b in
                let (a, b) = (a - offset, b - offset)
                while next < s.count - 1, s[next].runningLength < a { next += 1 }
                var part: [OutlineSample] = []
                func add(_ sample: OutlineSample) {
                    if let previous = part.last, previous.point == sample.point { return }
                    part.append(sample)
                }
                add(Self.sample(at: a, in: s, from: next))
                var i = next
                while i < s.count, s[i].runningLength < b {
                    if s[i].runningLength > a { add(s[i]) }
                    i += 1
                }
                if b > a { add(Self.sample(at: b, in: s, from: max(next, i - 1))) }
                out.append(OutlineChunk(samples: OutlineSamples(part), isStrokeStart: isStrokeStart && a == first.runningLength,
                                        isStrokeEnd: isStrokeEnd && b == last.runningLength, alpha: alpha))
            }
            return out
        }
    }

    /// The sample on the centre line at length `x` (within the chunk): a sample itself where one
    /// is there, else one between the two around it, facing along their segment. `from` is a
    /// sample index at or before the one past `x`.
    private static func sample(at x: Double, in s: UnsafeBufferPointer<OutlineSample>, from: Int) -> OutlineSample {
        var j = max(1, from)
        while j < s.count - 1, s[j].runningLength < x { j += 1 }
        guard s.count > 1 else { return s[0] }
        let p = s[j - 1], q = s[j]
        if x <= p.runningLength { return p }
        if x >= q.runningLength { return q }
        let t = (x - p.runningLength) / (q.runningLength - p.runningLength)
        return OutlineSample(point: p.point.lerp(to: q.point, t), pressure: p.pressure + (q.pressure - p.pressure) * t,
                             direction: q.direction, runningLength: x)
    }
}
