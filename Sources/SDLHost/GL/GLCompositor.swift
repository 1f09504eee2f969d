import CGL
import CairoRender
import ForceCore

/// Puts a `LayerRenderer`'s layers together on the GPU with the shaders of `Shaders/`: the base
/// (ink cache or scene, blurred and dimmed live behind a peek), the live tail, the scene's sharp
/// elements, the rings as signed-distance fields, the overlays. Premultiplied alpha throughout:
/// Cairo's ARGB32 is blended with (1, 1 − source alpha).
///
/// A frame is composed into the window's back buffer — one pass for the base, the other layers
/// only over the rects where they have content — either whole or, when the presenter can show
/// part of the back buffer (`composeWindow(_:into:partly:)`), only inside the rects that changed
/// since the frame the window shows (scissored): a live tail costs its own size, not the
/// window's. The blurred base is kept while neither the blur nor the base changes.
final class GLCompositor {
    /// Where a composite goes: a framebuffer (0: the window's) of a size in pixels.
    struct Target {
        var framebuffer: GLuint
        var width: Int
        var height: Int
    }

    private let gl: GLFunctions
    private let composite: ShaderProgram
    private let ring: ShaderProgram
    private let chain: BlurChain.Programs
    private let vertexArray: GLuint
    private var layers: [LayerRenderer.LayerID: (texture: GLTexture, surface: ObjectIdentifier)] = [:]
    private var uploaded = -1
    private let blur: BlurChain
    /// The blurred base, with the blur and the render it was made at (nil: none made).
    private var blurred: (texture: GLTexture, blur: BackdropBlur, base: LayerRenderer.LayerID, generation: Int)?
    /// The last render in which the base layer changed.
    private var baseChanged = -1
    /// A texture of the layers' size to read frames back from.
    private var offscreen: GLTexture?
    /// What the window shows: the composition, the render it came from and the window's size
    /// (nil: not known, and the next composite into the window is whole).
    private var shown: (composition: LayerRenderer.Composition, generation: Int, width: Int, height: Int)?
    /// 16: more changed rects than this are composed as one, their bounds.
    static let mostRects = 16

    /// Compiles the shaders (naming the file and line of an error).
    init(_ gl: GLFunctions, sources: ShaderSources, dialect: GLDialect) throws(ShaderError) {
        self.gl = gl
        func program(_ fragment: String) throws(ShaderError) -> ShaderProgram {
            try ShaderProgram(gl, vertex: "composite.vert", fragment: fragment, sources: sources, dialect: dialect)
        }
        composite = try program("composite.frag")
        chain = BlurChain.Programs(copy: composite, quarter: try program("downsample.frag"), blur: try program("blur.frag"))
        ring = try program("ring.frag")
        var vao: GLuint = 0
        // The quads come from gl_VertexID: no vertex buffer, but core GL needs a vertex array bound.
        gl.genVertexArrays(1, &vao)
        vertexArray = vao
        blur = BlurChain(gl)
    }

    deinit {
        var vao = vertexArray
        gl.deleteVertexArrays(1, &vao)
    }

    /// Uploads what the last render changed: each layer's dirty rects (`glTexSubImage2D`), the
    /// whole layer only when its texture is new. Once per render, however often it is called.
    private func upload(_ renderer: LayerRenderer) throws(PresentError) {
        guard uploaded != renderer.generation else { return }
        uploaded = renderer.generation
        // Ink first: nothing else is uploaded before the cache and the tail.
        for id in [LayerRenderer.LayerID.ink, .tail, .scene, .front, .overlay] {
            let surface = renderer.surface(id)
            var rects = renderer.damage[id] ?? []
            let current = layers[id]
            if current == nil || current?.surface != ObjectIdentifier(surface) || current?.texture.width != surface.pixelWidth
                || current?.texture.height != surface.pixelHeight {
                layers[id] = (try GLTexture(gl, width: surface.pixelWidth, height: surface.pixelHeight, layer: true), ObjectIdentifier(surface))
                rects = [PixelRect(x: 0, y: 0, width: surface.pixelWidth, height: surface.pixelHeight)]
            }
            if id == renderer.composition.base, !rects.isEmpty { baseChanged = renderer.generation }
            layers[id]?.texture.upload(surface, rects: rects)
        }
        if let e = gl.takeError() { throw .device("\(e) uploading the layers") }
    }

    /// Composes the last render into the window (`target`): whole, or with `partly` only where it
    /// differs from the frame the window shows. Returns the rects composed (nil: the whole).
    func composeWindow(_ renderer: LayerRenderer, into target: Target, partly: Bool) throws(PresentError) -> [PixelRect]? {
        let rects = partly ? changedRects(renderer, target) : nil
        try compose(renderer, into: target, only: rects)
        shown = (renderer.composition, renderer.generation, target.width, target.height)
        return rects
    }

    /// The window's pixels were lost: the next composite into it is whole.
    func forgetShown() { shown = nil }

    /// A render that changed nothing (no layer's pixels, not the composition): the window still
    /// shows it, so the next render's changes are all there is to compose.
    func unchanged(_ renderer: LayerRenderer) {
        if let s = shown, s.generation + 1 == renderer.generation, s.composition == renderer.composition {
            shown?.generation = renderer.generation
        }
    }

    /// The rects of the window that the last render changed — each layer's damage and, where
    /// the rings moved, where they were and are — or nil when the whole window is to be composed:
    /// nothing is known of it, its size changed, a render was not composed into it, another
    /// base or blur, or the blurred base changed (the blur spreads a change everywhere).
    private func changedRects(_ renderer: LayerRenderer, _ target: Target) -> [PixelRect]? {
        let c = renderer.composition, v = renderer.viewport
        guard let last = shown, last.width == target.width, last.height == target.height,
              v.pixelWidth == target.width, v.pixelHeight == target.height, last.generation + 1 == renderer.generation,
              last.composition.base == c.base, last.composition.blur == c.blur,
              c.blur == nil || (renderer.damage[c.base] ?? []).isEmpty else { return nil }
        var rects = LayerRenderer.LayerID.allCases.flatMap { renderer.damage[$0] ?? [] }
        if c.rings != last.composition.rings {
            rects += (c.rings + last.composition.rings).compactMap {
                PixelRect(covering: $0.bounds, scale: v.scale, width: target.width, height: target.height)
            }
        }
        guard rects.count > Self.mostRects, var x0 = rects.first?.x, var y0 = rects.first?.y else { return rects }
        var x1 = x0, y1 = y0
        for r in rects {
            (x0, y0) = (min(x0, r.x), min(y0, r.y))
            (x1, y1) = (max(x1, r.x + r.width), max(y1, r.y + r.height))
        }
        return [PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)]
    }

    /// Composes the last render into `target`: whole, or only inside `rects` (scissored).
    func compose(_ renderer: LayerRenderer, into target: Target, only rects: [PixelRect]? = nil) throws(PresentError) {
        try upload(renderer)
        let c = renderer.composition
        guard let base = layers[c.base]?.texture else { throw .device("no base layer to compose") }
        gl.bindVertexArray(vertexArray)
        gl.activeTexture(GLenum(GL_TEXTURE0))
        gl.disable(GLenum(GL_BLEND))
        var source = base
        if let b = c.blur, b.sigma * renderer.viewport.scale > 0 {
            if let kept = blurred, kept.blur == b, kept.base == c.base, kept.generation >= baseChanged {
                source = kept.texture
            } else {
                source = try blur.run(base, sigma: b.sigma * renderer.viewport.scale, chain)
                blurred = (source, b, c.base, renderer.generation)
            }
        }
        gl.bindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        gl.viewport(0, 0, GLsizei(target.width), GLsizei(target.height))
        var target = target
        let frame = (width: renderer.viewport.pixelWidth, height: renderer.viewport.pixelHeight)
        if rects == nil, frame.width < target.width || frame.height < target.height {
            // A window larger than the frame shows it centred (`Letterbox`), the margins black.
            gl.clearColor(0, 0, 0, 1)
            gl.clear(GLbitfield(GL_COLOR_BUFFER_BIT))
            let origin = Letterbox.origin(frame: frame, window: (target.width, target.height))
            gl.viewport(GLint(origin.x), GLint(target.height - origin.y - frame.height), GLsizei(frame.width), GLsizei(frame.height))
            target = Target(framebuffer: target.framebuffer, width: frame.width, height: frame.height)
        }
        if let rects {
            // Each pass draws its rect's pixels afresh from the layers, so rects may overlap.
            gl.enable(GLenum(GL_SCISSOR_TEST))
            for r in rects where r.width > 0 && r.height > 0 {
                gl.scissor(GLint(r.x), GLint(target.height - r.y - r.height), GLsizei(r.width), GLsizei(r.height))
                drawLayers(renderer, base: source, into: target)
            }
            gl.disable(GLenum(GL_SCISSOR_TEST))
        } else {
            drawLayers(renderer, base: source, into: target)
        }
        if let e = gl.takeError() { throw .device("\(e) compositing") }
    }

    /// The base (`source`: the base layer, or it blurred) over the whole target, the other layers,
    /// the rings and the overlays over it.
    private func drawLayers(_ renderer: LayerRenderer, base source: GLTexture, into target: Target) {
        let c = renderer.composition
        gl.disable(GLenum(GL_BLEND))
        draw(source, into: PixelRect(x: 0, y: 0, width: target.width, height: target.height), of: target, dim: c.blur?.dim ?? 0)
        gl.enable(GLenum(GL_BLEND))
        gl.blendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        for id in [LayerRenderer.LayerID.tail, .front] {
            guard let texture = layers[id]?.texture else { continue }
            // A highlighter's tail is multiplied with the base: base × tail + base × (1 − tail's alpha).
            let multiplies = id == .tail && c.tailMultiplies
            if multiplies { gl.blendFunc(GLenum(GL_DST_COLOR), GLenum(GL_ONE_MINUS_SRC_ALPHA)) }
            for r in c.occupied[id] ?? [] { draw(texture, into: r, of: target) }
            if multiplies { gl.blendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA)) }
        }
        for shape in c.rings { drawRing(shape, scale: renderer.viewport.scale, target: target) }
        if let overlay = layers[.overlay]?.texture {
            for r in c.occupied[.overlay] ?? [] { draw(overlay, into: r, of: target) }
        }
        gl.disable(GLenum(GL_BLEND))
    }

    /// 64 px: the side of the textures the warm-up draws with.
    static let warmUpSide = 64

    /// Draws with every program once — each sampling, blending and size factor the frames use —
    /// into the window and into a texture, then waits. Drivers that compile shader variants on
    /// first use (llvmpipe's JIT takes milliseconds each) do it here, not in a peek's first frame.
    func warmUp(window: Target) throws(PresentError) {
        let side = Self.warmUpSide
        // The blur runs on a probe of the window's size: its targets are made now too.
        let probe = try GLTexture(gl, width: max(side, window.width), height: max(side, window.height), layer: true)
        let scratch = try GLTexture(gl, width: side, height: side, layer: false)
        gl.bindVertexArray(vertexArray)
        gl.activeTexture(GLenum(GL_TEXTURE0))
        var small = probe
        for sigma in GaussianBlur.factors.map({ min($0.below, 16) - 0.5 }) { small = try blur.run(probe, sigma: sigma, chain) }
        // Any ring of each style: what matters is each program with its state, not the values.
        let rings = [RingShape(center: Point(x: 32, y: 32), radius: 20, width: 4, fraction: 0.5, colour: RGBA(0, 0, 1),
                               style: .progress(track: RGBA(0.5, 0.5, 0.5, 0.3))),
                     RingShape(center: Point(x: 32, y: 32), radius: 20, width: 1, fraction: 0.5, colour: RGBA(1, 0, 0),
                               style: .glowing(radius: 2))]
        for target in [window, Target(framebuffer: scratch.framebuffer, width: side, height: side)] {
            gl.bindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
            gl.viewport(0, 0, GLsizei(target.width), GLsizei(target.height))
            let area = PixelRect(x: 0, y: 0, width: side, height: side)
            gl.disable(GLenum(GL_BLEND))
            draw(probe, into: area, of: target)
            draw(small, into: area, of: target, dim: 0.5)
            gl.enable(GLenum(GL_BLEND))
            gl.blendFunc(GLenum(GL_DST_COLOR), GLenum(GL_ONE_MINUS_SRC_ALPHA))
            draw(probe, into: area, of: target)
            gl.blendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
            draw(probe, into: area, of: target)
            for r in rings { drawRing(r, scale: 1, target: target) }
            gl.disable(GLenum(GL_BLEND))
        }
        gl.finish()
        if let e = gl.takeError() { throw .device("\(e) warming the shaders up") }
    }

    /// Composes the last render into a texture of the layers' size and reads it back.
    func snapshot(_ renderer: LayerRenderer) throws(PresentError) -> ImageSurface {
        let v = renderer.viewport
        if offscreen?.width != v.pixelWidth || offscreen?.height != v.pixelHeight {
            offscreen = try GLTexture(gl, width: v.pixelWidth, height: v.pixelHeight, layer: false)
        }
        guard let texture = offscreen else { throw .device("no texture to read the frame back from") }
        let target = Target(framebuffer: texture.framebuffer, width: texture.width, height: texture.height)
        try compose(renderer, into: target)
        return try readBack(target, viewport: v)
    }

    /// Draws the part of `texture` under `rect` (the texture covers the whole target) into the
    /// same rect of `target`, dimmed by `dim`. A texture of another size is scaled to the target.
    private func draw(_ texture: GLTexture, into rect: PixelRect, of target: Target, dim: Double = 0) {
        let w = Double(target.width), h = Double(target.height)
        var v0 = Double(rect.y) / h, v1 = Double(rect.y + rect.height) / h
        if !texture.topDown { (v0, v1) = (1 - v0, 1 - v1) }
        texture.setFilter(linear: texture.width != target.width || texture.height != target.height)
        gl.useProgram(composite.id)
        composite.set("uTarget", w, h)
        composite.set("uRect", Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        composite.set("uSource", Double(rect.x) / w, v0, Double(rect.x + rect.width) / w, v1)
        composite.set("uLayer", Int32(0))
        composite.set("uOpacity", 1.0)
        composite.set("uDim", dim)
        gl.bindTexture(GLenum(GL_TEXTURE_2D), texture.id)
        gl.drawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }

    /// One ring as a signed-distance field over its bounds.
    private func drawRing(_ shape: RingShape, scale: Double, target: Target) {
        guard let r = PixelRect(covering: shape.bounds, scale: scale, width: target.width, height: target.height) else { return }
        gl.useProgram(ring.id)
        ring.set("uTarget", Double(target.width), Double(target.height))
        ring.set("uRect", Double(r.x), Double(r.y), Double(r.width), Double(r.height))
        ring.set("uSource", 0, 0, 1, 1)
        ring.set("uCenter", shape.center.x * scale, shape.center.y * scale)
        ring.set("uRadius", shape.radius)
        ring.set("uWidth", shape.width)
        ring.set("uScale", shape.scale * scale)
        ring.set("uProgress", Force.normalized(shape.fraction))
        let c = shape.colour
        ring.set("uColour", c.r * c.a, c.g * c.a, c.b * c.a, c.a)
        switch shape.style {
        case .progress(let t):
            ring.set("uTrack", t.r * t.a, t.g * t.a, t.b * t.a, t.a)
            ring.set("uGlow", 0.0)
        case .glowing(let glow):
            ring.set("uTrack", 0, 0, 0, 0)
            ring.set("uGlow", glow)
        }
        let layers = RingShape.glowLayers
        ring.set("uGlowLayers", layers[0].widthInRadii, layers[0].alpha, layers[1].widthInRadii, layers[1].alpha)
        gl.drawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }

    /// Reads `target` back as Cairo's ARGB32 (`glReadPixels`: rows bottom up, R G B A bytes).
    func readBack(_ target: Target, viewport: Viewport) throws(PresentError) -> ImageSurface {
        let surface: ImageSurface
        do { surface = try ImageSurface(viewport: viewport) } catch { throw .render(error) }
        guard let data = surface.data, surface.pixelWidth == target.width, surface.pixelHeight == target.height else {
            throw .device("the frame read back is \(target.width)x\(target.height), not the window's \(surface.pixelWidth)x\(surface.pixelHeight)")
        }
        var rgba = [UInt8](repeating: 0, count: target.width * target.height * 4)
        gl.bindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        gl.pixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        rgba.withUnsafeMutableBytes { b in
            gl.readPixels(0, 0, GLsizei(target.width), GLsizei(target.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), b.baseAddress)
        }
        gl.bindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        if let e = gl.takeError() { throw .device("\(e) reading the frame back") }
        for y in 0..<target.height {
            let from = (target.height - 1 - y) * target.width * 4, row = data + y * surface.stride
            for x in 0..<target.width {
                let i = from + x * 4
                (row[x * 4], row[x * 4 + 1], row[x * 4 + 2], row[x * 4 + 3]) = (rgba[i + 2], rgba[i + 1], rgba[i], rgba[i + 3])
            }
        }
        surface.markDirty()
        return surface
    }
}
