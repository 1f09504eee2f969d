/// A closed outline with the vertices left out that lie within `tolerance` of the line through
/// the ones kept around them (Ramer–Douglas–Peucker, on a ring): what a vector export writes.
/// A stroke's outline is made for the screen, a vertex every smoothing distance and caps of
/// 13 steps whatever its radius; a PDF of a Xournal++ notebook, whose strokes are 1.4 pt
/// wide, spent most of its bytes on vertices a printer could not tell apart. The outline is
/// drawn through its edges' midpoints (`InkPainter`), so the curve moves by about as much as
/// the polygon: `tolerance` of 0.05 pt is 1/1440 inch.
public enum PolygonReduction {
    /// The vertices of `polygon` (closed: the last joins the first) that are kept, in order;
    /// the polygon itself when it has 4 vertices or fewer, or nothing is within `tolerance`.
    public static func reduced(_ polygon: [Point], tolerance: Double) -> [Point] {
        let n = polygon.count
        guard n > 4, tolerance > 0 else { return polygon }
        // The ring is cut at vertex 0 and at the vertex farthest from it; each half is reduced
        // as an open line between them.
        var far = 0, farthest = -1.0
        for i in 1..<n {
            let d = polygon[i].distanceSquared(to: polygon[0])
            if d > farthest { (far, farthest) = (i, d) }
        }
        guard farthest > 0 else { return polygon }
        var keep = [Bool](repeating: false, count: n)
        keep[0] = true
        keep[far] = true
        let limit = tolerance * tolerance
        // Spans still to look at, as (first, last) indices along the ring (`last` may pass n).
        var spans = [(0, far), (far, n)]
        while let (a, b) = spans.popLast() {
            guard b - a > 1 else { continue }
            let p = polygon[a], q = polygon[b % n]
            let d = q - p
            let length2 = d.x * d.x + d.y * d.y
            var worst = -1.0, at = a
            for i in (a + 1)..<b {
                let v = polygon[i] - p
                // The squared distance from the segment (past its ends, from the end).
                let t = length2 > 0 ? (v.x * d.x + v.y * d.y) / length2 : 0
                let e: Double
                if t <= 0 {
                    e = v.x * v.x + v.y * v.y
                } else if t >= 1 {
                    e = polygon[i].distanceSquared(to: q)
                } else {
                    let cross = d.x * v.y - d.y * v.x
                    e = cross * cross / length2
                }
                if e > worst { (worst, at) = (e, i) }
            }
            guard worst > limit else { continue }
            keep[at] = true
            spans.append((a, at))
            spans.append((at, b))
        }
        var out: [Point] = []
        out.reserveCapacity(n)
        for i in 0..<n where keep[i] { out.append(polygon[i]) }
        return out
    }
}
