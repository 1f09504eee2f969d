import CSDL2
import CairoRender
import ForceCore

/// A window with a presenter of its own, so `forcecanvas bench` can time what the window does
/// each frame — render, then present (shown, so the swap reaches the X server) — with either
/// presenter, at any size.
public final class PresentingWindow {
    /// The window's presenter.
    public let presenter: any Presenter
    /// How it presents (`-v`'s line).
    public let summary: String
    private let window: Window
    private let finishing: () -> Void

    /// A `viewport`-sized window presenting with `choice` (`auto` is GL). Starts SDL's video if
    /// nothing has; needs a display.
    public init(_ choice: PresenterChoice, viewport: Viewport, shaders: String? = nil, hidden: Bool = false) throws(HostError) {
        guard WindowApp.hasDisplay else { throw HostError.noDisplay }
        if SDL_WasInit(SDL_INIT_VIDEO) == 0, SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0 { throw HostError.sdl(Window.lastError) }
        if choice != .software { GLPresenter.requestContext() }
        window = try Window(title: "ForceCanvas bench", width: viewport.width, height: viewport.height, openGL: choice != .software,
                            hidden: hidden)
        if choice == .software {
            let software: SoftwarePresenter
            do { software = try SoftwarePresenter(window: window, viewport: viewport) } catch { throw HostError.presenter("\(error)") }
            (presenter, summary, finishing) = (software, software.summary, {})
        } else {
            let gl: GLPresenter
            do { gl = try WindowApp.makeGL(window, shaders: shaders, viewport: viewport) } catch { throw HostError.presenter("\(error)") }
            (presenter, summary, finishing) = (gl, gl.summary, { gl.finish() })
        }
    }

    /// Waits until every drawing command given has been carried out (GL: `glFinish`; the
    /// software presenter's work is done when `present` returns).
    public func finish() { finishing() }
}
