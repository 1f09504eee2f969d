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
