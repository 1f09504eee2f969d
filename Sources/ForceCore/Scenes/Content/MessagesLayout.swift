/// Where the Messages scene puts things in its area: a title bar, then rows with an avatar on
/// the left, scrolled by `scroll` points under the title bar.
public struct MessagesLayout: Equatable, Sendable {
    /// 64 pt: the title bar (below the scene tabs).
    public static let titleHeight = 64.0
    /// 76 pt per row, as an iOS message list at default text size.
    public static let rowHeight = 76.0
    /// 48 pt avatar circles, 16 pt from the left edge.
    public static let avatarSize = 48.0
    public static let inset = 16.0
    /// The list is at most 720 pt wide, centred (a phone-like column on a wide window).
    public static let maximumWidth = 720.0
    /// 300 pt: the state line's width in the title bar, right of the title (at most).
    public static let stateWidth = 300.0
    /// 180 pt: the title "Messages" keeps this much of the title bar's left.
    public static let titleReserve = 180.0

    /// The scene's area (the screen below the scene tabs).
    public let area: Rect
    /// The list column.
    public let column: Rect
    public let titleBar: Rect
    /// How far the list is scrolled up, in points (0: the first row under the title bar).
    public let scroll: Double

    public init(area: Rect, scroll: Double = 0) {
        self.area = area
        self.scroll = scroll
        let w = min(Self.maximumWidth, area.width)
        column = Rect(x: area.x + (area.width - w) / 2, y: area.y, width: w, height: area.height)
        titleBar = Rect(x: column.x, y: area.y, width: w, height: Self.titleHeight)
    }

    /// The layout of a window without a dock, content from `top` down.
    public init(viewport: Viewport, top: Double) {
        self.init(area: Rect(x: 0, y: top, width: Double(viewport.width), height: max(0, Double(viewport.height) - top)))
    }

    /// The rows' viewport: the column below the title bar (rows are clipped to it).
    public var list: Rect {
        Rect(x: column.x, y: titleBar.maxY, width: column.width, height: max(0, column.maxY - titleBar.maxY))
    }

    /// The rect of the row at list position `index`.
    public func row(_ index: Int) -> Rect {
        Rect(x: column.x, y: titleBar.maxY + Double(index) * Self.rowHeight - scroll, width: column.width, height: Self.rowHeight)
    }

    /// The avatar circle's bounding square in the row at `index`.
    public func avatar(_ index: Int) -> Rect {
        let r = row(index)
        return Rect(x: r.x + Self.inset, y: r.y + (Self.rowHeight - Self.avatarSize) / 2,
                    width: Self.avatarSize, height: Self.avatarSize)
    }

    /// How far `count` rows can scroll: until the last one is at the bottom of the list.
    public func maximumScroll(count: Int) -> Double {
        max(0, Double(count) * Self.rowHeight - list.height)
    }

    /// The preview interaction's state (teaching, two lines), at the top right of the title bar.
    public var stateLine: Rect {
        let w = max(0, min(Self.stateWidth, titleBar.width - Self.titleReserve - Self.inset))
        return Rect(x: titleBar.maxX - Self.inset - w, y: titleBar.y + 6, width: w, height: 32)
    }

    /// The notice after an action ("Deleted … · Z to undo"), under the state lines.
    public var noticeLine: Rect {
        let s = stateLine
        return Rect(x: s.x, y: s.maxY + 2, width: s.width, height: 18)
    }

    // MARK: Peek geometry (shared by input and drawing)

    /// 56 pt per preview action row.
    public static let actionRowHeight = 56.0
    static let actionCount = PreviewAction.messageActions.count

    /// 8 pt: the least margin between the peek (panel and actions) and the area's edges.
    static let peekMargin = 8.0
    /// 80 pt: the panel's least height in a short area.
    static let peekMinimumHeight = 80.0

    /// The preview panel: centred in the column, lifted as the actions are revealed. In a
    /// short area it is lower, lifted less, so the panel and its actions stay on screen.
    public func peekPanel(reveal: Double) -> Rect {
        let r = Force.normalized(reveal), m = Self.peekMargin
        let w = max(0, min(column.width - 48, 560.0))
        let bottom = area.maxY - Self.bottomSafeInset
        let room = bottom - area.y - 2 * m - r * (16 + actionsHeight)
        let h = max(Self.peekMinimumHeight, min(area.height * 0.5, 340.0, room))
        let centred = area.y + (area.height - h) / 2
        var y = centred - min(r * actionsHeight * 0.8, max(0, centred - area.y - m))
        // The revealed actions end above the home indicator's zone: lifted further as they come.
        let sheetBottom = y + h + 16 + (1 - r) * 40 + actionsHeight
        let overflow = sheetBottom - (bottom - m)
        if overflow > 0 { y = max(area.y + m, y - r * overflow) }
        return Rect(x: column.x + (column.width - w) / 2, y: y, width: w, height: h)
    }

    /// 34 pt: UIKit's bottom safe-area inset on a Face ID iPhone in portrait, the home
    /// indicator's zone (Apple's Human Interface Guidelines, "Layout": keep controls out of it).
    /// The peek's actions stay above it.
    public static let bottomSafeInset = 34.0

    /// The actions sheet's height.
    public var actionsHeight: Double { Double(Self.actionCount) * Self.actionRowHeight + 8 }

    /// The actions sheet under the panel.
    public func actionsSheet(reveal: Double) -> Rect {
        let panel = peekPanel(reveal: reveal)
        return Rect(x: panel.x, y: panel.maxY + 16 + (1 - Force.normalized(reveal)) * 40, width: panel.width, height: actionsHeight)
    }

    /// The rect of preview action `i`.
    public func actionRow(_ i: Int, reveal: Double) -> Rect {
        let sheet = actionsSheet(reveal: reveal)
        return Rect(x: sheet.x, y: sheet.y + 4 + Double(i) * Self.actionRowHeight, width: sheet.width, height: Self.actionRowHeight)
    }

    /// The preview action under `p`, if any.
    public func previewAction(at p: Point, reveal: Double) -> Int? {
        (0..<Self.actionCount).first { actionRow($0, reveal: reveal).contains(p) }
    }

    /// Which row (position) and part a point falls on, if any, among `count` rows.
    public func hit(_ p: Point, count: Int) -> (index: Int, part: MessagePart)? {
        guard list.contains(p) else { return nil }
        let index = Int((p.y - titleBar.maxY + scroll) / Self.rowHeight)
        guard index >= 0, index < count else { return nil }
        // The avatar's square plus a little slack counts as the avatar (seed 000: the avatar
        // previews the sender's profile, the rest of the row the message).
        let a = avatar(index)
        let part: MessagePart = p.x <= a.maxX + 6 ? .avatar : .message
        return (index, part)
    }

    /// The sharp source rect of a press: the avatar (with its slack) or the whole row.
    public func source(index: Int, part: MessagePart) -> Rect {
        part == .avatar ? avatar(index).insetBy(-6) : row(index)
    }

    // MARK: Progress rings

    /// 52 pt: the rings' reach from their centre (the commit ring's 46 pt radius, half its
    /// 6 pt line, a little glow); smaller reaches are tried in a short area.
    public static let ringsReach = 52.0
    static let smallerReaches = [44.0, 36.0, 28.0]
    /// 8 pt between the rings and what they must not cover.
    static let ringsGap = 8.0

    /// Where the two progress rings go for a press at `press` on `source`, and how far they
    /// reach (`ringsReach`, less in a short area): near the press but never over the item
    /// being previewed (the source rect), the preview panel or the actions, and inside the
    /// area. Candidates in order: above the source, below it, above the panel, below the panel
    /// (or the actions), left and right of the panel.
    public func rings(press: Point, source: Rect, reveal: Double) -> (center: Point, reach: Double) {
        let g = Self.ringsGap
        let panel = peekPanel(reveal: reveal)
        var obstacles = [source.insetBy(-g), panel.insetBy(-g)]
        var below = panel.maxY
        if reveal > 0 {
            let sheet = actionsSheet(reveal: reveal)
            obstacles.append(sheet.insetBy(-g))
            below = sheet.maxY
        }
        let inside = area.insetBy(-0.5)
        for r in [Self.ringsReach] + Self.smallerReaches {
            let lowX = area.x + r + g, highX = area.maxX - r - g
            let x = lowX <= highX ? min(max(press.x, lowX), highX) : area.center.x
            let candidates = [
                Point(x: x, y: source.y - g - r), Point(x: x, y: source.maxY + g + r),
                Point(x: x, y: panel.y - g - r), Point(x: x, y: below + g + r),
                Point(x: panel.x - g - r, y: panel.center.y), Point(x: panel.maxX + g + r, y: panel.center.y),
            ]
            let fits = candidates.first { c in
                let box = Rect(around: c, radius: r)
                return inside.contains(box) && !obstacles.contains { $0.intersects(box) }
            }
            if let fits { return (fits, r) }
        }
        // No room at all (a tiny area): beside the source, the smallest.
        let r = Self.smallerReaches.last ?? Self.ringsReach
        return (Point(x: press.x, y: source.y - g - r), r)
    }
}

/// The part of a message row a press landed on: each previews something else (seed 000).
public enum MessagePart: String, Equatable, Hashable, Sendable {
    case avatar, message
}
