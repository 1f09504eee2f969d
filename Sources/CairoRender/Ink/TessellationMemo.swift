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
struct TessellationMemo {
    private var entries: [Int: (stroke: Stroke, pieces: [InkPiece], bytes: Int)] = [:]
    private var style: InkStyle?
    /// The bytes of pieces and samples held.
    private(set) var bytes = 0
    let budget: Int

    init(budget: Int) { self.budget = budget }

    /// The strokes held.
    var count: Int { entries.count }

    /// `stroke`'s real pieces in `style`: the ones kept, or made now and kept.
    mutating func pieces(of stroke: Stroke, style: InkStyle) -> [InkPiece] {
        if style != self.style {
            removeAll()
            self.style = style
        }
        if let kept = entries[stroke.id], kept.stroke == stroke { return kept.pieces }
        let pieces = StrokeTessellator.pieces(of: stroke, style: style).real
        let size = Self.bytes(of: pieces, stroke)
        if let old = entries.removeValue(forKey: stroke.id) { bytes -= old.bytes }
        if bytes + size > budget { removeAll() }
        if size <= budget {
            entries[stroke.id] = (stroke, pieces, size)
            bytes += size
        }
        return pieces
    }

    mutating func removeAll() {
        entries.removeAll()
        bytes = 0
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
