import CGL
import CairoRender

/// An RGBA8 texture: a layer mirrored from its Cairo surface (uploaded only in dirty rects), or
/// a target the compositor draws into (with a framebuffer of its own).
final class GLTexture {
    let id: GLuint
    let width: Int
    let height: Int
    /// Row 0 is the image's top (uploaded from Cairo) rather than its bottom (drawn by GL).
    let topDown: Bool
    /// The framebuffer drawing into it (targets only).
    private(set) var framebuffer: GLuint = 0
    private let gl: GLFunctions
    private var linear: Bool?

    /// A texture of `width` × `height` pixels. A layer's takes Cairo's ARGB32 bytes as they are:
    /// B, G, R, A in memory (little endian), read back in order through the texture swizzle (core
    /// in GL 3.3 and GLES 3.0, where BGRA uploads are not). A target gets a framebuffer.
    init(_ gl: GLFunctions, width: Int, height: Int, layer: Bool) throws(PresentError) {
        self.gl = gl
        self.width = width
        self.height = height
        topDown = layer
        var t: GLuint = 0
        gl.genTextures(1, &t)
        id = t
        gl.bindTexture(GLenum(GL_TEXTURE_2D), t)
        gl.texImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
                      GLenum(GL_UNSIGNED_BYTE), nil)
        gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        if layer {
            gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_R), GL_BLUE)
            gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_B), GL_RED)
        }
        setFilter(linear: !layer)
        if !layer {
            var f: GLuint = 0
            gl.genFramebuffers(1, &f)
            framebuffer = f
            gl.bindFramebuffer(GLenum(GL_FRAMEBUFFER), f)
            gl.framebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), t, 0)
            let status = gl.checkFramebufferStatus(GLenum(GL_FRAMEBUFFER))
            gl.bindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
                throw .device("OpenGL cannot draw into a \(width)x\(height) texture (framebuffer status 0x\(String(status, radix: 16)))")
            }
        }
        if let e = gl.takeError() { throw .device("\(e) making a \(width)x\(height) texture") }
    }

    deinit {
        var t = id
        gl.deleteTextures(1, &t)
        if framebuffer != 0 {
            var f = framebuffer
            gl.deleteFramebuffers(1, &f)
        }
    }

    /// Nearest for layers drawn 1:1 (every texel exactly as Cairo made it), linear for sampling
    /// between texels (downsampling, the blur's paired taps, scaling a blurred level up).
    func setFilter(linear: Bool) {
        guard self.linear != linear else { return }
        self.linear = linear
        let f = linear ? GL_LINEAR : GL_NEAREST
        gl.bindTexture(GLenum(GL_TEXTURE_2D), id)
        gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), f)
        gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), f)
    }

    /// Copies `rects` of `surface` (the same size) into the texture, straight from Cairo's memory.
    func upload(_ surface: ImageSurface, rects: [PixelRect]) {
        guard let data = surface.data, !rects.isEmpty else { return }
        surface.flush()
        gl.bindTexture(GLenum(GL_TEXTURE_2D), id)
        gl.pixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        gl.pixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(surface.stride / 4))
        for r in rects {
            let x = max(0, min(r.x, width)), y = max(0, min(r.y, height))
            let w = min(r.width, width - x), h = min(r.height, height - y)
            guard w > 0, h > 0 else { continue }
            gl.texSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(x), GLint(y), GLsizei(w), GLsizei(h), GLenum(GL_RGBA),
                             GLenum(GL_UNSIGNED_BYTE), UnsafeRawPointer(data + y * surface.stride + x * 4))
        }
        gl.pixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
    }
}
