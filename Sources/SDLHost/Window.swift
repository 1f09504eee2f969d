import CSDL2
import CairoRender
import ForceCore

/// The SDL window, its renderer and the one streaming texture the frames are uploaded to.
final class Window {
    let window: OpaquePointer
    let renderer: OpaquePointer
    private var texture: OpaquePointer?
    private var textureSize = (0, 0)

    init(title: String, width: Int, height: Int) throws(HostError) {
        guard let w = SDL_CreateWindow(
            title, Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(width), Int32(height),
            SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue)
        else { throw HostError.sdl(Self.lastError) }
        // Vsync is not trusted (SPEC 7): frames are paced with the performance counter.
        guard let r = SDL_CreateRenderer(w, -1, 0) ?? SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            SDL_DestroyWindow(w)
            throw HostError.sdl(Self.lastError)
        }
        window = w
        renderer = r
    }

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    static var lastError: String { String(cString: SDL_GetError()) }

    /// The window's size in points and its HiDPI scale (renderer output size / window size).
    var viewport: Viewport {
        var w: Int32 = 0, h: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        let scale = w > 0 && pw > 0 ? Double(pw) / Double(w) : 1
        return Viewport(width: Int(w), height: Int(h), scale: scale)
    }

    /// Uploads the dirty `rects` of `frame` to the texture and presents. A new frame size
    /// recreates the texture and uploads the whole frame.
    func present(_ frame: ImageSurface, dirty rects: [PixelRect]) {
        var rects = rects
        if texture == nil || textureSize != (frame.pixelWidth, frame.pixelHeight) {
            if let texture { SDL_DestroyTexture(texture) }
            // Cairo's ARGB32 is SDL's ARGB8888: premultiplied, native endian.
            texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                        Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                        Int32(frame.pixelWidth), Int32(frame.pixelHeight))
            textureSize = (frame.pixelWidth, frame.pixelHeight)
            rects = [PixelRect(x: 0, y: 0, width: frame.pixelWidth, height: frame.pixelHeight)]
        }
        guard let texture, let data = frame.data else { return }
        for r in rects {
            var sdlRect = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height))
            SDL_UpdateTexture(texture, &sdlRect, data + r.y * frame.stride + r.x * 4, Int32(frame.stride))
        }
        SDL_RenderCopy(renderer, texture, nil, nil)
        SDL_RenderPresent(renderer)
    }
}
