/// How the comparer reads a pixel: 4 bytes at a byte offset, seen as a colour blended onto
/// white. The comparer is generic over the layouts of its two images, so Cairo's premultiplied
/// ARGB32 is compared where it lies, with no copy and no rounding (onto white, a premultiplied
/// channel `c` of alpha `a` is exactly `c + 255 − a`).
protocol PixelLayout {
    /// The pixel's red, green and blue blended onto white, 0…255.
    static func onWhite(_ p: UnsafeRawPointer, _ o: Int) -> (r: Double, g: Double, b: Double)
    /// The pixel's bytes as one value, for "exactly the same pixel" (flat areas, whole-pixel equality).
    static func key(_ p: UnsafeRawPointer, _ o: Int) -> UInt32
}

/// `RGBAImage`: straight R, G, B, A bytes.
enum StraightRGBA: PixelLayout {
    @inline(__always)
    static func onWhite(_ p: UnsafeRawPointer, _ o: Int) -> (r: Double, g: Double, b: Double) {
        let a = p.load(fromByteOffset: o + 3, as: UInt8.self)
        let r = p.load(fromByteOffset: o, as: UInt8.self), g = p.load(fromByteOffset: o + 1, as: UInt8.self)
        let b = p.load(fromByteOffset: o + 2, as: UInt8.self)
        return (PerceptualColour.onWhite(r, a), PerceptualColour.onWhite(g, a), PerceptualColour.onWhite(b, a))
    }

    @inline(__always)
    static func key(_ p: UnsafeRawPointer, _ o: Int) -> UInt32 { p.loadUnaligned(fromByteOffset: o, as: UInt32.self) }
}

/// Cairo's ARGB32: a native-endian 32-bit word `a << 24 | r << 16 | g << 8 | b`, premultiplied.
enum PremultipliedARGB32: PixelLayout {
    @inline(__always)
    static func onWhite(_ p: UnsafeRawPointer, _ o: Int) -> (r: Double, g: Double, b: Double) {
        let v = p.loadUnaligned(fromByteOffset: o, as: UInt32.self)
        let white = Double(255 - (v >> 24))
        return (Double((v >> 16) & 0xff) + white, Double((v >> 8) & 0xff) + white, Double(v & 0xff) + white)
    }

    @inline(__always)
    static func key(_ p: UnsafeRawPointer, _ o: Int) -> UInt32 { p.loadUnaligned(fromByteOffset: o, as: UInt32.self) }
}

/// Cairo's RGB24: the same word with its top byte unused (every pixel opaque).
enum OpaqueRGB24: PixelLayout {
    @inline(__always)
    static func onWhite(_ p: UnsafeRawPointer, _ o: Int) -> (r: Double, g: Double, b: Double) {
        let v = p.loadUnaligned(fromByteOffset: o, as: UInt32.self)
        return (Double((v >> 16) & 0xff), Double((v >> 8) & 0xff), Double(v & 0xff))
    }

    @inline(__always)
    static func key(_ p: UnsafeRawPointer, _ o: Int) -> UInt32 { p.loadUnaligned(fromByteOffset: o, as: UInt32.self) | 0xff00_0000 }
}
