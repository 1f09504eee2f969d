import CCairo
import ForceCore
import ForcePlatform
import Foundation

/// The images under a document's pages (Xournal++'s image backgrounds, `PaperPage.image`):
/// PNG files read by Cairo, each once, drawn stretched to their page as Xournal++ draws them.
/// At most `budget` bytes of decoded pixels are kept (the most recently drawn kept first); an
/// image larger than `largestSide` pixels, or a file that is not a PNG Cairo reads, is not
/// drawn (its page shows its colour) and is said (`XoppDocument.leftOut`).
///
/// The ink cache draws in bands on two threads: the cache is behind a lock, and an image being
/// drawn is held (a reference of its own) so another thread's eviction cannot free it.
public final class PaperImages: @unchecked Sendable {
    public static let shared = PaperImages()

    /// 256 MiB of decoded images at most.
    static let budget = 256 << 20
    /// 8,192 pixels: the longest side of an image read (a 8,192 × 8,192 image is 256 MiB).
    static let largestSide = 8192

    private let lock = NSLock()
    /// Read images by path, the most recently drawn last (nil: the file cannot be read).
    private var images: [(file: String, surface: OpaquePointer?)] = []
    private var imageBytes = 0

    init() {}

    deinit {
        for case let s? in images.map(\.surface) { cairo_surface_destroy(s) }
    }

    /// Whether `file` is an image ForceCanvas draws: a regular file, a PNG whose header Cairo
    /// reads, at most `largestSide` pixels a side. Reads its first bytes only.
    public static func canRead(_ file: String) -> Bool {
        size(of: file) != nil
    }

    /// The pixel size a PNG's header gives (its IHDR chunk), nil for anything else.
    static func size(of file: String) -> (width: Int, height: Int)? {
        guard FileKind.of(file) == nil, let handle = FileHandle(forReadingAtPath: file) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 24), head.count == 24 else { return nil }
        let bytes = [UInt8](head)
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let width = word(16), height = word(20)
        guard (1...largestSide).contains(width), (1...largestSide).contains(height) else { return nil }
        return (width, height)
    }

    /// Draws `file` stretched over `rect` (in `cr`'s points); false, having drawn nothing,
    /// when it cannot be read.
    @discardableResult
    public func draw(file: String, in rect: Rect, into cr: OpaquePointer) -> Bool {
        guard rect.width > 0, rect.height > 0, let image = held(file) else { return false }
        defer { cairo_surface_destroy(image) }
        let w = Double(cairo_image_surface_get_width(image)), h = Double(cairo_image_surface_get_height(image))
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cr)
        cairo_translate(cr, rect.x, rect.y)
        cairo_scale(cr, rect.width / w, rect.height / h)
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_paint(cr)
        return true
    }

    /// Forgets every image read (a file changed on disk is read again).
    public func forget() {
        lock.withLock {
            for case let s? in images.map(\.surface) { cairo_surface_destroy(s) }
            images = []
            imageBytes = 0
        }
    }

    private static func bytes(_ surface: OpaquePointer?) -> Int {
        guard let surface else { return 0 }
        return Int(cairo_image_surface_get_stride(surface)) * Int(cairo_image_surface_get_height(surface))
    }

    /// The image of `file` with a reference of the caller's (to destroy), nil when it cannot be
    /// read. Read outside the lock the first time; kept within the budget.
    private func held(_ file: String) -> OpaquePointer? {
        let known: OpaquePointer?? = lock.withLock {
            guard let i = images.firstIndex(where: { $0.file == file }) else { return nil }
            let hit = images.remove(at: i)
            images.append(hit)
            return .some(hit.surface.map { cairo_surface_reference($0) })
        }
        if let known { return known }
        var read: OpaquePointer?
        if Self.size(of: file) != nil, let surface = cairo_image_surface_create_from_png(file) {
            if cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS { read = surface } else { cairo_surface_destroy(surface) }
        }
        return lock.withLock {
            // Another thread may have read it meanwhile: the first kept, this one dropped.
            if let i = images.firstIndex(where: { $0.file == file }) {
                if let read { cairo_surface_destroy(read) }
                return images[i].surface.map { cairo_surface_reference($0) }
            }
            images.append((file, read))
            imageBytes += Self.bytes(read)
            while imageBytes > Self.budget, images.count > 1 {
                let old = images.removeFirst()
                imageBytes -= Self.bytes(old.surface)
                if let s = old.surface { cairo_surface_destroy(s) }
            }
            return read.map { cairo_surface_reference($0) }
        }
    }
}
