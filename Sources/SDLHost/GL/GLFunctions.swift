import CGL
import CSDL2
import CairoRender

/// The OpenGL 3.3 core / GLES 3.0 entry points the GL presenter calls, loaded through
/// `SDL_GL_GetProcAddress` once a context is current (nothing links against libGL).
struct GLFunctions {
    let getString: PFNGLGETSTRINGPROC
    let getError: PFNGLGETERRORPROC
    let getIntegerv: PFNGLGETINTEGERVPROC
    let viewport: PFNGLVIEWPORTPROC
    let scissor: PFNGLSCISSORPROC
    let clearColor: PFNGLCLEARCOLORPROC
    let clear: PFNGLCLEARPROC
    let enable: PFNGLENABLEPROC
    let disable: PFNGLDISABLEPROC
    let blendFunc: PFNGLBLENDFUNCPROC
    let finish: PFNGLFINISHPROC
    let genTextures: PFNGLGENTEXTURESPROC
    let deleteTextures: PFNGLDELETETEXTURESPROC
    let bindTexture: PFNGLBINDTEXTUREPROC
    let activeTexture: PFNGLACTIVETEXTUREPROC
    let texImage2D: PFNGLTEXIMAGE2DPROC
    let texSubImage2D: PFNGLTEXSUBIMAGE2DPROC
    let texParameteri: PFNGLTEXPARAMETERIPROC
    let pixelStorei: PFNGLPIXELSTOREIPROC
    let readPixels: PFNGLREADPIXELSPROC
    let genFramebuffers: PFNGLGENFRAMEBUFFERSPROC
    let deleteFramebuffers: PFNGLDELETEFRAMEBUFFERSPROC
    let bindFramebuffer: PFNGLBINDFRAMEBUFFERPROC
    let framebufferTexture2D: PFNGLFRAMEBUFFERTEXTURE2DPROC
    let checkFramebufferStatus: PFNGLCHECKFRAMEBUFFERSTATUSPROC
    let createShader: PFNGLCREATESHADERPROC
    let shaderSource: PFNGLSHADERSOURCEPROC
    let compileShader: PFNGLCOMPILESHADERPROC
    let getShaderiv: PFNGLGETSHADERIVPROC
    let getShaderInfoLog: PFNGLGETSHADERINFOLOGPROC
    let deleteShader: PFNGLDELETESHADERPROC
    let createProgram: PFNGLCREATEPROGRAMPROC
    let attachShader: PFNGLATTACHSHADERPROC
    let linkProgram: PFNGLLINKPROGRAMPROC
    let getProgramiv: PFNGLGETPROGRAMIVPROC
    let getProgramInfoLog: PFNGLGETPROGRAMINFOLOGPROC
    let deleteProgram: PFNGLDELETEPROGRAMPROC
    let useProgram: PFNGLUSEPROGRAMPROC
    let getUniformLocation: PFNGLGETUNIFORMLOCATIONPROC
    let uniform1i: PFNGLUNIFORM1IPROC
    let uniform1f: PFNGLUNIFORM1FPROC
    let uniform2f: PFNGLUNIFORM2FPROC
    let uniform4f: PFNGLUNIFORM4FPROC
    let uniform2fv: PFNGLUNIFORM2FVPROC
    let genVertexArrays: PFNGLGENVERTEXARRAYSPROC
    let bindVertexArray: PFNGLBINDVERTEXARRAYPROC
    let deleteVertexArrays: PFNGLDELETEVERTEXARRAYSPROC
    let drawArrays: PFNGLDRAWARRAYSPROC

    /// Loads every entry point from the current context; names the first one missing.
    init() throws(PresentError) {
        func load<T>(_ name: String) throws(PresentError) -> T {
            guard let p = SDL_GL_GetProcAddress(name) else { throw .device("OpenGL has no \(name)") }
            return unsafeBitCast(p, to: T.self)
        }
        getString = try load("glGetString")
        getError = try load("glGetError")
        getIntegerv = try load("glGetIntegerv")
        viewport = try load("glViewport")
        scissor = try load("glScissor")
        clearColor = try load("glClearColor")
        clear = try load("glClear")
        enable = try load("glEnable")
        disable = try load("glDisable")
        blendFunc = try load("glBlendFunc")
        finish = try load("glFinish")
        genTextures = try load("glGenTextures")
        deleteTextures = try load("glDeleteTextures")
        bindTexture = try load("glBindTexture")
        activeTexture = try load("glActiveTexture")
        texImage2D = try load("glTexImage2D")
        texSubImage2D = try load("glTexSubImage2D")
        texParameteri = try load("glTexParameteri")
        pixelStorei = try load("glPixelStorei")
        readPixels = try load("glReadPixels")
        genFramebuffers = try load("glGenFramebuffers")
        deleteFramebuffers = try load("glDeleteFramebuffers")
        bindFramebuffer = try load("glBindFramebuffer")
        framebufferTexture2D = try load("glFramebufferTexture2D")
        checkFramebufferStatus = try load("glCheckFramebufferStatus")
        createShader = try load("glCreateShader")
        shaderSource = try load("glShaderSource")
        compileShader = try load("glCompileShader")
        getShaderiv = try load("glGetShaderiv")
        getShaderInfoLog = try load("glGetShaderInfoLog")
        deleteShader = try load("glDeleteShader")
        createProgram = try load("glCreateProgram")
        attachShader = try load("glAttachShader")
        linkProgram = try load("glLinkProgram")
        getProgramiv = try load("glGetProgramiv")
        getProgramInfoLog = try load("glGetProgramInfoLog")
        deleteProgram = try load("glDeleteProgram")
        useProgram = try load("glUseProgram")
        getUniformLocation = try load("glGetUniformLocation")
        uniform1i = try load("glUniform1i")
        uniform1f = try load("glUniform1f")
        uniform2f = try load("glUniform2f")
        uniform4f = try load("glUniform4f")
        uniform2fv = try load("glUniform2fv")
        genVertexArrays = try load("glGenVertexArrays")
        bindVertexArray = try load("glBindVertexArray")
        deleteVertexArrays = try load("glDeleteVertexArrays")
        drawArrays = try load("glDrawArrays")
    }

    /// A `glGetString` value ("" when the driver gives none).
    func string(_ name: Int32) -> String {
        guard let p = getString(GLenum(name)) else { return "" }
        return String(cString: p)
    }

    /// The first error GL recorded since the last call, in words (nil: none).
    func takeError() -> String? {
        let e = getError()
        guard e != GLenum(GL_NO_ERROR) else { return nil }
        while getError() != GLenum(GL_NO_ERROR) {}
        return "OpenGL error 0x\(String(e, radix: 16))"
    }
}
