import CCairo
import ForceCore

/// A rectangle in device pixels.
public struct PixelRect: Equatable, Sendable {
    public var x, y, width, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public var area: Int { width * height }

    /// The device pixels covering `r` (in points, at `scale`), clamped to a `width` × `height`
    /// surface; nil when nothing is left. Each edge is clamped as a `Double` before it becomes an
    /// `Int`, so ink anywhere (or a NaN) cannot trap.
    public init?(covering r: Rect, scale s: Double, width: Int, height: Int) {
        guard !r.isNull else { return nil }
        let columns = 0...width, rows = 0...height
        let x0 = Int(clamping: (r.x * s).rounded(.down), to: columns), y0 = Int(clamping: (r.y * s).rounded(.down), to: rows)
        let x1 = Int(clamping: (r.maxX * s).rounded(.up), to: columns), y1 = Int(clamping: (r.maxY * s).rounded(.up), to: rows)
        guard x1 > x0, y1 > y0 else { return nil }
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// These pixels in points, at `scale`.
    public func points(at scale: Double) -> Rect {
        Rect(x: Double(x) / scale, y: Double(y) / scale, width: Double(width) / scale, height: Double(height) / scale)
    }
}

/// Turns a `Display` into pixels: blits the frozen-ink cache, draws the live tail and the
/// overlays, and reports the dirty rect so the presenter uploads only that.
public final class FrameRenderer {
    /// The finished frame (read it after `render`).
    public private(set) var frame: ImageSurface
    private let cache: FrozenInkCache
    private var viewport: Viewport
    /// What changed since the last frame: the tail, the overlays, the scene, the help.
    private var changes = FrameChanges()
    /// The blurred Messages list behind a peek, made once per peek.
    private var backdrop: (key: String, viewport: Viewport, image: BlurredBackdrop)?
    /// The home or back swipe last drawn: the whole frame is drawn while one moves.
    private var swipe: SwipeDisplay?
    /// Whether the last frame drew a fitted screen (`Display.screenFit`): such frames, and the
    /// first after them, are drawn whole.
    private var wasFitted = false

    /// Every frame is drawn whole and ink damage redraws all ink: the pixels of a frame depend
    /// only on its display, never on which frames were rendered before (headless replays, whose
    /// PNGs must be the same bytes however many frames were skipped). The window renders
    /// incrementally instead: partial repaints match a full redraw within antialiasing (Cairo
    /// clips geometry at a clip's edge in 1/256 px steps, so a pixel there may round one level
    /// apart).
    public let canonical: Bool

    /// `standIns`: the window's, which may draw a PDF page a zoom step shows from its picture at
    /// the last scale while its own is made (`FrozenInkCache`); never with `canonical`.
    public init(viewport: Viewport, canonical: Bool = false, standIns: Bool = false) throws(RenderError) {
        self.viewport = viewport
        self.canonical = canonical
        frame = try ImageSurface(viewport: viewport)
        cache = try FrozenInkCache(viewport: viewport, partialRepaints: !canonical, standIns: standIns && !canonical)
    }

    /// The next frame is drawn whole, ink and all: the display that follows is not the last
    /// one changed (a seek in the player, a switch between the player and the live canvas).
    public func invalidate() {
        changes.invalidate()
        cache.reset()
    }

    /// Brings the ink cache up to date with `d` without drawing a frame (what a frame that is
    /// never shown still does to the cache: a headless replay stepping every frame).
    public func prepare(_ d: Display) throws(RenderError) {
        if d.viewport != viewport {
            viewport = d.viewport
            frame = try ImageSurface(viewport: viewport)
            changes.invalidate()
        }
        if d.scene.isCanvas { _ = try cache.update(d.ink, viewport: viewport) }
    }

    /// Renders one frame with an optional status line and a `warning` that stays while a
    /// problem lasts. Returns the pixel rects that changed (empty when nothing did).
    @discardableResult
    public func render(_ d: Display, stats: FrameStats? = nil, status: String? = nil,
                       warning: String? = nil) throws(RenderError) -> [PixelRect] {
        if d.viewport != viewport {
            viewport = d.viewport
            frame = try ImageSurface(viewport: viewport)
            changes.invalidate()
        }
        // The display whose scene, ink and screen overlays are drawn: the replay's, fitted into
        // this one's screen, when the player's view moved the screen.
        let fit = d.screenFit
        let onScreen = fit?.screen ?? d
        let isCanvas = onScreen.scene.isCanvas
        let scenePainting = onScreen.scene.painting(viewport: viewport)
        let change = isCanvas ? try cache.update(onScreen.ink, viewport: viewport) : .none
        let painter = InkPainter(style: onScreen.ink.style)
        var overlays = OverlayPainter(display: d, stats: stats, status: status, warning: warning)
        if fit != nil { overlays.layer = .window }
        if d.showHelp { overlays.helpLayout = try changes.help(for: d, measuringOn: frame) }
        try changes.measureMessages(of: &overlays, on: frame)
        let items = overlays.items

        var tail: StrokeTessellator.Pieces?
        var tailRect = Rect.null
        if isCanvas, let live = onScreen.ink.live {
            let pieces = cache.tail(of: live, style: onScreen.ink.style)
            tail = pieces
            tailRect = cache.screenArea(of: pieces)
        }
        if changes.sceneChanged(to: onScreen.scene) { changes.invalidate() }
        if onScreen.swipe != swipe { changes.invalidate() }
        swipe = onScreen.swipe
        if fit != nil || wasFitted { changes.invalidate() }
        wasFitted = fit != nil
        if isCanvas { backdrop = nil }

        var dirty = DirtyRegion(clip: viewport.bounds)
        let tailAreas = changes.tail(tailRect)
        // Overlays that appeared, disappeared, moved or changed content.
        let overlayChanges = changes.overlays(items)
        if changes.needsFull || canonical || change == .all {
            dirty.add(viewport.bounds)
        } else {
            if case .areas(let rects) = change { for r in rects { dirty.add(r) } }
            dirty.add(tailAreas.previous)
            dirty.add(tailAreas.now)
            for r in overlayChanges { dirty.add(r) }
        }
        changes.drawn()
        let pixels = dirty.rects.compactMap(pixelRect)
        guard !pixels.isEmpty else {
            // An idle frame: make the blurred backdrop now, so a peek or a menu starting later
            // does not pay for it in its first frame.
            try scenePainting?.prepareBackdrop(backdrop(key:draw:))
            return []
        }

        guard let cr = frame.makeContext() else { throw RenderError.surface("cannot draw the frame") }
        defer { cairo_destroy(cr) }
        let s = viewport.scale
        for p in pixels {
            let r = p.points(at: s)
            cairo_rectangle(cr, r.x, r.y, r.width, r.height)
        }
        cairo_clip(cr)
        if let fit {
            // The view's screen is black around the replay's; the replay's screen, its ink and
            // its overlays are drawn in its own points, shrunk into `target`.
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_paint(cr)
            cairo_save(cr)
            cairo_rectangle(cr, fit.target.x, fit.target.y, fit.target.width, fit.target.height)
            cairo_clip(cr)
            cairo_translate(cr, fit.target.x, fit.target.y)
            cairo_scale(cr, fit.scale, fit.scale)
            cairo_translate(cr, -fit.source.x, -fit.source.y)
            try drawScreen(onScreen, scenePainting, tail: tail, painter: painter, cr)
            var screenOverlays = OverlayPainter(display: onScreen, stats: nil, status: nil)
            screenOverlays.layer = .screen
            screenOverlays.draw(cr)
            cairo_restore(cr)
        } else {
            try drawScreen(d, scenePainting, tail: tail, painter: painter, cr)
        }
        overlays.draw(cr)
        frame.flush()
        return pixels
    }

    /// The scene of `d` (its painting), or the canvas's ink with its live `tail`; a swipe's
    /// scene moved over what it goes to.
    private func drawScreen(_ d: Display, _ scenePainting: (any ScenePainting)?, tail: StrokeTessellator.Pieces?,
                            painter: InkPainter, _ cr: OpaquePointer) throws(RenderError) {
        if let swipe = d.swipe {
            // The scene without blur or rings (none while a swipe moves), fitted into the swipe.
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_paint(cr)
            SwipePainter(swipe: swipe, screen: d.layout.screen).draw(cr, under: swipe.under.painting(viewport: viewport)) { cr in
                if let scenePainting { scenePainting.paintSharp(cr) } else { cache.draw(tail: tail, painter: painter, into: cr) }
            }
        } else if let scenePainting {
            try scenePainting.draw(cr, backdrop: backdrop(key:draw:))
        } else {
            cache.draw(tail: tail, painter: painter, into: cr)
        }
    }

    /// A blurred copy of what `draw` paints: drawn and blurred once per key (when a peek or a
    /// press starts), then reused every frame of it.
    private func backdrop(key: String, draw: (OpaquePointer) -> Void) throws(RenderError) -> BlurredBackdrop {
        if let b = backdrop, b.key == key, b.viewport == viewport { return b.image }
        let image = try BlurredBackdrop(viewport: viewport, draw: draw)
        backdrop = (key, viewport, image)
        return image
    }

    /// The device-pixel rect covering `r`, clamped to the frame.
    private func pixelRect(_ r: Rect) -> PixelRect? {
        PixelRect(covering: r, scale: viewport.scale, width: frame.pixelWidth, height: frame.pixelHeight)
    }
}
