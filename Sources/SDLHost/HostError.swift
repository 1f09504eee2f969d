/// Why the window (or the device listing) could not run.
public enum HostError: Error, CustomStringConvertible, Equatable {
    /// No X11 or Wayland display to open a window on.
    case noDisplay
    /// SDL refused (the message is SDL_GetError's).
    case sdl(String)
    /// DISPLAY is set but the X server does not answer.
    case cannotOpenDisplay(String)
    /// The X server has no XInput 2.
    case noXInput2(String)
    /// The window cannot present (`--presenter gl` without a working GL, or no SDL renderer).
    case presenter(String)
    /// `--display N` names no display (the message lists those there are).
    case display(String)

    public var description: String {
        switch self {
        case .noDisplay:
            return "no display: DISPLAY and WAYLAND_DISPLAY are unset (use `forcecanvas render SESSION --out DIR` to render headlessly)"
        case .sdl(let message): return "SDL: \(message)"
        case .cannotOpenDisplay(let name) where name.isEmpty:
            return "DISPLAY is unset: input devices are listed through X11 (XWayland sets DISPLAY)"
        case .cannotOpenDisplay(let name):
            return "cannot open X display \"\(name)\": is the X server (or XWayland) running?"
        case .noXInput2(let name):
            return "X display \"\(name)\" has no XInput 2: no tablet pressure there"
        case .presenter(let message):
            return "cannot present: \(message)"
        case .display(let message):
            return "--display: \(message)"
        }
    }
}
