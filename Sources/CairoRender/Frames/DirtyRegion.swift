import ForceCore

/// A few rectangles that need redrawing. Far-apart areas (the gauge at the bottom left and a
/// stroke at the top right) stay separate, so neither drawing nor the texture upload touches the
/// space between them; overlapping or nearby ones merge.
///
/// Areas outside `clip` (the surface) are dropped, and past `maximumRects` the region becomes
/// one rect around them all: a stroke undone across a million points makes thousands of piece
/// rects, and merging them pairwise took seconds (found by the fuzz run).
struct DirtyRegion {
    private(set) var rects: [Rect] = []
    /// The surface's bounds: nothing outside needs drawing.
    let clip: Rect?

    init(clip: Rect? = nil) { self.clip = clip }

    /// Merge two rects when their union wastes less than this many square points.
    static let mergeSlack = 4096.0
    /// 32 rects: more than a frame's separate areas (gauge, HUD, tail, a few repaints) ever are.
    static let maximumRects = 32

    mutating func add(_ area: Rect) {
        let r = clip.map { area.intersection($0) } ?? area
        guard !r.isNull else { return }
        var merged = r
        var changed = true
        // Merging can make a rect reach others: repeat until stable.
        while changed {
            changed = false
            for (i, other) in rects.enumerated() {
                let u = merged.union(other)
                if u.width * u.height <= merged.width * merged.height + other.width * other.height + Self.mergeSlack {
                    merged = u
                    rects.remove(at: i)
                    changed = true
                    break
                }
            }
        }
        rects.append(merged)
        if rects.count > Self.maximumRects { rects = [rects.reduce(Rect.null) { $0.union($1) }] }
    }

    mutating func add(_ other: DirtyRegion) { for r in other.rects { add(r) } }

    var isEmpty: Bool { rects.isEmpty }
}
