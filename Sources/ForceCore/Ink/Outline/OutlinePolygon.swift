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
    /// which the end taper cannot reach.
    public static func polygon(_ chunk: OutlineChunk, options: OutlineOptions, totalLength: Double?) -> [Point] {
        let s = chunk.samples
        guard let first = s.first else { return [] }

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

        guard s.count > 1 else { return circle(center: first.point, radius: radiusAt(0)) }

        let n = s.count
        let minDistanceSquared = pow(options.size * options.smoothing, 2)
        var left: [Point] = [], right: [Point] = []
        // Round joins add points on the outer side: room for a few without growing.
        left.reserveCapacity(2 * n + 2 * capSteps)
        right.reserveCapacity(2 * n + 2 * capSteps)
        // The first sample faces along the chunk's first step; every other sample's direction
        // is the step into it.
        let startDirection = (s[1].point - first.point).normalized
        for i in 0..<n {
            let r = radiusAt(i)
            if i == 0 || i == n - 1 {
                let d = i == 0 ? startDirection : s[i].direction
                let offset = d.perpendicular * r
                left.append(s[i].point + offset)
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
                // Written straight onto its side (no array of its own: a curve has many joins).
                if outerIsLeft {
                    appendArc(&left, around: s[i].point, from: from, by: angle / Double(steps), steps: 0...steps)
                    if let last = right.last, last.distanceSquared(to: rt) > minDistanceSquared { right.append(rt) }
                } else {
                    appendArc(&right, around: s[i].point, from: from, by: angle / Double(steps), steps: 0...steps)
                    if let last = left.last, last.distanceSquared(to: l) > minDistanceSquared { left.append(l) }
                }
                continue
            }
            if let last = left.last, last.distanceSquared(to: l) > minDistanceSquared { left.append(l) }
            if let last = right.last, last.distanceSquared(to: rt) > minDistanceSquared { right.append(rt) }
        }
        // Interior points may have been skipped; the ends never are.
        let endOffset = s[n - 1].direction.perpendicular * radiusAt(n - 1)
        let startOffset = startDirection.perpendicular * radiusAt(0)

        var polygon: [Point] = []
        polygon.reserveCapacity(left.count + right.count + 2 * capSteps)
        polygon.append(contentsOf: left)
        if !chunk.isStrokeEnd || options.capEnd {
            appendArc(&polygon, around: s[n - 1].point, from: endOffset, by: Double.pi / Double(capSteps), steps: 1...capSteps - 1)
        }
        polygon.append(contentsOf: right.reversed())
        if !chunk.isStrokeStart || options.capStart {
            appendArc(&polygon, around: first.point, from: startOffset * -1, by: Double.pi / Double(capSteps), steps: 1...capSteps - 1)
        }
        return polygon
    }

    /// Appends the points `center + from` turned by `k · step` for each k of `steps`: a cap or
    /// a round join. One sine and cosine for the whole arc; each point is the one before turned
    /// by `step` (a rotation by complex multiplication), not a sine and cosine of its own.
    @inline(__always)
    static func appendArc(_ out: inout [Point], around center: Point, from: Point, by step: Double, steps: ClosedRange<Int>) {
        let s = sin(step), c = cos(step)
        var v = from
        if steps.lowerBound > 0 {
            let first = Double(steps.lowerBound) * step
            let s0 = sin(first), c0 = cos(first)
            v = Point(x: from.x * c0 - from.y * s0, y: from.x * s0 + from.y * c0)
        }
        for _ in steps {
            out.append(Point(x: center.x + v.x, y: center.y + v.y))
            v = Point(x: v.x * c - v.y * s, y: v.x * s + v.y * c)
        }
    }

    /// A closed circle polygon, for a stroke that never moved (a dot).
    public static func circle(center: Point, radius: Double) -> [Point] {
        let steps = 2 * capSteps
        return (0..<steps).map { k in
            let angle = 2 * Double.pi * Double(k) / Double(steps)
            return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
    }
}
