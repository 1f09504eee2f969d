import ForceCore

/// An RGBA colour, components 0…1.
public struct RGBA: Equatable, Sendable {
    public var r, g, b, a: Double
    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
    public func with(alpha: Double) -> RGBA { RGBA(r, g, b, a * alpha) }
}

/// The colours ForceCanvas draws with.
public enum Palette {
    /// Off-white paper.
    public static let paper = RGBA(0.98, 0.976, 0.96)
    /// Near-black ink.
    public static let ink = RGBA(0.09, 0.09, 0.11)
    /// Panels behind overlay text.
    public static let panel = RGBA(0.12, 0.12, 0.15, 0.86)
    /// The teaching dock behind the panels: a desk beside the device's screen.
    public static let dock = RGBA(0.21, 0.21, 0.24)
    public static let panelText = RGBA(0.95, 0.95, 0.97)
    public static let panelDim = RGBA(0.70, 0.70, 0.76)
    public static let accent = RGBA(0.20, 0.55, 1.0)
    public static let deep = RGBA(0.898, 0.276, 0.309)

    /// `c` at `strength` over the paper, opaque (how a translucent colour looks on the paper).
    public static func tint(_ c: RGBA, strength: Double) -> RGBA {
        let k = Force.normalized(strength)
        return RGBA(paper.r + (c.r - paper.r) * k, paper.g + (c.g - paper.g) * k, paper.b + (c.b - paper.b) * k)
    }

    /// TouchCanvas's debug colours: cancelled red, needsUpdate orange, finger purple,
    /// coalesced green, predicted blue, standard black.
    public static func debug(_ c: DebugCategory) -> RGBA {
        switch c {
        case .cancelled: return RGBA(0.90, 0.10, 0.10)
        case .needsUpdate: return RGBA(1.00, 0.55, 0.00)
        case .finger: return RGBA(0.58, 0.20, 0.80)
        case .coalesced: return RGBA(0.05, 0.65, 0.15)
        case .predicted: return RGBA(0.10, 0.40, 1.00)
        case .standard: return RGBA(0.0, 0.0, 0.0)
        }
    }
}
