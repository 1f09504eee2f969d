/// What the Messages scene shows this frame.
public struct MessagesDisplay: Equatable, Sendable {
    public var rows: [MessageRow]
    public var layout: MessagesLayout
    /// The preview interaction in progress (or shrinking away after a cancel), if any.
    public var peek: PeekDisplay?
    /// The popped detail view, if a commit completed.
    public var detail: DetailDisplay?
    /// A line under the title bar after an action ("Deleted “Grace Hopper” · Z to undo").
    public var notice: String?
    /// The preview interaction's state for teaching: its state, then its progress values.
    public var state: [String]

    public init(rows: [MessageRow], layout: MessagesLayout, peek: PeekDisplay? = nil,
                detail: DetailDisplay? = nil, notice: String? = nil, state: [String] = []) {
        self.rows = rows
        self.layout = layout
        self.peek = peek
        self.detail = detail
        self.notice = notice
        self.state = state
    }
}

/// A peek: the two progress rings, the blurred backdrop and the preview panel.
public struct PeekDisplay: Equatable, Sendable {
    /// The row's position in the list and which part is previewed.
    public var index: Int
    public var part: MessagePart
    public var row: MessageRow
    /// Where the press is.
    public var pressPoint: Point
    /// Where the rings are drawn: near the press, never over the previewed item or the panel.
    public var ringsCenter: Point
    /// How far the rings reach from their centre (`MessagesLayout.ringsReach`, less in a
    /// short area): they are drawn scaled to it.
    public var ringsReach = MessagesLayout.ringsReach
    /// The preview transition's progress, 0…1 (1: the peek is shown).
    public var previewProgress: Double
    /// The commit transition's progress, 0…1 (1: pop).
    public var commitProgress: Double
    /// 1 while the press lasts; falls to 0 as a cancelled peek shrinks away.
    public var presence: Double
    /// How far the preview actions are revealed by swiping up, 0…1.
    public var actionsReveal: Double
    /// The preview actions and the one under the pointer.
    public var actions: [PreviewAction]
    public var highlightedAction: Int?
    /// Whether the progress rings are drawn (not while the peek cross-fades into a pop).
    public var showsRings = true

    public init(index: Int, part: MessagePart, row: MessageRow, pressPoint: Point, ringsCenter: Point,
                previewProgress: Double, commitProgress: Double, presence: Double, actionsReveal: Double,
                actions: [PreviewAction], highlightedAction: Int?) {
        self.index = index
        self.part = part
        self.row = row
        self.pressPoint = pressPoint
        self.ringsCenter = ringsCenter
        self.previewProgress = previewProgress
        self.commitProgress = commitProgress
        self.presence = presence
        self.actionsReveal = actionsReveal
        self.actions = actions
        self.highlightedAction = highlightedAction
    }

    /// Whether the preview transition completed (the peek panel is up).
    public var isPeeked: Bool { previewProgress >= 1 }
}

/// A preview action under a peek (UIPreviewAction), with its style.
public struct PreviewAction: Equatable, Hashable, Sendable {
    public enum Style: String, Equatable, Hashable, Sendable { case `default`, selected, destructive }
    public var title: String
    public var style: Style

    public init(title: String, style: Style) {
        self.title = title
        self.style = style
    }

    /// The Messages scene's actions: Reply (default), Favourite (selected), Delete (destructive).
    public static let messageActions = [
        PreviewAction(title: "Reply", style: .default),
        PreviewAction(title: "Favourite", style: .selected),
        PreviewAction(title: "Delete", style: .destructive),
    ]
}

/// The popped view: the whole message, or the sender's profile when the avatar was pressed.
public struct DetailDisplay: Equatable, Sendable {
    public var row: MessageRow
    public var part: MessagePart
    /// 0…1 as the pop animates in.
    public var appear: Double
    /// The peek it popped from, cross-fading out while `appear` < 1.
    public var from: PeekDisplay?

    public init(row: MessageRow, part: MessagePart, appear: Double, from: PeekDisplay? = nil) {
        self.row = row
        self.part = part
        self.appear = appear
        self.from = from
    }
}
