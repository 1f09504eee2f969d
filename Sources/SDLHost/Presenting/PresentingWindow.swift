import CSDL2
import CairoRender
import ForceCore

/// A window with a presenter of its own, so `forcecanvas-bench` can time what the window does
/// each frame — render, then present (shown, so the swap reaches the X server) — with either
/// presenter, at any size.
public final class PresentingWindow {
    /// The window's presenter.
    public var presenter: any Presenter { windowPresenter }
    /// How it presents (`-v`'s line).
    public var summary: String { windowPresenter.summary }
    /// The window's size as it is (never larger than its display), in points, and its scale.
    public var viewport: Viewport { windowPresenter.viewport }
    private let window: Window
    private let windowPresenter: any WindowPresenter

    /// A `viewport`-sized window presenting as `choice` asks, as the window does (`auto` falls
    /// back to software saying why; `gl` fails instead). Starts SDL's video if nothing has; needs
    /// a display.
    public init(_ choice: PresenterChoice, viewport: Viewport, shaders: String? = nil) throws(HostError) {
        guard WindowApp.hasDisplay else { throw HostError.noDisplay }
        if SDL_WasInit(SDL_INIT_VIDEO) == 0, SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0 { throw HostError.sdl(Window.lastError) }
        (window, windowPresenter) = try WindowApp.openWindow(title: "ForceCanvas bench", size: (viewport.width, viewport.height),
                                                             viewport: viewport, choice: choice, shaders: shaders)
    }

    /// Waits until every drawing command given has been carried out (GL: `glFinish`; the
    /// software presenter's work is done when `present` returns).
    public func finish() { windowPresenter.finish() }
}
