import CSDL2
import CXInput2
import CairoRender

/// What the desktop knows the window by: its icon (the app icon, as the hicolor theme has it),
/// its WM_CLASS (`forcecanvas`, the desktop file's StartupWMClass, so docks group the window
/// under the menu's entry) and its title, naming what is open (`WindowTitle`).
extension Window {
    /// WM_CLASS (name and class) on X11; on Wayland SDL sends the executable's name, `forcecanvas`,
    /// as the app id.
    static let applicationID = "forcecanvas"
    /// 64 px: the icon handed to the window manager, which scales it for task bars and switchers.
    static let iconSide = 64

    /// Sets the class (before the window is shown: window managers read it when it maps) and
    /// the icon. Neither can fail the window: without them it still works.
    func setIdentity() {
        setClass()
        setIcon()
    }

    /// Sets the title. On X11 `_NET_WM_NAME` is also written as UTF-8 directly: SDL 2.26 converts
    /// it through the C library's locale, which fails in the C locale for any non-ASCII title.
    func setTitle(_ title: String) {
        SDL_SetWindowTitle(window, title)
        guard let (display, xwindow) = x11() else { return }
        let name = XInternAtom(display, "_NET_WM_NAME", 0), utf8 = XInternAtom(display, "UTF8_STRING", 0)
        let bytes = Array(title.utf8)
        bytes.withUnsafeBufferPointer { b in
            _ = XChangeProperty(display, xwindow, name, utf8, 8, PropModeReplace, b.baseAddress, Int32(b.count))
        }
        XFlush(display)
    }

    /// The size the window really has: on X11 the server's, in one round trip that answers
    /// after every request sent before it (SDL keeps the size it asked for when a window manager
    /// does not give it, and takes a window no manager made fullscreen for the display's), else
    /// SDL's.
    var actualSize: (width: Int, height: Int) {
        if let (display, xwindow) = x11() {
            var root: XID = 0, x: Int32 = 0, y: Int32 = 0
            var w: UInt32 = 0, h: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
            if XGetGeometry(display, xwindow, &root, &x, &y, &w, &h, &border, &depth) != 0 { return (Int(w), Int(h)) }
        }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// Without a window manager (a kiosk's bare X server, Xvfb), nobody acts on SDL's request for
    /// fullscreen (`_NET_WM_STATE_FULLSCREEN`): SDL 2.26 then takes the window for the display's
    /// size while the server keeps it at its windowed one, and frames drawn for the one are shown
    /// in the other (the GL presenter's copy of a changed rect could even reach past the window,
    /// an X error that ends the program); out of it, SDL keeps the display's size until a window
    /// manager reports another. There, the window is placed and sized here: on the display's
    /// bounds in fullscreen, back on its windowed frame out of it (SDL told that size too). With
    /// a window manager (one that says so on the root window, as EWMH asks), nothing is done.
    func matchUnmanagedGeometry() {
        guard let (display, xwindow) = x11(), !Self.hasWindowManager(display) else { return }
        var frame = windowedFrame
        if isFullscreen {
            guard SDL_GetDisplayBounds(SDL_GetWindowDisplayIndex(window), &frame) == 0 else { return }
        } else {
            SDL_SetWindowSize(window, frame.w, frame.h)
        }
        guard frame.w > 0, frame.h > 0 else { return }
        XMoveResizeWindow(display, xwindow, frame.x, frame.y, UInt32(frame.w), UInt32(frame.h))
        XFlush(display)
    }

    /// Whether an EWMH window manager runs: the root window names its check window.
    private static func hasWindowManager(_ display: OpaquePointer) -> Bool {
        let check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", 1)
        guard check != 0 else { return false }
        var type: Atom = 0, format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, XDefaultRootWindow(display), check, 0, 1, 0, XA_WINDOW,
                                        &type, &format, &count, &after, &data)
        if let data { XFree(data) }
        return status == Success && type == XA_WINDOW && count == 1
    }

    /// The X11 display and window, when the window is an X11 one.
    private func x11() -> (OpaquePointer, UInt)? {
        var info = SDL_SysWMinfo()
        SDL_GetVersion(&info.version)
        guard SDL_GetWindowWMInfo(window, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11,
              let display = info.info.x11.display else { return nil }
        return (display, info.info.x11.window)
    }

    private func setClass() {
        guard let (display, xwindow) = x11(), let hint = XAllocClassHint() else { return }
        defer { XFree(hint) }
        Self.applicationID.withCString { id in
            let name = UnsafeMutablePointer(mutating: id)
            hint.pointee.res_name = name
            hint.pointee.res_class = name
            XSetClassHint(display, xwindow, hint)
        }
    }

    /// The app icon, un-premultiplied (Cairo's pixels are premultiplied, an SDL icon's are not).
    private func setIcon() {
        guard let image = try? AppIcon.image(side: Self.iconSide), let data = image.data else { return }
        let side = Self.iconSide
        var pixels = [UInt32](repeating: 0, count: side * side)
        for y in 0..<side {
            let row = UnsafeRawPointer(data + y * image.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<side {
                let p = row[x], a = p >> 24
                guard a > 0, a < 255 else { pixels[y * side + x] = p; continue }
                func channel(_ shift: UInt32) -> UInt32 { min(255, ((p >> shift) & 0xFF) * 255 / a) << shift }
                pixels[y * side + x] = (a << 24) | channel(16) | channel(8) | channel(0)
            }
        }
        pixels.withUnsafeMutableBytes { bytes in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(bytes.baseAddress, Int32(side), Int32(side), 32,
                                                                   Int32(side * 4), SDL_PIXELFORMAT_ARGB8888.rawValue)
            else { return }
            SDL_SetWindowIcon(window, surface)
            SDL_FreeSurface(surface)
        }
    }
}
