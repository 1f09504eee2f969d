import CZlib
import ForceCore
import Foundation

/// A drawing as a Xournal++ document (`.xopp`: gzipped XML, file format 4), so it can be given
/// back to Xournal++: one page the size of the device's screen (points are Xournal++'s unit,
/// 1/72 in), a white background, one layer, one `<stroke>` per stroke with its tool (pen or
/// highlighter) and colour (the ink's for the default pen). A stroke's `width` is its width at force 0.5 followed by each point's own width but
/// the last's (Xournal++ draws the segment from point i to i + 1 at point i's width), the
/// widths ForceCanvas's width mapping gives those forces, so the strokes keep their shape.
public enum XoppDocument {
    /// "#17171cff": the ink (`Palette.ink`) as Xournal++ writes colours, RGBA.
    static let inkColour = "#17171cff"

    /// The XML of `ink` on a page of `viewport`'s size.
    public static func xml(_ ink: InkLayer, viewport: Viewport, title: String = "ForceCanvas drawing") -> String {
        var out = "<?xml version=\"1.0\" standalone=\"no\"?>\n"
        out += "<xournal creator=\"ForceCanvas\" fileversion=\"4\">\n<title>\(escaped(title))</title>\n"
        out += "<page width=\"\(number(Double(viewport.width)))\" height=\"\(number(Double(viewport.height)))\">\n"
        out += "<background type=\"solid\" color=\"#ffffffff\" style=\"plain\"/>\n<layer>\n"
        for stroke in ink.visibleStrokes {
            var options = ink.style.outline
            if let size = stroke.tool.size { options.size = size }
            let width = { (force: Double) in 2 * OutlinePolygon.radius(pressure: force, options: options) }
            let colour = stroke.tool.pieceColour?.hex ?? inkColour
            var points = stroke.points.filter(\.isReal).filter { $0.preciseLocation.isFinite }
            guard let first = points.first else { continue }
            // Xournal++ draws a stroke from two points up: a dot is a stroke onto itself.
            if points.count == 1 { points.append(first) }
            var widths = [number(width(0.5))]
            for p in points.dropLast() { widths.append(number(width(p.force))) }
            out += "<stroke tool=\"\(stroke.tool.kind.rawValue)\" color=\"\(colour)\" width=\"\(widths.joined(separator: " "))\" capStyle=\"round\">"
            out += points.map { "\(number($0.preciseLocation.x)) \(number($0.preciseLocation.y))" }.joined(separator: " ")
            out += "</stroke>\n"
        }
        out += "</layer>\n</page>\n</xournal>\n"
        return out
    }

    /// `value` with at most four decimals, in the C locale (never "1,5").
    static func number(_ value: Double) -> String {
        var s = String(format: "%.4f", locale: Locale(identifier: "en_US_POSIX"), value)
        while s.contains("."), s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The gzip file of `ink` (what `.xopp` holds); nil if zlib fails.
    public static func gzipped(_ ink: InkLayer, viewport: Viewport, title: String = "ForceCanvas drawing") -> [UInt8]? {
        gzip(Array(xml(ink, viewport: viewport, title: title).utf8))
    }

    /// `bytes` in the gzip format (zlib's deflate with a gzip wrapper: window bits 15 + 16).
    static func gzip(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
                            zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 64)
        var input = bytes
        let status: Int32 = input.withUnsafeMutableBufferPointer { inBuffer in
            out.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Array(out.prefix(Int(stream.total_out)))
    }
}
