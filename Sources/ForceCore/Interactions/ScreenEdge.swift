/// One edge of the screen and the system gesture a swipe from it triggers (SPEC 8, seed 003).
public enum ScreenEdge: String, CaseIterable, Equatable, Hashable, Sendable {
    case top, left, bottom, right

    /// The edge as a one-element set.
    public var set: ScreenEdges {
        switch self {
        case .top: return .top
        case .left: return .left
        case .bottom: return .bottom
        case .right: return .right
        }
    }

    /// What the system does for a swipe from this edge, for the HUD: top the notification
    /// shade, bottom home (and control centre), left back; the right edge has no system
    /// gesture on iOS, kept for symmetry.
    public var systemGestureName: String {
        switch self {
        case .top: return "notification shade"
        case .left: return "back"
        case .bottom: return "home"
        case .right: return "right-edge swipe"
        }
    }

    /// Unit vector pointing into the screen from this edge (y down).
    public var inward: Point {
        switch self {
        case .top: return Point(x: 0, y: 1)
        case .left: return Point(x: 1, y: 0)
        case .bottom: return Point(x: 0, y: -1)
        case .right: return Point(x: -1, y: 0)
        }
    }

    /// Distance from `p` to this edge of `bounds` (negative outside).
    public func distance(from p: Point, in bounds: Rect) -> Double {
        switch self {
        case .top: return p.y - bounds.y
        case .left: return p.x - bounds.x
        case .bottom: return bounds.maxY - p.y
        case .right: return bounds.maxX - p.x
        }
    }
}
