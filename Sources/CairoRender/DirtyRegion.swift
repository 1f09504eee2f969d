import ForceCore

/// A few rectangles that need redrawing. Far-apart areas (the gauge at the bottom left and a
/// stroke at the top right) stay separate, so neither drawing nor the texture upload touches the
/// space between them; overlapping or nearby ones merge.
struct DirtyRegion {
    private(set) var rects: [Rect] = []

    /// Merge two rects when their union wastes less than this many square points.
    static let mergeSlack = 4096.0

    mutating func add(_ r: Rect) {
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
    }

    mutating func add(_ other: DirtyRegion) { for r in other.rects { add(r) } }

    var isEmpty: Bool { rects.isEmpty }
}
