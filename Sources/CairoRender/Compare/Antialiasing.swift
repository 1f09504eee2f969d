/// pixelmatch's anti-aliasing test (after Vyšniauskas 2009), on un-premultiplied RGBA bytes.
enum Antialiasing {
    /// Whether the pixel (x, y) of `image` looks like antialiasing on an edge: among its (up to
    /// 8) neighbours at most two are as bright as it (a pixel on the image border counts one
    /// such), it has both a brighter and a darker neighbour, and the brightest or the darkest
    /// of those lies in a flat area (more than two identical neighbours) of both `image` and
    /// `other`. Such a pixel differs only because the edge moved a little.
    static func isEdge(_ x: Int, _ y: Int, in image: UnsafeBufferPointer<UInt8>, other: UnsafeBufferPointer<UInt8>,
                       width w: Int, height h: Int) -> Bool {
        let x0 = max(x - 1, 0), x2 = min(x + 1, w - 1), y0 = max(y - 1, 0), y2 = min(y + 1, h - 1)
        var alike = x == x0 || x == x2 || y == y0 || y == y2 ? 1 : 0
        let centre = PerceptualColour.luma(image, (y * w + x) * 4)
        var brighter = 0.0, darker = 0.0
        var brightest: (x: Int, y: Int)?, darkest: (x: Int, y: Int)?
        // Column by column, as pixelmatch 7.x: where two neighbours tie for the brightest or
        // the darkest, the first met is the one whose flatness is tested.
        for nx in x0...x2 {
            for ny in y0...y2 where nx != x || ny != y {
                let d = PerceptualColour.luma(image, (ny * w + nx) * 4) - centre
                if d == 0 {
                    alike += 1
                    if alike > 2 { return false }
                } else if d > brighter {
                    brighter = d
                    brightest = (nx, ny)
                } else if d < darker {
                    darker = d
                    darkest = (nx, ny)
                }
            }
        }
        guard let b = brightest, let d = darkest else { return false }
        return (isFlat(b.x, b.y, image, w, h) && isFlat(b.x, b.y, other, w, h))
            || (isFlat(d.x, d.y, image, w, h) && isFlat(d.x, d.y, other, w, h))
    }

    /// Whether more than two neighbours of (x, y) have exactly its bytes (a border pixel counts one).
    static func isFlat(_ x: Int, _ y: Int, _ p: UnsafeBufferPointer<UInt8>, _ w: Int, _ h: Int) -> Bool {
        let x0 = max(x - 1, 0), x2 = min(x + 1, w - 1), y0 = max(y - 1, 0), y2 = min(y + 1, h - 1)
        var alike = x == x0 || x == x2 || y == y0 || y == y2 ? 1 : 0
        let o = (y * w + x) * 4
        for ny in y0...y2 {
            for nx in x0...x2 where nx != x || ny != y {
                let n = (ny * w + nx) * 4
                if p[o] == p[n] && p[o + 1] == p[n + 1] && p[o + 2] == p[n + 2] && p[o + 3] == p[n + 3] {
                    alike += 1
                    if alike > 2 { return true }
                }
            }
        }
        return false
    }
}
