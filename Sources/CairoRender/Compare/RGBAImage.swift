import CCairo
import ForceCore

/// An image as un-premultiplied RGBA bytes, row after row: what the image comparer reads and
/// the diff image it makes. Cairo keeps premultiplied, native-endian ARGB32; `init(surface:)`
/// and `surface()` convert both ways.
public struct RGBAImage: Equatable, Sendable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// 4 bytes a pixel (R, G, B, A), `width * 4` bytes a row.
    public var pixels: [UInt8]

    /// An image of the given bytes (`width * height * 4` of them).
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "RGBA bytes do not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of one colour.
    public init(width: Int, height: Int, filledWith rgba: (UInt8, UInt8, UInt8, UInt8)) {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: bytes.count, by: 4) {
            bytes[i] = rgba.0
            bytes[i + 1] = rgba.1
            bytes[i + 2] = rgba.2
            bytes[i + 3] = rgba.3
        }
        self.init(width: width, height: height, pixels: bytes)
    }

    /// The pixel at (x, y) as (R, G, B, A).
    public func pixel(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Sets the pixel at (x, y).
    public mutating func setPixel(x: Int, y: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) {
        let i = (y * width + x) * 4
        pixels[i] = rgba.0
        pixels[i + 1] = rgba.1
        pixels[i + 2] = rgba.2
        pixels[i + 3] = rgba.3
    }

    /// The pixels of a Cairo surface (ARGB32 or RGB24), un-premultiplied.
    public init(surface: ImageSurface) {
        surface.flush()
        let w = surface.pixelWidth, h = surface.pixelHeight, stride = surface.stride
        let opaque = cairo_image_surface_get_format(surface.surface) == CAIRO_FORMAT_RGB24
        var out = [UInt8](repeating: 0, count: w * h * 4)
        if let data = surface.data {
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let row = UnsafeRawPointer(data + y * stride)
                    for x in 0..<w {
                        let v = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                        let a = opaque ? 255 : Int(v >> 24)
                        let o = (y * w + x) * 4
                        if a == 255 {
                            // Opaque (nearly every pixel of a frame): nothing to divide.
                            dst[o] = UInt8(truncatingIfNeeded: v >> 16)
                            dst[o + 1] = UInt8(truncatingIfNeeded: v >> 8)
                            dst[o + 2] = UInt8(truncatingIfNeeded: v)
                            dst[o + 3] = 255
                            continue
                        }
                        dst[o] = Self.unpremultiply(Int((v >> 16) & 0xff), a)
                        dst[o + 1] = Self.unpremultiply(Int((v >> 8) & 0xff), a)
                        dst[o + 2] = Self.unpremultiply(Int(v & 0xff), a)
                        dst[o + 3] = UInt8(a)
                    }
                }
            }
        }
        self.init(width: w, height: h, pixels: out)
    }

    /// A premultiplied ARGB32 surface of these pixels (for writing PNGs).
    public func surface() throws(RenderError) -> ImageSurface {
        let s = try ImageSurface(viewport: Viewport(width: max(1, width), height: max(1, height)))
        s.flush()
        let stride = s.stride
        if let data = s.data {
            pixels.withUnsafeBufferPointer { src in
                for y in 0..<height {
                    let row = UnsafeMutableRawPointer(data + y * stride)
                    for x in 0..<width {
                        let o = (y * width + x) * 4
                        let a = UInt32(src[o + 3])
                        let r = Self.premultiply(src[o], a), g = Self.premultiply(src[o + 1], a), b = Self.premultiply(src[o + 2], a)
                        row.storeBytes(of: a << 24 | r << 16 | g << 8 | b, toByteOffset: x * 4, as: UInt32.self)
                    }
                }
            }
        }
        s.markDirty()
        return s
    }

    /// c·255/a, rounded (0 where the pixel is fully transparent).
    static func unpremultiply(_ c: Int, _ a: Int) -> UInt8 {
        a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a))
    }

    /// c·a/255, rounded.
    static func premultiply(_ c: UInt8, _ a: UInt32) -> UInt32 {
        (UInt32(c) * a + 127) / 255
    }
}
