import CCairo
import ForceCore
import ForcePlatform

/// An owned Cairo ARGB32 image surface (premultiplied, native endian: SDL's ARGB8888).
public final class ImageSurface {
    public let surface: OpaquePointer
    public let pixelWidth: Int
    public let pixelHeight: Int
    public let scale: Double

    /// A surface for `viewport`: pixel-sized, with the HiDPI scale as Cairo's device scale so
    /// that drawing happens in points.
    public init(viewport: Viewport) throws(RenderError) {
        pixelWidth = viewport.pixelWidth
        pixelHeight = viewport.pixelHeight
        scale = viewport.scale
        guard let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight)),
            cairo_surface_status(s) == CAIRO_STATUS_SUCCESS
        else { throw RenderError.surface("cannot create a \(pixelWidth)x\(pixelHeight) image surface") }
        cairo_surface_set_device_scale(s, scale, scale)
        surface = s
    }

    /// Wraps a surface this object now owns (for example one decoded from a PNG).
    public init(owning s: OpaquePointer) {
        surface = s
        pixelWidth = Int(cairo_image_surface_get_width(s))
        pixelHeight = Int(cairo_image_surface_get_height(s))
        var sx = 1.0, sy = 1.0
        cairo_surface_get_device_scale(s, &sx, &sy)
        scale = sx
    }

    deinit { cairo_surface_destroy(surface) }

    public var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// The pixel bytes (after `flush`), `stride` bytes a row.
    public var data: UnsafeMutablePointer<UInt8>? { cairo_image_surface_get_data(surface) }
    /// Whether the surface is RGB24 (every pixel opaque, the top byte of each word unused).
    public var isOpaqueFormat: Bool { cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24 }

    public func flush() { cairo_surface_flush(surface) }
    public func markDirty() { cairo_surface_mark_dirty(surface) }

    /// A new drawing context on this surface; destroy it with `cairo_destroy`.
    public func makeContext() -> OpaquePointer? { cairo_create(surface) }

    /// Writes the surface as PNG (`AtomicFile`: its folder made if missing, no half-written
    /// file, a failure in plain words).
    public func writePNG(to path: String) throws(RenderError) {
        flush()
        try AtomicFile.write(path) { write, closure in cairo_surface_write_to_png_stream(surface, write, closure) }
    }

    /// Decodes a PNG file.
    public static func readPNG(_ path: String) throws(RenderError) -> ImageSurface {
        guard let s = cairo_image_surface_create_from_png(path) else { throw RenderError.read(path, "cannot open") }
        let status = cairo_surface_status(s)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            throw RenderError.read(path, String(cString: cairo_status_to_string(status)))
        }
        return ImageSurface(owning: s)
    }
}

/// What can go wrong while rendering or writing images.
public enum RenderError: Error, CustomStringConvertible, Equatable {
    case surface(String)
    case write(String, String)
    case read(String, String)

    /// `path` could not be written for `problem`: its reason, or, when the problem is a folder
    /// above `path` (made as the file's folder), that its folder cannot be made.
    public static func writing(_ path: String, _ problem: FileProblem) -> RenderError {
        .write(path, path.hasPrefix(problem.path + "/") ? "its folder cannot be made: \(problem)" : problem.reason)
    }

    public var description: String {
        switch self {
        case .surface(let m): return "render: \(m)"
        case .write(let path, let m): return "\(path): cannot write: \(m)"
        case .read(let path, let m): return "\(path): cannot read: \(m)"
        }
    }
}
