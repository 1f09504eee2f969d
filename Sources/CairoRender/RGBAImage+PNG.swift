import CCairo
import Foundation

/// Why a PNG could not be read, in words that name the file.
public struct PNGReadError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file (or "PNG data" for bytes held in memory).
    public var file: String
    public var reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }
}

extension RGBAImage {
    /// The 8 bytes every PNG file begins with.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Reads a PNG file.
    public static func readPNG(_ path: String) throws(PNGReadError) -> RGBAImage {
        guard FileManager.default.fileExists(atPath: path) else { throw PNGReadError(file: path, reason: "no such file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PNGReadError(file: path, reason: "cannot be read (permissions?)")
        }
        return try decodePNG(data, name: path)
    }

    /// Decodes PNG bytes; `name` is what errors call them.
    public static func decodePNG(_ data: Data, name: String = "PNG data") throws(PNGReadError) -> RGBAImage {
        guard !data.isEmpty else { throw PNGReadError(file: name, reason: "empty file, not a PNG") }
        guard data.starts(with: pngSignature) else {
            throw PNGReadError(file: name, reason: "not a PNG (it does not begin with the PNG signature)")
        }
        let reader = StreamCursor(bytes: [UInt8](data))
        let box = Unmanaged.passRetained(reader)
        defer { box.release() }
        guard let s = cairo_image_surface_create_from_png_stream({ closure, buffer, length in
            guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
            let cursor = Unmanaged<StreamCursor>.fromOpaque(closure).takeUnretainedValue()
            return cursor.read(into: buffer, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
        }, box.toOpaque()) else { throw PNGReadError(file: name, reason: "cannot be decoded") }
        let status = cairo_surface_status(s)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            let why = reader.ranOut ? "truncated: the PNG data ends early" : String(cString: cairo_status_to_string(status))
            throw PNGReadError(file: name, reason: "corrupt PNG (\(why))")
        }
        return RGBAImage(surface: ImageSurface(owning: s))
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
