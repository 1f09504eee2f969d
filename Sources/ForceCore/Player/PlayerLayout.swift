/// Where the player's strip goes: below the session's frame, so the replay is shown exactly as
/// it was recorded (its panels, its scene, the home indicator, Confirm's bar) and the strip
/// never covers it. The strip holds the caption above the timeline bar: the play button, the
/// time, the track with its markers and play head, and the speed.
public struct PlayerLayout: Equatable, Sendable {
    /// 88 pt: a caption of two 15 pt lines (40 pt) over a 48 pt timeline bar (chosen).
    public static let stripHeight = 88.0
    /// 40 pt: the caption's band at the top of the strip.
    public static let captionHeight = 40.0
    /// 12 pt margins inside the strip (chosen, as the dock's panels).
    public static let margin = 12.0
    /// 32 pt: the play button, a square.
    public static let buttonSize = 32.0
    /// 110 pt for "12.34 / 56.78 s", 64 pt for "0.25×", 8 pt between the parts.
    public static let timeWidth = 110.0, speedWidth = 64.0, gap = 8.0

    /// The session's frame (the core's viewport).
    public let viewport: Viewport
    /// How much larger than its points the strip is drawn (`Options.uiScale`): its rects are in
    /// those points, the window's over `uiScale` (`local(_:)` turns a window point into them).
    public let uiScale: Double
    /// The whole picture the player shows: the frame and the strip below it (or, when that
    /// would pass the largest surface, the frame alone with the strip over its bottom).
    public let frameViewport: Viewport
    /// The strip: the caption above the timeline bar.
    public let strip: Rect
    /// Where the caption (or, without one, the title and the keys) is written.
    public let caption: Rect
    /// ▶ / ❚❚: a press plays or pauses.
    public let playButton: Rect
    /// "1.23 / 7.83 s".
    public let timeLabel: Rect
    /// The track the play head runs along (drag on it to seek).
    public let track: Rect
    /// "0.25×".
    public let speedLabel: Rect

    /// The strip for a session shown at `viewport`, `uiScale` times larger than its points.
    public init(viewport: Viewport, uiScale: Double = 1) {
        self.viewport = viewport
        self.uiScale = uiScale
        let h = Int((Self.stripHeight * uiScale).rounded())
        let below = Viewport.fits(width: viewport.width, height: viewport.height + h, scale: viewport.scale)
            && viewport.height + h <= Viewport.maximumSide
        frameViewport = below ? Viewport(width: viewport.width, height: viewport.height + h, scale: viewport.scale) : viewport
        let top = Double(frameViewport.height) / uiScale - Self.stripHeight
        let width = Double(viewport.width) / uiScale
        strip = Rect(x: 0, y: top, width: width, height: Self.stripHeight)
        caption = Rect(x: Self.margin, y: top + 4, width: max(0, width - 2 * Self.margin), height: Self.captionHeight - 4)
        let barY = top + Self.captionHeight + (Self.stripHeight - Self.captionHeight - Self.buttonSize) / 2
        playButton = Rect(x: Self.margin, y: barY, width: Self.buttonSize, height: Self.buttonSize)
        timeLabel = Rect(x: playButton.maxX + Self.gap, y: barY, width: Self.timeWidth, height: Self.buttonSize)
        speedLabel = Rect(x: width - Self.margin - Self.speedWidth, y: barY, width: Self.speedWidth, height: Self.buttonSize)
        track = Rect(x: timeLabel.maxX + Self.gap, y: barY, width: max(0, speedLabel.x - Self.gap - timeLabel.maxX - Self.gap),
                     height: Self.buttonSize)
    }

    /// A point of the window in the strip's points.
    public func local(_ p: Point) -> Point { p * (1 / uiScale) }

    /// The x of `frame` on the track, of `last` frames in all.
    public func x(ofFrame frame: Int, last: Int) -> Double {
        guard last > 0 else { return track.x }
        return track.x + track.width * Double(min(max(0, frame), last)) / Double(last)
    }

    /// The frame under `x` on the track (clamped to its ends).
    public func frame(atX x: Double, last: Int) -> Int {
        guard track.width > 0, x.isFinite else { return 0 }
        let f = (x - track.x) / track.width
        return Int((min(1, max(0, f)) * Double(last)).rounded())
    }
}
