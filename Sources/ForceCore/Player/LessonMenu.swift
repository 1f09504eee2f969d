/// The lesson picker: the bundled lessons in a list over the window; the arrows (or the
/// pointer) choose one, Return or a click opens it in the player, Esc closes the list.
public struct LessonMenu: Equatable, Sendable {
    /// One lesson: its name (the file's, `run --lesson NAME`) and its title.
    public struct Entry: Equatable, Sendable {
        public var name: String
        public var title: String
        /// A lesson named `name` (its file's name) titled `title`.
        public init(name: String, title: String) {
            self.name = name
            self.title = title
        }
    }

    /// 36 pt rows, a 48 pt title and 12 pt margins; at most 560 pt wide (chosen).
    public static let rowHeight = 36.0, titleHeight = 48.0, margin = 12.0, maximumWidth = 560.0

    public let entries: [Entry]
    /// The entry Return opens.
    public private(set) var highlighted = 0

    /// A picker of `entries`, the first highlighted.
    public init(entries: [Entry]) { self.entries = entries }

    /// The list's frame, centred in `bounds` (rows that do not fit are left off the bottom).
    public func frame(in bounds: Rect) -> Rect {
        let width = min(Self.maximumWidth, bounds.width - 2 * Self.margin)
        let height = min(bounds.height - 2 * Self.margin,
                         Self.titleHeight + Double(max(1, entries.count)) * Self.rowHeight + Self.margin)
        return Rect(x: bounds.x + (bounds.width - width) / 2, y: bounds.y + (bounds.height - height) / 2,
                    width: max(0, width), height: max(0, height))
    }

    /// Row `i`'s rect in a list framed by `frame`.
    public func row(_ i: Int, in frame: Rect) -> Rect {
        Rect(x: frame.x + Self.margin / 2, y: frame.y + Self.titleHeight + Double(i) * Self.rowHeight,
             width: frame.width - Self.margin, height: Self.rowHeight)
    }

    /// The entry under `p` in a list centred in `bounds`.
    public func entry(at p: Point, in bounds: Rect) -> Int? {
        let f = frame(in: bounds)
        return entries.indices.first { row($0, in: f).contains(p) && row($0, in: f).maxY <= f.maxY + 0.5 }
    }

    /// ↑ / ↓: the previous or next entry (wrapping).
    public mutating func move(by step: Int) {
        guard !entries.isEmpty else { return }
        highlighted = ((highlighted + step) % entries.count + entries.count) % entries.count
    }

    /// Highlights entry `i` (the pointer over it).
    public mutating func highlight(_ i: Int) {
        if entries.indices.contains(i) { highlighted = i }
    }
}
