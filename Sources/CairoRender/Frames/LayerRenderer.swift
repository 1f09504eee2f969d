import CCairo
import ForceCore

/// The frame as separate Cairo surfaces, for a presenter that composites them itself (the GL
/// presenter: each layer is a texture, uploaded only in its dirty rects).
///
/// Layers, bottom to top: the base — the frozen-ink cache on the canvas (`FrozenInkCache`,
/// the same one the software path blits), the scene elsewhere (what a peek blurs) —, the live
/// ink tail, the scene's sharp elements over the blur (`front`: a peek's row and panel, menus,
/// state lines), and the overlays (dock, HUD, help, teaching panels, chrome). All of them are
/// Cairo's ARGB32: premultiplied alpha, transparent where they have nothing.
///
/// Each layer is redrawn only where it changed, and the ink first: a moving tail clears and
/// redraws the tail layer in its old and new rects and nothing else — no overlay is redrawn over
/// it, no cache is blitted under it. The blur and the rings are not pixels here: they are
/// values (`Composition`) the compositor animates with uniforms.
public final class LayerRenderer {
    /// The layers, bottom to top (the base is `ink` or `scene`).
    public enum LayerID: Int, CaseIterable, Sendable { case ink, scene, tail, front, overlay }

    /// What the compositor puts together besides the layers' pixels.
    public struct Composition: Equatable, Sendable {
        /// The opaque layer at the bottom: `ink` on the canvas, `scene` elsewhere.
        public var base: LayerID = .ink
        /// How blurred and dimmed the base is (nil: sharp).
        public var blur: BackdropBlur?
        /// The rings over the scene's elements, bottom to top.
        public var rings: [RingShape] = []
        /// Where the transparent layers have content: only these rects need compositing.
        public var occupied: [LayerID: [PixelRect]] = [:]
        /// The tail is a highlighter's: it is multiplied with the base (premultiplied: the
        /// base times the tail plus the base times one minus the tail's alpha), as the software
        /// path's Cairo `MULTIPLY` puts it over the cache.
        public var tailMultiplies = false
    }

    /// The size and scale the layers are drawn at (a display of another size remakes them).
    public private(set) var viewport: Viewport
    /// The frozen-ink cache: the base on the canvas.
    public let ink: FrozenInkCache
    /// The scene's base elsewhere (what a peek blurs), opaque.
    public private(set) var scene: ImageSurface
    /// The live ink tail, transparent elsewhere.
    public private(set) var tail: ImageSurface
    /// The scene's elements drawn sharp over the blur, transparent elsewhere.
    public private(set) var front: ImageSurface
    /// The overlays (dock, HUD, help, teaching panels, chrome), transparent elsewhere.
    public private(set) var overlay: ImageSurface
    /// The pixel rects each layer changed in the last `render` (to upload).
    public private(set) var damage: [LayerID: [PixelRect]] = [:]
    /// The last frame's composition.
    public private(set) var composition = Composition()
    /// Counts renders: a presenter uploads each render's damage once.
    public private(set) var generation = 0
    /// Whether the live stroke was on the cache's live layer at the last frame (its layer's
    /// pixels then move from the tail to the ink, and both change there).
    private var tailWasGrouped = false

    /// What changed since the last frame: the tail, the overlays, the scene, the help.
    private var changes = FrameChanges()
    /// Where the sharp elements were, and the scene's base as drawn (its own layer).
    private var previousFront: [Rect] = []
    private var previousBase: SceneDisplay?
    /// The home or back swipe last drawn: the scene layer holds the whole swipe while one moves.
    private var swipe: SwipeDisplay?
    /// Draws a frame whose screen is fitted (`Display.screenFit`, the player's view) whole, in
    /// software: while one shows, the scene layer holds all of it (`renderFitted`).
    private var fitted: FrameRenderer?

    /// Layers for `viewport`, every one drawn whole at the first render; `standIns` as
    /// `FrameRenderer`'s (the window's).
    public init(viewport: Viewport, standIns: Bool = false) throws(RenderError) {
        self.viewport = viewport
        ink = try FrozenInkCache(viewport: viewport, standIns: standIns)
        scene = try ImageSurface(viewport: viewport)
        tail = try ImageSurface(viewport: viewport)
        front = try ImageSurface(viewport: viewport)
        overlay = try ImageSurface(viewport: viewport)
    }

    /// The surface of a layer.
    public func surface(_ id: LayerID) -> ImageSurface {
        switch id {
        case .ink: ink.surface
        case .scene: scene
        case .tail: tail
        case .front: front
        case .overlay: overlay
        }
    }

    /// The next frame is drawn whole, ink and all: the display that follows is not the one last
    /// drawn changed a little (a seek in the player, the player giving way to the live canvas).
    public func invalidate() {
        changes.invalidate()
        ink.reset()
    }

    /// Renders what changed. Returns whether anything on screen changed: a layer's pixels or
    /// the composition (a ring's progress, the blur's).
    @discardableResult
    public func render(_ request: FrameRequest) throws(RenderError) -> Bool {
        let d = request.display
        if d.viewport != viewport {
            viewport = d.viewport
            (scene, tail, front, overlay) = (try ImageSurface(viewport: viewport), try ImageSurface(viewport: viewport),
                                             try ImageSurface(viewport: viewport), try ImageSurface(viewport: viewport))
            changes.invalidate()
        }
        damage = [:]
        generation += 1
        if d.screenFit != nil { return try renderFitted(request) }
        if fitted != nil {
            // Back from a fitted frame: every layer is drawn again, the ink cache too.
            fitted = nil
            invalidate()
        }
        if d.swipe != swipe { changes.invalidate() }
        swipe = d.swipe
        let isCanvas = d.scene.isCanvas
        let scenePainting = d.scene.painting(viewport: viewport)
        // Ink first: the cache and the live tail depend on nothing else.
        let change = isCanvas ? try ink.update(d.ink, viewport: viewport) : .none
        if isCanvas { damage[.ink] = changes.needsFull || change == .all ? [fullRect] : areas(change).compactMap(pixelRect) }
        var tailArea: [Rect] = []
        if let swipe = d.swipe {
            try renderSwipe(d, swipe, scenePainting)
        } else {
            tailArea = try renderTail(d, change: change)
            try renderScene(d, scenePainting)
        }
        let overlayArea = try renderOverlays(request)
        let previous = composition
        composition = d.swipe == nil
            ? Composition(base: isCanvas ? .ink : .scene, blur: scenePainting?.blur, rings: scenePainting?.rings ?? [])
            : Composition(base: .scene, blur: nil, rings: [])
        // Disjoint: a pixel composited twice would darken wherever the layer is translucent.
        composition.occupied[.tail] = PixelRect.disjoint(region(tailArea).rects.compactMap(pixelRect))
        composition.tailMultiplies = isCanvas && d.swipe == nil
            && d.ink.live.map { InkPainter(style: d.ink.style).multiplies($0.tool) } == true
        composition.occupied[.front] = PixelRect.disjoint(region(previousFront).rects.compactMap(pixelRect))
        composition.occupied[.overlay] = PixelRect.disjoint(region(overlayArea).rects.compactMap(pixelRect))
        changes.drawn()
        return damage.values.contains { !$0.isEmpty } || composition != previous
    }

    // MARK: Layers

    /// The live tail (and, with translucent ink, the live stroke's own layer) on a clear layer.
    private func renderTail(_ d: Display, change: FrozenInkCache.Change) throws(RenderError) -> [Rect] {
        let painter = InkPainter(style: d.ink.style)
        var area = Rect.null
        var pieces: StrokeTessellator.Pieces?
        if d.scene.isCanvas, let live = d.ink.live {
            let p = ink.tail(of: live, style: d.ink.style)
            area = ink.screenArea(of: p)
            pieces = p
        }
        let grouped = d.scene.isCanvas && ink.liveDrawsInGroups
        defer { tailWasGrouped = grouped }
        if grouped { area = area.union(ink.liveLayerBounds) }
        var dirty = DirtyRegion(clip: viewport.bounds)
        if changes.needsFull { dirty.add(viewport.bounds) }
        let tailAreas = changes.tail(area)
        dirty.add(tailAreas.previous)
        dirty.add(tailAreas.now)
        if grouped || tailWasGrouped { for r in areas(change) { dirty.add(r) } }
        damage[.tail] = try redraw(tail, dirty) { cr in
            if let pieces { self.ink.drawTail(pieces, painter: painter, into: cr) }
        }
        return [area]
    }

    /// A home or back swipe: all of it in the scene layer (what it goes to, the scene moved over
    /// it), the other layers clear; no blur, no rings.
    private func renderSwipe(_ d: Display, _ swipe: SwipeDisplay, _ painting: (any ScenePainting)?) throws(RenderError) {
        var all = DirtyRegion(clip: viewport.bounds)
        all.add(viewport.bounds)
        let painter = InkPainter(style: d.ink.style)
        let tailPieces = d.scene.isCanvas ? d.ink.live.map { ink.tail(of: $0, style: d.ink.style) } : nil
        let under = swipe.under.painting(viewport: viewport)
        damage[.scene] = try redraw(scene, all) { cr in
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_paint(cr)
            SwipePainter(swipe: swipe, screen: d.layout.screen).draw(cr, under: under) { cr in
                if let painting { painting.paintSharp(cr) } else { self.ink.draw(tail: tailPieces, painter: painter, into: cr) }
            }
        }
        damage[.front] = try redraw(front, all) { _ in }
        damage[.tail] = try redraw(tail, all) { _ in }
        previousFront = []
        previousBase = nil
    }

    /// A frame whose screen is fitted into the view's (`ScreenFit`): drawn whole by a
    /// `FrameRenderer`, into the scene layer; the other layers clear, no blur, no rings. The
    /// player's view at another text size is a still picture of the replay most of the time.
    private func renderFitted(_ request: FrameRequest) throws(RenderError) -> Bool {
        let renderer: FrameRenderer
        if let fitted { renderer = fitted } else { renderer = try FrameRenderer(viewport: viewport) }
        fitted = renderer
        try renderer.render(request.display, stats: request.stats, status: request.status, warning: request.warning)
        var all = DirtyRegion(clip: viewport.bounds)
        all.add(viewport.bounds)
        damage[.scene] = try redraw(scene, all) { cr in
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_surface(cr, renderer.frame.surface, 0, 0)
            cairo_paint(cr)
        }
        for id in [LayerID.tail, .front, .overlay] { damage[id] = try redraw(surface(id), all) { _ in } }
        previousFront = []
        previousBase = nil
        swipe = nil
        composition = Composition(base: .scene)
        changes.invalidate()
        return true
    }

    /// The scene's base when what it shows changed, and its sharp elements when anything did.
    private func renderScene(_ d: Display, _ painting: (any ScenePainting)?) throws(RenderError) {
        let changed = changes.sceneChanged(to: d.scene) || changes.needsFull
        let base = painting?.base
        if let painting, let base, changes.needsFull || base != previousBase {
            var all = DirtyRegion(clip: viewport.bounds)
            all.add(viewport.bounds)
            damage[.scene] = try redraw(scene, all) { cr in painting.paintBase(cr) }
        }
        previousBase = base
        guard changed else { return }
        // Each element is recorded on its own, so the layer changes only where elements were or are.
        var recordings: [OpaquePointer] = []
        defer { for r in recordings { cairo_surface_destroy(r) } }
        var extents: [Rect] = []
        // Bounded by the window: a group (a peek's panel) on an unbounded recording has no extents.
        var bounds = cairo_rectangle_t(x: 0, y: 0, width: Double(viewport.width), height: Double(viewport.height))
        for element in painting?.front ?? [] {
            guard let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &bounds) else { continue }
            recordings.append(recording)
            guard let cr = cairo_create(recording) else { continue }
            element(cr)
            cairo_destroy(cr)
            var x = 0.0, y = 0.0, w = 0.0, h = 0.0
            cairo_recording_surface_ink_extents(recording, &x, &y, &w, &h)
            if w > 0, h > 0 { extents.append(Rect(x: x, y: y, width: w, height: h)) }
        }
        var dirty = region(previousFront + extents)
        if changes.needsFull { dirty.add(viewport.bounds) }
        previousFront = extents
        damage[.front] = try redraw(front, dirty) { cr in
            for r in recordings {
                cairo_set_source_surface(cr, r, 0, 0)
                cairo_paint(cr)
            }
        }
    }

    /// The overlays whose content changed (or that appeared, moved or went). Returns the areas
    /// the overlays cover now.
    private func renderOverlays(_ request: FrameRequest) throws(RenderError) -> [Rect] {
        let d = request.display
        var overlays = OverlayPainter(display: d, stats: request.stats, status: request.status, warning: request.warning)
        if d.showHelp { overlays.helpLayout = try changes.help(for: d, measuringOn: overlay) }
        try changes.measureMessages(of: &overlays, on: overlay)
        let items = overlays.items
        var dirty = DirtyRegion(clip: viewport.bounds)
        if changes.needsFull { dirty.add(viewport.bounds) }
        for r in changes.overlays(items) { dirty.add(r) }
        damage[.overlay] = try redraw(overlay, dirty) { cr in overlays.draw(cr) }
        return items.map(\.rect)
    }

    /// Clears `dirty` on `surface` and draws there; returns the pixel rects touched.
    private func redraw(_ surface: ImageSurface, _ dirty: DirtyRegion,
                        _ draw: (OpaquePointer) -> Void) throws(RenderError) -> [PixelRect] {
        let pixels = dirty.rects.compactMap(pixelRect)
        guard !pixels.isEmpty else { return [] }
        guard let cr = surface.makeContext() else { throw RenderError.surface("cannot draw a layer") }
        defer {
            cairo_destroy(cr)
            surface.flush()
        }
        let s = viewport.scale
        for p in pixels {
            let r = p.points(at: s)
            cairo_rectangle(cr, r.x, r.y, r.width, r.height)
        }
        cairo_clip(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        draw(cr)
        return pixels
    }

    // MARK: Areas

    private var fullRect: PixelRect { PixelRect(x: 0, y: 0, width: viewport.pixelWidth, height: viewport.pixelHeight) }

    private func areas(_ change: FrozenInkCache.Change) -> [Rect] {
        switch change {
        case .none: []
        case .all: [viewport.bounds]
        case .areas(let rects): rects
        }
    }

    private func region(_ rects: [Rect]) -> DirtyRegion {
        var r = DirtyRegion(clip: viewport.bounds)
        for rect in rects { r.add(rect) }
        return r
    }

    /// The device-pixel rect covering `r`, clamped to the layers.
    private func pixelRect(_ r: Rect) -> PixelRect? { PixelRect(covering: r, scale: viewport.scale, width: viewport.pixelWidth,
                                                                 height: viewport.pixelHeight) }
}

extension PixelRect {
    /// The same pixels as `rects`, in rects that do not overlap: each rect less the ones before it.
    static func disjoint(_ rects: [PixelRect]) -> [PixelRect] {
        var out: [PixelRect] = []
        for r in rects {
            var pieces = [r]
            for taken in out { pieces = pieces.flatMap { $0.subtracting(taken) } }
            out += pieces
        }
        return out
    }

    /// This rect less `other`: up to four rects (above, below, left, right of the overlap).
    func subtracting(_ other: PixelRect) -> [PixelRect] {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
        guard x1 > x0, y1 > y0 else { return [self] }
        var out: [PixelRect] = []
        if y0 > y { out.append(PixelRect(x: x, y: y, width: width, height: y0 - y)) }
        if y + height > y1 { out.append(PixelRect(x: x, y: y1, width: width, height: y + height - y1)) }
        if x0 > x { out.append(PixelRect(x: x, y: y0, width: x0 - x, height: y1 - y0)) }
        if x + width > x1 { out.append(PixelRect(x: x1, y: y0, width: x + width - x1, height: y1 - y0)) }
        return out
    }
}
