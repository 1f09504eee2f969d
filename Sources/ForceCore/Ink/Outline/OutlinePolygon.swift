import Foundation

/// The closed outline of one chunk: left offsets, the end cap, right offsets back, the start
/// cap. Filled with the nonzero rule; every chunk ends in a round cap (a flat one at the ends of
/// the stroke when the options say so), so chunks meeting at a sample join seamlessly.
public enum OutlinePolygon {
    /// Semicircle resolution of caps (perfect-freehand uses 13 steps).
    public static let capSteps = 13
    /// cos 20°: a sample turning more than 20° gets a round join on its outer side.
    static let cosArcThreshold = cos(20 * Double.pi / 180)

    /// The radius at a pressure through the options' width mapping: perfect-freehand's
    /// `size · (0.5 − thinning·(0.5 − pressure))` with linear easing (its default), or
    /// TouchCanvas's `max(force, 0.025) · size`; at least 0.01 pt.
    @inline(__always)
    public static func radius(pressure: Double, options: OutlineOptions) -> Double {
        options.widthMapping.radius(force: pressure, size: options.size, thinning: options.thinning)
    }

    /// The polygon of `chunk`. `totalLength` is the stroke's length when its end taper applies
    /// (a finished stroke, or a live tail drawn as if it ended here); nil for a final chunk,
    /// which the end taper cannot reach. The polygon comes in an array of its own size: a piece
    /// of ink keeps it.
    public static func polygon(_ chunk: OutlineChunk, options: OutlineOptions, totalLength: Double?) -> [Point] {
        var out: [Point] = []
        var right: [Point] = []
        // Round joins add points on the outer side: room for a few without growing.
        out.reserveCapacity(4 * chunk.samples.count + 6 * capSteps)
        right.reserveCapacity(2 * chunk.samples.count + 2 * capSteps)
        append(chunk, options: options, totalLength: totalLength, to: &out, right: &right)
        return [Point](unsafeUninitializedCapacity: out.count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: out)
        }
    }

    /// Appends the polygon of `chunk` to `out` (`polygon(_:options:totalLength:)` without an
    /// array of its own). `right` is scratch space for the right-hand side, reused from call to
    /// call: with both arrays grown, an outline allocates nothing.
    public static func append(
        _ chunk: OutlineChunk, options: OutlineOptions, totalLength: Double?, to out: inout [Point], right: inout [Point]
    ) {
        chunk.samples.withUnsafeBufferPointer { s in
            appendPolygon(s, isStrokeStart: chunk.isStrokeStart, isStrokeEnd: chunk.isStrokeEnd,
                          options: options, totalLength: totalLength, to: &out, right: &right)
        }
    }

    private static func appendPolygon(
        _ s: UnsafeBufferPointer<OutlineSample>, isStrokeStart: Bool, isStrokeEnd: Bool,
        options: OutlineOptions, totalLength: Double?, to out: inout [Point], right: inout [Point]
    ) {
        guard let first = s.first else { return }

        func radiusAt(_ i: Int) -> Double {
            var r = radius(pressure: s[i].pressure, options: options)
            let run = s[i].runningLength
            if options.taperStart > 0, run < options.taperStart {
                let t = run / options.taperStart
                r *= t * (2 - t)  // ease-out
            }
            if let total = totalLength, options.taperEnd > 0, total - run < options.taperEnd {
                let t = max(0, total - run) / options.taperEnd
                r *= t * (2 - t)
            }
            return max(0.01, r)
        }

        guard s.count > 1 else {
            appendCircle(&out, center: first.point, radius: radiusAt(0))
            return
        }

        let n = s.count
        let minDistanceSquared = pow(options.size * options.smoothing, 2)
        // The left side is written straight into `out`; the right side waits in `right`.
        right.removeAll(keepingCapacity: true)
        // The first sample faces along the chunk's first step; every other sample's direction
        // is the step into it.
        let startDirection = (s[1].point - first.point).normalized
        for i in 0..<n {
            let r = radiusAt(i)
            if i == 0 || i == n - 1 {
                let d = i == 0 ? startDirection : s[i].direction
                let offset = d.perpendicular * r
                out.append(s[i].point + offset)
                right.append(s[i].point - offset)
                continue
            }
            let din = s[i].direction, dout = s[i + 1].direction
            // Offset along the bisector of the steps in and out of the sample.
            var bisector = (din + dout).normalized
            if bisector == .zero { bisector = din }
            let offset = bisector.perpendicular * r
            let l = s[i].point + offset, rt = s[i].point - offset
            let turn = din.dot(dout)
            if turn < cosArcThreshold {
                // A sharp turn: the outer side follows an arc around the sample (a round join),
                // never a chord that would cut the elbow.
                let angle = atan2(din.x * dout.y - din.y * dout.x, turn)
                let steps = max(2, Int(clamping: (abs(angle) / (Double.pi / Double(capSteps))).rounded(.up), to: 0...capSteps * 2))
                let outerIsLeft = angle > 0
                let from = (outerIsLeft ? din.perpendicular : din.perpendicular * -1) * r
                let step = angle / Double(steps)
                if outerIsLeft {
                    appendArc(&out, around: s[i].point, from: from, sin: sin(step), cos: cos(step), count: steps + 1)
                    if let last = right.last, last.distanceSquared(to: rt) > minDistanceSquared { right.append(rt) }
                } else {
                    appendArc(&right, around: s[i].point, from: from, sin: sin(step), cos: cos(step), count: steps + 1)
                    if let last = out.last, last.distanceSquared(to: l) > minDistanceSquared { out.append(l) }
                }
                continue
            }
            if let last = out.last, last.distanceSquared(to: l) > minDistanceSquared { out.append(l) }
            if let last = right.last, last.distanceSquared(to: rt) > minDistanceSquared { right.append(rt) }
        }
        // Interior points may have been skipped; the ends never are.
        if !isStrokeEnd || options.capEnd {
            let endOffset = s[n - 1].direction.perpendicular * radiusAt(n - 1)
            appendCap(&out, around: s[n - 1].point, from: endOffset)
        }
        out.append(contentsOf: right.reversed())
        if !isStrokeStart || options.capStart {
            let startOffset = startDirection.perpendicular * radiusAt(0)
            appendCap(&out, around: first.point, from: startOffset * -1)
        }
    }

    /// sin and cos of a cap's step (π / `capSteps`), once.
    private static let capStep = (sin: sin(Double.pi / Double(capSteps)), cos: cos(Double.pi / Double(capSteps)))

    /// A round cap's `capSteps − 1` inner points: `center + from` turned by 1…capSteps−1 steps
    /// of π / `capSteps` (its two ends are the sides' end points).
    @inline(__always)
    static func appendCap(_ out: inout [Point], around center: Point, from: Point) {
        let (s, c) = capStep
        let first = Point(x: from.x * c - from.y * s, y: from.x * s + from.y * c)
        appendArc(&out, around: center, from: first, sin: s, cos: c, count: capSteps - 1)
    }

    /// Appends `count` points of an arc: `center + from`, then each turned by the step whose
    /// sine and cosine are given from the one before (a rotation by complex multiplication, not
    /// a sine and cosine a point).
    @inline(__always)
    static func appendArc(_ out: inout [Point], around center: Point, from: Point, sin s: Double, cos c: Double, count: Int) {
        var v = from
        for _ in 0..<count {
            out.append(Point(x: center.x + v.x, y: center.y + v.y))
            v = Point(x: v.x * c - v.y * s, y: v.x * s + v.y * c)
        }
    }

    /// A closed circle polygon, for a stroke that never moved (a dot).
    public static func circle(center: Point, radius: Double) -> [Point] {
        var out: [Point] = []
        appendCircle(&out, center: center, radius: radius)
        return out
    }

    static func appendCircle(_ out: inout [Point], center: Point, radius: Double) {
        let steps = 2 * capSteps
        for k in 0..<steps {
            let angle = 2 * Double.pi * Double(k) / Double(steps)
            out.append(Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)))
        }
    }
}
