import Foundation

/// The pressure curve between a device's normalised force and the force the canvas uses:
/// a cubic Bézier from (0,0) to (1,1) with two control points, as xf86-input-wacom's
/// `PressCurve "x1,y1,x2,y2"` (numbers 0…100), then a multiplier and a minimum pressure
/// (Xournal++'s two settings). Evaluated through a lookup table.
public struct PressureCurve: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The named curves of xf86-input-wacom's documentation.
    public enum Preset: String, CaseIterable, Sendable {
        case soft, linear, firm

        /// The control points, 0…100.
        public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double) {
            switch self {
            case .soft: (0, 5, 95, 100)
            case .linear: (0, 0, 100, 100)
            case .firm: (5, 0, 100, 95)
            }
        }
    }

    /// 0.05, Xournal++'s default minimum pressure: a touching pen never draws a zero-width line.
    public static let defaultMinimumPressure = 0.05
    /// 1.0, Xournal++'s default pressure multiplier.
    public static let defaultMultiplier = 1.0
    /// The largest multiplier accepted (beyond it every press is full force).
    public static let maximumMultiplier = 10.0
    /// 256 intervals: 0.4 % steps in input, linearly interpolated, far below what ink shows.
    static let tableIntervals = 256

    /// The control points in xf86-input-wacom's 0…100 units.
    public let x1: Double, y1: Double, x2: Double, y2: Double
    /// The force below which a touching device is raised (0…1).
    public let minimumPressure: Double
    /// The factor applied after the curve (≥ 0), the result clamped to 1.
    public let multiplier: Double
    /// Curve outputs at inputs 0, 1/n, …, 1 (a function of the control points, so comparing it
    /// with them changes no answer of `==`).
    private let table: [Double]

    /// A curve from control points in 0…100. Values outside are clamped, NaN becomes the
    /// linear curve's value: a curve is never invalid once built (`parse` reports bad text).
    public init(x1: Double, y1: Double, x2: Double, y2: Double,
                minimumPressure: Double = PressureCurve.defaultMinimumPressure,
                multiplier: Double = PressureCurve.defaultMultiplier) {
        func clamp100(_ v: Double, _ fallback: Double) -> Double { v.isNaN ? fallback : min(100, max(0, v)) }
        self.x1 = clamp100(x1, 0)
        self.y1 = clamp100(y1, 0)
        self.x2 = clamp100(x2, 100)
        self.y2 = clamp100(y2, 100)
        self.minimumPressure = Force.normalized(minimumPressure)
        self.multiplier = multiplier.isNaN ? 1 : min(Self.maximumMultiplier, max(0, multiplier))
        table = Self.makeTable(x1: self.x1 / 100, y1: self.y1 / 100, x2: self.x2 / 100, y2: self.y2 / 100)
    }

    public init(_ preset: Preset, minimumPressure: Double = PressureCurve.defaultMinimumPressure,
                multiplier: Double = PressureCurve.defaultMultiplier) {
        let c = preset.controlPoints
        self.init(x1: c.x1, y1: c.y1, x2: c.x2, y2: c.y2, minimumPressure: minimumPressure, multiplier: multiplier)
    }

    /// The default: linear, minimum 0.05, multiplier 1.
    public static let standard = PressureCurve(.linear)

    /// The preset these control points are, if any.
    public var preset: Preset? {
        Preset.allCases.first { p in
            let c = p.controlPoints
            return c.x1 == x1 && c.y1 == y1 && c.x2 == x2 && c.y2 == y2
        }
    }

    /// Whether the Bézier part is the identity (control points on the diagonal).
    public var isLinear: Bool { x1 == y1 && x2 == y2 }

    /// The control points as xf86-input-wacom writes them: "x1,y1,x2,y2".
    public var pressCurve: String { [x1, y1, x2, y2].map(Self.format).joined(separator: ",") }

    public var description: String { preset?.rawValue ?? pressCurve }

    /// The Bézier alone: 0…1 → 0…1, monotonic, 0 → 0 and 1 → 1.
    public func curve(_ input: Double) -> Double {
        let x = Force.normalized(input)
        if isLinear { return x }
        let position = x * Double(Self.tableIntervals)
        let i = min(Self.tableIntervals - 1, Int(position))
        let f = position - Double(i)
        return table[i] + (table[i + 1] - table[i]) * f
    }

    /// The force the canvas uses for a device's normalised force (0…1, as `PressureInput` hands
    /// it): curve, multiplier, clamp to 1, then the minimum for any touching sample (a raw 0
    /// stays 0: the pen is not pressing; so does NaN).
    public func apply(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        return max(minimumPressure, min(1, curve(x) * multiplier))
    }

    /// The same curve with other control points (keeps minimum and multiplier).
    public func with(x1: Double? = nil, y1: Double? = nil, x2: Double? = nil, y2: Double? = nil) -> PressureCurve {
        PressureCurve(x1: x1 ?? self.x1, y1: y1 ?? self.y1, x2: x2 ?? self.x2, y2: y2 ?? self.y2,
                      minimumPressure: minimumPressure, multiplier: multiplier)
    }

    /// The same control points with another minimum or multiplier.
    public func with(minimumPressure: Double? = nil, multiplier: Double? = nil) -> PressureCurve {
        PressureCurve(x1: x1, y1: y1, x2: x2, y2: y2, minimumPressure: minimumPressure ?? self.minimumPressure,
                      multiplier: multiplier ?? self.multiplier)
    }

    /// The next preset in soft → linear → firm → soft (a custom curve goes to linear).
    public var nextPreset: PressureCurve {
        let all = Preset.allCases
        let next = preset.flatMap { p in all.firstIndex(of: p).map { all[($0 + 1) % all.count] } } ?? .linear
        return PressureCurve(next, minimumPressure: minimumPressure, multiplier: multiplier)
    }

    // MARK: Parsing

    /// Parses a preset name ("soft", "linear", "firm") or "x1,y1,x2,y2" with numbers 0…100.
    public static func parse(_ text: String, minimumPressure: Double = defaultMinimumPressure,
                             multiplier: Double = defaultMultiplier) throws(PressureCurveError) -> PressureCurve {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let p = Preset(rawValue: trimmed.lowercased()) {
            return PressureCurve(p, minimumPressure: minimumPressure, multiplier: multiplier)
        }
        let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 4 else {
            throw PressureCurveError(text: text, reason: "expected soft, linear, firm or four numbers \"x1,y1,x2,y2\" (0–100)")
        }
        var values: [Double] = []
        for part in parts {
            let s = part.trimmingCharacters(in: .whitespaces)
            guard let v = DecimalText.number(s), v.isFinite else {
                throw PressureCurveError(text: text, reason: "\"\(s)\" is not a number")
            }
            guard (0...100).contains(v) else {
                throw PressureCurveError(text: text, reason: "\(s) is outside 0–100")
            }
            values.append(v)
        }
        return PressureCurve(x1: values[0], y1: values[1], x2: values[2], y2: values[3],
                             minimumPressure: minimumPressure, multiplier: multiplier)
    }

    /// Parses a minimum pressure (0…1).
    public static func parseMinimum(_ text: String) throws(PressureCurveError) -> Double {
        let s = text.trimmingCharacters(in: .whitespaces)
        guard let v = DecimalText.number(s), v.isFinite, (0...1).contains(v) else {
            throw PressureCurveError(text: text, reason: "the minimum pressure must be a number from 0 to 1")
        }
        return v
    }

    /// Parses a multiplier (0…10).
    public static func parseMultiplier(_ text: String) throws(PressureCurveError) -> Double {
        let s = text.trimmingCharacters(in: .whitespaces)
        guard let v = DecimalText.number(s), v.isFinite, (0...maximumMultiplier).contains(v) else {
            throw PressureCurveError(text: text, reason: "the multiplier must be a number from 0 to \(format(maximumMultiplier))")
        }
        return v
    }

    // MARK: Internals

    /// The Bézier sampled at n+1 evenly spaced inputs: for each x, the t with x(t) = x by
    /// bisection (x(t) is monotonic for control points in 0…1), then y(t).
    private static func makeTable(x1: Double, y1: Double, x2: Double, y2: Double) -> [Double] {
        func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
        }
        var out: [Double] = []
        out.reserveCapacity(tableIntervals + 1)
        var previous = 0.0
        for k in 0...tableIntervals {
            let x = Double(k) / Double(tableIntervals)
            var lo = 0.0, hi = 1.0
            for _ in 0..<40 {
                let mid = (lo + hi) / 2
                if bezier(mid, x1, x2) < x { lo = mid } else { hi = mid }
            }
            // Running maximum: rounding must never make the curve go down.
            let y = max(previous, min(1, max(0, bezier((lo + hi) / 2, y1, y2))))
            out.append(y)
            previous = y
        }
        out[0] = 0
        out[tableIntervals] = 1
        return out
    }

    static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : "\(v)"
    }
}

/// A pressure-curve value that cannot be used, with the offending text.
public struct PressureCurveError: Error, Equatable, CustomStringConvertible, Sendable {
    public var text: String
    public var reason: String
    public var description: String { "invalid pressure curve value \"\(text)\": \(reason)" }
}
