import CCairo
import ForceCore
import Foundation

/// What the window reads ahead of drawing a document's pages, so a page comes on screen without
/// the frame loop reading its background: the images of the pages on screen and a screenful each
/// way (`PaperImages.prefetch`), then, for the views a key shows next (Page Down, Page Up),
/// the pictures of their pages' images and PDF pages at the scale and quarter-pixel placement
/// those views show them at (`PagePictures`), made by drawing them, as the ink cache does, into
/// a surface of one pixel. Each on a thread of its own; a newer call takes the place of what an
/// older one has not reached.
public enum PaperReadAhead {
    private final class Newest: @unchecked Sendable {
        let lock = NSLock()
        var number = 0
    }

    private static let newest = Newest()
    private static let queue = DispatchQueue(label: "forcecanvas.paper-read-ahead", qos: .utility)

    /// Reads ahead for `paper` shown through `shown` on a canvas of `screen` (points; the
    /// scene's `area` of it), `pixelsPerPoint` device pixels a point, and for the views `next`.
    public static func start(_ paper: [PaperPage], shown: CanvasView, next: [CanvasView], screen: Rect, area: Rect,
                             pixelsPerPoint: Double) {
        guard paper.contains(where: \.isDrawnFromAFile) else { return }
        PaperImages.shared.prefetch(pagesNear: shown.toDocument(area), of: paper, scale: shown.scale * pixelsPerPoint)
        let number = newest.lock.withLock {
            newest.number &+= 1
            return newest.number
        }
        queue.async {
            for view in next {
                guard newest.lock.withLock({ newest.number == number }) else { return }
                drawBackgrounds(of: paper, in: view, screen: screen, pixelsPerPoint: pixelsPerPoint)
            }
        }
    }

    /// Waits until what `start` asked for is read and drawn.
    public static func finish() {
        queue.sync {}
        PaperImages.shared.finishPrefetching()
    }

    /// Draws the images and PDF pages of the pages of `paper` that `view` shows on `screen`
    /// (`PaperPainter.drawFiles`) into a surface of one pixel, with the transform the ink cache
    /// draws them with (`FrozenInkCache.apply`): their pictures are made and kept.
    static func drawBackgrounds(of paper: [PaperPage], in view: CanvasView, screen: Rect, pixelsPerPoint: Double) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_set_device_scale(surface, pixelsPerPoint, pixelsPerPoint)
        guard let cr = cairo_create(surface) else { return }
        defer { cairo_destroy(cr) }
        FrozenInkCache.apply(view, to: cr)
        let visible = view.toDocument(screen)
        for page in paper where page.rect.intersects(visible) { PaperPainter.drawFiles(of: page, into: cr) }
    }
}
