import CSDL2
import CairoRender
import ForceCore

/// Presents one Cairo surface (`FrameRenderer`: the ink cache blitted, the tail, the scene and the
/// overlays drawn onto it, the CPU blur and Cairo's rings) through one SDL streaming texture,
/// uploading only the dirty rects. Whatever SDL renderer backs it (under Xvfb, SDL's own GL
/// renderer or its software one), the frame is composed on the CPU.
final class SoftwarePresenter: WindowPresenter {
    let name = "software"
    private let window: Window
    private let renderer: OpaquePointer
    private var texture: OpaquePointer?
    private var textureSize = (0, 0)
    private let frames: FrameRenderer
    private var dirty: [PixelRect] = []

    init(window: Window, viewport: Viewport) throws(PresentError) {
        self.window = window
        // Vsync is not trusted (SPEC 7): frames are paced with the performance counter.
        guard let r = SDL_CreateRenderer(window.window, -1, 0) ?? SDL_CreateRenderer(window.window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        else { throw .device("SDL: \(Window.lastError)") }
        renderer = r
        do { frames = try FrameRenderer(viewport: viewport) } catch {
            SDL_DestroyRenderer(r)
            throw .render(error)
        }
    }

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
        SDL_DestroyRenderer(renderer)
    }

    var viewport: Viewport {
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        return window.viewport(pixelWidth: pw)
    }

    var summary: String {
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        let backend = info.name.map { String(cString: $0) } ?? "unknown"
        return "presenter software: one Cairo surface through an SDL streaming texture (SDL renderer \(backend))"
    }

    func render(_ frame: FrameRequest) throws(PresentError) -> Bool {
        do {
            dirty = try frames.render(frame.display, stats: frame.stats, status: frame.status, warning: frame.warning)
        } catch {
            throw .render(error)
        }
        return !dirty.isEmpty
    }

    /// Uploads the dirty rects to the texture and presents. A new frame size recreates the
    /// texture and uploads the whole frame.
    func present() throws(PresentError) {
        let frame = frames.frame
        var rects = dirty
        if texture == nil || textureSize != (frame.pixelWidth, frame.pixelHeight) {
            if let texture { SDL_DestroyTexture(texture) }
            // Cairo's ARGB32 is SDL's ARGB8888: premultiplied, native endian.
            texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                        Int32(frame.pixelWidth), Int32(frame.pixelHeight))
            textureSize = (frame.pixelWidth, frame.pixelHeight)
            rects = [PixelRect(x: 0, y: 0, width: frame.pixelWidth, height: frame.pixelHeight)]
        }
        guard let texture, let data = frame.data else { throw .device("SDL: \(Window.lastError)") }
        for r in rects {
            var sdlRect = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height))
            SDL_UpdateTexture(texture, &sdlRect, data + r.y * frame.stride + r.x * 4, Int32(frame.stride))
        }
        dirty = []
        SDL_RenderCopy(renderer, texture, nil, nil)
        SDL_RenderPresent(renderer)
    }

    func snapshot() throws(PresentError) -> ImageSurface { frames.frame }

    func invalidate() { frames.invalidate() }
}

