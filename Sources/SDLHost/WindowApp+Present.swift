import CSDL2
import CairoRender
import ForceCore

/// The window's presenter: chosen at start (`--presenter`), the snapshot at exit.
extension WindowApp {
    /// Opens the window with the presenter `config.presenter` asks for. `auto` tries GL and falls
    /// back to software with one line on stderr saying why; `gl` fails instead. With `-v`, the
    /// presenter says what it runs on (the GL vendor, renderer and version).
    func openWindow(size: (width: Int, height: Int), viewport: Viewport) throws(HostError) -> (Window, any WindowPresenter) {
        let choice = config.presenter
        if choice != .software { GLPresenter.requestContext() }
        let window = try Window(title: "ForceCanvas", width: size.width, height: size.height, openGL: choice != .software,
                                hidden: config.hidden)
        var presenter: (any WindowPresenter)?
        if choice != .software {
            do {
                presenter = try Self.makeGL(window, shaders: config.shaderDirectory, viewport: viewport)
            } catch {
                guard choice == .auto else { throw HostError.presenter("\(error) (--presenter software runs without OpenGL)") }
                Self.log("forcecanvas: presenting in software: \(error)")
            }
        }
        if presenter == nil {
            do { presenter = try SoftwarePresenter(window: window, viewport: viewport) } catch {
                throw HostError.presenter("\(error)")
            }
        }
        guard let presenter else { throw HostError.presenter("no presenter") }
        if config.verbose { Self.log("forcecanvas: \(presenter.summary)") }
        return (window, presenter)
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
