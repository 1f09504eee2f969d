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
    /// Page pictures (`PagePictures`).
    private var pictures = PagePictures(budget: PDFPages.budget)
    /// Where pictures asked for while a stand-in was shown are made, with documents of its own
    /// (a Poppler document is not for two threads at once): `asideDocuments` is its alone.
    private let aside = DispatchQueue(label: "forcecanvas.pdf-pictures", qos: .userInitiated)
    private var asideDocuments: [String: OpaquePointer?] = [:]

    init() {}

    deinit {
        pictures.removeAll()
        for case let d? in documents.values { g_object_unref(UnsafeMutableRawPointer(d)) }
        for case let d? in asideDocuments.values { g_object_unref(UnsafeMutableRawPointer(d)) }
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
    ///
    /// With `standIns` (the window's ink cache), a page whose picture at this placement is not
    /// made yet but that has one at another scale (a zoom step's) is drawn from that one,
    /// stretched, at once; its own is made on a thread of its own, and the page's rect is noted
    /// in `standIns` for the cache to repaint once it is (`picturesMadeAside` counts them).
    /// Zooming over a scanned page then costs a frame a stretched copy, not a page's rendering.
    @discardableResult
    public func draw(file: String, page: Int, in rect: Rect, into cr: OpaquePointer, standIns: PaperStandIns? = nil) -> Bool {
        lock.withLock {
            guard let doc = document(file), page >= 1, page <= Int(poppler_document_get_n_pages(doc)),
                  let p = poppler_document_get_page(doc, Int32(page - 1)) else { return false }
            defer { g_object_unref(UnsafeMutableRawPointer(p)) }
            var pw = 0.0, ph = 0.0
            poppler_page_get_size(p, &pw, &ph)
            guard pw > 0, ph > 0, rect.width > 0, rect.height > 0 else { return false }
            cairo_save(cr)
            defer { cairo_restore(cr) }
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            cairo_clip(cr)
            // A picture made at the scale the page is shown at and where in its pixel the
            // page's corner lands (to a quarter pixel) is copied pixel for pixel, never
            // resampled; on a vector surface, and zoomed in past `largestSide`, the page's own
            // vectors are drawn.
            let size = (width: pw, height: ph)
            let placement = PagePictures.Placement(of: size, from: Point(x: rect.x, y: rect.y), on: cr, largestSide: Self.largestSide)
            cairo_translate(cr, rect.x, rect.y)
            if let standIns, let placement {
                let key = placement.key(file: file, page: page, size: size)
                if !pictures.has(key), let standIn = pictures.standIn(for: key) {
                    PagePictures.paint(standIn: standIn.surface, standIn.key, into: cr)
                    standIns.add(rect)
                    makeAside(key, at: placement, file: file, page: page)
                    return true
                }
            }
            guard let placement, let picture = pictures.picture(placement.key(file: file, page: page, size: size), at: placement,
                                                                  format: CAIRO_FORMAT_RGB24, draw: { c in Self.render(p, into: c) }) else {
                poppler_page_render(p, cr)  // the page's vectors
                return true
            }
            placement.paint(picture, into: cr)
            return true
        }
    }


    /// A page's picture: white, the page over it.
    private static func render(_ page: OpaquePointer, into c: OpaquePointer) {
        cairo_set_source_rgb(c, 1, 1, 1)
        cairo_paint(c)
        poppler_page_render(page, c)
    }

    /// How many pictures were made off the frame loop for pages drawn from a stand-in: a cache
    /// that drew one repaints it when this moves on.
    public var picturesMadeAside: Int { lock.withLock { pictures.madeAside } }

    /// Waits until the pictures asked for aside are made (tests, the bench).
    public func finishMakingAside() { aside.sync {} }

    /// Makes the picture of `key` on `aside`, unless a newer placement of the page is asked for
    /// first (a zoom that went on) or it is made meanwhile. Under the lock.
    private func makeAside(_ key: PagePictures.Key, at placement: PagePictures.Placement, file: String, page: Int) {
        let id = "\(page) \(file)"
        guard pictures.askAside(key, id: id) else { return }
        aside.async { [self] in
            guard lock.withLock({ pictures.stillWanted(key, id: id) }) else { return }
            // Drawn outside the lock, with the thread's own document: the frame loop draws on.
            if asideDocuments[file] == nil { asideDocuments[file] = Self.open(file) }
            var picture: OpaquePointer?
            if case let doc?? = asideDocuments[file], let p = poppler_document_get_page(doc, Int32(page - 1)) {
                picture = PagePictures.make(at: placement, format: CAIRO_FORMAT_RGB24) { Self.render(p, into: $0) }
                g_object_unref(UnsafeMutableRawPointer(p))
            }
            lock.withLock { pictures.keepMadeAside(picture, as: key, id: id) }
        }
    }

    /// Writes page 1 of the PDF `file` as a PNG at `png`, stretched to `width` × `height`
    /// pixels, transparent where the page draws nothing (Xournal++'s LaTeX, a formula on no
    /// paper); false when it cannot be read or written.
    public func writeFirstPage(of file: String, width: Int, height: Int, toPNG png: String) -> Bool {
        guard width > 0, height > 0, width <= Self.largestSide, height <= Self.largestSide else { return false }
        return lock.withLock {
            guard let doc = document(file), poppler_document_get_n_pages(doc) >= 1,
                  let p = poppler_document_get_page(doc, 0) else { return false }
            defer { g_object_unref(UnsafeMutableRawPointer(p)) }
            var pw = 0.0, ph = 0.0
            poppler_page_get_size(p, &pw, &ph)
            guard pw > 0, ph > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
                return false
            }
            defer { cairo_surface_destroy(surface) }
            let cr = cairo_create(surface)
            cairo_scale(cr, Double(width) / pw, Double(height) / ph)
            poppler_page_render(p, cr)
            cairo_destroy(cr)
            return (try? AtomicFile.write(png) { write, closure in cairo_surface_write_to_png_stream(surface, write, closure) }) != nil
        }
    }

    /// How many pictures of PDF pages were made so far.
    var picturesMade: Int { lock.withLock { pictures.made } }

    /// Forgets every open document and picture (a file changed on disk is read again).
    public func forget() {
        aside.sync {
            for case let d? in asideDocuments.values { g_object_unref(UnsafeMutableRawPointer(d)) }
            asideDocuments = [:]
        }
        lock.withLock {
            pictures.removeAll()
            for case let d? in documents.values { g_object_unref(UnsafeMutableRawPointer(d)) }
            documents = [:]
        }
    }

    // MARK: Under the lock

    private func document(_ file: String) -> OpaquePointer? {
        if let known = documents[file] { return known }
        let opened = Self.open(file)
        documents[file] = opened
        return opened
    }

    /// `file` opened as a PDF; nil when it cannot be. A regular file only (`FileKind`): a
    /// session may name anything, and a FIFO or /dev/zero would never end.
    private static func open(_ file: String) -> OpaquePointer? {
        guard FileKind.of(file) == nil, let uri = g_filename_to_uri(file, nil, nil) else { return nil }
        defer { g_free(uri) }
        return poppler_document_new_from_file(uri, nil, nil)
    }
}
