/// A uniform grid over finished strokes: which strokes may touch a rectangle, without looking
/// at them all. The eraser's hit test and the renderer's partial redraws (undo, redo, erase)
/// ask it.
public struct StrokeIndex: Equatable, Sendable {
    /// 128 pt cells: a typical stroke covers a few, a screen holds about a hundred.
    public static let cellSize = 128.0
    /// A stroke whose bounds span more cells than this is kept in one list that every query
    /// reads instead (a stroke across a 1e6 pt canvas must not fill a million cells).
    static let maximumCells = 1024

    private struct Cell: Hashable, Sendable {
        var x: Int32
        var y: Int32
    }

    /// A stroke in a cell: its id, and its bounds (read by every query that reaches the cell,
    /// so kept beside the id, not looked up by it).
    private struct Entry: Equatable, Sendable {
        var id: Int
        var bounds: Rect
    }

    /// The strokes per cell, in no particular order.
    private var cells: [Cell: [Entry]] = [:]
    /// Strokes too large for the grid.
    private var oversized: Set<Int> = []
    /// Every indexed stroke's bounds, by id (to remove it and to answer exact queries).
    private var bounds: [Int: Rect] = [:]

    public init() {}

    /// Indexes stroke `id` covering `rect` (replacing an earlier entry for it).
    public mutating func insert(_ id: Int, bounds rect: Rect) {
        if bounds[id] != nil { remove(id) }
        guard !rect.isNull else { return }
        bounds[id] = rect
        guard let range = Self.cells(covering: rect) else {
            oversized.insert(id)
            return
        }
        for y in range.y { for x in range.x { cells[Cell(x: x, y: y), default: []].append(Entry(id: id, bounds: rect)) } }
    }

    /// Removes stroke `id`.
    public mutating func remove(_ id: Int) {
        guard let rect = bounds.removeValue(forKey: id) else { return }
        guard let range = Self.cells(covering: rect) else {
            oversized.remove(id)
            return
        }
        for y in range.y {
            for x in range.x {
                let key = Cell(x: x, y: y)
                cells[key]?.removeAll { $0.id == id }
                if cells[key]?.isEmpty == true { cells[key] = nil }
            }
        }
    }

    /// The ids of the strokes whose bounds intersect `rect`, ascending.
    ///
    /// A stroke in several of the cells the query reads is taken in one of them only: the
    /// cell that holds the top left corner of its bounds' intersection with `rect`, which both
    /// cover. So no set of the ids found is kept, and nothing is hashed a stroke (a repaint
    /// under the eraser on 10,000 strokes spent a fifth of its time hashing ids here).
    public func ids(intersecting rect: Rect) -> [Int] {
        guard !rect.isNull else { return [] }
        var found: [Int] = []
        if let range = Self.cells(covering: rect) {
            // Oversized strokes are in no cell.
            for id in oversized where bounds[id]?.intersects(rect) ?? false { found.append(id) }
            for y in range.y {
                for x in range.x {
                    guard let entries = cells[Cell(x: x, y: y)] else { continue }
                    for entry in entries {
                        let b = entry.bounds
                        guard b.intersects(rect) else { continue }
                        // The corner is in a cell of both ranges: `cell` is monotonic.
                        if Self.cell(Swift.max(b.x, rect.x)) == x, Self.cell(Swift.max(b.y, rect.y)) == y {
                            found.append(entry.id)
                        }
                    }
                }
            }
        } else {
            // A query larger than the grid's limit reads every stroke's bounds (the oversized
            // ones' too).
            for (id, b) in bounds where b.intersects(rect) { found.append(id) }
        }
        found.sort()
        return found
    }

    /// The cells a rectangle covers, or nil when they are more than `maximumCells`.
    private static func cells(covering r: Rect) -> (x: ClosedRange<Int32>, y: ClosedRange<Int32>)? {
        guard let x0 = cell(r.x), let x1 = cell(r.maxX), let y0 = cell(r.y), let y1 = cell(r.maxY) else { return nil }
        let n = (Int(x1) - Int(x0) + 1) * (Int(y1) - Int(y0) + 1)
        guard n <= maximumCells else { return nil }
        return (x0...x1, y0...y1)
    }

    /// The cell (column or row) a coordinate is in, or nil where the grid does not reach.
    private static func cell(_ v: Double) -> Int32? {
        let c = (v / cellSize).rounded(.down)
        guard c.isFinite, abs(c) < Double(Int32.max / 2) else { return nil }
        return Int32(c)
    }
}
