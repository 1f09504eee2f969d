/// Where the Confirm scene puts things in its area: the event card near the top, the button's
/// state at the top right, the DELETE EVENT bar along the bottom with its hint above it, the
/// DELETED pill below the centre.
public struct ConfirmLayout: Equatable, Sendable {
    /// 560 pt: the event card's widest (chosen), 170 pt high, 66 pt below the area's top.
    public static let cardSize = (width: 560.0, height: 170.0, top: 66.0)
    /// 320×36 pt: the state lines at the top right (chosen).
    public static let stateSize = (width: 320.0, height: 36.0)
    /// 400 pt: the hint's widest; it sits 26 pt above the bar.
    public static let hintSize = (width: 400.0, height: 18.0, above: 26.0)

    public let area: Rect

    public init(area: Rect) { self.area = area }

    public var bar: Rect { DeleteEventDemo.barRect(in: area) }
    public var pill: Rect { DeleteEventDemo.pillRect(in: area) }

    /// 110 pt: the card's height in a short area (title and time only).
    public static let compactCardHeight = 110.0
    /// 180 pt: what the card leaves above the bar's hint for the ring (100 pt above the press,
    /// 50 pt radius, scaled 1.3 when confirmed).
    public static let ringRoom = 180.0

    /// Whether the area is too short for the full card (it then shows the title and time).
    public var isCompact: Bool {
        area.height < Self.cardSize.top + Self.cardSize.height + Self.ringRoom + Self.hintSize.above + DeleteEventDemo.barHeight
    }

    public var card: Rect {
        let s = Self.cardSize
        let w = min(s.width, area.width - 48)
        return Rect(x: area.x + (area.width - w) / 2, y: area.y + s.top, width: max(0, w),
                    height: isCompact ? Self.compactCardHeight : s.height)
    }

    /// The button's state and intention (teaching).
    public var state: Rect {
        let s = Self.stateSize
        let w = min(s.width, area.width - 32)
        return Rect(x: area.maxX - 16 - w, y: area.y + 8, width: max(0, w), height: s.height)
    }

    /// "press harder to fill the ring…", centred above the bar.
    public var hint: Rect {
        let s = Self.hintSize
        let w = min(s.width, bar.width)
        return Rect(x: bar.center.x - w / 2, y: bar.y - s.above, width: w, height: s.height)
    }
}
