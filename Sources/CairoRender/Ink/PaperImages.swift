import CCairo
import CTurboJPEG
import ForceCore
import ForcePlatform
import Foundation

/// The images under a document's pages (Xournal++'s image backgrounds, `PaperPage.image`):
/// PNG files read by Cairo and JPEG files by libjpeg-turbo, each once, drawn stretched to their
/// page as Xournal++ draws them.
/// At most `budget` bytes of decoded pixels are kept (the most recently drawn kept first); an
/// image larger than `largestSide` pixels, or a file that is not a PNG or a JPEG read so, is not
/// drawn (its page shows its colour) and is said (`XoppDocument.leftOut`). On a raster surface
/// an image is drawn from a picture of it made at the scale it is shown at (`PagePictures`,
/// `pictureBudget` bytes of them): a repaint copies pixels, where resampling a scan of a page
/// (2,480 × 3,508 pixels) took 20–25 ms every time the page was drawn.
///
/// The ink cache draws in bands on two threads: the cache is behind a lock, and an image being
/// drawn is held (a reference of its own) so another thread's eviction cannot free it.
public final class PaperImages: @unchecked Sendable {
    public static let shared = PaperImages()

    /// 256 MiB of decoded images at most.
    static let budget = 256 << 20
    /// 8,192 pixels: the longest side of an image read (a 8,192 × 8,192 image is 256 MiB).
    static let largestSide = 8192
    /// 128 MiB of pictures at most, none wider than 4,096 pixels (zoomed in past that, the
    /// image itself is drawn).
    static let pictureBudget = 128 << 20
    static let largestPicture = 4096

    private let lock = NSLock()
    /// Read images by path, the most recently drawn last: the image, then its halvings made so
    /// far (each half the one before, for drawing it small); empty: the file cannot be read.
    private var images: [(file: String, levels: [OpaquePointer])] = []
    private var imageBytes = 0
    private var pictures = PagePictures(budget: PaperImages.pictureBudget)
    /// Where `prefetch` reads, and its newest call's number.
    private let prefetching = DispatchQueue(label: "forcecanvas.paper-images", qos: .utility)
    private var prefetchGeneration = 0
    /// Where pictures asked for while a stand-in was shown are made (`draw(…standIns:)`).
    private let aside = DispatchQueue(label: "forcecanvas.image-pictures", qos: .userInitiated)

    /// The bytes of decoded images kept (`budget`, or less for a test).
    private let keeps: Int

    init(budget: Int = PaperImages.budget) {
        keeps = budget
    }

    deinit {
        for s in images.flatMap(\.levels) { cairo_surface_destroy(s) }
        pictures.removeAll()
    }

    /// Whether `file` is an image ForceCanvas draws: a regular file, a PNG or a JPEG (baseline,
    /// progressive or arithmetic-coded; grey or colour, not CMYK), at most `largestSide` pixels a
    /// side. Reads its header only.
    public static func canRead(_ file: String) -> Bool {
        header(of: file) != nil
    }

    /// What an image file's header says: its pixel size and its format.
    struct Header: Equatable {
        enum Format { case png, jpeg }
        var width: Int
        var height: Int
        var format: Format
    }

    /// The header of a PNG (its IHDR chunk) or a JPEG (its frame header, after any Exif or
    /// other segments), nil for anything else, an image too large, or a JPEG ForceCanvas
    /// cannot decode (lossless, hierarchical, or with four components).
    static func header(of file: String) -> Header? {
        guard FileKind.of(file) == nil, let handle = FileHandle(forReadingAtPath: file) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 24), head.count == 24 else { return nil }
        let bytes = [UInt8](head)
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let found: Header?
        if Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) {
            found = Header(width: word(16), height: word(20), format: .png)
        } else if bytes[0] == 0xFF, bytes[1] == 0xD8 {
            found = jpegHeader(bytes, more: { try? handle.read(upToCount: 1 << 16) })
        } else {
            found = nil
        }
        guard let found, (1...largestSide).contains(found.width), (1...largestSide).contains(found.height) else { return nil }
        return found
    }

    /// The frame header of the JPEG whose first bytes are `start` (`more` gives the next ones,
    /// nil or empty at the end): its segments are walked to the first SOF marker, at most
    /// 16 MiB in.
    static func jpegHeader(_ start: [UInt8], more: () -> Data?) -> Header? {
        var bytes = start, at = 2
        func need(_ n: Int) -> Bool {
            while bytes.count < at + n {
                guard bytes.count < 16 << 20, let next = more(), !next.isEmpty else { return false }
                bytes += next
            }
            return true
        }
        while need(4) {
            guard bytes[at] == 0xFF else { return nil }
            let marker = bytes[at + 1]
            if marker == 0xFF { at += 1; continue }  // fill bytes before a marker
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }  // no length
            if marker == 0xD9 || marker == 0xDA { return nil }  // the end, or the scan, before a frame header
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2 else { return nil }
            // Baseline, extended, progressive; the same arithmetic-coded (what libjpeg-turbo decodes).
            if [0xC0, 0xC1, 0xC2, 0xC9, 0xCA].contains(marker) {
                guard need(10) else { return nil }
                let components = bytes[at + 9]
                guard components == 1 || components == 3 else { return nil }
                return Header(width: Int(bytes[at + 7]) << 8 | Int(bytes[at + 8]),
                              height: Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]), format: .jpeg)
            }
            // Any other frame (lossless, hierarchical) is not decoded.
            if (0xC3...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) { return nil }
            at += 2 + length
        }
        return nil
    }

    /// The image in `file` as a Cairo surface (PNG through Cairo, JPEG through libjpeg-turbo),
    /// nil when it cannot be read. A JPEG's surface keeps the file's bytes as its MIME data, so a
    /// PDF or SVG export embeds the JPEG itself.
    static func read(_ file: String) -> OpaquePointer? {
        guard let header = header(of: file) else { return nil }
        let surface: OpaquePointer?
        switch header.format {
        case .png: surface = cairo_image_surface_create_from_png(file)
        case .jpeg: surface = readJPEG(file)
        }
        guard let surface else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        return surface
    }

    private static func readJPEG(_ file: String) -> OpaquePointer? {
        guard let data = FileManager.default.contents(atPath: file), let decoder = tjInitDecompress() else { return nil }
        defer { tjDestroy(decoder) }
        return data.withUnsafeBytes { raw -> OpaquePointer? in
            guard let jpeg = raw.bindMemory(to: UInt8.self).baseAddress else { return nil }
            var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colourspace: Int32 = 0
            guard tjDecompressHeader3(decoder, jpeg, UInt(raw.count), &width, &height, &subsampling, &colourspace) == 0,
                  (1...Int32(largestSide)).contains(width), (1...Int32(largestSide)).contains(height),
                  colourspace != Int32(TJCS_CMYK.rawValue), colourspace != Int32(TJCS_YCCK.rawValue),
                  let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height) else { return nil }
            cairo_surface_flush(surface)
            // Cairo's RGB24 is B, G, R and a spare byte in memory (a little-endian 0xXXRRGGBB).
            let decoded = cairo_image_surface_get_data(surface).map {
                tjDecompress2(decoder, jpeg, UInt(raw.count), $0, width, cairo_image_surface_get_stride(surface), height,
                              Int32(TJPF_BGRX.rawValue), 0)
            }
            // A warning (a file cut short: the rest of it grey, as other readers show it) still draws.
            guard let decoded, decoded == 0 || tjGetErrorCode(decoder) == Int32(TJERR_WARNING.rawValue) else {
                cairo_surface_destroy(surface)
                return nil
            }
            cairo_surface_mark_dirty(surface)
            if let copy = malloc(raw.count) {
                copy.copyMemory(from: jpeg, byteCount: raw.count)
                cairo_surface_set_mime_data(surface, CAIRO_MIME_TYPE_JPEG, copy.assumingMemoryBound(to: UInt8.self), UInt(raw.count),
                                            { free($0) }, copy)
            }
            return surface
        }
    }

    /// Draws `file` stretched over `rect` (in `cr`'s points); false, having drawn nothing,
    /// when it cannot be read.
    ///
    /// With `standIns` (the window's ink cache), an image whose picture at this placement is
    /// not made yet but that has one at another scale (a zoom step's) is drawn from that one,
    /// stretched, at once; its own is made on a thread of its own, and the rect is noted in
    /// `standIns` for the cache to repaint once it is, as `PDFPages` does.
    @discardableResult
    public func draw(file: String, in rect: Rect, into cr: OpaquePointer, standIns: PaperStandIns? = nil) -> Bool {
        guard rect.width > 0, rect.height > 0, held(file) else { return false }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cr)
        let size = (width: rect.width, height: rect.height)
        let placement = PagePictures.Placement(of: size, from: Point(x: rect.x, y: rect.y), on: cr, largestSide: Self.largestPicture)
        // Shown on screen at less than half its pixels, the image is drawn from the halving
        // nearest above that size: resampled from a quarter of the pixels or fewer, each step
        // costs that much less (a new zoom step's picture of a scan of a page, 2,480 × 3,508
        // pixels, takes 1–18 ms from its halvings, 20–25 from the image). An export (a vector
        // surface: no placement) gets the image itself, every pixel of it.
        let shown = placement.map { rect.width * $0.scale } ?? .infinity
        if let standIns, let placement, let width = levelWidth(of: file, pixelsShown: shown) {
            let key = placement.key(file: file, page: width, size: size)
            let standIn: (key: PagePictures.Key, surface: OpaquePointer)? = lock.withLock {
                guard !pictures.has(key), let found = pictures.standIn(for: key, anyPage: true) else { return nil }
                return (found.key, cairo_surface_reference(found.surface))
            }
            if let standIn {
                defer { cairo_surface_destroy(standIn.surface) }
                cairo_translate(cr, rect.x, rect.y)
                PagePictures.paint(standIn: standIn.surface, standIn.key, into: cr)
                standIns.add(rect)
                makeAside(key, at: placement, file: file, pixelsShown: shown, size: size)
                return true
            }
        }
        guard let image = level(of: file, pixelsShown: shown) else { return false }
        defer { cairo_surface_destroy(image) }
        cairo_translate(cr, rect.x, rect.y)
        let picture: OpaquePointer? = placement.flatMap { placement in
            lock.withLock {
                // (Keyed by the level's width: each level's pictures are its own.)
                pictures.picture(placement.key(file: file, page: Int(cairo_image_surface_get_width(image)), size: size), at: placement,
                                 format: CAIRO_FORMAT_ARGB32, draw: { Self.stretch(image, to: size, into: $0) }).map { cairo_surface_reference($0) }
            }
        }
        guard let placement, let picture else {
            Self.stretch(image, to: size, into: cr)
            return true
        }
        defer { cairo_surface_destroy(picture) }
        placement.paint(picture, into: cr)
        return true
    }

    /// Draws `image` stretched to `size` points from `c`'s origin (the rect's corner).
    private static func stretch(_ image: OpaquePointer, to size: (width: Double, height: Double), into c: OpaquePointer) {
        cairo_scale(c, size.width / Double(cairo_image_surface_get_width(image)), size.height / Double(cairo_image_surface_get_height(image)))
        cairo_set_source_surface(c, image, 0, 0)
        cairo_paint(c)
    }

    /// How many pictures were made off the frame loop for images drawn from a stand-in.
    var picturesMadeAside: Int { lock.withLock { pictures.madeAside } }

    /// Waits until the pictures asked for aside are made (tests, the bench).
    public func finishMakingAside() { aside.sync {} }

    /// Makes the picture of `key` (`file` stretched to `size` points, from its halving for
    /// `shown` pixels) on `aside`, unless a newer placement of it is asked for first or it is
    /// made meanwhile.
    private func makeAside(_ key: PagePictures.Key, at placement: PagePictures.Placement, file: String, pixelsShown shown: Double,
                           size: (width: Double, height: Double)) {
        let id = "\(size.width) \(size.height) \(file)"
        guard lock.withLock({ pictures.askAside(key, id: id) }) else { return }
        aside.async { [self] in
            guard lock.withLock({ pictures.stillWanted(key, id: id) }) else { return }
            let image = level(of: file, pixelsShown: shown)
            defer { if let image { cairo_surface_destroy(image) } }
            let picture = image.flatMap { image in
                PagePictures.make(at: placement, format: CAIRO_FORMAT_ARGB32) { Self.stretch(image, to: size, into: $0) }
            }
            lock.withLock { pictures.keepMadeAside(picture, as: key, id: id) }
        }
    }

    /// The width of the halving of `file` (read) `level(of:pixelsShown:)` gives for `shown`
    /// pixels, made or not; nil when it is not read.
    private func levelWidth(of file: String, pixelsShown shown: Double) -> Int? {
        lock.withLock {
            guard let i = images.firstIndex(where: { $0.file == file }), let first = images[i].levels.first else { return nil }
            return Self.halvings(ofWidth: Int(cairo_image_surface_get_width(first)), pixelsShown: shown).width
        }
    }

    /// How many times an image `width` pixels wide is halved to be shown `shown` pixels wide
    /// (while the halving is at least twice as wide, at most 8 times), and the last halving's
    /// width (a halving of `w` pixels is `(w + 1) / 2` wide).
    static func halvings(ofWidth width: Int, pixelsShown shown: Double) -> (steps: Int, width: Int) {
        var width = width, k = 0
        while Double(width) >= 2 * max(shown, 1), k < 8 {
            width = (width + 1) / 2
            k += 1
        }
        return (k, width)
    }

    /// Reads `files` ahead of their drawing, on a thread of its own, in order, with their
    /// halvings for about `pixelsShown` pixels wide: the pages near the view (`PaperPage.near`),
    /// so that Page Down onto a scan of a page copies pixels where it read and halved the image
    /// (0.15 s) on the frame loop. An image already read is passed over; it stops at half the
    /// images' budget. A newer call takes the place of the files an older one has not reached;
    /// `finishPrefetching()` waits for it.
    func prefetch(_ files: [(file: String, pixelsShown: Double)]) {
        let generation = lock.withLock {
            prefetchGeneration &+= 1
            return prefetchGeneration
        }
        prefetching.async { [self] in
            // At most half the images' budget, nearest first: reading more would evict the
            // pages on screen (a document zoomed far out shows more scans than the budget holds).
            var planned = 0
            for (file, shown) in files {
                // An image read already counts what it holds; one not yet, what its header says
                // it will (the image and its halvings, a third more).
                let (current, read) = lock.withLock {
                    (prefetchGeneration == generation,
                     images.first { $0.file == file }.map { $0.levels.reduce(0) { $0 + PagePictures.bytes(of: $1) } })
                }
                guard current else { return }
                guard let bytes = read ?? Self.header(of: file).map({ $0.width * $0.height * 4 * 4 / 3 }) else { continue }
                planned += bytes
                guard planned <= keeps / 2 else { return }
                if held(file), let image = level(of: file, pixelsShown: shown) { cairo_surface_destroy(image) }
            }
        }
    }

    /// Reads ahead the images of the pages of `paper` near `shown` (document points;
    /// `PaperPage.near`), nearest first, for a canvas showing `scale` pixels per point.
    func prefetch(pagesNear shown: Rect, of paper: [PaperPage], scale: Double) {
        prefetch(PaperPage.near(shown, in: paper).compactMap { i in paper[i].image.map { ($0, paper[i].rect.width * scale) } })
    }

    /// Waits until the images asked for by `prefetch` are read.
    func finishPrefetching() {
        prefetching.sync {}
    }

    /// How many pictures of images were made so far.
    var picturesMade: Int { lock.withLock { pictures.made } }

    /// Forgets every image read (a file changed on disk is read again).
    public func forget() {
        // (A picture being made aside is finished first, not kept after.)
        aside.sync {}
        lock.withLock {
            for s in images.flatMap(\.levels) { cairo_surface_destroy(s) }
            images = []
            imageBytes = 0
            pictures.removeAll()
        }
    }

    /// Whether `file` is read (read now if it was not yet, outside the lock), and can be drawn.
    private func held(_ file: String) -> Bool {
        let known: Bool? = lock.withLock {
            guard let i = images.firstIndex(where: { $0.file == file }) else { return nil }
            let hit = images.remove(at: i)
            images.append(hit)
            return !hit.levels.isEmpty
        }
        if let known { return known }
        let read = Self.read(file)
        return lock.withLock {
            // Another thread may have read it meanwhile: the first kept, this one dropped.
            if let i = images.firstIndex(where: { $0.file == file }) {
                if let read { cairo_surface_destroy(read) }
                return !images[i].levels.isEmpty
            }
            images.append((file, read.map { [$0] } ?? []))
            if let read { imageBytes += PagePictures.bytes(of: read) }
            evict()
            return read != nil
        }
    }

    /// The image of `file` (read), or its halving nearest above `shown` pixels wide, with a
    /// reference of the caller's (to destroy); nil when it was not read or has gone since.
    private func level(of file: String, pixelsShown shown: Double) -> OpaquePointer? {
        lock.withLock {
            guard let i = images.firstIndex(where: { $0.file == file }), !images[i].levels.isEmpty else { return nil }
            var levels = images[i].levels, k = 0
            let steps = Self.halvings(ofWidth: Int(cairo_image_surface_get_width(levels[0])), pixelsShown: shown).steps
            while k < steps {
                if k + 1 == levels.count {
                    let from = levels[k]
                    let w = (Int(cairo_image_surface_get_width(from)) + 1) / 2, h = (Int(cairo_image_surface_get_height(from)) + 1) / 2
                    guard w >= 1, h >= 1, let half = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)),
                          cairo_surface_status(half) == CAIRO_STATUS_SUCCESS else { break }
                    if let c = cairo_create(half) {
                        cairo_scale(c, Double(w) / Double(cairo_image_surface_get_width(from)),
                                    Double(h) / Double(cairo_image_surface_get_height(from)))
                        cairo_set_source_surface(c, from, 0, 0)
                        cairo_paint(c)
                        cairo_destroy(c)
                    }
                    cairo_surface_flush(half)
                    levels.append(half)
                    imageBytes += PagePictures.bytes(of: half)
                }
                k += 1
            }
            images[i].levels = levels
            let drawn = cairo_surface_reference(levels[k])
            evict()
            return drawn
        }
    }

    /// Forgets the least recently drawn images (and their halvings) past the budget.
    private func evict() {
        while imageBytes > keeps, images.count > 1 {
            let old = images.removeFirst()
            for s in old.levels {
                imageBytes -= PagePictures.bytes(of: s)
                cairo_surface_destroy(s)
            }
        }
    }
}
