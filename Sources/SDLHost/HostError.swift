/// Why the window could not run.
public enum HostError: Error, CustomStringConvertible, Equatable {
    /// No X11 or Wayland display to open a window on.
    case noDisplay
    /// SDL refused (the message is SDL_GetError's).
    case sdl(String)

    public var description: String {
        switch self {
        case .noDisplay:
            return "no display: DISPLAY and WAYLAND_DISPLAY are unset (use `forcecanvas render SESSION --out DIR` to render headlessly)"
        case .sdl(let message): return "SDL: \(message)"
        }
    }
}
