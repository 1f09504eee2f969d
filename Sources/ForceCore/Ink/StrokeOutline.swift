import Foundation

/// One streamlined sample of a stroke, ready for outlining.
public struct OutlineSample: Equatable, Sendable {
    public var point: Point
    /// Normalised pressure (real, or simulated from speed).
    public var pressure: Double
    /// Unit direction of travel into this sample.
    public var direction: Point
    /// Distance from the previous sample.
    public var distance: Double
    /// Length of the stroke up to here.
    public var runningLength: Double
    /// The index of the last input point folded into this sample.
    public var inputIndex: Int
}

/// perfect-freehand's pipeline as small pure stages: input points → streamlined samples →
/// radii → outline polygon. Each stage can be tested and benchmarked on its own.
public enum StrokeOutline {
    /// Semicircle resolution of caps and sharp corners (perfect-freehand uses 13 steps).
    static let capSteps = 13
    /// 0.275, perfect-freehand's rate for simulated pressure.
    static let simulatedPressureRate = 0.275
    /// Samples averaged for the starting pressure (against fat starts).
    static let startPressureSamples = 10

    // MARK: Stage 1: streamline

    /// Streamlines the points: each sample moves toward its input by
    /// `t = 0.15 + (1 − streamline)·0.85`. A finished stroke ends exactly on its last input.
    /// Inputs at the same place as the previous sample merge into it, keeping the larger
    /// force, so a stationary press that grows in force grows its blob.
    public static func samples(
        _ points: [InkPoint], precise: Bool, options: OutlineOptions, isComplete: Bool
    ) -> [OutlineSample] {
        var out: [OutlineSample] = []
        out.reserveCapacity(points.count)
        let t = 0.15 + (1 - min(1, max(0, options.streamline))) * 0.85
        for (i, p) in points.enumerated() {
            let input = p.location(precise: precise)
            guard input.isFinite else { continue }
            let force = Force.normalized(p.force)
            guard let prev = out.last else {
                out.append(OutlineSample(
                    point: input, pressure: force, direction: .zero, distance: 0, runningLength: 0, inputIndex: i))
                continue
            }
            let point = (isComplete && i == points.count - 1) ? input : prev.point.lerp(to: input, t)
            let distance = point.distance(to: prev.point)
            if distance < 1e-9 {
                out[out.count - 1].pressure = max(prev.pressure, force)
                out[out.count - 1].inputIndex = i
                continue
            }
            let direction = (point - prev.point) * (1 / distance)
            out.append(OutlineSample(
                point: point, pressure: force, direction: direction, distance: distance,
                runningLength: prev.runningLength + distance, inputIndex: i))
        }
        if out.count > 1 { out[0].direction = out[1].direction }
        return out
    }

    // MARK: Stage 2: pressure and radius

    /// Replaces each sample's pressure by perfect-freehand's speed rule
    /// (`sp = min(1, distance/size)`, `rp = min(1, 1 − sp)`, `p += (rp − p)·sp·0.275`),
    /// starting from the average of the first samples (no fat starts).
    public static func simulatePressure(_ samples: inout [OutlineSample], size: Double) {
        guard !samples.isEmpty else { return }
        let size = max(size, 1e-6)
        func target(_ s: OutlineSample) -> (sp: Double, rp: Double) {
            let sp = min(1, s.distance / size)
            return (sp, min(1, 1 - sp))
        }
        var prev = 0.5
        for s in samples.prefix(startPressureSamples) {
            let (sp, rp) = target(s)
            prev = (prev + min(1, prev + (rp - prev) * sp * simulatedPressureRate)) / 2
        }
        for i in samples.indices {
            let (sp, rp) = target(samples[i])
            prev = min(1, prev + (rp - prev) * sp * simulatedPressureRate)
            samples[i].pressure = prev
        }
    }

    /// The radius at a pressure: `size · easing(0.5 − thinning·(0.5 − pressure))`, linear easing.
    @inline(__always)
    public static func radius(pressure: Double, options: OutlineOptions) -> Double {
        guard options.thinning != 0 else { return options.size / 2 }
        return max(0.01, options.size * (0.5 - options.thinning * (0.5 - pressure)))
    }

    // MARK: Stage 3: outline

    /// The outline polygon of samples `range` (inclusive ends get caps), filled with the
    /// nonzero rule. Returns an empty array for an empty range.
    public static func polygon(
        _ samples: [OutlineSample], range: ClosedRange<Int>, totalLength: Double, options: OutlineOptions
    ) -> [Point] {
        guard !samples.isEmpty, range.lowerBound >= 0, range.upperBound < samples.count else { return [] }
        let a = range.lowerBound, b = range.upperBound

        func radiusAt(_ i: Int) -> Double {
            var r = radius(pressure: samples[i].pressure, options: options)
            let run = samples[i].runningLength
            if options.taperStart > 0, run < options.taperStart {
                let t = run / options.taperStart
                r *= t * (2 - t)  // ease-out
            }
            if options.taperEnd > 0, totalLength - run < options.taperEnd {
                let t = (totalLength - run) / options.taperEnd
                r *= t * (2 - t)
            }
            return max(0.01, r)
        }

        if a == b {
            var maxR = 0.0
            for i in range { maxR = max(maxR, radiusAt(i)) }
            return circle(center: samples[a].point, radius: maxR)
        }

        let minDistanceSquared = pow(options.size * options.smoothing, 2)
        var left: [Point] = [], right: [Point] = []
        left.reserveCapacity(b - a + 2)
        right.reserveCapacity(b - a + 2)

        for i in a...b {
            let s = samples[i]
            let r = radiusAt(i)
            // Ends use the sample's own direction, so a range ending at sample k and one starting
            // there share the same perpendicular and meet without a sliver.
            let dir = s.direction
            if i == a || i == b {
                let n = dir.perpendicular * r
                left.append(s.point + n)
                right.append(s.point - n)
                continue
            }
            let next = samples[i + 1].direction
            let turn = dir.dot(next)
            if turn < 0 {
                // A reversal: sweep a semicircle around the corner instead of a spike ("hair").
                let n = dir.perpendicular * r
                for k in 0...capSteps {
                    let angle = Double.pi * Double(k) / Double(capSteps)
                    left.append((s.point + n).rotated(around: s.point, by: angle))
                    right.append((s.point - n).rotated(around: s.point, by: -angle))
                }
                continue
            }
            let n = next.lerp(to: dir, turn).normalized.perpendicular * r
            let tl = s.point + n, tr = s.point - n
            if let last = left.last, last.distanceSquared(to: tl) > minDistanceSquared { left.append(tl) }
            if let last = right.last, last.distanceSquared(to: tr) > minDistanceSquared { right.append(tr) }
        }
        // Always reach the last sample's offsets exactly.
        let lastR = radiusAt(b)
        let endN = samples[b].direction.perpendicular * lastR
        let startR = radiusAt(a)
        let startN = samples[a].direction.perpendicular * startR

        var polygon: [Point] = []
        polygon.reserveCapacity(left.count + right.count + 2 * capSteps)
        polygon.append(contentsOf: left)
        if options.capEnd {
            let p = samples[b].point
            for k in 1..<capSteps {
                polygon.append((p + endN).rotated(around: p, by: Double.pi * Double(k) / Double(capSteps)))
            }
        }
        polygon.append(contentsOf: right.reversed())
        if options.capStart {
            let p = samples[a].point
            for k in 1..<capSteps {
                polygon.append((p - startN).rotated(around: p, by: Double.pi * Double(k) / Double(capSteps)))
            }
        }
        return polygon
    }

    /// A closed circle polygon, for a stroke that never moved (a dot).
    public static func circle(center: Point, radius: Double) -> [Point] {
        let steps = 2 * capSteps
        return (0..<steps).map { k in
            let angle = 2 * Double.pi * Double(k) / Double(steps)
            return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
    }

    // MARK: Whole pipeline

    /// Samples with pressure applied, for a stroke drawn with `options`.
    public static func preparedSamples(
        for stroke: Stroke, precise: Bool, options: OutlineOptions
    ) -> [OutlineSample] {
        let real = stroke.realCount == stroke.points.count
            ? stroke.points : Array(stroke.points[..<stroke.realCount])
        var s = samples(real, precise: precise, options: options, isComplete: stroke.isFinished)
        if options.simulatePressure || !stroke.hasForce { simulatePressure(&s, size: options.size) }
        return s
    }

    /// The whole outline polygon of a list of points: the one-call form for tests and benchmarks.
    public static func polygon(
        for points: [InkPoint], options: OutlineOptions = .default, precise: Bool = true, isComplete: Bool = true
    ) -> [Point] {
        var s = samples(points, precise: precise, options: options, isComplete: isComplete)
        if options.simulatePressure { simulatePressure(&s, size: options.size) }
        guard let last = s.last else { return [] }
        return polygon(s, range: 0...(s.count - 1), totalLength: last.runningLength, options: options)
    }
}
