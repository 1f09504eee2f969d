/// pixelmatch's anti-aliasing test (after Vyšniauskas 2009), on images of any `PixelLayout`.
enum Antialiasing {
    /// Whether the pixel (x, y) of `image` looks like antialiasing on an edge: among its (up to
    /// 8) neighbours at most two are as bright as it (a pixel on the image border counts one
    /// such), it has both a brighter and a darker neighbour, and the brightest or the darkest
    /// of those lies in a flat area (more than two identical neighbours) of both `image` and
    /// `other`. Such a pixel differs only because the edge moved a little.
    @inline(__always)
    static func isEdge<I: PixelLayout, O: PixelLayout>(_ x: Int, _ y: Int, in _: I.Type, _ image: UnsafeRawPointer,
                                                      other _: O.Type, _ other: UnsafeRawPointer, width w: Int, height h: Int) -> Bool {
        let x0 = max(x - 1, 0), x2 = min(x + 1, w - 1), y0 = max(y - 1, 0), y2 = min(y + 1, h - 1)
        var alike = x == x0 || x == x2 || y == y0 || y == y2 ? 1 : 0
        let centre = PerceptualColour.luma(I.self, image, (y * w + x) * 4)
        var brighter = 0.0, darker = 0.0
        var brightest: (x: Int, y: Int)?, darkest: (x: Int, y: Int)?
        // Column by column, as pixelmatch 7.x: where two neighbours tie for the brightest or
        // the darkest, the first met is the one whose flatness is tested.
        for nx in x0...x2 {
            for ny in y0...y2 where nx != x || ny != y {
                let d = PerceptualColour.luma(I.self, image, (ny * w + nx) * 4) - centre
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
        return (isFlat(b.x, b.y, I.self, image, w, h) && isFlat(b.x, b.y, O.self, other, w, h))
            || (isFlat(d.x, d.y, I.self, image, w, h) && isFlat(d.x, d.y, O.self, other, w, h))
    }

    /// Whether more than two neighbours of (x, y) are exactly its pixel (a border pixel counts one).
    @inline(__always)
    static func isFlat<L: PixelLayout>(_ x: Int, _ y: Int, _: L.Type, _ p: UnsafeRawPointer, _ w: Int, _ h: Int) -> Bool {
        let x0 = max(x - 1, 0), x2 = min(x + 1, w - 1), y0 = max(y - 1, 0), y2 = min(y + 1, h - 1)
        var alike = x == x0 || x == x2 || y == y0 || y == y2 ? 1 : 0
        let centre = L.key(p, (y * w + x) * 4)
        for nx in x0...x2 {
            for ny in y0...y2 where nx != x || ny != y {
                if L.key(p, (ny * w + nx) * 4) == centre {
                    alike += 1
                    if alike > 2 { return true }
                }
            }
        }
        return false
    }
}
