/// Text being typed in the player's strip: a caption (new or edited), a checkpoint's name, or
/// the name a lesson is saved under. Return keeps it, Esc leaves it; the text takes every
/// field's keys (`TypedText`), and what an input method is composing shows after it,
/// underlined, until the method hands the text over.
public struct CaptionWriting: Equatable, Sendable {
    public enum Purpose: Equatable, Sendable {
        /// A caption at session time `at`.
        case newCaption(at: Double)
        /// The caption at event `index`, as it was.
        case editCaption(index: Int, Caption)
        /// A checkpoint at session time `at`.
        case checkpoint(at: Double)
        /// The name the lesson is saved under (Ctrl+S).
        case lessonName
    }

    public var purpose: Purpose
    /// The text and its keys (`TypedText`).
    public var field: TypedText
    /// What was typed so far.
    public var text: String { field.text }
    /// An input method's text not handed over yet (pinyin while it is picked, for example).
    public var composing: String {
        get { field.composing }
        set { field.composing = newValue }
    }

    /// `text` to start from; a checkpoint's proposed name and the lesson's own name start
    /// selected (typing replaces them), a caption being edited does not (typing adds to it;
    /// Ctrl+A selects it).
    public init(_ purpose: Purpose, text: String = "") {
        self.purpose = purpose
        let selected: Bool
        switch purpose {
        case .checkpoint, .lessonName: selected = true
        case .newCaption, .editCaption: selected = false
        }
        field = TypedText(text, selected: selected, maximumBytes: Self.maximumBytes)
    }

    /// 1024 bytes: what a caption holds (a checkpoint's name and a lesson's are shorter still,
    /// and say so when kept).
    public static let maximumBytes = Caption.maximumTextBytes

    /// `typed` added at the end (`TypedText.type`).
    public mutating func type(_ typed: String) { field.type(typed) }

    /// Backspace (`TypedText.deleteBackward`).
    public mutating func deleteBackward() { field.deleteBackward() }

    /// What the strip says before the text.
    public var label: String {
        switch purpose {
        case .newCaption(let t): return "New caption at " + Self.seconds(t)
        case .editCaption: return "Caption"
        case .checkpoint(let t): return "Checkpoint at " + Self.seconds(t) + ", its name"
        case .lessonName: return "Save as the lesson named"
        }
    }

    /// What Return and Esc do, for the line under the text.
    public var keys: String {
        switch purpose {
        case .lessonName: return "Return saves it in your lessons · Esc leaves it"
        case .checkpoint: return "Return adds it · Esc leaves it · letters, digits, . _ -"
        case .newCaption, .editCaption: return "Return keeps it · Esc leaves it as it was"
        }
    }

    private static func seconds(_ t: Double) -> String {
        let hundredths = Int((t * 100).rounded())
        let tail = hundredths % 100
        return "\(hundredths / 100).\(tail < 10 ? "0" : "")\(tail) s"
    }
}
