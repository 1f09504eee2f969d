/// The keys each kind of session line may hold: a key outside its line's list is refused as
/// `FILE:LINE: unknown key "treshold" (did you mean "threshold"?)`, so a misspelt option or a
/// guessed feature is never read as silence. One table, beside the parser that reads the keys
/// and the coder that writes them; `SessionKeysTests` checks that every key written is here.
public enum SessionKeys {
    /// The header line's keys.
    public static let header: Set<String> = [
        "format", "version", "width", "height", "scale", "scene", "peekThreshold", "popThreshold", "fallbackInterval",
        "pressureStep", "pressureEasing", "pressureCurve", "minimumPressure", "pressureMultiplier", "options", "check",
        "mask", "title", "barrelButton", "barrelButton2", "paper", "pdf", "images",
    ]
    /// A page of the header's `"paper"`.
    public static let paperPage: Set<String> = ["x", "y", "width", "height", "colour", "ruling", "config", "pdfPage", "image", "pictures", "texts"]
    /// A text of a page's `"texts"`, and a picture of its `"pictures"`.
    public static let paperText: Set<String> = ["x", "y", "font", "size", "colour", "text"]
    public static let paperPicture: Set<String> = ["x", "y", "width", "height", "image", "latex"]
    /// The header's `"options"` object.
    public static let options: Set<String> = [
        "debug", "precise", "opacity", "simulatePressure", "help", "hud", "curve", "eventLog", "forcePlot", "diagram",
        "trail", "widthMapping", "renderer", "uiScale",
    ]
    /// The header's `"check"` object (and the same names on a checkpoint line).
    public static let tolerances: Set<String> = ["threshold", "maxDiffPixels", "maxDiffRatio"]

    /// The keys of an event line of each type, `t` and `type` among them (made once: the
    /// parser looks a line's keys up here for every line).
    public static let events: [String: Set<String>] = {
        let pointer: Set<String> = ["x", "y", "source", "force", "maxForce", "altitude", "azimuth", "distance"]
        let own: [String: Set<String>] = [
            "down": pointer, "move": pointer, "up": pointer, "cancel": pointer,
            "wheel": ["dy"], "deep": ["down"], "command": ["name"], "resize": ["width", "height", "scale"],
            "curve": ["pressureCurve", "minimumPressure", "pressureMultiplier"], "shortcut": ["item"],
            "checkpoint": tolerances.union(["name", "mask"]), "caption": ["text", "duration", "pause", "speed"],
            "view": ["zoom", "x", "y", "dx", "dy", "fit", "actualSize", "page"], "proximity": ["source", "in"],
            "button": ["button", "down"], "ui-scale": ["scale"], "tool": ["tool", "colour", "size", "fill", "dash"],
            "device": ["name", "kind", "force", "tilt", "widthMM", "heightMM", "resolution", "rate", "tiltRange",
                       "pressureLevels", "toolId", "serial"],
        ]
        return own.mapValues { $0.union(["t", "type"]) }
    }()

    /// The known key nearest to `key` when it is near enough to be a slip of the keyboard or of
    /// case (at most a third of its letters edited, at least one allowed), else nil.
    public static func suggestion(for key: String, among known: Set<String>) -> String? {
        let limit = max(1, key.count / 3)
        var best: (key: String, distance: Int)?
        for candidate in known.sorted() {
            let d = editDistance(key.lowercased(), candidate.lowercased())
            if d <= limit, d < key.count, d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        return best?.key
    }

    /// Levenshtein distance with transpositions counted as one edit (optimal string alignment).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { row[j] = min(row[j], previous2[j - 2] + 1) }
            }
            (previous2, previous, row) = (previous, row, previous2)
        }
        return previous[b.count]
    }
}

extension SessionFields {
    /// Refuses the first key not in `known`, naming the nearest known one when there is one.
    func allowOnly(_ known: Set<String>, in place: String? = nil) throws(SessionError) {
        for member in members where !known.contains(member.key) {
            let within = place.map { " in \"\($0)\"" } ?? ""
            let hint = SessionKeys.suggestion(for: member.key, among: known).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw fail("unknown key \"\(member.key)\"\(within)\(hint)")
        }
    }
}
