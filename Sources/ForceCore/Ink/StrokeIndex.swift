/// A uniform grid over finished strokes: which strokes may touch a rectangle, without looking
/// at them all. The eraser's hit test and the renderer's partial redraws (undo, redo, erase)
/// ask it.
///
/// Each indexed stroke has a slot: its bounds and id in two arrays, a slot freed by a removal
/// taken by the next insertion. A cell lists the slots of the strokes whose bounds reach into
/// it (4 bytes each), so a query reads a candidate's bounds by index, hashing nothing.
public struct StrokeIndex: Sendable {
    /// 128 pt cells: a typical stroke covers a few, a screen holds about a hundred.
    public static let cellSize = 128.0
    /// A stroke whose bounds span more cells than this is kept in one list that every query
    /// reads instead (a stroke across a 1e6 pt canvas must not fill a million cells).
    static let maximumCells = 1024

    private struct Cell: Hashable, Sendable {
        var x: Int32
        var y: Int32
    }

    /// The slots of the strokes per cell, in no particular order.
    private var cells: [Cell: [Int32]] = [:]
    /// The slots of the strokes too large for the grid.
    private var oversized: Set<Int32> = []
    /// Every indexed stroke's slot, by id (to remove it and to answer queries past the grid).
    private var slots: [Int: Int32] = [:]
    /// By slot: the stroke's bounds and id (a free slot's bounds are null).
    private var slotBounds: [Rect] = []
    private var slotIDs: [Int] = []
    private var freeSlots: [Int32] = []

    public init() {}

    /// Indexes stroke `id` covering `rect` (replacing an earlier entry for it).
    public mutating func insert(_ id: Int, bounds rect: Rect) {
        if slots[id] != nil { remove(id) }
        guard !rect.isNull else { return }
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            slotBounds[Int(slot)] = rect
            slotIDs[Int(slot)] = id
        } else {
            // More strokes than an Int32 counts cannot be held in memory (each is a stroke).
            slot = Int32(truncatingIfNeeded: slotBounds.count)
            slotBounds.append(rect)
            slotIDs.append(id)
        }
        slots[id] = slot
        guard let range = Self.cells(covering: rect) else {
            oversized.insert(slot)
            return
        }
        for y in range.y { for x in range.x { cells[Cell(x: x, y: y), default: []].append(slot) } }
    }

    /// Removes stroke `id`.
    public mutating func remove(_ id: Int) {
        guard let slot = slots.removeValue(forKey: id) else { return }
        let rect = slotBounds[Int(slot)]
        slotBounds[Int(slot)] = .null
        freeSlots.append(slot)
        guard let range = Self.cells(covering: rect) else {
            oversized.remove(slot)
            return
        }
        for y in range.y {
            for x in range.x {
                let key = Cell(x: x, y: y)
                cells[key]?.removeAll { $0 == slot }
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
            for slot in oversized where slotBounds[Int(slot)].intersects(rect) { found.append(slotIDs[Int(slot)]) }
            slotBounds.withUnsafeBufferPointer { bounds in
                for y in range.y {
                    for x in range.x {
                        guard let entries = cells[Cell(x: x, y: y)] else { continue }
                        for slot in entries {
                            let b = bounds[Int(slot)]
                            guard b.intersects(rect) else { continue }
                            // The corner is in a cell of both ranges: `cell` is monotonic.
                            if Self.cell(Swift.max(b.x, rect.x)) == x, Self.cell(Swift.max(b.y, rect.y)) == y {
                                found.append(slotIDs[Int(slot)])
                            }
                        }
                    }
                }
            }
        } else {
            // A query larger than the grid's limit reads every stroke's bounds (the oversized
            // ones' too).
            for (id, slot) in slots where slotBounds[Int(slot)].intersects(rect) { found.append(id) }
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

extension StrokeIndex: Equatable {
    /// Two indexes are equal when they hold the same strokes with the same bounds, whatever
    /// slots and cell order their histories gave them.
    public static func == (a: StrokeIndex, b: StrokeIndex) -> Bool {
        guard a.slots.count == b.slots.count else { return false }
        return a.slots.allSatisfy { id, slot in
            b.slots[id].map { b.slotBounds[Int($0)] == a.slotBounds[Int(slot)] } ?? false
        }
    }
}
