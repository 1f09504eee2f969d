import CCairo
import CPoppler
import ForceCore
import ForcePlatform
import Foundation

/// The PDF pages under a document's pages (an annotated Xournal++ document's), read with
/// Poppler, each at its own size from its page's top left, as Xournal++ draws them. Each file
/// is opened once. On a raster surface a page is drawn from a picture of it
/// made at the scale it is shown at and kept (the most recently drawn kept first, up to
/// `budget` bytes), so the ink cache's repaints — the eraser's, every frame — copy pixels
/// rather than run the page's content again; zoomed in past `largestSide` pixels, and on a
/// vector surface (a PDF or SVG export), the page's own vectors are drawn.
///
/// One lock around it all: the ink cache draws in bands on two threads, and a Poppler document
/// is not for two threads at once.
public final class PDFPages: @unchecked Sendable {
    public static let shared = PDFPages()

    /// 192 MiB of page pictures at most.
    static let budget = 192 << 20
    /// 4,096 pixels: the longest side of a page's picture.
    static let largestSide = 4096

    private let lock = NSLock()
    /// Open documents by path (nil: the file could not be read as a PDF).
    private var documents: [String: OpaquePointer?] = [:]
    private struct Key: Hashable {
        var file: String
        var page: Int
        /// Device pixels a point, in ten-thousandths.
        var scale: Int
        /// Where in its pixel the page's corner is, in quarters across and down.
        var phase: Int
    }
    /// Page pictures, the most recently drawn last.
    private var pictures: [(key: Key, surface: OpaquePointer)] = []
    private var pictureBytes = 0

    init() {}

    deinit {
        for p in pictures { cairo_surface_destroy(p.surface) }
        for case let d? in documents.values { g_object_unref(UnsafeMutableRawPointer(d)) }
    }

    /// The number of pages of `file`, nil when it cannot be read as a PDF.
    public func pageCount(of file: String) -> Int? {
        lock.withLock { document(file).map { Int(poppler_document_get_n_pages($0)) } }
    }

    /// Each page's width and height in points (at most `limit` pages), nil when `file` cannot
    /// be read as a PDF.
    public func pageSizes(of file: String, limit: Int) -> [(width: Double, height: Double)]? {
        lock.withLock {
            guard let doc = document(file) else { return nil }
            let n = min(limit, Int(poppler_document_get_n_pages(doc)))
            return (0..<n).map { i in
                guard let p = poppler_document_get_page(doc, Int32(i)) else { return (0, 0) }
                defer { g_object_unref(UnsafeMutableRawPointer(p)) }
                var w = 0.0, h = 0.0
                poppler_page_get_size(p, &w, &h)
                return (w, h)
            }
        }
    }

    /// Draws page `page` (from 1) of `file` on `rect` (in `cr`'s points), at its own size from
    /// the rectangle's top left and cut at its edges, as Xournal++ draws a PDF under a page;
    /// false, having drawn nothing, when the file or the page cannot be read.
    @discardableResult
    public func draw(file: String, page: Int, in rect: Rect, into cr: OpaquePointer) -> Bool {
        lock.withLock {
            guard let doc = document(file), page >= 1, page <= Int(poppler_document_get_n_pages(doc)),
                  let p = poppler_document_get_page(doc, Int32(page - 1)) else { return false }
            defer { g_object_unref(UnsafeMutableRawPointer(p)) }
            var pw = 0.0, ph = 0.0
            poppler_page_get_size(p, &pw, &ph)
            guard pw > 0, ph > 0, rect.width > 0, rect.height > 0 else { return false }
            // Device pixels a point, as `cr` shows it, and where in its pixel the page's corner
            // lands (to a quarter pixel): a picture made at that scale and that offset is
            // copied pixel for pixel, never resampled.
            var ux = 1.0, uy = 0.0
            cairo_user_to_device_distance(cr, &ux, &uy)
            let scale = (ux * ux + uy * uy).squareRoot()
            var ox = rect.x, oy = rect.y
            cairo_user_to_device(cr, &ox, &oy)
            let fx = ox - ox.rounded(.down), fy = oy - oy.rounded(.down)
            let qx = (fx * 4).rounded() / 4, qy = (fy * 4).rounded() / 4
            let width = Int((pw * scale + qx).rounded(.up)), height = Int((ph * scale + qy).rounded(.up))
            let raster = cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE
            cairo_save(cr)
            defer { cairo_restore(cr) }
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            cairo_clip(cr)
            cairo_translate(cr, rect.x, rect.y)
            let key = Key(file: file, page: page, scale: Int((scale * 10_000).rounded()), phase: Int(qx * 4) * 8 + Int(qy * 4))
            guard raster, scale.isFinite, scale > 0, width >= 1, height >= 1, max(width, height) <= Self.largestSide,
                  let picture = picture(key, of: p, scale: scale, offset: (qx, qy), width: width, height: height) else {
                poppler_page_render(p, cr)  // the page's vectors
                return true
            }
            // The picture's first pixel on the device's pixel the corner is in.
            cairo_translate(cr, -fx / scale, -fy / scale)
            cairo_scale(cr, 1 / scale, 1 / scale)
            cairo_set_source_surface(cr, picture, 0, 0)
            cairo_paint(cr)
            return true
        }
    }

    /// Forgets every open document and picture (a file changed on disk is read again).
    public func forget() {
        lock.withLock {
            for p in pictures { cairo_surface_destroy(p.surface) }
            pictures = []
            pictureBytes = 0
            for case let d? in documents.values { g_object_unref(UnsafeMutableRawPointer(d)) }
            documents = [:]
        }
    }

    private static func bytes(_ surface: OpaquePointer) -> Int {
        Int(cairo_image_surface_get_stride(surface)) * Int(cairo_image_surface_get_height(surface))
    }

    // MARK: Under the lock

    private func document(_ file: String) -> OpaquePointer? {
        if let known = documents[file] { return known }
        var opened: OpaquePointer?
        // A regular file only (`FileKind`): a session may name anything, and a FIFO or
        // /dev/zero would never end.
        if FileKind.of(file) == nil, let uri = g_filename_to_uri(file, nil, nil) {
            opened = poppler_document_new_from_file(uri, nil, nil)
            g_free(uri)
        }
        documents[file] = opened
        return opened
    }

    /// The picture of page `p` at `scale` pixels a point, its corner `offset` pixels in,
    /// `width` × `height`: kept, or made (white, then the page).
    private func picture(_ key: Key, of p: OpaquePointer, scale: Double, offset: (Double, Double), width: Int, height: Int) -> OpaquePointer? {
        if let i = pictures.firstIndex(where: { $0.key == key }) {
            let hit = pictures.remove(at: i)
            pictures.append(hit)
            return hit.surface
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        if let c = cairo_create(surface) {
            cairo_set_source_rgb(c, 1, 1, 1)
            cairo_paint(c)
            cairo_translate(c, offset.0, offset.1)
            cairo_scale(c, scale, scale)
            poppler_page_render(p, c)
            cairo_destroy(c)
        }
        cairo_surface_flush(surface)
        pictures.append((key, surface))
        pictureBytes += Self.bytes(surface)
        while pictureBytes > Self.budget, pictures.count > 1 {
            let old = pictures.removeFirst()
            pictureBytes -= Self.bytes(old.surface)
            cairo_surface_destroy(old.surface)
        }
        return surface
    }
}
