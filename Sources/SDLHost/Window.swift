import CSDL2
import ForceCore

/// The SDL window. What draws into it is its presenter's (`GLPresenter`, `SoftwarePresenter`).
final class Window {
    let window: OpaquePointer
    /// Where the window is and how large out of fullscreen, in points: what F11 gives back where
    /// no window manager does (`matchUnmanagedGeometry`).
    private(set) var windowedFrame: SDL_Rect
    /// The frame `fitFrameOnDisplay` last fitted the window with.
    private var fittedInsets = (top: 0, left: 0, bottom: 0, right: 0)

    /// A resizable, HiDPI-aware window of `width` × `height` points; `openGL` makes it ready for
    /// an OpenGL context (the attributes `GLPresenter.requestContext` set apply to it). It is
    /// made hidden, given its class and icon (`setIdentity`), then shown unless `hidden`.
    init(title: String, width: Int, height: Int, openGL: Bool, hidden: Bool = false, display: Int = 0,
         fullscreen: Bool = false) throws(HostError) {
        Self.preferSystemFramebuffer()
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_HIDDEN.rawValue
        if openGL { flags |= SDL_WINDOW_OPENGL.rawValue }
        if fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        let displays = Self.displays()
        guard displays.indices.contains(display) else {
            throw HostError.display("there is no display \(display): " + Self.describe(displays))
        }
        // Never larger than the display it opens on (its usable part: panels and docks kept clear).
        let usable = displays[display].usable
        let w0 = min(width, max(1, usable.width)), h0 = min(height, max(1, usable.height))
        let centred = Int32(Int(SDL_WINDOWPOS_CENTERED_MASK) | display)
        guard let w = SDL_CreateWindow(title, centred, centred, Int32(w0), Int32(h0), flags)
        else { throw HostError.sdl(Self.lastError) }
        window = w
        var bounds = SDL_Rect()
        SDL_GetDisplayBounds(Int32(display), &bounds)
        windowedFrame = SDL_Rect(x: bounds.x + max(0, bounds.w - Int32(w0)) / 2, y: bounds.y + max(0, bounds.h - Int32(h0)) / 2,
                                 w: Int32(w0), h: Int32(h0))
        setIdentity()
        if !hidden {
            SDL_ShowWindow(w)
            if fullscreen { matchUnmanagedGeometry() }
        }
    }

    /// The frame a window manager draws around the window (its title bar and borders), in
    /// points; none without a window manager (SDL reads `_NET_FRAME_EXTENTS` once the window is
    /// shown).
    var frameInsets: (top: Int, left: Int, bottom: Int, right: Int) {
        var top: Int32 = 0, left: Int32 = 0, bottom: Int32 = 0, right: Int32 = 0
        guard SDL_GetWindowBordersSize(window, &top, &left, &bottom, &right) == 0 else { return (0, 0, 0, 0) }
        return (max(0, Int(top)), max(0, Int(left)), max(0, Int(bottom)), max(0, Int(right)))
    }

    /// Makes the window, frame and all, fit the usable part of its display: a window as large as
    /// that part (a 640×480 screen) had its title bar above it and its last 20 pt, the status
    /// line and the gauge, below the screen's edge. It is made smaller by the frame and placed
    /// inside; the window manager's resize event then gives the device the size it has, as any
    /// resize does. The frame is known only once the window manager has framed the window (SDL
    /// reads it as events come), so this is called when the window is shown or uncovered, and
    /// does something only when the frame changed.
    func fitFrameOnDisplay() {
        let frame = frameInsets
        guard frame != fittedInsets, !isFullscreen else { return }
        fittedInsets = frame
        let limit = displayLimit
        let size = sdlSize
        let fitted = (width: min(size.width, limit.width), height: min(size.height, limit.height))
        guard fitted != size else { return }
        resize(to: fitted)
    }

    deinit { SDL_DestroyWindow(window) }

    /// A window's surface (`SDL_GetWindowSurface`: the software presenter, the diagram window)
    /// is the window system's own framebuffer — on X11 an XShm image, shown rect by rect —, not
    /// SDL's GL texture standing in for it: SDL 2.26 chooses that texture where OpenGL works, and
    /// it presents the whole window for any rect (a 60×40 rect cost 21 ms at 3840×2160 under
    /// llvmpipe, against 0.07 ms through XShm). SDL decides once, at the first window surface, so
    /// this is said before any window is made; `SDL_FRAMEBUFFER_ACCELERATION` in the environment
    /// still chooses.
    static func preferSystemFramebuffer() {
        SDL_SetHintWithPriority(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0", SDL_HINT_DEFAULT)
    }

    /// A display as SDL numbers it (`--display N`): its name, its whole size and the part
    /// windows may take, in points.
    struct DisplayInfo {
        var index: Int
        var name: String
        var size: (width: Int, height: Int)
        var usable: (width: Int, height: Int)

        /// "0: Xvfb 1600x1000".
        var description: String { "\(index): \(name) \(size.width)x\(size.height)" }
    }

    /// The displays SDL sees (SDL's video must be initialised).
    static func displays() -> [DisplayInfo] {
        (0..<max(0, Int(SDL_GetNumVideoDisplays()))).map { i in
            var bounds = SDL_Rect(), usable = SDL_Rect()
            SDL_GetDisplayBounds(Int32(i), &bounds)
            if SDL_GetDisplayUsableBounds(Int32(i), &usable) != 0 { usable = bounds }
            let name = SDL_GetDisplayName(Int32(i)).map { String(cString: $0) } ?? "display"
            return DisplayInfo(index: i, name: name, size: (Int(bounds.w), Int(bounds.h)), usable: (Int(usable.w), Int(usable.h)))
        }
    }

    /// "0: … 1600x1000, 1: … 1280x800".
    static func describe(_ displays: [DisplayInfo]) -> String {
        displays.isEmpty ? "SDL sees no display" : "the displays are " + displays.map(\.description).joined(separator: ", ")
    }

    /// The largest the window can be on the display it is on, in points: the display's usable
    /// size less the window manager's frame around the window.
    var displayLimit: (width: Int, height: Int) {
        let i = Int(SDL_GetWindowDisplayIndex(window))
        let all = Self.displays()
        guard all.indices.contains(i) else { return (Int.max, Int.max) }
        let frame = frameInsets
        return (max(1, all[i].usable.width - frame.left - frame.right), max(1, all[i].usable.height - frame.top - frame.bottom))
    }

    /// Resizes the window to `size` points and keeps it on its display: a window that grows
    /// past the display's usable area's right or bottom edge (a dock opened beside a 640 pt
    /// canvas in the middle of a 1280 pt screen) is moved left or up as far as it must, as the
    /// X server leaves a window where it is and most window managers do too.
    func resize(to size: (width: Int, height: Int)) {
        SDL_SetWindowSize(window, Int32(clamping: size.width), Int32(clamping: size.height))
        guard !isFullscreen else { return }
        var usable = SDL_Rect()
        let display = SDL_GetWindowDisplayIndex(window)
        guard display >= 0, SDL_GetDisplayUsableBounds(display, &usable) == 0, usable.w > 0, usable.h > 0 else { return }
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        // The frame a window manager draws around it counts; without one, there is none.
        let frame = frameInsets
        let lastX = Int(usable.x) + Int(usable.w) - frame.right - size.width
        let lastY = Int(usable.y) + Int(usable.h) - frame.bottom - size.height
        let placed = (x: max(Int(usable.x) + frame.left, min(Int(x), lastX)), y: max(Int(usable.y) + frame.top, min(Int(y), lastY)))
        if placed.x != Int(x) || placed.y != Int(y) {
            SDL_SetWindowPosition(window, Int32(clamping: placed.x), Int32(clamping: placed.y))
        }
    }

    /// SDL's size of the window in points (no trip to the X server).
    var sdlSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// Whether the window fills its display (F11, `--fullscreen`).
    var isFullscreen: Bool { SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue == SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }

    /// F11: borderless fullscreen on the window's display, or back to a window.
    func toggleFullscreen() {
        if !isFullscreen {
            var frame = SDL_Rect()
            SDL_GetWindowPosition(window, &frame.x, &frame.y)
            SDL_GetWindowSize(window, &frame.w, &frame.h)
            windowedFrame = frame
        }
        SDL_SetWindowFullscreen(window, isFullscreen ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
        matchUnmanagedGeometry()
    }

    static var lastError: String { String(cString: SDL_GetError()) }

    /// The window's size in points with a HiDPI scale of `pixelWidth` / its width.
    func viewport(pixelWidth: Int32) -> Viewport {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        let scale = w > 0 && pixelWidth > 0 ? Double(pixelWidth) / Double(w) : 1
        return Viewport(width: Int(w), height: Int(h), scale: scale)
    }
}
