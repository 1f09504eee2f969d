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

    /// A tool's or a page's colour (8 bits a channel).
    init(_ c: InkColour) {
        self.init(Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255, Double(c.alpha) / 255)
    }
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

    /// The debug colours of the point types, told apart by everyone: from Okabe and Ito's
    /// palette for colour-blind readers ("Color Universal Design", 2008), with the gold darkened
    /// to stand out from the paper. Every two of them, and each from the paper, stay at least
    /// ΔE 20 apart (CIELAB) as seen with normal vision and under protanopia, deuteranopia and
    /// tritanopia (Machado, Oliveira and Fernandes 2009, severity 1): `DebugPaletteTests`
    /// computes it. Standard black (as TouchCanvas), coalesced light blue, predicted dark
    /// blue, needsUpdate gold, finger vermillion, cancelled grey (taken back: not the
    /// trail's red).
    public static func debug(_ c: DebugCategory) -> RGBA {
        switch c {
        case .cancelled: return RGBA(0.55, 0.55, 0.55)
        case .needsUpdate: return RGBA(0.85, 0.72, 0.05)
        case .finger: return RGBA(0.835, 0.369, 0.0)
        case .coalesced: return RGBA(0.337, 0.706, 0.914)
        case .predicted: return RGBA(0.0, 0.447, 0.698)
        case .standard: return RGBA(0.0, 0.0, 0.0)
        }
    }
}
