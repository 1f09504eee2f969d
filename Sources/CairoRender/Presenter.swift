import ForceCore

/// One frame to show: the display, and the window's own lines drawn over it.
public struct FrameRequest {
    /// What the core says is on screen.
    public var display: Display
    /// Frame timing for the HUD (nil headless: a virtual clock has none).
    public var stats: FrameStats?
    /// A passing status line ("Exporting…").
    public var status: String?
    /// A problem that stays on screen while it lasts.
    public var warning: String?

    public init(display: Display, stats: FrameStats? = nil, status: String? = nil, warning: String? = nil) {
        self.display = display
        self.stats = stats
        self.status = status
        self.warning = warning
    }
}

/// Why a presenter could not render or show a frame.
public enum PresentError: Error, CustomStringConvertible, Equatable {
    /// Cairo could not draw (a surface could not be made).
    case render(RenderError)
    /// The device refused: SDL, OpenGL or a shader, in its own words.
    case device(String)

    /// The render error itself when Cairo failed (callers that report `RenderError`s keep doing so).
    public var underlying: any Error {
        if case .render(let e) = self { return e }
        return self
    }

    public var description: String {
        switch self {
        case .render(let e): return e.description
        case .device(let m): return m
        }
    }
}

/// Shows frames: the window's loop renders then presents through one of these, every frame.
///
/// Three implementations share the contract: `GLPresenter` (SDLHost: the frame as layers,
/// textures composited by the shaders in `Shaders/`, the blur and the rings on the GPU),
/// `SoftwarePresenter` (SDLHost: one Cairo surface uploaded to one SDL streaming texture) and
/// `PNGPresenter` (headless: the canonical renderer, PNG files).
public protocol Presenter: AnyObject {
    /// What it is, for logs: "gl", "software", "png".
    var name: String { get }
    /// Draws what changed since the last frame into the presenter's surfaces. False when nothing
    /// on screen would change: then there is nothing to present.
    func render(_ frame: FrameRequest) throws(PresentError) -> Bool
    /// Shows the frame last rendered.
    func present() throws(PresentError)
    /// The frame last presented, as it is shown (Cairo's premultiplied ARGB32).
    func snapshot() throws(PresentError) -> ImageSurface
}

/// The headless presenter: the canonical single-surface renderer (every frame drawn whole, so a
/// frame's pixels depend only on its display), written to PNG files. What `forcecanvas render`
/// and `check` see, byte for byte the same on every run.
public final class PNGPresenter: Presenter {
    public let name = "png"
    /// The canonical renderer.
    public let renderer: FrameRenderer
    /// Where `present` writes the frame last rendered (then the list empties).
    public var destinations: [String] = []

    /// A headless presenter for frames of `viewport` (a display of another size is followed).
    public init(viewport: Viewport) throws(RenderError) {
        renderer = try FrameRenderer(viewport: viewport, canonical: true)
    }

    /// The frame last rendered.
    public var frame: ImageSurface { renderer.frame }

    /// Brings the ink cache up to date for a frame that is never shown.
    public func prepare(_ d: Display) throws(RenderError) { try renderer.prepare(d) }

    public func render(_ frame: FrameRequest) throws(PresentError) -> Bool {
        do {
            return !(try renderer.render(frame.display, stats: frame.stats, status: frame.status, warning: frame.warning)).isEmpty
        } catch {
            throw .render(error)
        }
    }

    /// Writes the frame to each of `destinations` (atomically: no half-written file).
    public func present() throws(PresentError) {
        defer { destinations = [] }
        for path in destinations {
            do { try renderer.frame.writePNG(to: path) } catch { throw .render(error) }
        }
    }

    public func snapshot() throws(PresentError) -> ImageSurface { renderer.frame }
}
