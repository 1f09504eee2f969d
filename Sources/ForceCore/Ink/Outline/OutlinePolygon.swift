import Foundation

/// The closed outline of one chunk: left offsets, the end cap, right offsets back, the start
/// cap. Filled with the nonzero rule; every chunk ends in a round cap (a flat one at the ends of
/// the stroke when the options say so), so chunks meeting at a sample join seamlessly.
public enum OutlinePolygon {
    /// Semicircle resolution of caps (perfect-freehand uses 13 steps).
    public static let capSteps = 13
    /// cos 20°: a sample turning more than 20° gets a round join on its outer side. (Written as
    /// a literal, `cos(20 · π / 180)` to the last bit: a computed static is a lazy global, and
    /// its `swift_once` check ran for every sample.)
    static let cosArcThreshold = 0.9396926207859084

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
        var scratch: [Point] = []
        append(chunk, options: options, totalLength: totalLength, to: &scratch)
        return [Point](unsafeUninitializedCapacity: scratch.count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: scratch)
        }
    }

    /// Appends the polygon of `chunk` to `out` (`polygon(_:options:totalLength:)` without an
    /// array of its own): an `out` reused from call to call, once grown, allocates nothing.
    public static func append(_ chunk: OutlineChunk, options: OutlineOptions, totalLength: Double?, to out: inout [Point]) {
        chunk.samples.withUnsafeBufferPointer { s in
            appendPolygon(s, isStrokeStart: chunk.isStrokeStart, isStrokeEnd: chunk.isStrokeEnd,
                          options: options, totalLength: totalLength, to: &out)
        }
    }

    /// The most points a polygon of the samples `s` can have: a side point per sample on each
    /// side, an arc on the outer side of each sharp turn (the inner side keeps its one), and two
    /// caps. An arc is counted at the `2 · capSteps + 1` points its step count is clamped to,
    /// though a turn, at most π, takes `capSteps + 1`: the bound holds without that argument.
    static func mostPoints(_ s: UnsafeBufferPointer<OutlineSample>) -> Int {
        guard s.count > 1 else { return 2 * capSteps }
        var turns = 0
        for i in 1..<(s.count - 1) where s[i].direction.dot(s[i + 1].direction) < cosArcThreshold { turns += 1 }
        return 2 * s.count + 2 * capSteps * turns + 2 * (capSteps - 1)
    }

    /// Writes the polygon into room made at the end of `out` for the most points it can have,
    /// then gives back the room it did not use. The left side and the end cap are written
    /// forwards from the start; the right side backwards from the end, before the start cap,
    /// so it reads in reverse as the polygon needs; the gap between them is closed at the end.
    private static func appendPolygon(
        _ s: UnsafeBufferPointer<OutlineSample>, isStrokeStart: Bool, isStrokeEnd: Bool,
        options: OutlineOptions, totalLength: Double?, to out: inout [Point]
    ) {
        guard !s.isEmpty else { return }
        let room = mostPoints(s)
        let base = out.count
        out.append(contentsOf: repeatElement(Point.zero, count: room))
        let written = out.withUnsafeMutableBufferPointer { buffer in
            // `room > 0`, so the buffer has an address.
            writePolygon(s, isStrokeStart: isStrokeStart, isStrokeEnd: isStrokeEnd, options: options,
                         totalLength: totalLength, into: buffer.baseAddress.unsafelyUnwrapped + base, room: room)
        }
        out.removeLast(room - written)
    }

    /// A side of the polygon being written: where its next point goes (forwards for the left
    /// side, backwards for the right), and its last point (the smoothing test's reference).
    struct Side {
        var next: UnsafeMutablePointer<Point>
        let step: Int
        var last: Point

        @inline(__always)
        mutating func put(_ p: Point) {
            next.initialize(to: p)
            next += step
            last = p
        }

        /// Puts `p` unless it is within `sqrt(minDistanceSquared)` of the side's last point.
        /// Without a branch: whether a point is kept alternates along a stroke as no predictor
        /// can guess, so the point is always written where it would go, and the side moves on
        /// past it only if it is kept (a point not kept is overwritten by the next one; the
        /// room counts every point as kept, so the write stays in the side's own part).
        @inline(__always)
        mutating func put(_ p: Point, unlessWithin minDistanceSquared: Double) {
            let keep = last.distanceSquared(to: p) > minDistanceSquared
            next.initialize(to: p)
            next += keep ? step : 0
            last = keep ? p : last
        }

        /// `count` points of an arc: `center + from`, then each turned by the step whose sine
        /// and cosine are given from the one before (a rotation by complex multiplication, not a
        /// sine and cosine a point).
        @inline(__always)
        mutating func putArc(around center: Point, from: Point, sin s: Double, cos c: Double, count: Int) {
            var v = from
            for _ in 0..<count {
                put(Point(x: center.x + v.x, y: center.y + v.y))
                v = Point(x: v.x * c - v.y * s, y: v.x * s + v.y * c)
            }
        }

        /// A round cap's `capSteps − 1` inner points: `center + from` turned by 1…capSteps−1
        /// steps of π / `capSteps` (its two ends are the sides' end points).
        @inline(__always)
        mutating func putCap(around center: Point, from: Point) {
            let (s, c) = capStep
            let first = Point(x: from.x * c - from.y * s, y: from.x * s + from.y * c)
            putArc(around: center, from: first, sin: s, cos: c, count: capSteps - 1)
        }
    }

    /// Writes the polygon of `s` at `start`, which has room for `room` points; returns how many
    /// it wrote (they are contiguous from `start`).
    private static func writePolygon(
        _ s: UnsafeBufferPointer<OutlineSample>, isStrokeStart: Bool, isStrokeEnd: Bool,
        options: OutlineOptions, totalLength: Double?, into start: UnsafeMutablePointer<Point>, room: Int
    ) -> Int {
        let first = s[0]

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
            var circle = Side(next: start, step: 1, last: .zero)
            let steps = 2 * capSteps
            let r = radiusAt(0)
            for k in 0..<steps {
                let angle = 2 * Double.pi * Double(k) / Double(steps)
                circle.put(Point(x: first.point.x + r * cos(angle), y: first.point.y + r * sin(angle)))
            }
            return steps
        }

        let n = s.count
        let minDistanceSquared = pow(options.size * options.smoothing, 2)
        let startCap = !isStrokeStart || options.capStart
        let end = start + room
        // The start cap goes last, at the very end of the room; the right side runs backwards
        // from just before it.
        var left = Side(next: start, step: 1, last: .zero)
        var right = Side(next: end - (startCap ? capSteps - 1 : 0) - 1, step: -1, last: .zero)
        // The first sample faces along the chunk's first step; every other sample's direction
        // is the step into it.
        let startDirection = (s[1].point - first.point).normalized
        let startOffset = startDirection.perpendicular * radiusAt(0)
        left.put(first.point + startOffset)
        right.put(first.point - startOffset)
        for i in 1..<(n - 1) {
            let r = radiusAt(i)
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
                    left.putArc(around: s[i].point, from: from, sin: sin(step), cos: cos(step), count: steps + 1)
                    right.put(rt, unlessWithin: minDistanceSquared)
                } else {
                    right.putArc(around: s[i].point, from: from, sin: sin(step), cos: cos(step), count: steps + 1)
                    left.put(l, unlessWithin: minDistanceSquared)
                }
                continue
            }
            left.put(l, unlessWithin: minDistanceSquared)
            right.put(rt, unlessWithin: minDistanceSquared)
        }
        // Interior points may have been skipped; the ends never are.
        let endOffset = s[n - 1].direction.perpendicular * radiusAt(n - 1)
        left.put(s[n - 1].point + endOffset)
        right.put(s[n - 1].point - endOffset)
        if !isStrokeEnd || options.capEnd {
            left.putCap(around: s[n - 1].point, from: endOffset)
        }
        if startCap {
            var cap = Side(next: end - (capSteps - 1), step: 1, last: .zero)
            cap.putCap(around: first.point, from: startOffset * -1)
        }
        // The right side (reversed) and the start cap follow the left side and the end cap.
        let tail = right.next + 1
        precondition(left.next <= tail, "an outline polygon outgrew the room `mostPoints` made for it")
        let tailCount = end - tail
        if tail != left.next { left.next.update(from: tail, count: tailCount) }
        return left.next + tailCount - start
    }

    /// sin and cos of a cap's step (π / `capSteps`), as literals to the last bit.
    static let capStep = (sin: 0.23931566428755774, cos: 0.970941817426052)
}
