import Foundation

/// The catalogue's messages built from values (issue 22): a message id with `%s` where a value
/// goes, as `"pressure %s (pressed)"`, translated as `"压力 %s（按下）"` (`%2$s` where the
/// translation puts the values in another order; the catalogue marks them `c-format`, so
/// `msgfmt --check` holds a translation to the same values).
///
/// The code builds its text in English where the values are known — the pure core too, which
/// knows nothing of languages — and the text is translated where it is drawn: the message
/// whose fixed parts the text is made of, the most specific when several are, gives the
/// translation, and the values between the fixed parts are put in its places.
struct MessageTemplates: Sendable {
    /// One message: its fixed parts (one more than its values), and its translation's parts
    /// with the value each place takes.
    struct Template: Sendable {
        var parts: [String]
        var translation: [String]
        var order: [Int]

        /// The characters of the fixed parts: the more, the more specific the message.
        var fixed: Int { parts.reduce(0) { $0 + $1.count } }

        /// Whether a fixed part has a letter in it.
        var hasWords: Bool { parts.contains { $0.contains { $0.isLetter } } }

        /// The values in `text` when it is this message, in order; nil when it is not.
        func values(in text: String) -> [String]? {
            guard let first = parts.first, let last = parts.last, text.hasPrefix(first) else { return nil }
            var rest = text.dropFirst(first.count)
            guard rest.hasSuffix(last), rest.count >= last.count + parts.count - 1 else { return nil }
            rest = rest.dropLast(last.count)
            var values: [String] = []
            for part in parts.dropFirst().dropLast() {
                // A value is never empty: the part is looked for past its first character.
                guard !rest.isEmpty, let r = rest.dropFirst().range(of: part) else { return nil }
                values.append(String(rest[..<r.lowerBound]))
                rest = rest[r.upperBound...]
            }
            guard !rest.isEmpty else { return nil }
            values.append(String(rest))
            return values
        }

        /// The translation with `values` in its places.
        func filled(with values: [String]) -> String {
            var out = translation[0]
            for (i, place) in order.enumerated() {
                out += values[place] + translation[i + 1]
            }
            return out
        }
    }

    /// The most specific first.
    private(set) var templates: [Template] = []

    init() {}

    /// The messages with values in the compiled catalogue at `path` (GNU `.mo`: a header, then
    /// the message ids' and the translations' tables of lengths and offsets); none when it
    /// cannot be read.
    init(catalogue path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        let bytes = [UInt8](data)
        func word(_ at: Int, _ big: Bool) -> Int? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            let b = bytes[at..<at + 4].map(UInt32.init)
            return Int(big ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0])
        }
        func string(table: Int, index: Int, _ big: Bool) -> String? {
            guard let length = word(table + index * 8, big), let offset = word(table + index * 8 + 4, big),
                  offset + length <= bytes.count else { return nil }
            return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        }
        guard let magic = word(0, false), magic == 0x9504_12DE || magic == 0xDE12_0495 else { return }
        let big = magic == 0xDE12_0495
        guard let count = word(8, big), let ids = word(12, big), let translations = word(16, big) else { return }
        for i in 0..<count {
            guard let id = string(table: ids, index: i, big), id.contains("%s"),
                  let translation = string(table: translations, index: i, big),
                  let t = Self.template(id, translation) else { continue }
            templates.append(t)
        }
        templates.sort { $0.fixed > $1.fixed }
    }

    init(_ pairs: [(id: String, translation: String)]) {
        templates = pairs.compactMap { Self.template($0.id, $0.translation) }.sorted { $0.fixed > $1.fixed }
    }

    /// `id` and its translation as a template; nil when the translation's places do not take
    /// each of the id's values once.
    static func template(_ id: String, _ translation: String) -> Template? {
        let parts = id.components(separatedBy: "%s").map { $0.replacingOccurrences(of: "%%", with: "%") }
        var pieces: [String] = [], order: [Int] = [], piece = ""
        var chars = translation[...]
        while let c = chars.first {
            chars = chars.dropFirst()
            guard c == "%" else { piece.append(c); continue }
            if chars.first == "%" { piece.append("%"); chars = chars.dropFirst(); continue }
            // `%s`, or `%N$s` for the Nth value.
            let digits = chars.prefix { $0.isNumber }
            if !digits.isEmpty, chars.dropFirst(digits.count).hasPrefix("$s"), let n = Int(digits) {
                order.append(n - 1)
                chars = chars.dropFirst(digits.count + 2)
            } else if chars.first == "s" {
                order.append(order.count)
                chars = chars.dropFirst()
            } else {
                return nil
            }
            pieces.append(piece)
            piece = ""
        }
        pieces.append(piece)
        guard parts.count > 1, order.sorted() == Array(0..<parts.count - 1) else { return nil }
        return Template(parts: parts, translation: pieces, order: order)
    }

    /// `text`'s translation when it is one of the messages: the most specific message it fits,
    /// each value translated by `lookUp` (or as a message in turn: a list's items) where it
    /// has one. A message whose fixed parts have no words (`"%s, %s"`, a list; `"%s: %s"`)
    /// fits a text only when each of its values has a translation: any text with a comma or
    /// a colon would fit it.
    func translate(_ text: String, lookUp: (String) -> String?, depth: Int = 0) -> String? {
        guard depth <= 6 else { return nil }
        for t in templates {
            guard let values = t.values(in: text) else { continue }
            let translated = values.map { lookUp($0) ?? translate($0, lookUp: lookUp, depth: depth + 1) }
            if t.hasWords {
                return t.filled(with: zip(values, translated).map { $1 ?? $0 })
            }
            if translated.allSatisfy({ $0 != nil }) {
                return t.filled(with: translated.compactMap { $0 })
            }
        }
        return nil
    }
}
