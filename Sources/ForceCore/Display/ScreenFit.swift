/// The replayed device's screen drawn as it was replayed, fitted into a screen of another
/// place or size: the player's view of a session whose dock took another share of the window
/// (another text size, other panels, in a version 1 session's dock inside the window).
///
/// The replay's presses landed on the scene as the replay laid it out. Laid out again in the
/// view's screen, the scene's controls moved and the presses did not: a ring drawn at a press
/// sat off the bar it pressed. Fitted, the scene, its ink, its rings and the system chrome are
/// drawn where the replay had them, `scale` times as large (never enlarged), centred in the
/// view's screen; the dock, the messages and the player's strip are the view's own.
public struct ScreenFit: Equatable, Sendable {
    /// The device's screen as the replay laid it out (window points of the replay).
    public let source: Rect
    /// The view's screen: the room the fitted screen is centred in (its margins are filled).
    public let room: Rect
    /// Where the replay's screen is drawn: `source` times `scale`, centred in `room`.
    public let target: Rect
    /// At most 1: the replay's screen is shrunk to fit, never enlarged (its text and ink stay
    /// their size where there is room).
    public let scale: Double
    /// What the replay's screen shows (its scene, ink, chrome and tabs, in its own points),
    /// with the view's flips (debug drawing, the trail): the one element of `screens`.
    /// (Held in an array: a `Display` cannot hold a `Display` directly.)
    private let screens: [Display]

    /// The fit of `screen`'s device screen (`screen.layout.screen`) into `room`; nil when the
    /// two are the same rect (nothing moved) or either is empty.
    public init?(screen: Display, in room: Rect) {
        let source = screen.layout.screen
        guard source != room, !source.isNull, !room.isNull else { return nil }
        let scale = min(1, room.width / source.width, room.height / source.height)
        self.source = source
        self.room = room
        self.scale = scale
        target = Rect(x: room.x + (room.width - source.width * scale) / 2, y: room.y + (room.height - source.height * scale) / 2,
                      width: source.width * scale, height: source.height * scale)
        screens = [screen]
    }

    /// The replay's display: drawn into `target` through `map`.
    public var screen: Display { screens[0] }

    /// Where a point of the replay's window is drawn.
    public func map(_ p: Point) -> Point {
        Point(x: target.x + (p.x - source.x) * scale, y: target.y + (p.y - source.y) * scale)
    }

    /// Where a rect of the replay's window is drawn.
    public func map(_ r: Rect) -> Rect {
        guard !r.isNull else { return r }
        let o = map(Point(x: r.x, y: r.y))
        return Rect(x: o.x, y: o.y, width: r.width * scale, height: r.height * scale)
    }
}
