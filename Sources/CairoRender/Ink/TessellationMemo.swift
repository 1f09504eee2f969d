import ForceCore

/// The pieces of the finished strokes the ink cache's repaints have tessellated, kept for the
/// repaints after them: an erase through a crowded area, an undo and its redo, the next undo
/// nearby all repaint areas that share most of their strokes, and a third of a repaint's time
/// went to tessellating them again.
///
/// A stroke's pieces are reused only for a stroke equal to the one they were made from (an id
/// alone proves nothing: ink handed to the cache may be other ink under the same ids), and only
/// in the style they were made in. The pieces and samples held are capped at `budget` bytes;
/// when the next stroke would pass it, everything is let go at once (the next repaint makes them
/// again).
///
/// Apart from the pieces, and without a budget, it keeps where each stroke's pieces lie (their
/// bounds, a few rectangles a stroke): a repaint then tessellates only the strokes whose pieces
/// reach into its area, not every stroke whose bounds do (a quarter of those under an undone
/// stroke in bench 12). A full redraw hands on the bounds of every stroke it drew (`keepBounds`).
struct TessellationMemo {
    private var entries: [Int: (stroke: Stroke, pieces: [InkPiece], bytes: Int)] = [:]
    /// Where the pieces of each stroke tessellated in `style` lie: stroke `id` is
    /// `known[reach[id]]`, its pieces' bounds `bounds[first..<first + count]`. Strokes and
    /// rectangles are in arrays of their own, the dictionary holds indices: strokes in its
    /// buckets, or an array of rectangles each, cost a restore 15 bytes of peak memory a point.
    private var reach: [Int: Int] = [:]
    private var known: [(stroke: Stroke, first: Int, count: Int)] = []
    private var bounds: [Rect] = []
    private var style: InkStyle?
    /// The bytes of pieces and samples held.
    private(set) var bytes = 0
    let budget: Int

    init(budget: Int) { self.budget = budget }

    /// The strokes held.
    var count: Int { entries.count }
    /// How many strokes `pieces(of:style:)` tessellated, not finding them held.
    private(set) var tessellated = 0

    /// `stroke`'s real pieces in `style`: the ones kept, or made now and kept.
    mutating func pieces(of stroke: Stroke, style: InkStyle) -> [InkPiece] {
        if style != self.style { forget(style) }
        if let kept = entries[stroke.id], kept.stroke == stroke { return kept.pieces }
        let pieces = StrokeTessellator.pieces(of: stroke, style: style).real
        tessellated += 1
        know(pieces, of: stroke)
        let size = Self.bytes(of: pieces, stroke)
        if let old = entries.removeValue(forKey: stroke.id) { bytes -= old.bytes }
        if bytes + size > budget { removeAll() }
        if size <= budget {
            entries[stroke.id] = (stroke, pieces, size)
            bytes += size
        }
        return pieces
    }

    /// Whether `stroke`'s pieces in `style` reach into `area`: nil when it does not know (the
    /// stroke was never tessellated here in that style, or has changed since).
    func reaches(_ stroke: Stroke, into area: Rect, style: InkStyle) -> Bool? {
        guard style == self.style, let i = reach[stroke.id], known[i].stroke == stroke else { return nil }
        return bounds[known[i].first..<known[i].first + known[i].count].contains { !$0.intersection(area).isNull }
    }

    /// Keeps where `pieces`, the real pieces of `stroke` in `style` made elsewhere (a full
    /// redraw), lie.
    mutating func keepBounds(of pieces: [InkPiece], of stroke: Stroke, style: InkStyle) {
        if style != self.style { forget(style) }
        know(pieces, of: stroke)
    }

    private mutating func know(_ pieces: [InkPiece], of stroke: Stroke) {
        reach[stroke.id] = known.count
        known.append((stroke, bounds.count, pieces.count))
        bounds.append(contentsOf: pieces.lazy.map(\.bounds))
        // Once most entries are ones no id refers to any more (a stroke known again), the rest
        // are gathered at the front.
        let unused = known.count - reach.count
        guard unused > 256, unused > known.count / 2 else { return }
        var strokes: [(stroke: Stroke, first: Int, count: Int)] = [], rectangles: [Rect] = [], moved = reach
        strokes.reserveCapacity(reach.count)
        for (id, i) in reach {
            let k = known[i]
            moved[id] = strokes.count
            strokes.append((k.stroke, rectangles.count, k.count))
            rectangles += bounds[k.first..<k.first + k.count]
        }
        (reach, known, bounds) = (moved, strokes, rectangles)
    }

    /// Lets go of the pieces held (where they lie is still known).
    mutating func removeAll() {
        entries.removeAll()
        bytes = 0
    }

    /// Lets go of everything: the pieces and where they lie (other ink, or another style).
    mutating func forget(_ newStyle: InkStyle? = nil) {
        removeAll()
        reach.removeAll()
        known.removeAll()
        bounds.removeAll()
        style = newStyle
    }

    /// What `pieces` and the samples of `stroke` they were made from take in memory.
    static func bytes(of pieces: [InkPiece], _ stroke: Stroke) -> Int {
        var total = pieces.count * MemoryLayout<InkPiece>.stride + stroke.points.count * 16
        for p in pieces {
            switch p.shape {
            case .outline(let polygon), .area(let polygon): total += polygon.count * MemoryLayout<Point>.stride
            default: break
            }
        }
        return total
    }
}
