/// The perceptual colour distance of pixelmatch: the difference of two colours in the YIQ
/// space of NTSC, weighted as in Kotsarenko & Ramos, "Measuring perceived color difference
/// using YIQ NTSC transmission color space in mobile applications" (2010). Translucent
/// colours are first blended onto white.
enum PerceptualColour {
    /// 35215: the largest weighted squared distance two 8-bit colours can have (black against
    /// white), so `sqrt(delta / maximumDelta)` is a distance in 0…1, the scale of `threshold`.
    static let maximumDelta = 35215.0
    /// The weights of the squared Y, I and Q differences (Kotsarenko & Ramos).
    static let yWeight = 0.5053, iWeight = 0.299, qWeight = 0.1957

    /// Luma (NTSC Y) of an RGB colour.
    @inline(__always)
    static func y(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.29889531 + g * 0.58662247 + b * 0.11448223 }
    /// In-phase chrominance (NTSC I).
    @inline(__always)
    static func i(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.59597799 - g * 0.27417610 - b * 0.32180189 }
    /// Quadrature chrominance (NTSC Q).
    @inline(__always)
    static func q(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.21147017 - g * 0.52261711 + b * 0.31114694 }

    /// A channel of a colour with alpha `a` (0…255) blended onto white.
    @inline(__always)
    static func onWhite(_ c: UInt8, _ a: UInt8) -> Double {
        a == 255 ? Double(c) : 255 + (Double(c) - 255) * Double(a) / 255
    }

    /// The luma of the pixel at byte offset `o`, blended onto white.
    @inline(__always)
    static func luma<L: PixelLayout>(_: L.Type, _ p: UnsafeRawPointer, _ o: Int) -> Double {
        let c = L.onWhite(p, o)
        return y(c.r, c.g, c.b)
    }

    /// The weighted squared YIQ distance between the pixels at byte offset `o` of `p1` and `p2`
    /// (0 for identical colours, at most `maximumDelta`).
    @inline(__always)
    static func delta<E: PixelLayout, A: PixelLayout>(_: E.Type, _ p1: UnsafeRawPointer, _: A.Type, _ p2: UnsafeRawPointer, _ o: Int) -> Double {
        let c1 = E.onWhite(p1, o), c2 = A.onWhite(p2, o)
        let dr = c1.r - c2.r, dg = c1.g - c2.g, db = c1.b - c2.b
        // Y, I and Q are linear: the difference of the colours' is the colour difference's.
        let dy = y(dr, dg, db), di = i(dr, dg, db), dq = q(dr, dg, db)
        return yWeight * dy * dy + iWeight * di * di + qWeight * dq * dq
    }

    /// The distance on the threshold's 0…1 scale.
    static func distance(delta: Double) -> Double { (delta / maximumDelta).squareRoot() }

    /// The squared delta at which a distance of `threshold` begins.
    static func delta(threshold: Double) -> Double { maximumDelta * threshold * threshold }
}
