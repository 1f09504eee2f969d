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
/// `SoftwarePresenter` (SDLHost: one Cairo surface, its dirty rects copied into the window's own
/// surface and shown alone) and
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
