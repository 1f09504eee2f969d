/// What the scene on screen shows this frame: one case per scene the renderer draws.
public enum SceneDisplay: Equatable, Sendable {
    /// The canvas: the ink is `Display.ink`.
    case canvas
    case messages(MessagesDisplay)
    case home(HomeDisplay)
    case confirm(ConfirmDisplay)
    /// A scene the renderer has no painter of its own for (one a test adds): its title and
    /// state lines on paper.
    case plain(PlainSceneDisplay)

    /// Which scene it is.
    public var kind: SceneKind {
        switch self {
        case .canvas: .canvas
        case .messages: .messages
        case .home: .home
        case .confirm: .confirm
        case .plain(let p): p.kind
        }
    }

    public var isCanvas: Bool { self == .canvas }

    /// The Messages scene's display, if it is on screen.
    public var messages: MessagesDisplay? {
        if case .messages(let m) = self { return m }
        return nil
    }

    /// The Home scene's display, if it is on screen.
    public var home: HomeDisplay? {
        if case .home(let h) = self { return h }
        return nil
    }

    /// The Confirm scene's display, if it is on screen.
    public var confirm: ConfirmDisplay? {
        if case .confirm(let c) = self { return c }
        return nil
    }

    /// Whether the panels over it use light content (the dark Home and Confirm scenes).
    public var isDark: Bool {
        switch self {
        case .home, .confirm: true
        case .canvas, .messages, .plain: false
        }
    }
}

/// A scene drawn as its title and state lines, at the top of its area.
public struct PlainSceneDisplay: Equatable, Sendable {
    /// 24 pt: the title's line; 18 pt each state line (chosen, as the scenes' state lines).
    public static let titleHeight = 24.0, lineHeight = 18.0
    /// 16 pt from the area's left and top.
    public static let margin = 16.0

    public var kind: SceneKind
    public var area: Rect
    /// Its state for teaching, one line each.
    public var lines: [String]

    /// The display of `kind` in `area`, saying `lines`.
    public init(kind: SceneKind, area: Rect, lines: [String]) {
        self.kind = kind
        self.area = area
        self.lines = lines
    }

    /// Where the title goes.
    public var titleRect: Rect {
        Rect(x: area.x + Self.margin, y: area.y + Self.margin, width: max(0, area.width - 2 * Self.margin), height: Self.titleHeight)
    }

    /// Where the state lines go, under the title.
    public var linesRect: Rect {
        Rect(x: titleRect.x, y: titleRect.maxY, width: titleRect.width, height: Double(lines.count) * Self.lineHeight)
    }
}

extension SceneDisplay {
    /// The same scene without its teaching state lines (presentation mode).
    public var withoutStateLines: SceneDisplay {
        switch self {
        case .messages(var m):
            m.state = []
            return .messages(m)
        case .home(var h):
            h.state = []
            return .home(h)
        case .confirm(var c):
            c.hidesState = true
            return .confirm(c)
        default:
            return self
        }
    }
}
