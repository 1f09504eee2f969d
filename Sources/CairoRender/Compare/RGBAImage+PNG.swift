import ForcePlatform
import CCairo
import ForceCore
import Foundation

extension RGBAImage {
    /// Reads a PNG file.
    public static func readPNG(_ path: String) throws(FileReadError) -> RGBAImage {
        RGBAImage(surface: try ImageSurface.readPNGFile(path))
    }

    /// Decodes PNG bytes; `name` is what errors call them.
    public static func decodePNG(_ data: Data, name: String = "PNG data") throws(FileReadError) -> RGBAImage {
        RGBAImage(surface: try ImageSurface.decodePNG(data, name: name))
    }

    /// The image as PNG bytes.
    public func pngData() throws(RenderError) -> Data {
        try surface().pngData()
    }

    /// Writes the image as a PNG file, atomically.
    public func writePNG(to path: String) throws(RenderError) {
        try surface().writePNG(to: path)
    }
}

extension ImageSurface {
    /// The 8 bytes every PNG file begins with.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Reads a PNG file, saying why when it cannot (missing, empty, not a PNG, corrupt).
    public static func readPNGFile(_ path: String) throws(FileReadError) -> ImageSurface {
        let data: Data
        do throws(FileKind.ReadProblem) {
            data = try FileKind.readWhole(path)
        } catch {
            throw FileReadError(file: path, reason: error.reason)
        }
        return try decodePNG(data, name: path)
    }

    /// Decodes PNG bytes into a surface (ARGB32, or RGB24 for a PNG without alpha); `name` is
    /// what errors call them.
    public static func decodePNG(_ data: Data, name: String = "PNG data") throws(FileReadError) -> ImageSurface {
        guard !data.isEmpty else { throw FileReadError(file: name, reason: "empty file, not a PNG") }
        guard data.starts(with: pngSignature) else {
            throw FileReadError(file: name, reason: "not a PNG (it does not begin with the PNG signature)")
        }
        let reader = StreamCursor(bytes: [UInt8](data))
        let box = Unmanaged.passRetained(reader)
        defer { box.release() }
        guard let s = cairo_image_surface_create_from_png_stream({ closure, buffer, length in
            guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
            let cursor = Unmanaged<StreamCursor>.fromOpaque(closure).takeUnretainedValue()
            return cursor.read(into: buffer, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
        }, box.toOpaque()) else { throw FileReadError(file: name, reason: "cannot be decoded") }
        let status = cairo_surface_status(s)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            let why = reader.ranOut ? "truncated: the PNG data ends early" : String(cString: cairo_status_to_string(status))
            throw FileReadError(file: name, reason: "corrupt PNG (\(why))")
        }
        return ImageSurface(owning: s)
    }

    /// A copy of the surface's pixels in a new surface of the same size and format.
    public func copy() throws(RenderError) -> ImageSurface {
        flush()
        let format = cairo_image_surface_get_format(surface)
        guard let s = cairo_image_surface_create(format, Int32(pixelWidth), Int32(pixelHeight)),
            cairo_surface_status(s) == CAIRO_STATUS_SUCCESS
        else { throw RenderError.surface("cannot create a \(pixelWidth)x\(pixelHeight) image surface") }
        cairo_surface_set_device_scale(s, scale, scale)
        let copy = ImageSurface(owning: s)
        copy.flush()
        if let from = data, let to = copy.data {
            let rowBytes = pixelWidth * 4
            for y in 0..<pixelHeight { (to + y * copy.stride).update(from: from + y * stride, count: rowBytes) }
        }
        copy.markDirty()
        return copy
    }

    /// Whether two surfaces hold exactly the same pixels: the same size and the same bytes,
    /// where an RGB24 surface (what Cairo decodes an opaque PNG to) equals an ARGB32 one whose
    /// pixels are all opaque with the same colours.
    public func hasSamePixels(as other: ImageSurface) -> Bool {
        flush()
        other.flush()
        guard pixelWidth == other.pixelWidth, pixelHeight == other.pixelHeight, let a = data, let b = other.data else { return false }
        let fa = cairo_image_surface_get_format(surface), fb = cairo_image_surface_get_format(other.surface)
        let supported = [CAIRO_FORMAT_ARGB32, CAIRO_FORMAT_RGB24]
        guard supported.contains(fa), supported.contains(fb) else { return false }
        let rowBytes = pixelWidth * 4
        if fa == fb && fa == CAIRO_FORMAT_ARGB32 {
            for y in 0..<pixelHeight where memcmp(a + y * stride, b + y * other.stride, rowBytes) != 0 { return false }
            return true
        }
        // RGB24 leaves the top byte unused: read it as opaque.
        let maskA: UInt32 = fa == CAIRO_FORMAT_RGB24 ? 0xFF00_0000 : 0, maskB: UInt32 = fb == CAIRO_FORMAT_RGB24 ? 0xFF00_0000 : 0
        for y in 0..<pixelHeight {
            let ra = UnsafeRawPointer(a + y * stride), rb = UnsafeRawPointer(b + y * other.stride)
            for x in 0..<pixelWidth where ra.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) | maskA
                != rb.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) | maskB {
                return false
            }
        }
        return true
    }

    /// The surface as PNG bytes (what `writePNG` would write).
    public func pngData() throws(RenderError) -> Data {
        flush()
        let s = self
        let writer = StreamCursor(bytes: [])
        let box = Unmanaged.passRetained(writer)
        defer { box.release() }
        let status = cairo_surface_write_to_png_stream(s.surface, { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<StreamCursor>.fromOpaque(closure).takeUnretainedValue().append(data, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, box.toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.surface("cannot encode a PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        return Data(writer.bytes)
    }
}

/// Bytes read or written by Cairo's PNG stream callbacks (a class: the callbacks get a pointer).
private final class StreamCursor {
    var bytes: [UInt8]
    var offset = 0
    /// Whether Cairo asked for more bytes than there were.
    var ranOut = false

    init(bytes: [UInt8]) { self.bytes = bytes }

    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count <= bytes.count - offset else {
            ranOut = true
            return false
        }
        bytes.withUnsafeBufferPointer { src in
            if let base = src.baseAddress { buffer.update(from: base + offset, count: count) }
        }
        offset += count
        return true
    }

    func append(_ data: UnsafePointer<UInt8>, count: Int) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: count))
    }
}
