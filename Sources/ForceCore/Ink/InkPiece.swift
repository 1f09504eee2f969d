/// A piece of ink as a renderer draws it: a shape, a colour and an alpha. A stroke is a
/// sequence of pieces drawn in order; the renderer draws the final ones once into its cache and
/// only the provisional ones every frame (`StrokeTessellator`).
public struct InkPiece: Equatable, Sendable {
    public enum Shape: Equatable, Sendable {
        /// A closed outline, filled through the midpoints of its edges (the outline renderer).
        case outline([Point])
        /// A line with round caps (the classic and debug renderers).
        case line(from: Point, to: Point, width: Double)
        /// A filled disc (debug mode's sample dots).
        case dot(Point, radius: Double)
        /// A 1 pt line (debug mode's tilt whiskers).
        case hairline(from: Point, to: Point)
        /// A stroke's path filled (its points joined, the last back to the first; nonzero):
        /// the inside of a filled shape (`InkTool.fill`).
        case area([Point])
    }

    /// Which colour of the palette a piece takes.
    public enum Colour: Equatable, Sendable {
        case ink
        /// A tool's own colour (`InkTool.colour`), its alpha times the piece's.
        case tool(InkColour)
        /// A highlighter's colour (`InkTool.pieceColour`), its alpha times the piece's,
        /// multiplied with what is under it, as Xournal++ and a marker on paper do: over white
        /// it is its tint, over black ink it leaves the ink black.
        case highlighter(InkColour)
        case debug(DebugCategory)
        /// A debug colour at `StrokeTessellator.debugSegmentStrength` over the paper, opaque.
        case debugTint(DebugCategory)
    }

    public var shape: Shape
    public var colour: Colour
    public var alpha: Double
    /// The area the piece can touch, antialiasing included.
    public var bounds: Rect

    /// 1.5 pt: antialiasing reaches a pixel beyond the geometry (at any HiDPI scale ≥ 1).
    public static let antialiasMargin = 1.5

    /// Whether it is a pen's fill: a see-through area drawn over the stroke's opaque ink (of
    /// its colour: over the ink it changes nothing, as Xournal++'s fill under the line), never
    /// in a group whose pieces replace what is under them. A highlighter's area is drawn as its
    /// ink is (see `StrokeTessellator`).
    public var isPenFill: Bool {
        if case .area = shape { return alpha < 1 }
        return false
    }

    /// Whether what is under the piece shows through it: an alpha under 1, or a tool colour
    /// that is see-through (a highlighter's).
    public var isSeeThrough: Bool {
        if alpha < 1 { return true }
        switch colour {
        case .tool(let c), .highlighter(let c): return c.alpha < 255
        default: return false
        }
    }

    /// Whether it is a highlighter's ink, multiplied with what is under it (`Colour.highlighter`).
    public var multiplies: Bool {
        if case .highlighter = colour { return true }
        return false
    }

    public init(_ shape: Shape, colour: Colour = .ink, alpha: Double = 1) {
        self.shape = shape
        self.colour = colour
        self.alpha = alpha
        bounds = Self.bounds(of: shape)
    }

    static func bounds(of shape: Shape) -> Rect {
        let m = antialiasMargin
        switch shape {
        case .outline(let points), .area(let points):
            guard let first = points.first else { return .null }
            var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
            for p in points {
                minX = min(minX, p.x)
                maxX = max(maxX, p.x)
                minY = min(minY, p.y)
                maxY = max(maxY, p.y)
            }
            return Rect(x: minX - m, y: minY - m, width: maxX - minX + 2 * m, height: maxY - minY + 2 * m)
        case .line(let a, let b, let width):
            return Rect(around: a, radius: width / 2 + m).union(Rect(around: b, radius: width / 2 + m))
        case .dot(let c, let r):
            return Rect(around: c, radius: r + m)
        case .hairline(let a, let b):
            return Rect(around: a, radius: m).union(Rect(around: b, radius: m))
        }
    }
}
