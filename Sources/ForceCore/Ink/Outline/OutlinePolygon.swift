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
    /// which the end taper cannot reach. The polygon comes in an array of its own, written in
    /// place: a piece of ink keeps it.
    public static func polygon(_ chunk: OutlineChunk, options: OutlineOptions, totalLength: Double?) -> [Point] {
        chunk.samples.withUnsafeBufferPointer { s in
            guard !s.isEmpty else { return [] }
            let room = mostPoints(s)
            return [Point](unsafeUninitializedCapacity: room) { buffer, initialized in
                // `room > 0`, so the buffer has an address.
                initialized = writePolygon(s, isStrokeStart: chunk.isStrokeStart, isStrokeEnd: chunk.isStrokeEnd,
                                           options: options, totalLength: totalLength,
                                           into: buffer.baseAddress.unsafelyUnwrapped, room: room)
            }
        }
    }

    /// Writes the polygon of `chunk` at `start`, where there is room for `mostPoints(upTo:)` of
    /// its sample count (initialised or not), and returns how many points it wrote, contiguous
    /// from `start`. For code that keeps one buffer for many polygons (`OutlineWriter`).
    static func write(
        _ chunk: OutlineChunk, options: OutlineOptions, totalLength: Double?, into start: UnsafeMutablePointer<Point>
    ) -> Int {
        chunk.samples.withUnsafeBufferPointer { s in
            guard !s.isEmpty else { return 0 }
            return writePolygon(s, isStrokeStart: chunk.isStrokeStart, isStrokeEnd: chunk.isStrokeEnd, options: options,
                                totalLength: totalLength, into: start, room: mostPoints(upTo: s.count))
        }
    }

    /// The most points a polygon of the samples `s` can have: a side point per sample on each
    /// side, an arc on the outer side of each sharp turn (the inner side keeps its one), and two
    /// caps. A join's arc is counted at the `2 · capSteps + 1` points its loop is bounded to,
    /// though a turn, at most π, takes `capSteps + 1`: the bound holds without that argument.
    static func mostPoints(_ s: UnsafeBufferPointer<OutlineSample>) -> Int {
        var turns = 0
        if s.count > 2 {
            for i in 1..<(s.count - 1) where s[i].direction.dot(s[i + 1].direction) < cosArcThreshold { turns += 1 }
        }
        return mostPoints(samples: s.count, turns: turns)
    }

    /// `mostPoints` of any `count` samples, without looking at them: every interior sample
    /// counted as a sharp turn. Room this large costs nothing to make where it is reused.
    static func mostPoints(upTo count: Int) -> Int {
        mostPoints(samples: count, turns: max(0, count - 2))
    }

    /// The bound of `mostPoints` for `samples` samples of which `turns` are sharp turns.
    private static func mostPoints(samples: Int, turns: Int) -> Int {
        guard samples > 1 else { return 2 * capSteps }
        return 2 * samples + 2 * capSteps * turns + 2 * (capSteps - 1)
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
        /// With a branch: a version without one (the point always written, the side moved on
        /// past it only if kept) made each test wait for the one before it, and the bench
        /// measured it slower at every spacing of input, 1 to 14 pt, though a simple
        /// predictor's model of it mispredicted far less.
        @inline(__always)
        mutating func put(_ p: Point, unlessWithin minDistanceSquared: Double) {
            if last.distanceSquared(to: p) > minDistanceSquared {
                put(p)
            }
        }

        /// A round join: `center + from`, the points of `from` turned by 1, 2, 3… of a cap's
        /// steps (π / `capSteps`) while they are short of `to`, and `center + to` (`from` and
        /// `to` of one length, at most π apart). Its chords are no longer than a cap's; it ends
        /// exactly on `to`; and it measures no angle and takes no sine or cosine. At most
        /// `2 · capSteps + 1` points, whatever rounding does.
        @inline(__always)
        mutating func putJoin(around center: Point, from: Point, to: Point, counterclockwise: Bool) {
            let sign = counterclockwise ? 1.0 : -1.0
            // `from` turned a quarter in the direction of turning (`perpendicular` turns it
            // clockwise).
            let ahead = from.perpendicular * -sign
            put(center + from)
            for k in 0..<(2 * capSteps - 1) {
                let v = from.turned(cos: turnCosines[k], sin: turnSines[k], ahead: ahead)
                // `to` is still ahead of `v`, in the direction of turning.
                guard (v.x * to.y - v.y * to.x) * sign > 0 else { break }
                put(center + v)
            }
            put(center + to)
        }

        /// A round cap's `capSteps − 1` inner points: `center + from` turned counterclockwise
        /// by 1…capSteps−1 steps of π / `capSteps` (its two ends are the sides' end points).
        @inline(__always)
        mutating func putCap(around center: Point, from: Point) {
            let ahead = from.perpendicular * -1
            for k in 0..<(capSteps - 1) {
                put(center + from.turned(cos: turnCosines[k], sin: turnSines[k], ahead: ahead))
            }
        }
    }

    /// Writes the polygon of `s` at `start`, which has room for `room` points; returns how many
    /// it wrote (they are contiguous from `start`).
    private static func writePolygon(
        _ s: UnsafeBufferPointer<OutlineSample>, isStrokeStart: Bool, isStrokeEnd: Bool,
        options: OutlineOptions, totalLength: Double?, into start: UnsafeMutablePointer<Point>, room: Int
    ) -> Int {
        let first = s[0]

        // Whether a taper can reach any sample: a stroke without one (the default) skips both
        // tests for every sample.
        let tapers = options.taperStart > 0 || (totalLength != nil && options.taperEnd > 0)
        func radiusAt(_ i: Int) -> Double {
            var r = radius(pressure: s[i].pressure, options: options)
            guard _slowPath(tapers) else { return max(0.01, r) }
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
            // A circle of `2 · capSteps` points, k · π / `capSteps` apart: the turn table's angles.
            var circle = Side(next: start, step: 1, last: .zero)
            let steps = 2 * capSteps
            let r = radiusAt(0)
            for k in 0..<steps {
                let (c, sine) = k == 0 ? (1.0, 0.0) : (turnCosines[k - 1], turnSines[k - 1])
                circle.put(Point(x: first.point.x + r * c, y: first.point.y + r * sine))
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
        // Two samples an iteration, each with its own copy of the side tests (`putSides` is
        // inlined twice), so the branch predictor tells an even sample's outcomes from an odd
        // one's. On a straight stroke the sample two on from the last one kept lies at the
        // smoothing distance (8 pt, two spacings), give or take rounding, and with one copy of
        // the tests most samples were mispredicted: bench section 3's straight stroke took
        // 8.6 ns a sample here, now 4.9, as a curved one does.
        var i = 1
        while i + 1 < n - 1 {
            putSides(s, i, radius: radiusAt(i), &left, &right, minDistanceSquared: minDistanceSquared)
            putSides(s, i + 1, radius: radiusAt(i + 1), &left, &right, minDistanceSquared: minDistanceSquared)
            i += 2
        }
        if i < n - 1 { putSides(s, i, radius: radiusAt(i), &left, &right, minDistanceSquared: minDistanceSquared) }
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
        if tail != left.next { left.next.moveInitialize(from: tail, count: tailCount) }
        return left.next + tailCount - start
    }

    /// The side points of interior sample `i` of `s`, whose radius is `r`: offset along the
    /// bisector of its steps in and out, and kept unless within the smoothing distance of the
    /// side's last point, or, on the outer side of a sharp turn, a round join.
    @inline(__always)
    private static func putSides(
        _ s: UnsafeBufferPointer<OutlineSample>, _ i: Int, radius r: Double, _ left: inout Side, _ right: inout Side,
        minDistanceSquared: Double
    ) {
        let din = s[i].direction, dout = s[i + 1].direction
        // Offset along the bisector of the steps in and out of the sample: its
        // perpendicular scaled to `r` (one division, where normalising takes two).
        let bisector = din + dout
        let bisectorSquared = bisector.x * bisector.x + bisector.y * bisector.y
        let offset = bisectorSquared > 0 ? bisector.perpendicular * (r / bisectorSquared.squareRoot()) : din.perpendicular * r
        let l = s[i].point + offset, rt = s[i].point - offset
        let turn = din.dot(dout)
        if _slowPath(turn < cosArcThreshold) {
            // A sharp turn: the outer side follows an arc around the sample (a round join),
            // never a chord that would cut the elbow. It turns from the side's offset into
            // the sample to its offset out of it.
            let outerIsLeft = din.x * dout.y - din.y * dout.x > 0
            let outer = outerIsLeft ? r : -r
            let from = din.perpendicular * outer, to = dout.perpendicular * outer
            if outerIsLeft {
                left.putJoin(around: s[i].point, from: from, to: to, counterclockwise: true)
                right.put(rt, unlessWithin: minDistanceSquared)
            } else {
                right.putJoin(around: s[i].point, from: from, to: to, counterclockwise: false)
                left.put(l, unlessWithin: minDistanceSquared)
            }
            return
        }
        left.put(l, unlessWithin: minDistanceSquared)
        right.put(rt, unlessWithin: minDistanceSquared)
    }

    /// cos and sin of k · π / `capSteps` for k = 1 … 2 · `capSteps` − 1, as literals to the last
    /// bit (`cos(Double(k) * .pi / Double(capSteps))`): the turns of a cap's or a join's points
    /// from its first. Each point is turned from the first by its own entry, not from the point
    /// before it: no rounding is carried from point to point, and no point waits for the one
    /// before.
    static let turnCosines: [Double] = [
        0.970941817426052,
        0.8854560256532099,
        0.7485107481711011,
        0.5680647467311559,
        0.35460488704253557,
        0.120536680255323,
        -0.12053668025532288,
        -0.35460488704253545,
        -0.5680647467311557,
        -0.7485107481711012,
        -0.8854560256532096,
        -0.970941817426052,
        -1.0,
        -0.9709418174260521,
        -0.8854560256532101,
        -0.7485107481711013,
        -0.5680647467311559,
        -0.3546048870425359,
        -0.12053668025532357,
        0.1205366802553232,
        0.35460488704253557,
        0.5680647467311548,
        0.7485107481711007,
        0.88545602565321,
        0.970941817426052,
    ]
    static let turnSines: [Double] = [
        0.23931566428755774,
        0.4647231720437685,
        0.6631226582407952,
        0.8229838658936564,
        0.9350162426854148,
        0.992708874098054,
        0.992708874098054,
        0.9350162426854148,
        0.8229838658936565,
        0.6631226582407952,
        0.46472317204376906,
        0.23931566428755768,
        -3.216245299353273e-16,
        -0.23931566428755743,
        -0.46472317204376806,
        -0.663122658240795,
        -0.8229838658936564,
        -0.9350162426854147,
        -0.992708874098054,
        -0.992708874098054,
        -0.9350162426854148,
        -0.822983865893657,
        -0.6631226582407955,
        -0.4647231720437684,
        -0.2393156642875578,
    ]
}

extension Point {
    /// This vector turned by the angle of `cos` and `sin`, given itself turned a quarter
    /// (`ahead`) in the direction of turning.
    @inline(__always)
    func turned(cos c: Double, sin s: Double, ahead: Point) -> Point {
        Point(x: x * c + ahead.x * s, y: y * c + ahead.y * s)
    }
}
