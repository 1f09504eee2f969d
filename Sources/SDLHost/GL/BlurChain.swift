import CGL
import CairoRender
import Foundation

/// The live backdrop blur: a separable Gaussian (`Shaders/blur.frag`, a horizontal then a
/// vertical pass) on a downsampled copy of the base layer, recomputed whenever the blur or the
/// base changes (every frame of a peek whose progress moves).
///
/// The copy is as small as the blur allows (`GaussianBlur.factor(sigma:)`, the weights
/// `GaussianBlur.taps`: the software presenter computes the same blur on the CPU), so a small σ early in a peek
/// stays as small as asked (0 at progress 0: no blur at all) and the full σ costs a 64th of the
/// pixels. Halving is one bilinear fetch between four texels (`composite.frag`), quartering four
/// of them (`downsample.frag`): exact box averages. The box and the bilinear scale-up widen the
/// blur by a few per cent of σ (3 % at the full blur), not more.
final class BlurChain {
    private let gl: GLFunctions
    /// Two targets per size factor: the passes ping-pong between them.
    private var targets: [Int: (GLTexture, GLTexture)] = [:]

    init(_ gl: GLFunctions) { self.gl = gl }

    /// The programs the chain draws with.
    struct Programs {
        var copy: ShaderProgram
        var quarter: ShaderProgram
        var blur: ShaderProgram
    }

    /// Blurs `base` by a Gaussian of `sigma` pixels; returns the texture holding the result
    /// (the base's size divided by the factor, drawn bottom up), valid until the next run.
    func run(_ base: GLTexture, sigma: Double, _ programs: Programs) throws(PresentError) -> GLTexture {
        let factor = GaussianBlur.factor(sigma: sigma)
        var source = base
        var level = 1
        while level < factor {
            let step = factor / level >= 4 ? 4 : 2
            level *= step
            let (a, _) = try pair(level, base)
            if step == 4 {
                gl.useProgram(programs.quarter.id)
                programs.quarter.set("uTexel", 1 / Double(source.width), 1 / Double(source.height))
                quad(programs.quarter, from: source, into: a)
            } else {
                quad(programs.copy, from: source, into: a)
            }
            source = a
        }
        let (a, b) = try pair(level, base)
        let first = source === a ? b : a
        let second = first === a ? b : a
        pass(programs.blur, from: source, into: first, step: (1 / Double(source.width), 0), sigma: sigma / Double(level))
        pass(programs.blur, from: first, into: second, step: (0, 1 / Double(first.height)), sigma: sigma / Double(level))
        if let e = gl.takeError() { throw .device("\(e) blurring the backdrop") }
        return second
    }

    /// The two targets of a size factor for `base`, made (or remade for a new size) as needed.
    private func pair(_ level: Int, _ base: GLTexture) throws(PresentError) -> (GLTexture, GLTexture) {
        let w = GaussianBlur.reduced(base.width, by: level), h = GaussianBlur.reduced(base.height, by: level)
        if let p = targets[level], p.0.width == w, p.0.height == h { return p }
        let p = (try GLTexture(gl, width: w, height: h, layer: false), try GLTexture(gl, width: w, height: h, layer: false))
        targets[level] = p
        return p
    }

    /// One Gaussian pass along `step` (a texel, in texture coordinates).
    private func pass(_ program: ShaderProgram, from source: GLTexture, into target: GLTexture, step: (Double, Double), sigma: Double) {
        let taps = GaussianBlur.taps(sigma: sigma)
        gl.useProgram(program.id)
        program.set("uStep", step.0, step.1)
        program.set("uCentre", taps.centre)
        program.set("uTaps", pairs: taps.pairs.map { ($0.offset, $0.weight) })
        program.set("uTapCount", Int32(taps.pairs.count))
        quad(program, from: source, into: target)
    }

    /// Draws all of `source` over all of `target`, sampling between texels.
    private func quad(_ program: ShaderProgram, from source: GLTexture, into target: GLTexture) {
        gl.bindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        gl.viewport(0, 0, GLsizei(target.width), GLsizei(target.height))
        source.setFilter(linear: true)
        gl.useProgram(program.id)
        program.set("uTarget", Double(target.width), Double(target.height))
        program.set("uRect", 0, 0, Double(target.width), Double(target.height))
        if source.topDown { program.set("uSource", 0, 0, 1, 1) } else { program.set("uSource", 0, 1, 1, 0) }
        program.set("uLayer", Int32(0))
        program.set("uOpacity", 1.0)
        program.set("uDim", 0.0)
        gl.bindTexture(GLenum(GL_TEXTURE_2D), source.id)
        gl.drawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }
}
