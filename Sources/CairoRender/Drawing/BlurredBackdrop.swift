import CCairo
import Dispatch
import ForceCore

/// What stays behind a peek or a quick-action menu in the software presenter: the scene drawn
/// once, sharp (in an idle frame before the press, else when it starts), and blurred by the σ the transition's progress asks for
/// (`BackdropBlur`), as the GL presenter blurs it (`GaussianBlur`: the same size factor, box
/// averages down, the same Gaussian weights, a bilinear scale-up).
///
/// A blur is made for each step of `sigmaStep` points the progress reaches and kept while the
/// press lasts (the last `keptBlurs` of them), so a press that moves back and forth costs one
/// blur per step, not one per frame.
public final class BlurredBackdrop {
    /// 0.25 pt: the σ steps blurs are made at (the GL presenter's σ is continuous; a quarter of a
    /// point of σ changes no pixel by more than a level or two).
    static let sigmaStep = 0.25
    /// 8: the blurs kept, the most recently used.
    static let keptBlurs = 8

    let viewport: Viewport
    /// The scene, sharp, at the viewport's pixel size.
    private let sharp: ImageSurface
    /// Every pixel of the scene is opaque (so is every blur of it).
    private let isOpaque: Bool
    /// The scene box-averaged down by each size factor above 1, made with the backdrop: a blur
    /// then only convolves. (Factor 1, for σ under 2 px, is made when asked and not kept: at
    /// full size it is 16 bytes a pixel.)
    private let reducedScenes: [ReducedScene]
    /// The blurs made so far, by σ step, the most recently used last.
    private var blurs: [(step: Int, image: ImageSurface)] = []
    /// The rows pass's result, kept (its pages touched once, not in a frame).
    private var pass: [SIMD4<Float>]
    /// A surface for the next blur of its size (made with the backdrop, or one that was evicted).
    private var spare: ImageSurface?

    /// Keeps what `draw` paints for `viewport`, to blur it as the press asks. Everything a
    /// press's first blur needs but σ is made now, in a frame with nothing else to do, not in
    /// the frame the peek first shows.
    public init(viewport: Viewport, draw: (OpaquePointer) -> Void) throws(RenderError) {
        self.viewport = viewport
        sharp = try ImageSurface(viewport: viewport)
        guard let cr = sharp.makeContext() else { throw RenderError.surface("cannot draw the backdrop") }
        draw(cr)
        cairo_destroy(cr)
        sharp.flush()
        var scenes: [ReducedScene] = []
        for (_, factor) in GaussianBlur.factors where factor > 1 { scenes.append(try ReducedScene(sharp, factor: factor)) }
        reducedScenes = scenes
        // A pixel that is not opaque leaves its block's mean alpha under 1 at any factor: the
        // smallest reduction (the scene itself, were there none) answers for the whole scene.
        let smallest: ReducedScene
        if let last = scenes.last { smallest = last } else { smallest = try ReducedScene(sharp, factor: 1) }
        isOpaque = smallest.texels.allSatisfy { $0.w == 1 }
        let largest = scenes.first
        pass = Self.zeros(largest.map { $0.width * $0.height } ?? 0)
        if let largest {
            spare = try? ImageSurface(viewport: Viewport(width: largest.width, height: largest.height))
            if let spare, let data = spare.data { data.update(repeating: 0, count: spare.stride * largest.height) }
        }
    }

    /// Whether `paint(into:blur:)` covers every pixel with opaque ones: whatever is under it is
    /// hidden and need not be drawn. So for a blurred scene drawn opaque; at σ 0 the scene
    /// under it shows.
    public func hides(_ blur: BackdropBlur) -> Bool { isOpaque && Self.step(blur) > 0 }

    /// The σ step a blur is made at.
    private static func step(_ blur: BackdropBlur) -> Int { Int((blur.sigma / sigmaStep).rounded()) }

    /// Paints the backdrop over the whole viewport as `blur` maps it: the scene blurred by its
    /// σ and dimmed by its `dim`. At σ 0 the scene under it is already the sharp one.
    public func paint(into cr: OpaquePointer, blur: BackdropBlur) {
        guard blur.isVisible else { return }
        let step = Self.step(blur)
        if step > 0, let image = blurred(step: step) {
            cairo_save(cr)
            cairo_scale(cr, Double(viewport.width) / Double(image.pixelWidth), Double(viewport.height) / Double(image.pixelHeight))
            cairo_set_source_surface(cr, image.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_paint(cr)
            cairo_restore(cr)
        }
        if blur.dim > 0 {
            cairo_set_source_rgba(cr, 0, 0, 0, blur.dim)
            cairo_paint(cr)
        }
    }

    /// The scene blurred by `step` σ steps: kept, or made now (nil if no surface can be made).
    func blurred(step: Int) -> ImageSurface? {
        if let i = blurs.firstIndex(where: { $0.step == step }) {
            let kept = blurs.remove(at: i)
            blurs.append(kept)
            return kept.image
        }
        let sigma = Double(step) * Self.sigmaStep * viewport.scale
        let factor = GaussianBlur.factor(sigma: sigma)
        guard let scene = reducedScenes.first(where: { $0.factor == factor }) ?? (try? ReducedScene(sharp, factor: factor)),
              let image = try? Self.blur(scene, sigma: sigma, pass: &pass, into: spare)
        else { return nil }
        if image === spare { spare = nil }
        blurs.append((step, image))
        // The blur least recently used goes; its surface takes the next blur of its size.
        if blurs.count > Self.keptBlurs { spare = blurs.removeFirst().image }
        return image
    }

    /// 2: the blur's stages are split into this many bands of rows, one thread each (each
    /// output texel is computed as on one thread: the result does not depend on the split).
    static let bands = 2

    /// `source` (premultiplied ARGB32) box-averaged down by the factor `sigma` pixels allows and
    /// blurred by a Gaussian of `sigma` pixels there, in a new surface of the reduced size.
    static func blur(_ source: ImageSurface, sigma: Double) throws(RenderError) -> ImageSurface {
        var pass: [SIMD4<Float>] = []
        return try blur(ReducedScene(source, factor: GaussianBlur.factor(sigma: sigma)), sigma: sigma, pass: &pass, into: nil)
    }

    /// `scene` (reduced by the factor `sigma` allows) blurred by a Gaussian of `sigma` pixels of
    /// the full size, into `spare` when it has the size (else a new surface). `pass` is working
    /// space, grown if it must be.
    static func blur(_ scene: ReducedScene, sigma: Double, pass: inout [SIMD4<Float>], into spare: ImageSurface?) throws(RenderError) -> ImageSurface {
        let w = scene.width, h = scene.height
        let out: ImageSurface
        if let spare, spare.pixelWidth == w, spare.pixelHeight == h {
            out = spare
        } else {
            out = try ImageSurface(viewport: Viewport(width: w, height: h))
        }
        guard let data = out.data else { throw RenderError.surface("cannot blur the backdrop") }
        if pass.count < w * h { pass = zeros(w * h) }
        let weights = GaussianBlur.weights(sigma: sigma / Double(scene.factor)).map(Float.init)
        let target = Target(pixels: data, stride: out.stride)
        scene.texels.withUnsafeBufferPointer { texels in
            pass.withUnsafeMutableBufferPointer { pass in
                nonisolated(unsafe) let texels = texels, pass = pass
                inBands(rows: h) { convolveRows($0, of: texels, into: pass, width: w, weights: weights) }
                inBands(rows: h) { convolveColumns($0, of: pass, width: w, height: h, weights: weights, into: target) }
            }
        }
        out.markDirty()
        return out
    }

    /// `count` texels of zero, their pages touched (by the blur's threads, which start too).
    private static func zeros(_ count: Int) -> [SIMD4<Float>] {
        [SIMD4<Float>](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let buffer = buffer
            inBands(rows: count) { range in
                for i in range { (buffer.baseAddress! + i).initialize(to: .zero) }
            }
            initialized = count
        }
    }

    /// A scene box-averaged down by a size factor: the mean of each `factor`×`factor` block
    /// (the pixels there are: the last row and column of blocks may be partial), as
    /// premultiplied RGBA in 0…1.
    struct ReducedScene {
        let factor: Int
        let width: Int, height: Int
        let texels: [SIMD4<Float>]

        init(_ source: ImageSurface, factor: Int) throws(RenderError) {
            // A block's channels are summed in 16 bits each.
            guard factor >= 1, factor * factor <= 257, let pixels = source.data else {
                throw RenderError.surface("cannot reduce the backdrop by \(factor)")
            }
            self.factor = factor
            let w = GaussianBlur.reduced(source.pixelWidth, by: factor), h = GaussianBlur.reduced(source.pixelHeight, by: factor)
            width = w
            height = h
            let from = Source(pixels: pixels, stride: source.stride, width: source.pixelWidth, height: source.pixelHeight)
            texels = [SIMD4<Float>](unsafeUninitializedCapacity: w * h) { buffer, initialized in
                nonisolated(unsafe) let buffer = buffer
                inBands(rows: h) { from.reduce(rows: $0, by: factor, width: w, into: buffer) }
                initialized = w * h
            }
        }
    }

    /// The sharp scene's pixels, as the reduction reads them.
    private struct Source: @unchecked Sendable {
        let pixels: UnsafeMutablePointer<UInt8>
        let stride: Int, width: Int, height: Int

        func reduce(rows: Range<Int>, by factor: Int, width w: Int, into texels: UnsafeMutableBufferPointer<SIMD4<Float>>) {
            for by in rows {
                let y0 = by * factor, y1 = min(height, y0 + factor)
                for bx in 0..<w {
                    let x0 = bx * factor, x1 = min(width, x0 + factor)
                    // Two channels a word, 16 bits apart: red and blue, alpha and green. A
                    // block of at most 257 pixels (8 × 8 is the largest) never carries over.
                    var redBlue: UInt32 = 0, alphaGreen: UInt32 = 0
                    for y in y0..<y1 {
                        let row = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                        for x in x0..<x1 {
                            let p = row[x]
                            redBlue &+= p & 0x00FF_00FF
                            alphaGreen &+= p >> 8 & 0x00FF_00FF
                        }
                    }
                    let sum = SIMD4(redBlue >> 16, alphaGreen & 0xFFFF, redBlue & 0xFFFF, alphaGreen >> 16)
                    (texels.baseAddress! + by * w + bx).initialize(to: SIMD4<Float>(sum) / Float(255 * (y1 - y0) * (x1 - x0)))
                }
            }
        }
    }

    /// The blurred surface's pixels, as the columns pass writes them.
    private struct Target: @unchecked Sendable {
        let pixels: UnsafeMutablePointer<UInt8>
        let stride: Int

        /// Writes a row of texels as premultiplied ARGB32 (each channel at most its alpha).
        func write(row y: Int, _ texels: UnsafeMutableBufferPointer<SIMD4<Float>>) {
            let row = UnsafeMutableRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in texels.indices {
                let c = texels[x]
                let a = UInt32(min(255, max(0, (c.w * 255).rounded())))
                func channel(_ v: Float) -> UInt32 { min(a, UInt32(min(255, max(0, (v * 255).rounded())))) }
                row[x] = a << 24 | channel(c.x) << 16 | channel(c.y) << 8 | channel(c.z)
            }
        }
    }

    /// Runs `body` on `bands` bands of `rows` at once (on this thread alone for a small image).
    private static func inBands(rows: Int, _ body: @Sendable (Range<Int>) -> Void) {
        let n = rows >= 64 ? bands : 1
        guard n > 1 else { return body(0..<rows) }
        DispatchQueue.concurrentPerform(iterations: n) { k in body(rows * k / n..<rows * (k + 1) / n) }
    }

    /// The Gaussian along each row of `rows`, the edges clamped (GL's clamp-to-edge). Each texel
    /// sums its centre, then each pair of neighbours k apart, in that order.
    private static func convolveRows(_ rows: Range<Int>, of source: UnsafeBufferPointer<SIMD4<Float>>,
                                     into target: UnsafeMutableBufferPointer<SIMD4<Float>>, width w: Int, weights: [Float]) {
        let radius = weights.count - 1
        weights.withUnsafeBufferPointer { weights in
            for y in rows {
                let src = source.baseAddress! + y * w, dst = target.baseAddress! + y * w
                // Texels whose reach stays inside the row need no clamping.
                let inner = radius..<max(radius, w - radius)
                for x in 0..<w where !inner.contains(x) {
                    var sum = src[x] * weights[0]
                    for k in stride(from: 1, through: radius, by: 1) {
                        sum += (src[max(0, x - k)] + src[min(w - 1, x + k)]) * weights[k]
                    }
                    dst[x] = sum
                }
                for x in inner {
                    var sum = src[x] * weights[0]
                    for k in stride(from: 1, through: radius, by: 1) {
                        sum += (src[x - k] + src[x + k]) * weights[k]
                    }
                    dst[x] = sum
                }
            }
        }
    }

    /// The Gaussian down each column, for the output rows `rows`, the edges clamped, each row
    /// written to `target` as it is done. Row by row (each texel sums in the order
    /// `convolveRows` does), so the reads run along memory.
    private static func convolveColumns(_ rows: Range<Int>, of source: UnsafeMutableBufferPointer<SIMD4<Float>>,
                                        width w: Int, height h: Int, weights: [Float], into target: Target) {
        let radius = weights.count - 1
        let line = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: w)
        defer { line.deallocate() }
        weights.withUnsafeBufferPointer { weights in
            for y in rows {
                let dst = line.baseAddress!, centre = source.baseAddress! + y * w
                let w0 = weights[0]
                for x in 0..<w { dst[x] = centre[x] * w0 }
                for k in stride(from: 1, through: radius, by: 1) {
                    let above = source.baseAddress! + max(0, y - k) * w, below = source.baseAddress! + min(h - 1, y + k) * w
                    let wk = weights[k]
                    for x in 0..<w { dst[x] += (above[x] + below[x]) * wk }
                }
                target.write(row: y, line)
            }
        }
    }
}
