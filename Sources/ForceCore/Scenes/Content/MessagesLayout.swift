/// Where the Messages scene puts things: a title bar, then rows with an avatar on the left.
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

    public let viewport: Viewport
    /// The list column.
    public let column: Rect
    public let titleBar: Rect

    public init(viewport: Viewport, top: Double) {
        self.viewport = viewport
        let w = min(Self.maximumWidth, Double(viewport.width))
        column = Rect(x: (Double(viewport.width) - w) / 2, y: top, width: w, height: max(0, Double(viewport.height) - top))
        titleBar = Rect(x: column.x, y: top, width: w, height: Self.titleHeight)
    }

    /// The rect of the row at list position `index`.
    public func row(_ index: Int) -> Rect {
        Rect(x: column.x, y: titleBar.maxY + Double(index) * Self.rowHeight, width: column.width, height: Self.rowHeight)
    }

    /// The avatar circle's bounding square in the row at `index`.
    public func avatar(_ index: Int) -> Rect {
        let r = row(index)
        return Rect(x: r.x + Self.inset, y: r.y + (Self.rowHeight - Self.avatarSize) / 2,
                    width: Self.avatarSize, height: Self.avatarSize)
    }

    // MARK: Peek geometry (shared by input and drawing)

    /// 56 pt per preview action row.
    public static let actionRowHeight = 56.0
    static let actionCount = PreviewAction.messageActions.count

    /// The preview panel: centred in the column, lifted as the actions are revealed.
    public func peekPanel(reveal: Double) -> Rect {
        let w = min(column.width - 48, 560.0)
        let h = min(Double(viewport.height) * 0.5, 340.0)
        let lift = Force.normalized(reveal) * actionsHeight * 0.8
        return Rect(x: column.x + (column.width - w) / 2, y: (Double(viewport.height) - h) / 2 - lift, width: w, height: h)
    }

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
        guard column.contains(p), p.y >= titleBar.maxY else { return nil }
        let index = Int((p.y - titleBar.maxY) / Self.rowHeight)
        guard index < count, row(index).maxY <= column.maxY + Self.rowHeight else { return nil }
        // The avatar's square plus a little slack counts as the avatar (seed 000: the avatar
        // previews the sender's profile, the rest of the row the message).
        let a = avatar(index)
        let part: MessagePart = p.x <= a.maxX + 6 ? .avatar : .message
        return (index, part)
    }
}

/// The part of a message row a press landed on: each previews something else (seed 000).
public enum MessagePart: String, Equatable, Hashable, Sendable {
    case avatar, message
}
