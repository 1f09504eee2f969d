import CSDL2
import ForceCore

/// The SDL window. What draws into it is its presenter's (`GLPresenter`, `SoftwarePresenter`).
final class Window {
    let window: OpaquePointer

    /// A resizable, HiDPI-aware window of `width` × `height` points; `openGL` makes it ready for
    /// an OpenGL context (the attributes `GLPresenter.requestContext` set apply to it). It is
    /// made hidden, given its class and icon (`setIdentity`), then shown unless `hidden`.
    init(title: String, width: Int, height: Int, openGL: Bool, hidden: Bool = false) throws(HostError) {
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_HIDDEN.rawValue
        if openGL { flags |= SDL_WINDOW_OPENGL.rawValue }
        guard let w = SDL_CreateWindow(
            title, Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(width), Int32(height), flags)
        else { throw HostError.sdl(Self.lastError) }
        window = w
        setIdentity()
        if !hidden { SDL_ShowWindow(w) }
    }

    deinit { SDL_DestroyWindow(window) }

    static var lastError: String { String(cString: SDL_GetError()) }

    /// The window's size in points with a HiDPI scale of `pixelWidth` / its width.
    func viewport(pixelWidth: Int32) -> Viewport {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        let scale = w > 0 && pixelWidth > 0 ? Double(pixelWidth) / Double(w) : 1
        return Viewport(width: Int(w), height: Int(h), scale: scale)
    }
}
