import CGL
import CSDL2
import CXInput2
import CairoRender
import ForceCore
import Foundation

/// Why the GL presenter could not start.
public enum GLPresenterError: Error, CustomStringConvertible, Equatable {
    /// No OpenGL 3.3 core or GLES 3.0 context (SDL's or the driver's words).
    case noContext(String)
    /// A shader did not load, compile or link (its file and line).
    case shader(ShaderError)
    /// GL refused something else (a missing entry point, a texture).
    case device(String)

    public var description: String {
        switch self {
        case .noContext(let m): return "no OpenGL 3.3 core or GLES 3.0 context: \(m)"
        case .shader(let e): return "shader \(e)"
        case .device(let m): return m
        }
    }
}

/// Presents through OpenGL 3.3 core (or GLES 3.0): the frame as layers (`LayerRenderer`), each a
/// texture uploaded only in its dirty rects, composited by the shaders in `Shaders/`
/// (`GLCompositor`), the backdrop blurred live and the rings drawn as signed-distance fields.
///
/// Where GLX has `GLX_MESA_copy_sub_buffer` (Mesa's drivers, llvmpipe among them), a frame that
/// changed in part is composed only in the rects that changed and only those are copied to the
/// window (`glXCopySubBufferMESA`), so presenting costs what changed, not the window's size.
/// Otherwise, and whenever the whole frame changed, it is composed whole and swapped.
final class GLPresenter: WindowPresenter {
    let name = "gl"
    /// "OpenGL 4.5 (Core Profile) Mesa 22.3.6", "llvmpipe (LLVM 15.0.6, 256 bits)", "Mesa/X.org".
    let version: String, renderer: String, vendor: String
    let dialect: GLDialect
    /// Where the shaders were read from.
    let shaderDirectory: String
    private let window: Window
    private let context: GLContext
    private let gl: GLFunctions
    private var compositor: GLCompositor?
    private var layers: LayerRenderer
    /// Copies part of the back buffer to the window (nil: every frame is swapped whole).
    private let subBuffer: SubBufferCopy?
    /// Whether a frame that changed in part is shown by its changed rects alone.
    var showsChangedRectsAlone: Bool { subBuffer != nil }
    /// How many frames were shown by their changed rects alone.
    private(set) var framesShownInPart = 0

    /// Asks SDL for an OpenGL 3.3 core context (or, with `.es`, GLES 3.0 at once): call before
    /// the window is made (the attributes choose its visual).
    static func requestContext(_ dialect: GLDialect = .core) {
        switch dialect {
        case .core: requestProfile(SDL_GL_CONTEXT_PROFILE_CORE, 3, 3)
        case .es: requestProfile(SDL_GL_CONTEXT_PROFILE_ES, 3, 0)
        }
        SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1)
        // The compositor needs no depth or stencil buffer.
        SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0)
        SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0)
    }

    private static func requestProfile(_ profile: SDL_GLprofile, _ major: Int32, _ minor: Int32) {
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, Int32(profile.rawValue))
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, major)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, minor)
    }

    /// A GL context on `window` (3.3 core, else GLES 3.0), the shaders of `shaders` compiled.
    init(window: Window, shaders: ShaderSources, viewport: Viewport) throws(GLPresenterError) {
        self.window = window
        shaderDirectory = shaders.directory
        var made = SDL_GL_CreateContext(window.window)
        if made == nil {
            let first = Window.lastError
            Self.requestContext(.es)
            made = SDL_GL_CreateContext(window.window)
            if made == nil { throw .noContext("\(first); GLES 3.0: \(Window.lastError)") }
        }
        guard let made else { throw .noContext(Window.lastError) }
        // Deleted when the last owner lets go, whichever way this initializer ends.
        context = GLContext(made, window: window)
        // Frames are paced by the loop, not by vsync (SPEC 7: it is not trusted under Xvfb).
        SDL_GL_SetSwapInterval(0)
        do {
            gl = try GLFunctions()
            layers = try LayerRenderer(viewport: viewport, standIns: true)
        } catch {
            throw .device("\(error)")
        }
        subBuffer = SubBufferCopy()
        version = gl.string(GL_VERSION)
        renderer = gl.string(GL_RENDERER)
        vendor = gl.string(GL_VENDOR)
        // "OpenGL ES 3.2 Mesa …" or "4.5 (Core Profile) Mesa …": what SDL made, whatever was asked.
        dialect = version.hasPrefix("OpenGL ES") ? .es : .core
        guard let (major, minor) = Self.versionNumber(version), (major, minor) >= (dialect == .es ? (3, 0) : (3, 3)) else {
            throw .noContext("\(version) is older than OpenGL 3.3 core or GLES 3.0")
        }
        do {
            compositor = try GLCompositor(gl, sources: shaders, dialect: dialect)
        } catch {
            throw .shader(error)
        }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GL_GetDrawableSize(window.window, &w, &h)
        do {
            try compositor?.warmUp(window: .init(framebuffer: 0, width: Int(w), height: Int(h)))
        } catch {
            throw .device("\(error)")
        }
    }

    func invalidate() { layers.invalidate() }

    /// The first "major.minor" in a GL_VERSION string.
    static func versionNumber(_ version: String) -> (Int, Int)? {
        let digits = version.drop { !$0.isNumber }.prefix { $0.isNumber || $0 == "." }.split(separator: ".")
        guard digits.count >= 2, let major = Int(digits[0]), let minor = Int(digits[1]) else { return nil }
        return (major, minor)
    }

    deinit {
        // Textures and programs go while their context is current; the context after them.
        context.makeCurrent()
        compositor = nil
    }

    var viewport: Viewport {
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GL_GetDrawableSize(window.window, &pw, &ph)
        return window.viewport(pixelWidth: pw)
    }

    var summary: String {
        "presenter gl: \(version) · renderer \(renderer) · vendor \(vendor) · shaders from \(shaderDirectory)"
            + (subBuffer == nil ? " · frames swapped whole" : " · changed rects shown alone (GLX_MESA_copy_sub_buffer)")
    }

    func render(_ frame: FrameRequest) throws(PresentError) -> Bool {
        let changed: Bool
        do { changed = try layers.render(frame) } catch { throw .render(error) }
        if !changed { compositor?.unchanged(layers) }
        return changed
    }

    func exposed() { compositor?.forgetShown() }

    /// Uploads the layers' dirty rects and composites into the window: the rects that changed,
    /// copied to the window alone, or the whole frame, swapped.
    func present() throws(PresentError) {
        guard let compositor else { return }
        // Another context may have been made current since (a second window, a test).
        context.makeCurrent()
        var w: Int32 = 0, h: Int32 = 0
        SDL_GL_GetDrawableSize(window.window, &w, &h)
        let target = GLCompositor.Target(framebuffer: 0, width: Int(w), height: Int(h))
        // Rects are copied only into a window of the size SDL gives (a copy reaching past the
        // window's real size is an X error, which ends the program); a window of another size
        // (SDL's size not yet the server's) is composed whole and swapped, as a resize is.
        if let subBuffer, window.actualSize == (target.width, target.height),
           let rects = try compositor.composeWindow(layers, into: target, partly: true) {
            for r in rects { subBuffer.copy(r, windowHeight: target.height) }
            framesShownInPart += 1
        } else {
            _ = try compositor.composeWindow(layers, into: target, partly: false)
            SDL_GL_SwapWindow(window.window)
        }
    }

    /// The composite of the last render, read back (`glReadPixels`) from a texture of its own.
    func snapshot() throws(PresentError) -> ImageSurface {
        guard let compositor else { throw .device("the GL presenter is closed") }
        context.makeCurrent()
        return try compositor.snapshot(layers)
    }

    /// Waits until GL has finished every command given (`glFinish`).
    func finish() {
        context.makeCurrent()
        gl.finish()
    }
}

/// An SDL OpenGL context, deleted with its owner.
private final class GLContext {
    let context: SDL_GLContext
    let window: Window

    init(_ context: SDL_GLContext, window: Window) {
        self.context = context
        self.window = window
    }

    func makeCurrent() { SDL_GL_MakeCurrent(window.window, context) }

    deinit { SDL_GL_DeleteContext(context) }
}

/// `glXCopySubBufferMESA` on the current GLX context: a rect of the back buffer copied to the
/// window (with an implicit `glFlush`). Found only when the context is GLX's — looked up in the
/// libGL SDL loaded, never loading one — and the screen's GLX has `GLX_MESA_copy_sub_buffer`.
private struct SubBufferCopy {
    private typealias Copy = @convention(c) (OpaquePointer?, UInt, Int32, Int32, Int32, Int32) -> Void
    private typealias CurrentDisplay = @convention(c) () -> OpaquePointer?
    private typealias CurrentDrawable = @convention(c) () -> UInt
    private typealias Extensions = @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?

    private let display: OpaquePointer
    private let drawable: UInt
    private let function: Copy

    init?() {
        guard let gl = dlopen("libGL.so.1", RTLD_LAZY | RTLD_NOLOAD) else { return nil }
        defer { dlclose(gl) }
        guard let d = dlsym(gl, "glXGetCurrentDisplay"), let w = dlsym(gl, "glXGetCurrentDrawable"),
              let q = dlsym(gl, "glXQueryExtensionsString"), let c = dlsym(gl, "glXCopySubBufferMESA"),
              let display = unsafeBitCast(d, to: CurrentDisplay.self)() else { return nil }
        let drawable = unsafeBitCast(w, to: CurrentDrawable.self)()
        guard drawable != 0, let names = unsafeBitCast(q, to: Extensions.self)(display, XDefaultScreen(display)),
              String(cString: names).split(separator: " ").contains("GLX_MESA_copy_sub_buffer") else { return nil }
        self.display = display
        self.drawable = drawable
        function = unsafeBitCast(c, to: Copy.self)
    }

    /// Shows `rect` (pixels, y down) of the back buffer in the window.
    func copy(_ rect: PixelRect, windowHeight: Int) {
        guard rect.width > 0, rect.height > 0 else { return }
        function(display, drawable, Int32(rect.x), Int32(windowHeight - rect.y - rect.height), Int32(rect.width), Int32(rect.height))
    }
}
