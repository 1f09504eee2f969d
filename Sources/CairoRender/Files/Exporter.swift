import CCairo
import ForceCore

/// Writes the ink (without overlays) as PNG, SVG or PDF through Cairo's own surfaces.
/// Every format holds the whole drawing (`InkLayer.exportArea`: the screen's area at the
/// canvas's origin, or a document's pages, grown to take in any ink beyond it). SVG and PDF
/// keep every stroke as a vector path; the PDF of a document with pages has a page for each
/// of them, and a last one for any ink that no page holds.
public enum Exporter {
    public enum Format: String, CaseIterable, Sendable {
        case png, svg, pdf
    }

    /// 32 megapixels (128 MB while it is drawn): the most a PNG export holds. A larger drawing,
    /// or a longer one (`maximumPNGSide`), is scaled down to it, whole.
    public static let maximumPNGPixels = 32 << 20
    /// 16,000 pixels: the longest side a PNG export has. Cairo would make 32,767, but viewers
    /// refuse such a picture: Debian's ImageMagick policy stops at 16,000 ("16KP").
    public static let maximumPNGSide = 16_000.0

    /// The pixels a point of `area` becomes in a PNG: the screen's `scale`, or less where that
    /// would pass `maximumPNGPixels` or `maximumPNGSide`.
    static func pngScale(of area: Rect, scale: Double) -> Double {
        let pixels = area.width * area.height * scale * scale
        var s = scale
        if pixels > Double(maximumPNGPixels) { s *= (Double(maximumPNGPixels) / pixels).squareRoot() }
        return min(s, maximumPNGSide / max(area.width, area.height, 1))
    }

    /// Writes `ink` at `viewport` to `path`. Vector files are written to a temporary name and
    /// moved into place, so a failure never leaves half a file.
    public static func export(_ ink: InkLayer, viewport: Viewport, format: Format, to path: String) throws(RenderError) {
        switch format {
        case .png:
            try raster(ink, viewport: viewport).writePNG(to: path)
        case .svg, .pdf:
            let area = ink.exportArea(home: viewport.bounds)
            try writeVectorSurface(format, width: area.width, height: area.height, to: path) {
                finishVectorPage($0, ink: ink, area: area)
            }
        }
    }

    /// Writes a `width` × `height` PNG of `ink` (scaled to fit and centred on paper): a
    /// document's thumbnail in the picker. A canvas shows its whole drawing (its export area,
    /// the device's screen when the ink keeps to it); a document with pages shows the screen's
    /// area at its origin, the top of its first page, which a strip of every page would not.
    public static func thumbnail(_ ink: InkLayer, viewport: Viewport, width: Int, height: Int, to path: String) throws(RenderError) {
        let surface = try ImageSurface(viewport: Viewport(width: width, height: height))
        guard let cr = surface.makeContext() else { throw RenderError.surface("cannot draw the thumbnail") }
        cairo_set_source_rgb(cr, Palette.paper.r, Palette.paper.g, Palette.paper.b)
        cairo_paint(cr)
        let area = ink.paper.isEmpty ? ink.exportArea(home: viewport.bounds) : viewport.bounds
        let scale = min(Double(width) / area.width, Double(height) / area.height)
        cairo_translate(cr, (Double(width) - scale * area.width) / 2, (Double(height) - scale * area.height) / 2)
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, -area.x, -area.y)
        cairo_rectangle(cr, area.x, area.y, area.width, area.height)
        cairo_clip(cr)
        paint(ink, into: cr)
        cairo_destroy(cr)
        surface.flush()
        try surface.writePNG(to: path)
    }

    /// The paper, its pages and every visible stroke: what every format draws.
    static func paint(_ ink: InkLayer, into cr: OpaquePointer) {
        let painter = painter(ink, for: cr)
        cairo_set_source_rgb(cr, Palette.paper.r, Palette.paper.g, Palette.paper.b)
        cairo_paint(cr)
        PaperPainter.draw(ink.paper, into: cr)
        for s in ink.visibleStrokes { painter.drawReal(s, into: cr) }
    }

    /// The painter of `ink` for `cr`: on an SVG or PDF surface it leaves out the outline
    /// vertices within `InkPainter.exportTolerance` of their neighbours' line, which no printer
    /// shows (the notebook's PDF was 8× Xournal++'s); pixels get every vertex.
    static func painter(_ ink: InkLayer, for cr: OpaquePointer) -> InkPainter {
        var painter = InkPainter(style: ink.style)
        let type = cairo_surface_get_type(cairo_get_target(cr))
        if type == CAIRO_SURFACE_TYPE_SVG || type == CAIRO_SURFACE_TYPE_PDF { painter.vectorTolerance = InkPainter.exportTolerance }
        return painter
    }

    /// The ink on paper as pixels, flushed and ready to encode: its export area at the
    /// screen's scale (`pngScale`).
    static func raster(_ ink: InkLayer, viewport: Viewport) throws(RenderError) -> ImageSurface {
        let area = ink.exportArea(home: viewport.bounds)
        let scale = pngScale(of: area, scale: viewport.scale)
        // Scaled down, the pixels are rounded down (a side at its limit stays at it, 16000 not
        // 15999.99…) and the area stretched over them exactly, so the budget holds and nothing
        // is cut.
        let reduced = scale < viewport.scale
        let w = max(1, Int(reduced ? (area.width * scale + 1e-6).rounded(.down) : (area.width * scale).rounded(.up)))
        let h = max(1, Int(reduced ? (area.height * scale + 1e-6).rounded(.down) : (area.height * scale).rounded(.up)))
        guard let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)),
              cairo_surface_status(s) == CAIRO_STATUS_SUCCESS
        else { throw RenderError.surface("cannot create a \(w)x\(h) image surface for the export") }
        cairo_surface_set_device_scale(s, reduced ? Double(w) / area.width : scale, reduced ? Double(h) / area.height : scale)
        let surface = ImageSurface(owning: s)
        guard let cr = surface.makeContext() else { throw RenderError.surface("cannot draw the export") }
        cairo_translate(cr, -area.x, -area.y)
        paint(ink, into: cr)
        cairo_destroy(cr)
        surface.flush()
        return surface
    }

    /// Draws the ink's export `area` as the one page of a vector `surface` (its size) — or,
    /// for a PDF of a document with pages (`InkLayer.paper`), one PDF page for each of them and
    /// a last one for the ink beside them (`InkLayer.inkBesidePages`) —,
    /// finishes and destroys the surface, and returns its final status (the write errors a
    /// vector surface meets show only here).
    static func finishVectorPage(_ surface: OpaquePointer, ink: InkLayer, area: Rect) -> cairo_status_t {
        guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_PDF, !ink.paper.isEmpty else {
            return finishVectorPage(surface) { cr in
                cairo_translate(cr, -area.x, -area.y)
                paint(ink, into: cr)
            }
        }
        return finishVector(surface) { cr in
            let painter = painter(ink, for: cr)
            let strokes = ink.visibleStrokes
            for page in ink.paper {
                // Each page its own size, with its paper and the ink over it (a stroke across
                // two pages is on both, cut at their edges), as a printed document.
                let r = page.rect
                cairo_pdf_surface_set_size(surface, r.width, r.height)
                cairo_save(cr)
                cairo_translate(cr, -r.x, -r.y)
                cairo_rectangle(cr, r.x, r.y, r.width, r.height)
                cairo_clip(cr)
                PaperPainter.draw([page], within: r, into: cr)
                for s in strokes where !s.inkBounds.intersection(r).isNull { painter.drawReal(s, into: cr) }
                cairo_restore(cr)
                cairo_show_page(cr)
            }
            // Ink that no page holds, whole, on plain paper: nothing drawn is left out.
            if let (beside, r) = ink.inkBesidePages() {
                cairo_pdf_surface_set_size(surface, r.width, r.height)
                cairo_translate(cr, -r.x, -r.y)
                cairo_set_source_rgb(cr, Palette.paper.r, Palette.paper.g, Palette.paper.b)
                cairo_paint(cr)
                for s in beside { painter.drawReal(s, into: cr) }
                cairo_show_page(cr)
            }
        }
    }

    /// Draws one page with `draw` onto a vector surface, finishes and destroys it; its status.
    static func finishVectorPage(_ surface: OpaquePointer, draw: (OpaquePointer) -> Void) -> cairo_status_t {
        finishVector(surface) { cr in
            draw(cr)
            cairo_show_page(cr)
        }
    }

    /// Draws on a vector surface with `draw` (which shows each page it draws), finishes and
    /// destroys the surface; its final status.
    private static func finishVector(_ surface: OpaquePointer, draw: (OpaquePointer) -> Void) -> cairo_status_t {
        if let cr = cairo_create(surface) {
            draw(cr)
            cairo_destroy(cr)
        }
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        return status
    }

    /// A `width` × `height` point SVG or PDF of what `draw` draws, written under a temporary
    /// name and moved into place, so a failure never leaves half a file.
    static func writeVector(_ format: Format, width w: Double, height h: Double, to path: String,
                            draw: (OpaquePointer) -> Void) throws(RenderError) {
        try writeVectorSurface(format, width: w, height: h, to: path) { finishVectorPage($0, draw: draw) }
    }

    /// `writeVector` with the surface handed to `finish`, which draws, finishes and destroys it
    /// and returns its status.
    static func writeVectorSurface(_ format: Format, width w: Double, height h: Double, to path: String,
                                   finish: (OpaquePointer) -> cairo_status_t) throws(RenderError) {
        try AtomicFile.write(path) { write, closure in
            guard let surface = format == .pdf ? cairo_pdf_surface_create_for_stream(write, closure, w, h)
                                               : cairo_svg_surface_create_for_stream(write, closure, w, h)
            else { return CAIRO_STATUS_NO_MEMORY }
            return finish(surface)
        }
    }
}
