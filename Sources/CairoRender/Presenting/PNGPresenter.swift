import ForceCore

/// The headless presenter: the canonical single-surface renderer (every frame drawn whole, so a
/// frame's pixels depend only on its display), written to PNG files. What `forcecanvas render`
/// and `check` see, byte for byte the same on every run.
public final class PNGPresenter: Presenter {
    public let name = "png"
    /// The canonical renderer.
    public let renderer: FrameRenderer
    /// Where `present` writes the frame last rendered (then the list empties).
    public var destinations: [String] = []

    /// A headless presenter for frames of `viewport` (a display of another size is followed);
    /// `canonical`: every frame drawn whole, else only what changed, as the window draws (a
    /// video's frames, many alike: the same pixels, less work).
    public init(viewport: Viewport, canonical: Bool = true) throws(RenderError) {
        renderer = try FrameRenderer(viewport: viewport, canonical: canonical)
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
