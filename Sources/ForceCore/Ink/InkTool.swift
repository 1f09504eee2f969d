/// What a stroke is drawn with: a pen or a highlighter, its colour, its size, whether the
/// inside of its path is filled and whether its line is dashed. The default pen (no colour, no
/// size, no fill, solid) draws as ForceCanvas always has: the ink colour at the ink style's size
/// (16 pt at force 0.5).
public struct InkTool: Equatable, Hashable, Sendable {
    public enum Kind: String, Equatable, Hashable, Sendable, CaseIterable {
        case pen, highlighter
    }

    public var kind: Kind
    /// sRGB with alpha; nil: the ink colour (a highlighter's default: `highlighterYellow`).
    public var colour: InkColour?
    /// The width at force 0.5, in points (the width mapping scales from it); nil: the style's.
    public var size: Double?
    /// The inside of the stroke's path (its points joined, the last back to the first) filled
    /// with its colour at this opacity, 0 < fill ≤ 1: a shape drawn filled, as Xournal++'s
    /// `fill` attribute (its alpha out of 255) says. A highlighter's fill is the highlighter
    /// itself, one see-through area with its line. nil: not filled.
    public var fill: Double?
    /// The line drawn dashed: lengths in points along its centre line, on, off, on, off… and
    /// again from the start (an odd count is gone through twice, as Cairo does), each "on" part
    /// with round ends, so a part of length 0 is a dot. Xournal++'s line styles: dash `[6, 3]`,
    /// dot `[0.5, 3]`, dash-dot `[6, 3, 0.5, 3]`, or its own (`style="cust: …"`). nil: solid.
    /// Only a pattern `dashProblem` accepts is kept (any other is nil).
    public var dash: [Double]?

    public init(kind: Kind = .pen, colour: InkColour? = nil, size: Double? = nil, fill: Double? = nil, dash: [Double]? = nil) {
        self.kind = kind
        self.colour = colour
        self.size = size.map { min(Self.sizeRange.upperBound, max(Self.sizeRange.lowerBound, $0.isFinite ? $0 : 16)) }
        self.fill = fill.flatMap { $0.isFinite && $0 > 0 ? min(1, $0) : nil }
        self.dash = dash.flatMap { Self.dashProblem($0) == nil ? $0 : nil }
    }

    /// Why `pattern` is not a dash pattern (nil when it is): 1 to `maximumDashValues` lengths,
    /// each 0–`maximumDashLength` pt, repeating at least every `shortestDashPeriod` pt (so a
    /// stroke's dashes are bounded by its length).
    public static func dashProblem(_ pattern: [Double]) -> String? {
        guard !pattern.isEmpty, pattern.count <= maximumDashValues else {
            return "a dash pattern has 1 to \(maximumDashValues) lengths, not \(pattern.count)"
        }
        for v in pattern where !(v >= 0 && v <= maximumDashLength) {
            return "a dash length must be 0–\(Int(maximumDashLength)) pt, not \(SessionCoding.num(v))"
        }
        let period = pattern.reduce(0, +) * (pattern.count % 2 == 0 ? 1 : 2)
        guard period >= shortestDashPeriod else {
            return "a dash pattern must repeat every \(SessionCoding.num(shortestDashPeriod)) pt or more, not every \(SessionCoding.num(period)) pt"
        }
        return nil
    }

    /// 16 lengths: more than any line style needs.
    public static let maximumDashValues = 16
    /// 1,000 pt a dash or a gap.
    public static let maximumDashLength = 1000.0
    /// 0.5 pt: the shortest period of a pattern (Xournal++'s dots repeat every 3.5 pt).
    public static let shortestDashPeriod = 0.5
    /// Xournal++'s named line styles (`style` on a stroke) and their patterns.
    public static let namedDashes: [(name: String, pattern: [Double])] = [
        ("dash", [6, 3]), ("dot", [0.5, 3]), ("dashdot", [6, 3, 0.5, 3]),
    ]

    /// The default pen.
    public static let pen = InkTool()
    /// 0.25–128 pt: from a fine pen on a page to a marker on a wall.
    public static let sizeRange = 0.25...128.0
    /// A highlighter's colour unless one is given: yellow at half alpha.
    public static let highlighterYellow = InkColour(red: 255, green: 221, blue: 0, alpha: 128)

    /// The colour its pieces take (nil: the ink's): a highlighter's is see-through, at most
    /// half alpha whatever colour it has.
    public var pieceColour: InkColour? {
        guard kind == .highlighter else { return colour }
        var c = colour ?? Self.highlighterYellow
        c.alpha = min(c.alpha, Self.highlighterYellow.alpha)
        return c
    }

    /// Whether its pieces are see-through (a highlighter, or a colour with alpha).
    public var isSeeThrough: Bool { (pieceColour?.alpha ?? 255) < 255 }

    /// Whether its ink is multiplied with what is under it (a highlighter's: `InkPiece.Colour.highlighter`).
    public var multiplies: Bool { kind == .highlighter }

    /// The pen palette the window cycles through (X): the ink, then seven colours that read
    /// apart for most colour vision (Okabe and Ito's set), and the highlighter (Shift+X).
    public static let palette: [InkColour?] = [
        nil,
        InkColour(red: 0, green: 114, blue: 178), InkColour(red: 213, green: 94, blue: 0),
        InkColour(red: 0, green: 158, blue: 115), InkColour(red: 204, green: 121, blue: 167),
        InkColour(red: 230, green: 159, blue: 0), InkColour(red: 86, green: 180, blue: 233),
        InkColour(red: 120, green: 120, blue: 120),
    ]
    /// The sizes the window steps through (Shift+[ and Shift+]), in points.
    public static let sizes: [Double] = [1, 2, 4, 8, 12, 16, 24, 32, 48]
}

/// A colour in sRGB with alpha, 8 bits a channel, written `#rrggbbaa` as Xournal++ does.
public struct InkColour: Equatable, Hashable, Sendable {
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `#rrggbbaa` (or `#rrggbb`, opaque); nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#"), hex.count == 7 || hex.count == 9, let v = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        let full = hex.count == 9 ? v : v << 8 | 0xFF
        self.init(red: UInt8(full >> 24), green: UInt8(full >> 16 & 0xFF), blue: UInt8(full >> 8 & 0xFF), alpha: UInt8(full & 0xFF))
    }

    public var hex: String {
        let digits = Array("0123456789abcdef")
        return "#" + [red, green, blue, alpha].map { String([digits[Int($0 >> 4)], digits[Int($0 & 15)]]) }.joined()
    }
}
