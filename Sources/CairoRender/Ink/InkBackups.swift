import CCairo
import ForceCore

/// The ink cache's pixels from before each of its newest strokes was drawn, tile by tile: undo
/// of the newest stroke puts its tiles back, and redo draws that one stroke again, where a
/// repaint would redraw every stroke under it (on a full canvas, hundreds of strokes each time).
///
/// Each entry belongs to one stroke and holds the tiles that stroke's drawing touched, as they
/// were before its first piece was drawn (`save` is called before every draw of the stroke
/// into the cache, and keeps a tile only the first time). The entries are a stack in drawing
/// order, so the newest entry's tiles are exactly what the cache was without that stroke.
/// Anything else that changes the cache's pixels (a repaint, a full redraw) invalidates every
/// entry: the owner calls `reset`.
///
/// The tiles held are bounded by `budget` bytes: the oldest entries go first, and a stroke whose
/// tiles alone exceed it keeps none (its undo repaints, as without backups).
struct InkBackups {
    /// 64 × 64 pixels: 16 KB a tile. A 60-point handwriting stroke touches 6–20 tiles.
    static let tileSize = 64
    static let tilePixels = tileSize * tileSize
    static let tileBytes = tilePixels * 4

    struct Entry {
        let id: Int
        /// The saved tiles' indices (row-major over the surface's tile grid), in saving order.
        var tiles: [Int] = []
        /// Their pixels, a whole tile each (the parts outside an edge tile unused).
        var pixels: [UInt32] = []
        /// False once a tile could not be kept: the entry cannot restore its stroke.
        var isComplete = true
        var bytes: Int { tiles.count * InkBackups.tileBytes }
    }

    /// Strokes drawn, newest last: each can be undone by restoring its tiles.
    private(set) var undoable: [Entry] = []
    /// Strokes undone by restoring, newest last: their tiles are the cache's pixels as they are
    /// now under the stroke, so redo keeps them as the stroke's backup and draws the stroke.
    private(set) var redoable: [Entry] = []
    let budget: Int
    /// The bytes of the tiles held.
    var bytes: Int { undoable.reduce(0) { $0 + $1.bytes } + redoable.reduce(0) { $0 + $1.bytes } }

    init(budget: Int) { self.budget = budget }

    /// Forgets every entry (the cache's pixels changed in some other way).
    mutating func reset() {
        undoable = []
        redoable = []
    }

    /// Stroke `id` is about to be drawn: its tiles are saved from now on. Strokes undone
    /// before can no longer be redone by a restore (their tiles are not the pixels any more).
    mutating func begin(_ id: Int) {
        redoable = []
        undoable.append(Entry(id: id))
    }

    /// The newest entry's stroke, if its tiles can restore the cache without it.
    var restorable: Int? { undoable.last.flatMap { $0.isComplete ? $0.id : nil } }
    /// The stroke the newest restore took away, if drawing it again is a redo.
    var redrawable: Int? { redoable.last?.id }

    /// Saves, for the newest entry (stroke `id`), the tiles of `surface` under `pixels` it has
    /// not saved yet: call it before drawing there.
    mutating func save(_ pixels: PixelRect, of surface: ImageSurface, for id: Int) {
        guard let top = undoable.indices.last, undoable[top].id == id else {
            // Drawing for a stroke without an entry: no entry may restore across it.
            reset()
            return
        }
        guard undoable[top].isComplete else { return }
        let fresh = Self.tiles(covering: pixels, width: surface.pixelWidth, height: surface.pixelHeight)
            .filter { !undoable[top].tiles.contains($0) }
        guard !fresh.isEmpty else { return }
        if undoable[top].bytes + fresh.count * Self.tileBytes > budget {
            // One stroke larger than the whole budget: it keeps nothing (its undo repaints).
            undoable[top] = Entry(id: id, isComplete: false)
            return
        }
        surface.flush()
        guard let data = surface.data else {
            undoable[top].isComplete = false
            return
        }
        var entry = undoable[top]
        undoable[top] = Entry(id: id)  // moved out, so its arrays grow in place
        entry.pixels.reserveCapacity(entry.pixels.count + fresh.count * Self.tilePixels)
        for tile in fresh {
            let slot = entry.tiles.count
            entry.pixels.append(contentsOf: repeatElement(0, count: Self.tilePixels))
            entry.pixels.withUnsafeMutableBytes { saved in
                _ = Self.copy(tile, of: surface, data: data, slot: saved.baseAddress.unsafelyUnwrapped + slot * Self.tileBytes, toSurface: false)
            }
            entry.tiles.append(tile)
        }
        undoable[top] = entry
        trim()
    }

    /// Restores the newest entry's tiles into `surface` (stroke `id` goes from the cache) and
    /// returns the pixels it wrote; nil, writing nothing, unless that entry is `id`'s and complete.
    mutating func restore(_ id: Int, into surface: ImageSurface) -> [PixelRect]? {
        guard restorable == id, var entry = undoable.popLast() else { return nil }
        surface.flush()
        guard let data = surface.data else {
            undoable.append(entry)
            return nil
        }
        var areas: [PixelRect] = []
        let tiles = entry.tiles
        entry.pixels.withUnsafeMutableBytes { saved in
            for (slot, tile) in tiles.enumerated() {
                areas.append(Self.copy(tile, of: surface, data: data, slot: saved.baseAddress.unsafelyUnwrapped + slot * Self.tileBytes,
                                       toSurface: true))
            }
        }
        surface.markDirty()
        redoable.append(entry)
        return areas
    }

    /// Stroke `id`, the newest restored, is drawn again: its entry is its backup once more (the
    /// caller draws it, after `save` for any tile the drawing reaches that the entry lacks).
    mutating func reinstate(_ id: Int) -> Bool {
        guard redrawable == id, let entry = redoable.popLast() else { return false }
        undoable.append(entry)
        return true
    }

    /// Drops the oldest entries (never the newest) until the tiles fit the budget.
    private mutating func trim() {
        var excess = bytes - budget
        var drop = 0
        while excess > 0, drop < undoable.count - 1 {
            excess -= undoable[drop].bytes
            drop += 1
        }
        if drop > 0 { undoable.removeFirst(drop) }
        while excess > 0, !redoable.isEmpty { excess -= redoable.removeFirst().bytes }
    }

    /// Copies the pixels of `tile` between `surface` (its pixel bytes `data`) and a saved tile's
    /// `slot` (a whole tile, `tileSize` pixels a row): out of the slot if `toSurface`, else
    /// into it. Returns the tile's pixels on the surface.
    private static func copy(_ tile: Int, of surface: ImageSurface, data: UnsafeMutablePointer<UInt8>,
                             slot: UnsafeMutableRawPointer, toSurface: Bool) -> PixelRect {
        let area = area(of: tile, width: surface.pixelWidth, height: surface.pixelHeight)
        let stride = surface.stride
        for row in 0..<area.height {
            let onSurface = UnsafeMutableRawPointer(data + ((area.y + row) * stride + area.x * 4))
            let saved = slot + row * tileSize * 4
            if toSurface {
                onSurface.copyMemory(from: saved, byteCount: area.width * 4)
            } else {
                saved.copyMemory(from: onSurface, byteCount: area.width * 4)
            }
        }
        return area
    }

    /// The tiles of a `width` × `height` pixel surface that `r` reaches into.
    static func tiles(covering r: PixelRect, width: Int, height: Int) -> [Int] {
        let x0 = max(0, r.x), y0 = max(0, r.y)
        let x1 = min(width, r.x + r.width), y1 = min(height, r.y + r.height)
        guard x0 < x1, y0 < y1 else { return [] }
        let columns = (width + tileSize - 1) / tileSize
        var out: [Int] = []
        for ty in (y0 / tileSize)...((y1 - 1) / tileSize) {
            for tx in (x0 / tileSize)...((x1 - 1) / tileSize) { out.append(ty * columns + tx) }
        }
        return out
    }

    /// The pixels of `tile` (clipped at the surface's right and bottom edges).
    static func area(of tile: Int, width: Int, height: Int) -> PixelRect {
        let columns = (width + tileSize - 1) / tileSize
        let x = (tile % columns) * tileSize, y = (tile / columns) * tileSize
        return PixelRect(x: x, y: y, width: min(tileSize, width - x), height: min(tileSize, height - y))
    }
}
