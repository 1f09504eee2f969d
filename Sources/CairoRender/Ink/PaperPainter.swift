import CCairo
import ForceCore

/// Draws a document's pages (`PaperPage`) under its ink: each page's colour, the image on it
/// (`PaperImages`), the PDF page on it (`PDFPages`), its ruling as Xournal++ draws it, its
/// pictures (`PaperImages` too), its typed text (`TextPainter.draw(_:from:in:)`), and a hairline
/// around it, so a page's edge shows on the canvas.
enum PaperPainter {
    /// The hairline around a page: a grey a white page stands out from on the canvas.
    static let edge = RGBA(0.72, 0.72, 0.74)

    /// Draws what of `page` is drawn from a file into `cr` (document points): its image,
    /// stretched to the page, and its annotated PDF's page (each left the page's colour when
    /// its file cannot be read). What `PaperReadAhead` draws ahead is this, so it makes the
    /// pictures a frame will look up. With `standIns`, an image or a PDF page may be drawn from
    /// a picture at another scale while its own is made (`PaperStandIns`).
    static func drawFiles(of page: PaperPage, into cr: OpaquePointer, standIns: PaperStandIns? = nil) {
        if let image = page.image { PaperImages.shared.draw(file: image, in: page.rect, into: cr, standIns: standIns) }
        if let pdf = page.pdf { PDFPages.shared.draw(file: pdf.file, page: pdf.page, in: page.rect, into: cr, standIns: standIns) }
    }

    /// Draws the pages that reach into `clip` (document points) into `cr`, which draws in
    /// document points (the view applied).
    static func draw(_ pages: [PaperPage], within clip: Rect, into cr: OpaquePointer, standIns: PaperStandIns? = nil) {
        guard !pages.isEmpty else { return }
        // A device pixel in document points: the edge is one pixel wide at every zoom.
        var px = 1.0, py = 0.0
        cairo_device_to_user_distance(cr, &px, &py)
        let pixel = max(abs(px), abs(py))
        for page in pages {
            let r = page.rect
            guard !r.insetBy(-2 * pixel).intersection(clip).isNull else { continue }
            cairo_save(cr)
            CairoDrawing.setColour(edge, cr)
            cairo_set_line_width(cr, pixel)
            cairo_rectangle(cr, r.x - pixel / 2, r.y - pixel / 2, r.width + pixel, r.height + pixel)
            cairo_stroke(cr)
            cairo_rectangle(cr, r.x, r.y, r.width, r.height)
            cairo_clip(cr)
            CairoDrawing.setColour(RGBA(page.colour), cr)
            cairo_paint(cr)
            drawFiles(of: page, into: cr, standIns: standIns)
            for lines in page.lines(within: clip) {
                CairoDrawing.setColour(RGBA(lines.colour), cr)
                cairo_set_line_width(cr, lines.width)
                let cap = switch lines.cap {
                case .butt: CAIRO_LINE_CAP_BUTT
                case .square: CAIRO_LINE_CAP_SQUARE
                case .round: CAIRO_LINE_CAP_ROUND
                }
                cairo_set_line_cap(cr, cap)
                for (a, b) in lines.segments {
                    cairo_move_to(cr, a.x, a.y)
                    cairo_line_to(cr, b.x, b.y)
                }
                cairo_stroke(cr)
            }
            for picture in page.pictures {
                let r = Rect(x: page.rect.x + picture.x, y: page.rect.y + picture.y, width: picture.width, height: picture.height)
                guard !r.intersection(clip).isNull else { continue }
                PaperImages.shared.draw(file: picture.file, in: r, into: cr, standIns: standIns)
            }
            drawTexts(of: page, within: clip, into: cr)
            cairo_restore(cr)
        }
    }

    /// Draws the typed text of `page` that may reach into `clip`: a text whose first line
    /// starts below it, or whose lines (each at most 1.5 × its size) end above it, or that
    /// starts right of it, is not laid out.
    static func drawTexts(of page: PaperPage, within clip: Rect, into cr: OpaquePointer) {
        let corner = Point(x: page.rect.x, y: page.rect.y)
        for text in page.texts {
            let top = corner.y + text.y, left = corner.x + text.x
            let lines = Double(text.text.utf8.count { $0 == UInt8(ascii: "\n") } + 1)
            guard top <= clip.maxY, left <= clip.maxX, top + lines * text.size * 1.5 >= clip.y else { continue }
            TextPainter.draw(text, from: corner, in: cr)
        }
    }

    /// The canvas under the ink, in `cr`'s clip: the paper colour everywhere (replacing what
    /// was there), then the pages that reach into `clip` (document points).
    static func paintCanvas(_ pages: [PaperPage], within clip: Rect, into cr: OpaquePointer, standIns: PaperStandIns? = nil) {
        CairoDrawing.setColour(Palette.paper, cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        draw(pages, within: clip, into: cr, standIns: standIns)
    }

    /// Draws the pages that reach into `cr`'s clip (its whole surface when unclipped).
    static func draw(_ pages: [PaperPage], into cr: OpaquePointer) {
        guard !pages.isEmpty else { return }
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        draw(pages, within: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), into: cr)
    }
}
