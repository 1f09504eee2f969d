import CSDL2
import CairoRender

/// An SDL streaming texture on a software renderer with no window, so `forcecanvas-bench` can
/// measure the same texture upload as the window on a machine without a display.
public final class OffscreenTexture {
    private let target: UnsafeMutablePointer<SDL_Surface>
    private let renderer: OpaquePointer
    private let texture: OpaquePointer

    public init(width: Int, height: Int) throws(HostError) {
        guard let t = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { throw HostError.sdl(Window.lastError) }
        guard let r = SDL_CreateSoftwareRenderer(t) else {
            SDL_FreeSurface(t)
            throw HostError.sdl(Window.lastError)
        }
        guard let tex = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                          Int32(width), Int32(height))
        else {
            SDL_DestroyRenderer(r)
            SDL_FreeSurface(t)
            throw HostError.sdl(Window.lastError)
        }
        target = t
        renderer = r
        texture = tex
    }

    deinit {
        SDL_DestroyTexture(texture)
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(target)
    }

    /// Uploads the dirty `rects` of `frame` (as the window does each frame).
    public func upload(_ frame: ImageSurface, dirty rects: [PixelRect]) {
        guard let data = frame.data else { return }
        for rect in rects {
            var r = SDL_Rect(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
            SDL_UpdateTexture(texture, &r, data + rect.y * frame.stride + rect.x * 4, Int32(frame.stride))
        }
    }
}
