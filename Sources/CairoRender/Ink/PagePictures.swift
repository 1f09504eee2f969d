import CCairo
import ForceCore
import Foundation

/// Pictures of what is under a page (a PDF's page, an image), each made at the scale and the
/// quarter-pixel offset it is shown at and kept, the most recently drawn last, up to a budget
/// of bytes: the ink cache's repaints (the eraser's, every zoom step's) then copy a picture's
/// pixels rather than draw the page's content again or resample a large image. Not locked:
/// its owner (`PDFPages`, `PaperImages`) holds it under its own lock.
struct PagePictures {
    struct Key: Hashable, Sendable {
        var file: String
        /// The page of a PDF (from 1); for an image, the width in pixels of the halving drawn.
        var page: Int
        /// Device pixels a point, in ten-thousandths.
        var scale: Int
        /// The picture's size in points (an image's page), in hundredths.
        var size: Int
        /// Where in its pixel the page's corner is, in quarters across and down.
        var phase: Int

        /// The key of `file`'s `page` of `size` points drawn at `pixelsPerPoint`, its corner
        /// `quarter` of a pixel into its pixel (each a multiple of 1/4, below 1).
        init(file: String, page: Int, pixelsPerPoint: Double, size: (width: Double, height: Double), quarter: (x: Double, y: Double)) {
            self.file = file
            self.page = page
            scale = Int((pixelsPerPoint * 10_000).rounded())
            self.size = Int((size.width * 100).rounded()) &* 1_000_003 &+ Int((size.height * 100).rounded())
            phase = Int(quarter.x * 4) * 8 + Int(quarter.y * 4)
        }

        /// Device pixels a point, as kept.
        var pixelsPerPoint: Double { Double(scale) / 10_000 }
        /// Where the corner is in its pixel, as kept: `init`'s `quarter`.
        var quarter: (x: Double, y: Double) { (Double(phase / 8) / 4, Double(phase % 8) / 4) }
    }

    /// Where a picture of content `size` points large, drawn from `corner` (`cr`'s points),
    /// goes on `cr`'s device; nil where a picture would not be copied pixel for pixel (a
    /// vector surface, a picture wider than `largestSide` pixels).
    struct Placement: Sendable {
        /// Device pixels a point.
        let scale: Double
        /// Where the corner lands in its pixel, and that to a quarter pixel.
        let fraction: (x: Double, y: Double), quarter: (x: Double, y: Double)
        let width: Int, height: Int

        init?(of size: (width: Double, height: Double), from corner: Point, on cr: OpaquePointer, largestSide: Int) {
            guard cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE else { return nil }
            var ux = 1.0, uy = 0.0
            cairo_user_to_device_distance(cr, &ux, &uy)
            let scale = (ux * ux + uy * uy).squareRoot()
            var ox = corner.x, oy = corner.y
            cairo_user_to_device(cr, &ox, &oy)
            let fx = ox - ox.rounded(.down), fy = oy - oy.rounded(.down)
            let qx = (fx * 4).rounded() / 4, qy = (fy * 4).rounded() / 4
            let width = (size.width * scale + qx).rounded(.up), height = (size.height * scale + qy).rounded(.up)
            guard scale.isFinite, scale > 0, width >= 1, height >= 1, max(width, height) <= Double(largestSide) else { return nil }
            self.scale = scale
            fraction = (fx, fy)
            quarter = (qx, qy)
            self.width = Int(width)
            self.height = Int(height)
        }

        /// The key of the picture of `file`'s `page` (`Key.page`) of `size` at this placement.
        func key(file: String, page: Int, size: (width: Double, height: Double)) -> Key {
            Key(file: file, page: page, pixelsPerPoint: scale, size: size, quarter: quarter)
        }

        /// Paints `picture` with its first pixel on the device pixel the corner is in (`cr`
        /// translated to the corner).
        func paint(_ picture: OpaquePointer, into cr: OpaquePointer) {
            cairo_translate(cr, -fraction.x / scale, -fraction.y / scale)
            cairo_scale(cr, 1 / scale, 1 / scale)
            cairo_set_source_surface(cr, picture, 0, 0)
            cairo_paint(cr)
        }
    }

    let budget: Int
    private var pictures: [(key: Key, surface: OpaquePointer)] = []
    private var bytes = 0
    /// How many pictures were made (what a test of reading ahead watches).
    private(set) var made = 0
    /// Pictures asked for aside (`PaperStandIns`): the newest key asked for each content (an
    /// id of the owner's), and how many asked for were made (or found made).
    private var wanted: [String: Key] = [:]
    private(set) var madeAside = 0

    init(budget: Int) { self.budget = budget }

    /// The picture of `key`: kept, or made (`format`, cleared; `draw` then draws the content in
    /// points from the corner, the placement's scale and offset applied).
    mutating func picture(_ key: Key, at placement: Placement, format: cairo_format_t, draw: (OpaquePointer) -> Void) -> OpaquePointer? {
        if let i = pictures.firstIndex(where: { $0.key == key }) {
            let hit = pictures.remove(at: i)
            pictures.append(hit)
            return hit.surface
        }
        guard let surface = Self.make(at: placement, format: format, draw: draw) else { return nil }
        keep(surface, as: key)
        return surface
    }

    /// A picture drawn at `placement` (`format`, cleared; `draw` draws the content in points
    /// from the corner), to keep with `keep(_:as:)`; nil when Cairo cannot make it.
    static func make(at placement: Placement, format: cairo_format_t, draw: (OpaquePointer) -> Void) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(format, Int32(placement.width), Int32(placement.height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        if let c = cairo_create(surface) {
            cairo_translate(c, placement.quarter.x, placement.quarter.y)
            cairo_scale(c, placement.scale, placement.scale)
            draw(c)
            cairo_destroy(c)
        }
        cairo_surface_flush(surface)
        return surface
    }

    /// Keeps `surface` (made by `make`, now the keeper's) as the picture of `key`, the most
    /// recently drawn, forgetting the least recently drawn past the budget; a picture of `key`
    /// kept already is replaced.
    mutating func keep(_ surface: OpaquePointer, as key: Key) {
        if let i = pictures.firstIndex(where: { $0.key == key }) {
            let old = pictures.remove(at: i)
            bytes -= Self.bytes(of: old.surface)
            cairo_surface_destroy(old.surface)
        }
        made += 1
        pictures.append((key, surface))
        bytes += Self.bytes(of: surface)
        while bytes > budget, pictures.count > 1 {
            let old = pictures.removeFirst()
            bytes -= Self.bytes(of: old.surface)
            cairo_surface_destroy(old.surface)
        }
    }

    /// Whether the picture of `key` is kept.
    func has(_ key: Key) -> Bool { pictures.contains { $0.key == key } }

    /// A kept picture of what `key` shows (the same file, page and size; any `Key.page` with
    /// `anyPage`: an image's pictures of its other halvings) at another scale or offset, the
    /// nearest in scale, with its key: what a frame may show, stretched, while `key`'s own is made.
    func standIn(for key: Key, anyPage: Bool = false) -> (key: Key, surface: OpaquePointer)? {
        pictures.filter { $0.key.file == key.file && (anyPage || $0.key.page == key.page) && $0.key.size == key.size }
            .min { abs(log(Double($0.key.scale) / Double(key.scale))) < abs(log(Double($1.key.scale) / Double(key.scale))) }
    }

    /// Paints a picture kept as `key` (another placement's) into `cr`, which draws in points
    /// from the content's corner: stretched, so each point lands where the picture drew it.
    static func paint(standIn picture: OpaquePointer, _ key: Key, into cr: OpaquePointer) {
        let scale = key.pixelsPerPoint, quarter = key.quarter
        guard scale > 0 else { return }
        cairo_save(cr)
        cairo_scale(cr, 1 / scale, 1 / scale)
        cairo_translate(cr, -quarter.x, -quarter.y)
        cairo_set_source_surface(cr, picture, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    mutating func removeAll() {
        for p in pictures { cairo_surface_destroy(p.surface) }
        pictures = []
        bytes = 0
        wanted = [:]
    }

    /// Asks for the picture of `key` to be made aside, the newest placement of content `id`;
    /// false when it is asked for already.
    mutating func askAside(_ key: Key, id: String) -> Bool {
        guard wanted[id] != key else { return false }
        wanted[id] = key
        return true
    }

    /// Whether the picture of `key` is still to be made aside: asked for last, and not made
    /// meanwhile (by a frame drawing without stand-ins), when it counts as made aside, so the
    /// cache that drew its stand-in repaints it.
    mutating func stillWanted(_ key: Key, id: String) -> Bool {
        guard wanted[id] == key else { return false }
        guard has(key) else { return true }
        wanted[id] = nil
        madeAside += 1
        return false
    }

    /// Keeps `picture`, made aside as `key`. One that could not be made (nil: the file gone, no
    /// memory) leaves its stand-in until the page is drawn again, which asks for it again.
    mutating func keepMadeAside(_ picture: OpaquePointer?, as key: Key, id: String) {
        if wanted[id] == key { wanted[id] = nil }
        guard let picture else { return }
        keep(picture, as: key)
        madeAside += 1
    }

    /// The bytes an image surface takes (what a budget of pictures or images counts): its
    /// pixels, and the JPEG file a JPEG's surface keeps beside them for exports.
    static func bytes(of surface: OpaquePointer) -> Int {
        var data: UnsafePointer<UInt8>?
        var length: UInt = 0
        cairo_surface_get_mime_data(surface, CAIRO_MIME_TYPE_JPEG, &data, &length)
        return Int(cairo_image_surface_get_stride(surface)) * Int(cairo_image_surface_get_height(surface)) + (data == nil ? 0 : Int(length))
    }
}

/// Pages and pictures drawn from a stand-in (a picture of them at another scale, stretched,
/// while their own is made aside: `PDFPages.draw(…standIns:)`, `PaperImages.draw(…standIns:)`):
/// their rects, noted from any thread, for the window's ink cache to repaint once the pictures
/// made aside (`madeAside`) are made.
public final class PaperStandIns: @unchecked Sendable {
    private let lock = NSLock()
    private var rects: [Rect] = []

    public init() {}

    func add(_ r: Rect) { lock.withLock { rects.append(r) } }

    /// The rects noted since the last call (emptied).
    public func take() -> [Rect] {
        lock.withLock {
            defer { rects = [] }
            return rects
        }
    }

    /// How many pictures PDF pages and images have made aside so far: it moves on when one is made.
    public static var madeAside: Int { PDFPages.shared.picturesMadeAside &+ PaperImages.shared.picturesMadeAside }
}
