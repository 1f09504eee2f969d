/// The system chrome this frame: the home indicator, the deferral arrow, the shade, and the
/// edge-protection figures for the HUD.
public struct ChromeDisplay: Equatable, Sendable {
    /// The device's screen the chrome belongs to (the window without the teaching dock).
    public var screen: Rect
    public var indicatorAlpha: Double
    public var indicatorAutoHide: Bool
    public var arrow: Arrow?
    /// The notification shade, 0 (up) … 1 (down).
    public var shade: Double
    /// Who owns the deferral choice, what it asked for, what is in effect, and why not.
    public var owner: String
    public var requested: ScreenEdges
    public var effective: ScreenEdges
    public var reason: String?

    /// The small arrow shown when a swipe was deferred.
    public struct Arrow: Equatable, Sendable {
        public var edge: ScreenEdge
        public var position: Point
        public var alpha: Double
    }

    /// 134×5 pt, 8 pt above the bottom: the iPhone's home indicator.
    public static let indicatorSize = (width: 134.0, height: 5.0, bottom: 8.0)

    /// The home indicator, centred at the bottom of the screen.
    public var indicatorRect: Rect {
        let s = Self.indicatorSize
        return Rect(x: screen.center.x - s.width / 2, y: screen.maxY - s.bottom - s.height, width: s.width, height: s.height)
    }
}
