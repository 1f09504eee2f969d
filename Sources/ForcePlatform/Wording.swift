import Foundation

/// Small pieces of the words ForceCanvas says, each in one place.
public enum Wording {
    /// "1 stroke", "3 strokes": `n` and `noun`, plural with an "s" when `n` is not 1.
    public static func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }

    /// A file's name without its folder: `/a/b/drawing.jsonl` → `drawing.jsonl`.
    public static func fileName(_ path: String) -> String { (path as NSString).lastPathComponent }

    /// A file's name without its folder and extension (what a session, a lesson or an import
    /// is called): `/a/b/drawing.jsonl` → `drawing`.
    public static func stem(_ path: String) -> String { (fileName(path) as NSString).deletingPathExtension }

    /// A date written as `format` ("d MMM HH:mm") in the same digits and calendar on every
    /// machine (the POSIX locale), in local time or, with `utc`, in UTC.
    public static func dateFormatter(_ format: String, utc: Bool = false) -> DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        if utc { f.timeZone = TimeZone(identifier: "UTC") }
        f.dateFormat = format
        return f
    }

    /// `path` as one shell word: as it is when it holds only safe characters, else in single
    /// quotes (a quote inside written `'\''`), so a command printed for the user can be pasted.
    public static func shellQuoted(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:,+@%")
        if !word.isEmpty, word.allSatisfy(safe.contains) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
