/// Text typed into one of the window's fields: a document's name (F2 in the picker), a file's
/// path (Ctrl+L), a caption, a checkpoint's or a lesson's name (the player). Every field takes
/// the same keys: text typed or pasted (Ctrl+V) at its end, Backspace a character (a whole
/// grapheme) and Ctrl+Backspace a word, Ctrl+A selects it all, so that what is typed next
/// replaces it and Backspace clears it (→ or End keeps it, the caret after it); and an input
/// method's composition shows after the text until the method hands the text over. A name the
/// field starts with (F2's, a checkpoint's proposed name) starts selected, as file managers
/// do: typing a new name replaces it.
public struct TypedText: Equatable, Sendable {
    /// What was typed so far.
    public private(set) var text: String
    /// The whole text is selected (never when it is empty).
    public private(set) var isSelected: Bool
    /// An input method's text not handed over yet (pinyin while it is picked, for example).
    public var composing = ""
    /// What the field holds at most, in UTF-8 bytes (whole characters).
    public let maximumBytes: Int

    public init(_ text: String = "", selected: Bool = false, maximumBytes: Int) {
        self.maximumBytes = maximumBytes
        self.text = ""
        isSelected = false
        append(text)
        isSelected = selected && !self.text.isEmpty
    }

    /// `typed` added at the end (replacing the text if it is selected), as far as it fits
    /// `maximumBytes`; line breaks and other control characters are left out (a field is one
    /// line). The composition, handed over, goes.
    public mutating func type(_ typed: String) {
        composing = ""
        guard typed.contains(where: { !Self.isControl($0) }) else { return }
        if isSelected {
            text = ""
            isSelected = false
        }
        append(typed)
    }

    /// Pasted text: `type`, with each run of line breaks and tabs made one space, so lines
    /// copied from elsewhere stay apart as words.
    public mutating func paste(_ pasted: String) {
        var flat = ""
        var gap = false
        for c in pasted {
            if Self.isControl(c) {
                gap = true
                continue
            }
            if gap, !flat.isEmpty { flat.append(" ") }
            gap = false
            flat.append(c)
        }
        type(flat)
    }

    /// Backspace: the selected text, else the last character (a whole grapheme, so a Chinese
    /// character or an emoji of several scalars goes at once).
    public mutating func deleteBackward() {
        if isSelected {
            clear()
        } else if !text.isEmpty {
            text.removeLast()
        }
    }

    /// Ctrl+Backspace: the selected text, else the last word and the spaces after it.
    public mutating func deleteWordBackward() {
        guard !isSelected else { return clear() }
        while let c = text.last, c.isWhitespace { text.removeLast() }
        while let c = text.last, !c.isWhitespace { text.removeLast() }
    }

    /// Ctrl+A: the whole text selected (nothing, when there is none).
    public mutating func selectAll() {
        isSelected = !text.isEmpty
    }

    /// → or End: the text kept, not selected (what is typed next is added to it).
    public mutating func deselect() {
        isSelected = false
    }

    private mutating func clear() {
        text = ""
        isSelected = false
    }

    private mutating func append(_ typed: String) {
        var bytes = text.utf8.count
        for c in typed where !Self.isControl(c) {
            let size = c.utf8.count
            guard bytes + size <= maximumBytes else { break }
            text.append(c)
            bytes += size
        }
    }

    /// A line break, a tab or another control character: never part of a one-line field.
    private static func isControl(_ c: Character) -> Bool {
        c.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control }
    }
}
