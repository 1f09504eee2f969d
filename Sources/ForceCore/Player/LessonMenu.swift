/// The picker (Ctrl+O, or a tap on ForceCanvas's icon on Home): the documents, newest first
/// (each with its thumbnail, name, date and strokes), the bundled lessons, then the documents
/// in the trash, in a list over the window. The arrows (or the pointer) choose one; Return or
/// a click opens it (a document on the canvas, a lesson in the player, a deleted document back
/// from the trash); F2 renames, Ctrl+D duplicates, Delete moves to the trash, Ctrl+Z takes the
/// last delete back, Ctrl+L opens a file by its path, Esc closes the list. A list longer than the window scrolls with the
/// highlight.
public struct LessonMenu: Equatable, Sendable {
    /// What a row is.
    public enum Kind: Equatable, Sendable {
        /// A document; `onScreen`: the one the canvas shows.
        case document(onScreen: Bool)
        case lesson
        /// A document in the trash (Return brings it back).
        case trashed
        /// "Empty the trash": Return asks once more, then deletes for good.
        case emptyTrash
    }

    /// One row: its name (a lesson's file name, `run --lesson NAME`, or a document's ID), its
    /// title, a detail shown beside it (a document's date and strokes) and its thumbnail.
    public struct Entry: Equatable, Sendable {
        public var name: String
        public var title: String
        public var detail: String
        public var kind: Kind
        /// A PNG drawn at the row's left (a document's thumbnail).
        public var thumbnail: String?
        /// An entry named `name` (its file's name) titled `title`.
        public init(name: String, title: String, detail: String = "", kind: Kind = .lesson, thumbnail: String? = nil) {
            self.name = name
            self.title = title
            self.detail = detail
            self.kind = kind
            self.thumbnail = thumbnail
        }
    }

    /// 36 pt rows, a 62 pt title (its name, then the keys on up to two lines) and 12 pt
    /// margins; at most 560 pt wide (chosen).
    public static let rowHeight = 36.0, titleHeight = 62.0, margin = 12.0, maximumWidth = 560.0

    public let entries: [Entry]
    /// The entry Return opens.
    public private(set) var highlighted = 0
    /// The name being typed for the highlighted document (F2), nil when not renaming.
    public var naming: TypedText?
    /// The path of a file to open being typed (Ctrl+L), nil when not typing one.
    public var openingPath: TypedText?
    /// Return on "Empty the trash" was pressed once: the next one empties it.
    public var confirmingEmptyTrash = false

    /// A picker of `entries`, entry `highlighted` highlighted.
    public init(entries: [Entry], highlighted: Int = 0) {
        self.entries = entries
        self.highlighted = entries.indices.contains(highlighted) ? highlighted : 0
    }

    /// The highlighted entry, if any.
    public var current: Entry? { entries.indices.contains(highlighted) ? entries[highlighted] : nil }

    /// The area the picker is centred in, in a window of `bounds`: all of it but a strip at
    /// its bottom where a message line shows (the overlay's status line: 30 pt, 16 pt from
    /// the bottom, both `uiScale` times larger for the line), so what the picker's keys did
    /// ("“notes” is in the trash · Ctrl+Z brings it back") is said over no row. The
    /// window's clicks and the painter both find the rows in it.
    public static func area(in bounds: Rect, uiScale: Double) -> Rect {
        let strip = 16 + 30 * max(1, uiScale) + 4 - margin
        return Rect(x: bounds.x, y: bounds.y, width: bounds.width, height: max(0, bounds.height - strip))
    }

    /// The list's frame, centred in `bounds` (rows that do not fit are left off the bottom).
    public func frame(in bounds: Rect) -> Rect {
        let width = min(Self.maximumWidth, bounds.width - 2 * Self.margin)
        let height = min(bounds.height - 2 * Self.margin,
                         Self.titleHeight + Double(max(1, entries.count)) * Self.rowHeight + Self.margin)
        return Rect(x: bounds.x + (bounds.width - width) / 2, y: bounds.y + (bounds.height - height) / 2,
                    width: max(0, width), height: max(0, height))
    }

    /// How many rows a list framed by `frame` shows.
    public func visibleRows(in frame: Rect) -> Int {
        max(1, Int(((frame.height - Self.titleHeight - Self.margin) / Self.rowHeight).rounded(.down)))
    }

    /// The first row shown: the list scrolls so the highlighted row is in view.
    public func firstShown(in frame: Rect) -> Int {
        max(0, highlighted - visibleRows(in: frame) + 1)
    }

    /// Row `i`'s rect in a list framed by `frame` (scrolled: see `firstShown`).
    public func row(_ i: Int, in frame: Rect) -> Rect {
        Rect(x: frame.x + Self.margin / 2, y: frame.y + Self.titleHeight + Double(i - firstShown(in: frame)) * Self.rowHeight,
             width: frame.width - Self.margin, height: Self.rowHeight)
    }

    /// Whether row `i` is shown in a list framed by `frame`.
    public func isShown(_ i: Int, in frame: Rect) -> Bool {
        let r = row(i, in: frame)
        return r.y >= frame.y + Self.titleHeight - 0.5 && r.maxY <= frame.maxY + 0.5
    }

    /// The entry under `p` in a list centred in `bounds`.
    public func entry(at p: Point, in bounds: Rect) -> Int? {
        let f = frame(in: bounds)
        return entries.indices.first { isShown($0, in: f) && row($0, in: f).contains(p) }
    }

    /// ↑ / ↓: the previous or next entry (wrapping).
    public mutating func move(by step: Int) {
        guard !entries.isEmpty else { return }
        confirmingEmptyTrash = false
        highlighted = ((highlighted + step) % entries.count + entries.count) % entries.count
    }

    /// Highlights entry `i` (the pointer over it).
    public mutating func highlight(_ i: Int) {
        if entries.indices.contains(i), i != highlighted {
            highlighted = i
            confirmingEmptyTrash = false
        }
    }
}
