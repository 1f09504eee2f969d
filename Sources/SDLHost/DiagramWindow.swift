import CCairo
import CSDL2
import CairoRender
import ForceCore
import ForcePlatform

/// The state diagram in a window of its own (`run --diagram-window`), for a second display or a
/// projector: the diagram of the machine in focus, live (its current state, the edges just
/// taken glowing), filling the window at any size. M shows and hides it instead of the dock's
/// panel; closing it hides it. Drawn in software into SDL's window surface, only when what it
/// shows or its size changed: it takes no input and adds nothing to the main window's frame.
final class DiagramWindow {
    let window: Window
    /// SDL's ID of the window: its events are told from the main window's by it.
    let id: UInt32
    private(set) var isShown = true
    /// What was drawn last, at which size; nil: draw at the next frame.
    private var drawn: (diagram: DiagramDisplay?, width: Int32, height: Int32)?
    /// The surface drawn into, kept while the window keeps its size (an edge's glow fading
    /// redraws every frame).
    private var frame: ImageSurface?

    static let title = "ForceCanvas · state diagram"
    /// 640 × 480 points: the panel of the largest machine at 1× and more.
    static let size = (width: 640, height: 480)

    /// Opens beside `main`: to its right, else its left, where its display has room; else at
    /// the display's right edge (over the dock, which the diagram is not in).
    init(beside main: Window) throws(HostError) {
        window = try Window(title: Self.title, width: Self.size.width, height: Self.size.height, openGL: false, hidden: true)
        // In the interface's language, written as UTF-8 whatever the C library's locale.
        window.setTitle(Translation.text(Self.title))
        id = SDL_GetWindowID(window.window)
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetWindowPosition(main.window, &x, &y)
        var display = SDL_Rect()
        SDL_GetDisplayUsableBounds(max(0, SDL_GetWindowDisplayIndex(main.window)), &display)
        let (w, _) = main.sdlSize
        let width = Int32(Self.size.width)
        let right = x + Int32(w), left = x - width
        let at = right + width <= display.x + display.w ? right : left >= display.x ? left : display.x + display.w - width
        SDL_SetWindowPosition(window.window, max(display.x, at), y)
        SDL_ShowWindow(window.window)
    }

    /// M: shown, or hidden.
    func toggle() { isShown ? hide() : show() }

    func show() {
        isShown = true
        drawn = nil
        SDL_ShowWindow(window.window)
    }

    /// Its close button, or M.
    func hide() {
        isShown = false
        SDL_HideWindow(window.window)
    }

    /// Exposed or resized: drawn again at the next frame.
    func invalidate() { drawn = nil }

    /// Draws `diagram` if the window is shown and it or the window's size changed.
    func update(_ diagram: DiagramDisplay?) throws(HostError) {
        guard isShown, let target = SDL_GetWindowSurface(window.window) else { return }
        let (w, h) = (target.pointee.w, target.pointee.h)
        if let d = drawn, d.diagram == diagram, d.width == w, d.height == h { return }
        guard w > 0, h > 0 else { return }
        let frame: ImageSurface
        do {
            if let kept = self.frame, kept.pixelWidth == Int(w), kept.pixelHeight == Int(h) {
                frame = kept
            } else {
                frame = try ImageSurface(viewport: Viewport(width: Int(w), height: Int(h)))
                self.frame = frame
            }
            guard let cr = frame.makeContext() else { throw RenderError.surface("cannot draw the diagram window") }
            defer { cairo_destroy(cr) }
            try DiagramExport.drawFilling(diagram, width: Double(w), height: Double(h), in: cr)
        } catch {
            throw HostError.presenter("the diagram window: \(error)")
        }
        frame.flush()
        // Cairo's ARGB32 is SDL's ARGB8888 in memory; SDL converts it to the window's format.
        guard let source = SDL_CreateRGBSurfaceWithFormatFrom(frame.data, w, h, 32, Int32(frame.stride),
                                                              SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw HostError.sdl(Window.lastError)
        }
        defer { SDL_FreeSurface(source) }
        SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_NONE)
        guard SDL_UpperBlit(source, nil, target, nil) == 0, SDL_UpdateWindowSurface(window.window) == 0 else {
            throw HostError.sdl(Window.lastError)
        }
        drawn = (diagram, w, h)
    }
}
