import Foundation

/// Deterministic strokes shared by tests, demos and benchmarks (one fixture source, as
/// perfect-freehand keeps one).
public enum StrokeFixtures {
    /// A small deterministic generator (64-bit LCG), so fixtures never depend on the platform.
    public struct Generator {
        private var state: UInt64
        public init(seed: UInt64) { state = seed &* 6364136223846793005 &+ 1442695040888963407 }
        /// A value in 0..<1.
        public mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    /// A looping, signature-like stroke of `count` points inside `bounds`, with force rising and
    /// falling along it. Samples are 1/240 s apart (a pen's rate).
    public static func signature(count: Int, in bounds: Rect, seed: UInt64 = 1, startTime: Double = 0) -> [InkPoint] {
        var g = Generator(seed: seed)
        let loops = 3 + 4 * g.next()
        let phase = 2 * Double.pi * g.next()
        return (0..<count).map { i in
            let u = count > 1 ? Double(i) / Double(count - 1) : 0
            let x = bounds.x + bounds.width * (0.05 + 0.9 * u) + 0.08 * bounds.width * sin(2 * Double.pi * loops * u + phase)
            let y = bounds.y + bounds.height * (0.5 + 0.35 * sin(2 * Double.pi * (loops * 0.5) * u + phase) * cos(7 * u))
            let force = 0.2 + 0.7 * (0.5 + 0.5 * sin(2 * Double.pi * 1.5 * u + phase))
            return InkPoint(sequence: i, time: startTime + Double(i) / 240, force: force,
                            preciseLocation: Point(x: x, y: y))
        }
    }

    /// A finished stroke from `signature`.
    public static func stroke(id: Int, count: Int, in bounds: Rect, seed: UInt64 = 1) -> Stroke {
        Stroke(id: id, source: .mouse, hasForce: true,
               points: signature(count: count, in: bounds, seed: seed), isFinished: true)
    }

    /// Edge cases that have broken outline code elsewhere: a single point, a point repeated,
    /// a hairpin reversal, zero and full force, a very long jump.
    public static let edgeCases: [String: [InkPoint]] = {
        func pts(_ xy: [(Double, Double, Double)]) -> [InkPoint] {
            xy.enumerated().map { i, p in
                InkPoint(sequence: i, time: Double(i) / 60, force: p.2, preciseLocation: Point(x: p.0, y: p.1))
            }
        }
        return [
            "single": pts([(10, 10, 0.5)]),
            "repeated": pts([(10, 10, 0.2), (10, 10, 0.6), (10, 10, 0.9)]),
            "hairpin": pts([(0, 0, 0.5), (50, 0, 0.5), (100, 0, 0.5), (50, 0.5, 0.5), (0, 1, 0.5)]),
            "zeroForce": pts([(0, 0, 0), (20, 5, 0), (40, 0, 0)]),
            "fullForce": pts([(0, 0, 1), (20, 5, 1), (40, 0, 1)]),
            "longJump": pts([(0, 0, 0.5), (5000, 3000, 0.5), (5001, 3000, 0.5)]),
            "zigzag": pts((0..<40).map { i in (Double(i) * 3, i % 2 == 0 ? 0 : 30, 0.5) }),
        ]
    }()
}

extension StrokeFixtures {
    /// Paths the outline must get right, each as samples with force and time: the weak spots of
    /// perfect-freehand-style outlines (hairs and elbows on fast reversals, dots when
    /// backtracking, fat starts) and the sparse input of a fast mouse.
    public static let outlineCases: [String: [InkPoint]] = {
        typealias S = (Double, Double, Double, Double)
        func pts(_ xyft: [S]) -> [InkPoint] {
            xyft.enumerated().map { i, p in
                InkPoint(sequence: i, time: p.3, force: p.2, preciseLocation: Point(x: p.0, y: p.1))
            }
        }
        var cases: [String: [InkPoint]] = [:]
        // A 125 Hz mouse scribbling fast: one sample per leg, 15 px across and 60 px down.
        cases["sparseZigzag"] = pts((0...40).map { (i: Int) -> S in (200 + 15 * Double(i), 300 + 60 * Double(i % 2), 0.5, 0.008 * Double(i)) })
        // Fast horizontal reversals drifting down, 125 Hz.
        cases["hairpins"] = pts((0..<24).map { (i: Int) -> S in
            (i % 2 == 0 ? 120.0 : 320.0, 80 + 6 * Double(i), 0.3 + 0.6 * Double(i % 3) / 2, 0.008 * Double(i))
        })
        // An inward spiral at 240 Hz, radius 150 → 6, force rising.
        cases["spiral"] = pts((0..<720).map { (i: Int) -> S in
            let u = Double(i) / 719, angle = u * 8 * Double.pi, r = 150 - 144 * u
            return (400 + r * cos(angle), 300 + r * sin(angle), 0.2 + 0.7 * u, Double(i) / 240)
        })
        // Right, then slowly back over the same path, then right again.
        cases["backtrack"] = pts((0..<90).map { (i: Int) -> S in
            let x = i < 30 ? 100 + 8 * Double(i) : (i < 60 ? 340 - 6 * Double(i - 30) : 160 + 8 * Double(i - 60))
            return (x, 200 + 0.2 * Double(i), 0.6, Double(i) / 120)
        })
        // A press that grows in force standing still, then moves off.
        let press: [S] = (0..<8).map { (i: Int) -> S in (150, 150, 0.2 + 0.1 * Double(i), 0.05 * Double(i)) }
        let moveOff: [S] = (1...30).map { (i: Int) -> S in
            (150 + 6 * Double(i), 150 + 2 * Double(i), 0.9 - 0.01 * Double(i), 0.35 + Double(i) / 120)
        }
        cases["pressThenMove"] = pts(press + moveOff)
        // A pen that lands hard (first sample at full force), and one whose first sample reads 0.
        let hard: [S] = (1...40).map { (i: Int) -> S in (100 + 5 * Double(i), 100 + 3 * sin(Double(i) / 4), 0.35, Double(i) / 240) }
        cases["fatStart"] = pts([(100, 100, 1, 0)] + hard)
        let zero: [S] = (1...40).map { (i: Int) -> S in (100 + 5 * Double(i), 100, 0.5, Double(i) / 240) }
        cases["zeroStart"] = pts([(100, 100, 0, 0)] + zero)
        // Sparse corners of 60°, 100° and 150° (elbows), 60 Hz.
        cases["elbows"] = pts([(100, 300, 0.5, 0), (250, 300, 0.5, 1.0 / 60), (325, 170, 0.5, 2.0 / 60),
                               (400, 300, 0.6, 3.0 / 60), (460, 140, 0.7, 4.0 / 60), (500, 320, 0.4, 5.0 / 60),
                               (640, 320, 0.5, 6.0 / 60)])
        return cases
    }()

    /// One gesture — an S-curve with a loop, 1.2 s long, force swelling and fading — sampled at
    /// `rate` samples per second: the same path at 60 Hz, 125 Hz or 1 kHz.
    public static func gesture(rate: Double, origin: Point = Point(x: 80, y: 80)) -> [InkPoint] {
        let duration = 1.2
        let count = max(2, Int((duration * rate).rounded()) + 1)
        return (0..<count).map { i in
            let t = min(duration, Double(i) / rate)
            let u = t / duration
            let x = origin.x + 520 * u + 40 * sin(2 * Double.pi * u * 1.5)
            let y = origin.y + 120 + 90 * sin(2 * Double.pi * u) + 40 * cos(2 * Double.pi * u * 1.5)
            let force = 0.25 + 0.6 * sin(Double.pi * u)
            return InkPoint(sequence: i, time: t, force: force, preciseLocation: Point(x: x, y: y))
        }
    }
}
