import CCairo
import ForceCore

/// Writes the ink (without overlays) as PNG, SVG or PDF through Cairo's own surfaces.
/// SVG and PDF keep every stroke as a vector path; the PDF of a document with pages has a
/// page for each of them.
public enum Exporter {
    public enum Format: String, CaseIterable, Sendable {
        case png, svg, pdf
    }

    /// Writes `ink` at `viewport` to `path`. Vector files are written to a temporary name and
    /// moved into place, so a failure never leaves half a file.
    public static func export(_ ink: InkLayer, viewport: Viewport, format: Format, to path: String) throws(RenderError) {
        switch format {
        case .png:
            try raster(ink, viewport: viewport).writePNG(to: path)
        case .svg, .pdf:
            try writeVectorSurface(format, width: Double(viewport.width), height: Double(viewport.height), to: path) {
                finishVectorPage($0, ink: ink)
            }
        }
    }

    /// Writes a `width` × `height` PNG of `ink` on `viewport` (the device's screen, scaled to
    /// fit and centred on paper): a document's thumbnail in the picker.
    public static func thumbnail(_ ink: InkLayer, viewport: Viewport, width: Int, height: Int, to path: String) throws(RenderError) {
        let surface = try ImageSurface(viewport: Viewport(width: width, height: height))
        guard let cr = surface.makeContext() else { throw RenderError.surface("cannot draw the thumbnail") }
        cairo_set_source_rgb(cr, Palette.paper.r, Palette.paper.g, Palette.paper.b)
        cairo_paint(cr)
        let scale = min(Double(width) / Double(viewport.width), Double(height) / Double(viewport.height))
        cairo_translate(cr, (Double(width) - scale * Double(viewport.width)) / 2, (Double(height) - scale * Double(viewport.height)) / 2)
        cairo_scale(cr, scale, scale)
        cairo_rectangle(cr, 0, 0, Double(viewport.width), Double(viewport.height))
        cairo_clip(cr)
        paint(ink, into: cr)
        cairo_destroy(cr)
        surface.flush()
        try surface.writePNG(to: path)
    }

    /// The paper, its pages and every visible stroke: what every format draws.
    static func paint(_ ink: InkLayer, into cr: OpaquePointer) {
        let painter = InkPainter(style: ink.style)
        cairo_set_source_rgb(cr, Palette.paper.r, Palette.paper.g, Palette.paper.b)
        cairo_paint(cr)
        PaperPainter.draw(ink.paper, into: cr)
        for s in ink.visibleStrokes { painter.drawReal(s, into: cr) }
    }

    /// The ink on paper as pixels, flushed and ready to encode.
    static func raster(_ ink: InkLayer, viewport: Viewport) throws(RenderError) -> ImageSurface {
        let surface = try ImageSurface(viewport: viewport)
        guard let cr = surface.makeContext() else { throw RenderError.surface("cannot draw the export") }
        paint(ink, into: cr)
        cairo_destroy(cr)
        surface.flush()
        return surface
    }

    /// Draws the ink as the one page of a vector `surface` — or, for a PDF of a document with
    /// pages (`InkLayer.paper`), as one PDF page for each of them —, finishes and destroys the
    /// surface, and returns its final status (the write errors a vector surface meets show only
    /// here).
    static func finishVectorPage(_ surface: OpaquePointer, ink: InkLayer) -> cairo_status_t {
        guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_PDF, !ink.paper.isEmpty else {
            return finishVectorPage(surface) { paint(ink, into: $0) }
        }
        return finishVector(surface) { cr in
            let painter = InkPainter(style: ink.style)
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
