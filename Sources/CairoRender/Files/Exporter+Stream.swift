import CCairo
import ForceCore

extension Exporter {
    /// Receives the bytes of an export as Cairo produces them; returns false to stop (a write
    /// failed: the caller keeps its own error, with its errno).
    public typealias Sink = (UnsafeRawBufferPointer) -> Bool

    /// Writes `ink` at `viewport` as `format` through `sink` instead of a file, so the caller
    /// opens, writes and names the file itself (and can say why a write failed).
    public static func write(_ ink: InkLayer, viewport: Viewport, format: Format, to sink: @escaping Sink) throws(RenderError) {
        let box = SinkBox(sink)
        let closure = Unmanaged.passRetained(box).toOpaque()
        defer { Unmanaged<SinkBox>.fromOpaque(closure).release() }
        let status: cairo_status_t
        switch format {
        case .png:
            let surface = try raster(ink, viewport: viewport)
            status = cairo_surface_write_to_png_stream(surface.surface, streamWrite, closure)
        case .svg, .pdf:
            let area = ink.exportArea(home: viewport.bounds)
            guard let surface = format == .svg
                ? cairo_svg_surface_create_for_stream(streamWrite, closure, area.width, area.height)
                : cairo_pdf_surface_create_for_stream(streamWrite, closure, area.width, area.height)
            else { throw RenderError.surface("cannot create the \(format.rawValue) surface") }
            status = finishVectorPage(surface, ink: ink, area: area)
        }
        guard status == CAIRO_STATUS_SUCCESS, !box.failed else {
            throw RenderError.surface("cannot write the \(format.rawValue) export: \(String(cString: cairo_status_to_string(status)))")
        }
    }
}

/// The Swift closure behind Cairo's C write callback.
private final class SinkBox {
    let sink: Exporter.Sink
    var failed = false
    init(_ sink: @escaping Exporter.Sink) { self.sink = sink }
}

/// Cairo's `cairo_write_func_t`: hands the bytes to the box's sink.
private func streamWrite(_ closure: UnsafeMutableRawPointer?, _ data: UnsafePointer<UInt8>?, _ length: UInt32) -> cairo_status_t {
    guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
    let box = Unmanaged<SinkBox>.fromOpaque(closure).takeUnretainedValue()
    guard !box.failed else { return CAIRO_STATUS_WRITE_ERROR }
    if box.sink(UnsafeRawBufferPointer(start: data, count: Int(length))) { return CAIRO_STATUS_SUCCESS }
    box.failed = true
    return CAIRO_STATUS_WRITE_ERROR
}
