import CSDL2
import CairoRender
import ForceCore

/// The window's presenter: chosen at start (`--presenter`), the snapshot at exit.
extension WindowApp {
    /// Opens the window with the presenter `config.presenter` asks for (see `openWindow(title:…)`);
    /// with `-v`, the presenter says what it runs on (the GL vendor, renderer and version).
    func openWindow(size: (width: Int, height: Int), viewport: Viewport) throws(HostError) -> (Window, any WindowPresenter) {
        let (window, presenter) = try Self.openWindow(title: "ForceCanvas", size: size, viewport: viewport,
                                                      choice: config.presenter, shaders: config.shaderDirectory,
                                                      display: config.display, fullscreen: config.fullscreen)
        if config.verbose {
            Self.log("forcecanvas: \(presenter.summary)")
            Self.log("forcecanvas: \(Window.describe(Window.displays())); the window is on display \(config.display)\(config.fullscreen ? ", fullscreen" : "")")
        }
        return (window, presenter)
    }

    /// A window of `size` presenting `viewport` as `choice` asks: `auto` tries GL and falls back
    /// to software with one line on stderr saying why; `gl` fails instead.
    static func openWindow(title: String, size: (width: Int, height: Int), viewport: Viewport, choice: PresenterChoice,
                           shaders: String?, display: Int = 0, fullscreen: Bool = false) throws(HostError) -> (Window, any WindowPresenter) {
        if choice != .software { GLPresenter.requestContext() }
        let window = try Window(title: title, width: size.width, height: size.height, openGL: choice != .software, display: display,
                                fullscreen: fullscreen)
        if choice != .software {
            do {
                return (window, try makeGL(window, shaders: shaders, viewport: viewport))
            } catch {
                guard choice == .auto else { throw HostError.presenter("\(error) (--presenter software runs without OpenGL)") }
                log("forcecanvas: presenting in software: \(error)")
            }
        }
        do { return (window, try SoftwarePresenter(window: window, viewport: viewport)) } catch {
            throw HostError.presenter("\(error)")
        }
    }

    /// A GL presenter on `window` with the shaders from `shaders` (or the first folder that has them).
    static func makeGL(_ window: Window, shaders: String?, viewport: Viewport) throws(GLPresenterError) -> GLPresenter {
        let sources: ShaderSources
        do { sources = try ShaderSources.locate(explicit: shaders) } catch { throw .shader(error) }
        return try GLPresenter(window: window, shaders: sources, viewport: viewport)
    }

    /// Writes the frame on screen — the display, without the HUD's timing or a status line — as
    /// PNG, from the presenter's own pixels (GL: read back).
    func writeSnapshot(_ display: Display, to path: String, _ presenter: any WindowPresenter) throws {
        _ = try presenter.render(FrameRequest(display: display))
        do {
            try presenter.snapshot().writePNG(to: path)
        } catch {
            Self.log("forcecanvas: --snapshot: \(error)")
        }
    }
}
