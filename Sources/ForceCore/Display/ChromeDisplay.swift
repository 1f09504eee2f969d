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
    /// The home or back swipe following the finger or settling, with how far it is (0…1).
    public var swipe: Swipe? = nil

    /// A home or back swipe on its way: its edge and its progress, 0 (where it began) … 1 (done).
    public struct Swipe: Equatable, Sendable {
        public var edge: ScreenEdge
        public var progress: Double
    }
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

    /// 28 pt: the deferral arrow's reach from its centre (its disc is 0.8 of it).
    public static let arrowSize = 28.0

    /// Where the arrow is drawn: `arrowSize` in from its edge (14 pt more at the bottom, over
    /// the home indicator), at the swipe's place along the edge.
    public var arrowRect: Rect? { arrow.map { Self.arrowRect(edge: $0.edge, at: $0.position, on: screen) } }

    static func arrowRect(edge: ScreenEdge, at p: Point, on screen: Rect) -> Rect {
        let s = arrowSize
        let c: Point = switch edge {
        case .top: Point(x: p.x, y: screen.y + s)
        case .bottom: Point(x: p.x, y: screen.maxY - s - 14)
        case .left: Point(x: screen.x + s, y: p.y)
        case .right: Point(x: screen.maxX - s, y: p.y)
        }
        return Rect(around: c, radius: s)
    }

    /// `p` moved along `edge` to the nearest place where the arrow covers none of `labels`
    /// (and stays on the screen); `p` when it covers none already or no place is free.
    static func arrowPosition(edge: ScreenEdge, at p: Point, on screen: Rect, clearOf labels: [Rect]) -> Point {
        func clear(_ q: Point) -> Bool {
            let r = arrowRect(edge: edge, at: q, on: screen)
            return screen.contains(r.center) && !labels.contains { $0.intersects(r) }
        }
        guard !clear(p) else { return p }
        let along = edge == .top || edge == .bottom
        let gap = arrowSize + 4
        // Just past either end of each label: the first clear one nearest the swipe wins.
        let candidates = labels.flatMap { l in
            along ? [Point(x: l.x - gap, y: p.y), Point(x: l.maxX + gap, y: p.y)]
                  : [Point(x: p.x, y: l.y - gap), Point(x: p.x, y: l.maxY + gap)]
        }
        return candidates.filter(clear).min { $0.distance(to: p) < $1.distance(to: p) } ?? p
    }

    /// 134×5 pt, 8 pt above the bottom: the iPhone's home indicator.
    public static let indicatorSize = (width: 134.0, height: 5.0, bottom: 8.0)

    /// The home indicator, centred at the bottom of the screen.
    public var indicatorRect: Rect {
        let s = Self.indicatorSize
        return Rect(x: screen.center.x - s.width / 2, y: screen.maxY - s.bottom - s.height, width: s.width, height: s.height)
    }
}
