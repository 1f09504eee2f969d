/// The ranges every input must fall in, checked where input enters (session files, the
/// window's events, config files) and clamped again inside the core, so that no value from a
/// file, a device or a fuzzer can trap a conversion or freeze a frame.
public enum InputLimits {
    /// 1e6 points (about 350 m at 72 points an inch): far beyond any window (sides up to
    /// `Viewport.maximumSide`, 16384) and a pointer dragged off it, yet small enough that a
    /// coordinate times the largest scale (8) stays exact in a `Float` to 1/16 pt and in
    /// range for every pixel conversion.
    public static let maximumCoordinate = 1e6
    /// 1e12 s, the replay clock's reach (`ReplaySchedule.maximumTime`): the latest time an event
    /// may carry.
    public static let maximumTime = ReplaySchedule.maximumTime
    /// 1024 bytes of UTF-8: the longest name or identifier a session line may hold (a device's
    /// name, a quick action's type). Real ones are under 100; a longer one is a damaged file.
    public static let maximumNameBytes = 1024
    /// 120 characters: the longest quick-action title or subtitle kept (iOS shows one or two
    /// lines of about 30); longer text is cut with "…" before anything lays it out, so a 10 MB
    /// title costs nothing per frame.
    public static let maximumTitleLength = 120
    /// 1 MiB: the longest line any file ForceCanvas reads may hold (a session's or journal's
    /// line is under 1 KiB; the header with every quick action a few KiB). A longer line is a
    /// damaged file or not a session at all (a disk image, zeros a crash left): it is refused
    /// when it passes this length, without reading the rest, so memory stays bounded.
    public static let maximumLineBytes = 1 << 20

    /// `p` with each coordinate clamped into ±`maximumCoordinate` (a finite point stays
    /// finite; callers drop non-finite points first).
    public static func clamped(_ p: Point) -> Point {
        Point(x: clamped(coordinate: p.x), y: clamped(coordinate: p.y))
    }

    static func clamped(coordinate v: Double) -> Double { min(maximumCoordinate, max(-maximumCoordinate, v)) }

    /// `text` cut to `maximumTitleLength` characters, with "…" in place of what was cut.
    public static func title(_ text: String) -> String {
        // utf8.count is O(1) for native strings: short titles pay nothing.
        guard text.utf8.count > maximumTitleLength else { return text }
        var kept = Substring(text.prefix(maximumTitleLength))
        guard kept.endIndex < text.endIndex else { return text }
        kept = kept.dropLast()
        return kept + "…"
    }
}
