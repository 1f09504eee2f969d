import CGL
import CairoRender
import Foundation

/// The live backdrop blur: a separable Gaussian (`Shaders/blur.frag`, a horizontal then a
/// vertical pass) on a downsampled copy of the base layer, recomputed every frame.
///
/// The copy is as small as the blur allows: full size below a σ of `halfSizeSigma`, half size
/// below `quarterSizeSigma`, a quarter above (each halving is an exact 2×2 box average — one
/// bilinear fetch between four texels —, so a quarter is a 4×4 box). So a small σ early in a
/// peek stays as small as asked (0 at progress 0: no blur at all), and the full σ costs a
/// sixteenth of the pixels.
final class BlurChain {
    /// 2 px: below this σ the blur runs at full size (halving alone would blur more than asked).
    static let halfSizeSigma = 2.0
    /// 6 px: from here a quarter-size copy still has σ ≥ 1.5 of its texels.
    static let quarterSizeSigma = 6.0

    private let gl: GLFunctions
    /// Two targets per size factor (1, 2, 4): the passes ping-pong between them.
    private var targets: [Int: (GLTexture, GLTexture)] = [:]

    init(_ gl: GLFunctions) { self.gl = gl }

    /// The size factor for a blur of `sigma` pixels.
    static func factor(sigma: Double) -> Int { sigma < halfSizeSigma ? 1 : sigma < quarterSizeSigma ? 2 : 4 }

    /// Blurs `base` by a Gaussian of `sigma` pixels; returns the texture holding the result
    /// (the base's size divided by the factor, drawn bottom up).
    func run(_ base: GLTexture, sigma: Double, composite: ShaderProgram, blur: ShaderProgram) throws(PresentError) -> GLTexture {
        let factor = Self.factor(sigma: sigma)
        var source = base
        var level = 1
        // Halve until the factor is reached: base → ½ → ¼.
        while level < factor {
            level *= 2
            let (a, _) = try pair(level, base)
            quad(composite, from: source, into: a)
            source = a
        }
        let (a, b) = try pair(level, base)
        let first = source === a ? b : a
        let second = first === a ? b : a
        pass(blur, from: source, into: first, step: (1 / Double(source.width), 0), sigma: sigma / Double(level))
        pass(blur, from: first, into: second, step: (0, 1 / Double(first.height)), sigma: sigma / Double(level))
        if let e = gl.takeError() { throw .device("\(e) blurring the backdrop") }
        return second
    }

    /// The two targets of a size factor for `base`, made (or remade for a new size) as needed.
    private func pair(_ level: Int, _ base: GLTexture) throws(PresentError) -> (GLTexture, GLTexture) {
        let w = max(1, (base.width + level - 1) / level), h = max(1, (base.height + level - 1) / level)
        if let p = targets[level], p.0.width == w, p.0.height == h { return p }
        let p = (try GLTexture(gl, width: w, height: h, layer: false), try GLTexture(gl, width: w, height: h, layer: false))
        targets[level] = p
        return p
    }

    /// One Gaussian pass along `step` (a texel, in texture coordinates).
    private func pass(_ program: ShaderProgram, from source: GLTexture, into target: GLTexture, step: (Double, Double), sigma: Double) {
        gl.useProgram(program.id)
        program.set("uStep", step.0, step.1)
        program.set("uSigma", sigma)
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
