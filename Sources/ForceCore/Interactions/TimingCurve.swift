/// A cubic Bézier timing function from (0,0) to (1,1), as Core Animation's
/// `CAMediaTimingFunction(controlPoints:)`: maps elapsed fraction to progress fraction.
public struct TimingCurve: Equatable, Hashable, Sendable {
    /// Core Animation's ease-out, control points (0, 0) and (0.58, 1): `UIView.AnimationCurve.easeOut`.
    public static let easeOut = TimingCurve(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// Straight line.
    public static let linear = TimingCurve(x1: 0, y1: 0, x2: 1, y2: 1)
    /// 1e-9, how closely the curve's x is matched to the elapsed fraction.
    static let tolerance = 1e-9
    /// 60 bisection steps: halves a 0…1 interval below 1e-18, past `tolerance`, always terminating.
    static let maximumSteps = 60

    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// A curve with control points (x1, y1) and (x2, y2); x values are clamped to 0…1 so the
    /// curve stays a function of time.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = Force.normalized(x1)
        self.y1 = y1.isFinite ? y1 : 0
        self.x2 = Force.normalized(x2)
        self.y2 = y2.isFinite ? y2 : 1
    }

    /// Progress at elapsed fraction `t` (clamped to 0…1; NaN counts as 0).
    public func value(at t: Double) -> Double {
        let x = Force.normalized(t)
        if x == 0 || x == 1 { return x }
        // x(s) is monotonic for x1, x2 in 0…1: bisection finds s with x(s) = x.
        var lo = 0.0, hi = 1.0, s = x
        for _ in 0..<Self.maximumSteps {
            let xs = Self.bezier(s, x1, x2)
            if abs(xs - x) < Self.tolerance { break }
            if xs < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return Self.bezier(s, y1, y2)
    }

    private static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }
}
