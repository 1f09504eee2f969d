import CCairo
import ForceCore

/// What stays behind a peek or a quick-action menu in the software presenter: the scene drawn
/// once, sharp, when the press starts, and blurred by the σ the transition's progress asks for
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
    /// The blurs made so far, by σ step, the most recently used last.
    private var blurs: [(step: Int, image: ImageSurface)] = []

    /// Keeps what `draw` paints for `viewport`, to blur it as the press asks.
    public init(viewport: Viewport, draw: (OpaquePointer) -> Void) throws(RenderError) {
        self.viewport = viewport
        sharp = try ImageSurface(viewport: viewport)
        guard let cr = sharp.makeContext() else { throw RenderError.surface("cannot draw the backdrop") }
        draw(cr)
        cairo_destroy(cr)
        sharp.flush()
    }

    /// Paints the backdrop over the whole viewport as `blur` maps it: the scene blurred by its
    /// σ and dimmed by its `dim`. At σ 0 the scene under it is already the sharp one.
    public func paint(into cr: OpaquePointer, blur: BackdropBlur) {
        guard blur.isVisible else { return }
        let step = Int((blur.sigma / Self.sigmaStep).rounded())
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
    private func blurred(step: Int) -> ImageSurface? {
        if let i = blurs.firstIndex(where: { $0.step == step }) {
            let kept = blurs.remove(at: i)
            blurs.append(kept)
            return kept.image
        }
        guard let image = try? Self.blur(sharp, sigma: Double(step) * Self.sigmaStep * viewport.scale) else { return nil }
        blurs.append((step, image))
        if blurs.count > Self.keptBlurs { blurs.removeFirst() }
        return image
    }

    /// `source` (premultiplied ARGB32) box-averaged down by the factor `sigma` pixels allows and
    /// blurred by a Gaussian of `sigma` pixels there, in a new surface of the reduced size.
    static func blur(_ source: ImageSurface, sigma: Double) throws(RenderError) -> ImageSurface {
        let factor = GaussianBlur.factor(sigma: sigma)
        let w = max(1, (source.pixelWidth + factor - 1) / factor), h = max(1, (source.pixelHeight + factor - 1) / factor)
        var texels = downsample(source, factor: factor, width: w, height: h)
        let weights = GaussianBlur.weights(sigma: sigma / Double(factor)).map(Float.init)
        var pass = [SIMD4<Float>](repeating: .zero, count: w * h)
        convolve(texels, into: &pass, width: w, height: h, along: (1, 0), weights: weights)
        convolve(pass, into: &texels, width: w, height: h, along: (0, 1), weights: weights)
        let out = try ImageSurface(viewport: Viewport(width: w, height: h))
        guard let data = out.data else { throw RenderError.surface("cannot blur the backdrop") }
        let stride = out.stride
        for y in 0..<h {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let c = texels[y * w + x]
                let a = UInt32(min(255, max(0, (c.w * 255).rounded())))
                func channel(_ v: Float) -> UInt32 { min(a, UInt32(min(255, max(0, (v * 255).rounded())))) }
                row[x] = a << 24 | channel(c.x) << 16 | channel(c.y) << 8 | channel(c.z)
            }
        }
        out.markDirty()
        return out
    }

    /// The mean of each `factor`×`factor` block of `source` (the pixels there are: the last row
    /// and column of blocks may be partial), as premultiplied RGBA in 0…1.
    private static func downsample(_ source: ImageSurface, factor: Int, width w: Int, height h: Int) -> [SIMD4<Float>] {
        var texels = [SIMD4<Float>](repeating: .zero, count: w * h)
        guard let data = source.data else { return texels }
        let stride = source.stride, pw = source.pixelWidth, ph = source.pixelHeight
        for by in 0..<h {
            let y0 = by * factor, y1 = min(ph, y0 + factor)
            for bx in 0..<w {
                let x0 = bx * factor, x1 = min(pw, x0 + factor)
                var sum = SIMD4<UInt32>.zero
                for y in y0..<y1 {
                    let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in x0..<x1 {
                        let p = row[x]
                        sum &+= SIMD4(p >> 16 & 0xFF, p >> 8 & 0xFF, p & 0xFF, p >> 24)
                    }
                }
                texels[by * w + bx] = SIMD4<Float>(sum) / Float(255 * (y1 - y0) * (x1 - x0))
            }
        }
        return texels
    }

    /// One pass of the Gaussian along `step` (a texel right or down), the edges clamped (GL's
    /// clamp-to-edge).
    private static func convolve(_ source: [SIMD4<Float>], into target: inout [SIMD4<Float>], width w: Int, height h: Int,
                                 along step: (Int, Int), weights: [Float]) {
        let radius = weights.count - 1
        source.withUnsafeBufferPointer { src in
            target.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    for x in 0..<w {
                        var sum = src[y * w + x] * weights[0]
                        for k in stride(from: 1, through: radius, by: 1) {
                            let a: Int, b: Int
                            if step.0 == 1 {
                                a = y * w + max(0, x - k)
                                b = y * w + min(w - 1, x + k)
                            } else {
                                a = max(0, y - k) * w + x
                                b = min(h - 1, y + k) * w + x
                            }
                            sum += (src[a] + src[b]) * weights[k]
                        }
                        dst[y * w + x] = sum
                    }
                }
            }
        }
    }
}
