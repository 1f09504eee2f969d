import CCairo
import ForceCore

/// A blurred copy of a frame: what stays behind a peek in the software presenter. Made once
/// when the peek starts and cross-faded in as the preview grows (`BackdropBlur` maps the
/// progress; the GL presenter blurs live instead, `Shaders/blur.frag`).
///
/// The frame is scaled down by `downscale`, box-blurred twice (a tent filter), and
/// drawn back scaled up with a bilinear filter, which smooths it further: a few milliseconds at
/// 1920×1080 instead of a full-resolution blur.
public final class BlurredBackdrop {
    /// 4: blur at a quarter of the size in points in each direction.
    static let downscale = 4
    /// Box radius in downscaled pixels (16 pt at full size), two passes (a tent, close
    /// enough to a Gaussian once scaled up bilinearly; a third pass cost 4 ms at 1080p).
    static let boxRadius = 4
    static let passes = 2

    let small: ImageSurface
    let viewport: Viewport

    /// Blurs what `draw` paints for `viewport`: drawn straight at a quarter of the size (no
    /// full-size pass, no downscaling filter), then box-blurred.
    public init(viewport: Viewport, draw: (OpaquePointer) -> Void) throws(RenderError) {
        self.viewport = viewport
        // A quarter of the size in points, whatever the HiDPI scale: the blur is as wide in points
        // on every screen (at scale 1, a quarter of the pixels, as it always was).
        let w = max(1, viewport.width / Self.downscale), h = max(1, viewport.height / Self.downscale)
        small = try ImageSurface(viewport: Viewport(width: w, height: h))
        guard let cr = small.makeContext() else { throw RenderError.surface("cannot draw the backdrop") }
        cairo_scale(cr, Double(w) / Double(viewport.width), Double(h) / Double(viewport.height))
        draw(cr)
        cairo_destroy(cr)
        small.flush()
        if let data = small.data {
            for _ in 0..<Self.passes { Self.boxBlur(data, width: w, height: h, stride: small.stride, radius: Self.boxRadius) }
        }
        small.markDirty()
    }

    /// Paints the backdrop over the whole viewport as `blur` maps it: cross-faded in by its
    /// fraction and dimmed by its `dim`.
    public func paint(into cr: OpaquePointer, blur: BackdropBlur) {
        let alpha = blur.fraction
        guard alpha > 0 else { return }
        cairo_save(cr)
        cairo_scale(cr, Double(viewport.width) / Double(small.pixelWidth), Double(viewport.height) / Double(small.pixelHeight))
        cairo_set_source_surface(cr, small.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
        if blur.dim > 0 {
            cairo_set_source_rgba(cr, 0, 0, 0, blur.dim)
            cairo_paint(cr)
        }
    }

    /// One horizontal and one vertical running-sum box blur over premultiplied ARGB32 bytes.
    static func boxBlur(_ p: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, radius: Int) {
        let span = 2 * radius + 1
        var line = [UInt8](repeating: 0, count: max(width, height) * 4)
        // Rows.
        for y in 0..<height {
            let row = p + y * stride
            for c in 0..<4 {
                var sum = 0
                for k in -radius...radius { sum += Int(row[min(width - 1, max(0, k)) * 4 + c]) }
                for x in 0..<width {
                    line[x * 4 + c] = UInt8(sum / span)
                    sum += Int(row[min(width - 1, x + radius + 1) * 4 + c]) - Int(row[max(0, x - radius) * 4 + c])
                }
            }
            for i in 0..<(width * 4) { row[i] = line[i] }
        }
        // Columns.
        for x in 0..<width {
            for c in 0..<4 {
                var sum = 0
                for k in -radius...radius { sum += Int(p[min(height - 1, max(0, k)) * stride + x * 4 + c]) }
                for y in 0..<height {
                    line[y * 4 + c] = UInt8(sum / span)
                    sum += Int(p[min(height - 1, y + radius + 1) * stride + x * 4 + c]) - Int(p[max(0, y - radius) * stride + x * 4 + c])
                }
            }
            for y in 0..<height { for c in 0..<4 { p[y * stride + x * 4 + c] = line[y * 4 + c] } }
        }
    }
}
