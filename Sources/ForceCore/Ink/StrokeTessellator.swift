import Foundation

/// Turns a stroke into ink pieces, incrementally: every input point is processed once, the
/// pieces that can no longer change are handed out once (`advance`), and the rest of the stroke
/// is recomputed from a copy only as far as it is unsettled (`tail`). Drawing the final pieces,
/// then the tail, gives exactly the pieces of the whole stroke drawn at once (`pieces(of:)`):
/// a live stroke is pixel for pixel its full redraw.
public struct StrokeTessellator: Sendable {
    public let style: InkStyle
    /// How many of the stroke's points were processed.
    public private(set) var consumed = 0
    private var outline: OutlineBuilder?

    /// 0.5, the alpha of predicted ink in normal mode.
    public static let predictedAlpha = 0.5
    /// Opacity mode splits an outline into pieces of equal alpha, quantised to this many levels:
    /// 64 steps of 1.3 % alpha (3 of 255 grey levels on the paper) leave no visible band on a
    /// pressure ramp, where 12 showed one per wheel notch; hysteresis keeps noise from cutting
    /// more pieces (`OutlineBuilder.opacityHysteresis`).
    public static let opacityLevels = 64.0
    /// 0.55: debug mode's segments are their colour at this strength over the paper, drawn
    /// opaque (overlapping round caps never darken), under opaque dots.
    public static let debugSegmentStrength = 0.55
    /// 4 pt, the radius of debug mode's sample markers (a shape per point type must read).
    public static let debugDotRadius = 4.0

    /// The outline options of this stroke: the style's, at the stroke's tool's size.
    private let options: OutlineOptions
    /// The colour of this stroke's ink pieces (its tool's, or the ink's).
    private let inkColour: InkPiece.Colour
    /// The tool's dash pattern (nil: a solid line, and always in debug drawing, which shows
    /// every sample).
    private let dash: DashPattern?
    /// Classic drawing of a dashed line: the length of the line up to the last point processed.
    private var classicLength = 0.0

    public init(style: InkStyle, stroke: Stroke) {
        self.style = style
        var options = style.outline
        if let size = stroke.tool.size { options.size = size }
        self.options = options
        let multiplies = stroke.tool.multiplies
        inkColour = stroke.tool.pieceColour.map { multiplies ? .highlighter($0) : .tool($0) } ?? .ink
        dash = style.debug ? nil : DashPattern(stroke.tool.dash)
        if !style.debug, style.renderer == .outline {
            // Force-less devices, or the option, draw with simulated pressure.
            let simulatesPressure = style.outline.simulatePressure || !stroke.hasForce
            outline = OutlineBuilder(options: options, simulatesPressure: simulatesPressure,
                                     opacityLevels: style.opacityFromPressure ? Self.opacityLevels : nil)
        }
    }

    /// A stroke's pieces: the real ink, and its predicted points (drawn over it, at half alpha).
    public struct Pieces: Equatable, Sendable {
        public var real: [InkPiece]
        public var predicted: [InkPiece]
    }

    /// All pieces of `stroke` drawn at once.
    public static func pieces(of stroke: Stroke, style: InkStyle) -> Pieces {
        var t = StrokeTessellator(style: style, stroke: stroke)
        let head = t.advance(stroke, through: stroke.realCount)
        var rest = t.tail(stroke)
        rest.real = head + rest.real
        return rest
    }

    /// How many leading points of `stroke` are final for this style: their pieces never change.
    public func settledCount(of stroke: Stroke) -> Int {
        if stroke.isFinished { return stroke.realCount }
        // Debug colours show the point type, which the newest sample of a frame may still change.
        return stroke.settledCount(keeping: style.debug ? Stroke.unfrozenTail : 0)
    }

    /// Processes points up to `n` (exclusive) and returns the pieces that became final.
    public mutating func advance(_ stroke: Stroke, through n: Int) -> [InkPiece] {
        let n = min(n, stroke.realCount)
        guard n > consumed else { return [] }
        var pieces: [InkPiece] = []
        let points = stroke.points
        if var builder = outline {
            outline = nil
            builder.add(points, range: consumed..<n, precise: style.precise)
            builder.takeFinal { appendPieces($0, totalLength: nil, to: &pieces) }
            outline = builder
        } else {
            for i in consumed..<n { appendPointPieces(i, of: stroke, to: &pieces) }
        }
        consumed = n
        return pieces
    }

    /// The pieces that complete the stroke from what was processed: the unsettled real points,
    /// the end, and the predicted points at half alpha. Leaves this tessellator unchanged.
    public func tail(_ stroke: Stroke) -> Pieces {
        var copy = self
        var pieces = copy.advance(stroke, through: stroke.realCount)
        pieces += copy.end(stroke)
        // The predicted points go on from the end (a dashed line's pattern with them).
        return Pieces(real: pieces, predicted: copy.predictedPieces(stroke))
    }

    /// The last pieces of a finished stroke (after `advance` through all its points).
    public mutating func finish(_ stroke: Stroke) -> [InkPiece] {
        var pieces = advance(stroke, through: stroke.realCount)
        pieces += end(stroke)
        return pieces
    }

    // MARK: Internals

    private func location(_ points: StrokePoints, _ i: Int) -> Point {
        let p = points.preciseLocation(at: i)
        return style.precise ? p : Point(x: p.x.rounded(), y: p.y.rounded())
    }

    private func location(_ p: InkPoint) -> Point { p.location(precise: style.precise) }

    /// The pieces after the last point: the outline's unfinished chunks, or debug mode's last
    /// dot; then a filled shape's inside (`fill(of:)`).
    private mutating func end(_ stroke: Stroke) -> [InkPiece] {
        if var builder = outline {
            outline = nil
            var pieces: [InkPiece] = []
            builder.finish { chunk, length in appendPieces(chunk, totalLength: length, to: &pieces) }
            outline = builder
            return pieces + fill(of: stroke)
        }
        guard style.debug, consumed > 0 else { return fill(of: stroke) }
        return debugMarks(stroke.points[consumed - 1]) + fill(of: stroke)
    }

    /// The inside of a stroke drawn with a fill (`InkTool.fill`), once it has three places: its
    /// real points' path, after its ink (the last piece, so a live stroke's fill follows the
    /// pen and a finished one's is drawn as the whole stroke's is). A pen's is its colour at the
    /// fill's opacity; a highlighter's is the highlighter, one see-through area with its line.
    private func fill(of stroke: Stroke) -> [InkPiece] {
        guard let opacity = stroke.tool.fill, !style.debug else { return [] }
        let points = stroke.points
        var polygon: [Point] = []
        polygon.reserveCapacity(points.realCount)
        for i in 0..<points.realCount {
            let p = location(points, i)
            if p.isFinite, polygon.last != p { polygon.append(p) }
        }
        guard polygon.count >= 3 else { return [] }
        return [InkPiece(.area(polygon), colour: inkColour, alpha: stroke.tool.kind == .highlighter ? 1 : opacity)]
    }

    /// A chunk's polygon, or a dashed line's, its drawn parts' (`OutlineChunk.dashed`);
    /// `totalLength` is the stroke's length for chunks the end taper may reach (nil for final
    /// chunks, which it cannot).
    private func appendPieces(_ chunk: OutlineChunk, totalLength: Double?, to pieces: inout [InkPiece]) {
        guard let dash else {
            pieces.append(piece(chunk, totalLength: totalLength))
            return
        }
        for part in chunk.dashed(dash) { pieces.append(piece(part, totalLength: totalLength)) }
    }

    private func piece(_ chunk: OutlineChunk, totalLength: Double?) -> InkPiece {
        InkPiece(.outline(OutlinePolygon.polygon(chunk, options: options, totalLength: totalLength)), colour: inkColour, alpha: chunk.alpha)
    }

    /// Classic: one round-capped segment into each point (a dashed line: its drawn parts, each
    /// round-capped, as Cairo dashes a line). Debug: the segment in the point's type colour,
    /// then the previous point's dot (so dots lie over both their segments).
    private mutating func appendPointPieces(_ i: Int, of stroke: Stroke, to pieces: inout [InkPiece]) {
        let p = stroke.points[i]
        let to = location(p)
        let from = i > 0 ? location(stroke.points, i - 1) : to
        if style.debug {
            // The same width as the other renderers: the same ink in TouchCanvas's colours.
            pieces.append(InkPiece(.line(from: from, to: to, width: classicWidth(force: p.force)),
                                   colour: .debugTint(p.type.debugCategory)))
            if i > 0 { pieces += debugMarks(stroke.points[i - 1]) }
        } else {
            let width = classicWidth(force: p.force), alpha = style.opacityFromPressure ? opacity(p.force) : 1
            guard let dash else {
                pieces.append(InkPiece(.line(from: from, to: to, width: width), colour: inkColour, alpha: alpha))
                return
            }
            appendDashes(dash, from: from, to: to, width: width, alpha: alpha, into: &pieces)
        }
    }

    /// The drawn parts of the segment `from`–`to` of a classic dashed line, round-capped lines,
    /// the pattern going on from `classicLength` (which moves past the segment). A dot exactly
    /// where a segment ends is the next one's (a segment is final before anyone knows whether it
    /// is the last).
    private mutating func appendDashes(_ dash: DashPattern, from: Point, to: Point, width: Double, alpha: Double,
                                       into pieces: inout [InkPiece]) {
        let start = classicLength, length = from.distance(to: to)
        classicLength += length
        dash.forEachPart(from: start, to: start + length, closesAtEnd: false) { a, b in
            let u = length > 0 ? (a - start) / length : 0, v = length > 0 ? (b - start) / length : 0
            pieces.append(InkPiece(.line(from: from.lerp(to: to, u), to: from.lerp(to: to, v), width: width), colour: inkColour, alpha: alpha))
        }
    }

    /// Debug mode's dot for a point and its tilt whisker of length `0.5 + 10·cos(altitude)`
    /// along the azimuth (TouchCanvas).
    private func debugMarks(_ p: InkPoint) -> [InkPiece] {
        let at = location(p)
        var marks = [InkPiece(.dot(at, radius: Self.debugDotRadius), colour: .debug(p.type.debugCategory))]
        if let altitude = p.altitude, let azimuth = p.azimuth {
            let length = 0.5 + 10 * cos(altitude)
            marks.append(InkPiece(.hairline(from: at, to: Point(x: at.x + length * cos(azimuth), y: at.y + length * sin(azimuth))),
                                  colour: .debug(p.type.debugCategory)))
        }
        return marks
    }

    /// Predicted points: drawn provisionally at half alpha (debug: in their own colour); a
    /// dashed line's with its pattern going on from the end of the real points (called on a
    /// tessellator that has processed them all, and ended the outline).
    private mutating func predictedPieces(_ stroke: Stroke) -> [InkPiece] {
        let predicted = stroke.points.predicted
        guard !predicted.isEmpty, stroke.realCount > 0 else { return [] }
        let last = stroke.points[stroke.realCount - 1]
        if style.debug {
            var pieces: [InkPiece] = []
            var from = location(last)
            for p in predicted {
                let to = location(p)
                pieces.append(InkPiece(.line(from: from, to: to, width: classicWidth(force: p.force)),
                                       colour: .debugTint(p.type.debugCategory)))
                pieces += debugMarks(p)
                from = to
            }
            return pieces
        }
        if style.renderer == .classic {
            var pieces: [InkPiece] = []
            var from = location(last)
            for p in predicted {
                let to = location(p), width = classicWidth(force: p.force)
                if let dash {
                    appendDashes(dash, from: from, to: to, width: width, alpha: Self.predictedAlpha, into: &pieces)
                } else {
                    pieces.append(InkPiece(.line(from: from, to: to, width: width), colour: inkColour, alpha: Self.predictedAlpha))
                }
                from = to
            }
            return pieces
        }
        let realLength = outline?.length ?? 0
        var builder = OutlineBuilder(options: options, simulatesPressure: false)
        for p in [last] + predicted { builder.add(location(p), force: p.force, time: p.time) }
        var pieces: [InkPiece] = []
        func add(_ chunk: OutlineChunk) {
            for part in dash.map({ chunk.dashed($0, from: realLength) }) ?? [chunk] {
                pieces.append(InkPiece(.outline(OutlinePolygon.polygon(part, options: options, totalLength: nil)),
                                       colour: inkColour, alpha: Self.predictedAlpha))
            }
        }
        builder.takeFinal(add)
        builder.finish { chunk, _ in add(chunk) }
        return pieces
    }

    /// The width of a classic or debug segment: the outline's diameter at that force, through
    /// the style's width mapping, so every renderer draws one width for one force.
    public func classicWidth(force: Double) -> Double {
        2 * OutlinePolygon.radius(pressure: force, options: options)
    }

    private func opacity(_ force: Double) -> Double { OutlineBuilder.opacity(force) }
}
