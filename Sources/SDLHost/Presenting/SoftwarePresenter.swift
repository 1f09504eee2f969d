import CSDL2
import CairoRender
import ForceCore

/// Presents one Cairo surface (`FrameRenderer`: the ink cache blitted, the tail, the scene and the
/// overlays drawn onto it, the CPU blur and Cairo's rings) through the window's own surface
/// (SDL's framebuffer: on X11 an XShm image), copying only the dirty rects into it and handing
/// only those to the display (`SDL_UpdateWindowSurfaceRects`): presenting costs what changed,
/// not the window's size. The frame is composed on the CPU.
final class SoftwarePresenter: WindowPresenter {
    let name = "software"
    private let window: Window
    private let frames: FrameRenderer
    private var dirty: [PixelRect] = []
    /// The window surface last presented to, its size and the frame's: a new one (the window
    /// resized) or a frame of another size gets the whole frame (and the margins around it).
    private var presentedTo: (surface: UnsafeMutablePointer<SDL_Surface>, width: Int32, height: Int32, frame: PixelSize)?

    init(window: Window, viewport: Viewport) throws(PresentError) {
        self.window = window
        guard SDL_GetWindowSurface(window.window) != nil else { throw .device("SDL: \(Window.lastError)") }
        do { frames = try FrameRenderer(viewport: viewport, standIns: true) } catch { throw .render(error) }
    }

    var viewport: Viewport {
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSizeInPixels(window.window, &pw, &ph)
        return window.viewport(pixelWidth: pw)
    }

    var summary: String {
        "presenter software: one Cairo surface, its dirty rects copied into the window's surface and shown (SDL_UpdateWindowSurfaceRects)"
    }

    func render(_ frame: FrameRequest) throws(PresentError) -> Bool {
        do {
            dirty = try frames.render(frame.display, stats: frame.stats, status: frame.status, warning: frame.warning)
        } catch {
            throw .render(error)
        }
        return !dirty.isEmpty
    }

    /// Copies the dirty rects into the window's surface and shows those rects. A new window
    /// surface (a resize) gets the whole frame.
    func present() throws(PresentError) {
        let frame = frames.frame
        guard let surface = SDL_GetWindowSurface(window.window), let data = frame.data else { throw .device("SDL: \(Window.lastError)") }
        let s = surface.pointee
        var rects = dirty
        dirty = []
        // A window larger than the frame shows it centred (`Letterbox`), the margins black.
        let origin = Letterbox.origin(frame: (frame.pixelWidth, frame.pixelHeight), window: (Int(s.w), Int(s.h)))
        var shown: [SDL_Rect] = []
        let size = PixelSize(width: frame.pixelWidth, height: frame.pixelHeight)
        if presentedTo.map({ $0.surface != surface || $0.width != s.w || $0.height != s.h || $0.frame != size }) ?? true {
            rects = [PixelRect(x: 0, y: 0, width: frame.pixelWidth, height: frame.pixelHeight)]
            presentedTo = (surface, s.w, s.h, size)
            if frame.pixelWidth < Int(s.w) || frame.pixelHeight < Int(s.h) {
                SDL_FillRect(surface, nil, 0)
                shown.append(SDL_Rect(x: 0, y: 0, w: s.w, h: s.h))
            }
        }
        // What both hold (a resize in flight may leave them of two sizes for a frame).
        let width = min(frame.pixelWidth, Int(s.w) - origin.x), height = min(frame.pixelHeight, Int(s.h) - origin.y)
        if let format = s.format?.pointee, Self.isXRGB(format), let pixels = s.pixels {
            // Cairo's ARGB32 (opaque here: every frame paints its background) is the window's
            // 32-bit xRGB: rows are copied as they are.
            SDL_LockSurface(surface)
            for r in rects {
                let x0 = max(0, r.x), y0 = max(0, r.y), x1 = min(width, r.x + r.width), y1 = min(height, r.y + r.height)
                guard x1 > x0, y1 > y0 else { continue }
                let to = pixels + origin.y * Int(s.pitch) + origin.x * 4
                for y in y0..<y1 {
                    (to + y * Int(s.pitch) + x0 * 4).copyMemory(from: data + y * frame.stride + x0 * 4, byteCount: (x1 - x0) * 4)
                }
                shown.append(SDL_Rect(x: Int32(x0 + origin.x), y: Int32(y0 + origin.y), w: Int32(x1 - x0), h: Int32(y1 - y0)))
            }
            SDL_UnlockSurface(surface)
        } else {
            // Another pixel format: SDL converts as it blits.
            guard let source = SDL_CreateRGBSurfaceWithFormatFrom(data, Int32(frame.pixelWidth), Int32(frame.pixelHeight), 32,
                                                                  Int32(frame.stride), SDL_PIXELFORMAT_ARGB8888.rawValue)
            else { throw .device("SDL: \(Window.lastError)") }
            defer { SDL_FreeSurface(source) }
            for r in rects {
                var area = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height))
                var to = SDL_Rect(x: area.x + Int32(origin.x), y: area.y + Int32(origin.y), w: area.w, h: area.h)
                SDL_UpperBlit(source, &area, surface, &to)
                shown.append(to)
            }
        }
        guard !shown.isEmpty else { return }
        if SDL_UpdateWindowSurfaceRects(window.window, shown, Int32(shown.count)) != 0 { throw .device("SDL: \(Window.lastError)") }
    }

    /// Whether `format` is 32-bit xRGB in native order (what Cairo's ARGB32 is, alpha aside).
    static func isXRGB(_ format: SDL_PixelFormat) -> Bool {
        format.BytesPerPixel == 4 && format.Rmask == 0x00FF_0000 && format.Gmask == 0x0000_FF00 && format.Bmask == 0x0000_00FF
    }

    func snapshot() throws(PresentError) -> ImageSurface { frames.frame }

    func invalidate() { frames.invalidate() }

    func exposed() { presentedTo = nil }
}
