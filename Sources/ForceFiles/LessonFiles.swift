#if canImport(Glibc)
import Glibc
#endif
import ForceCore
import ForcePlatform

/// Lessons written in the player, kept in the user's lessons folder (`StatePaths.userLessons`):
/// each edit writes the whole lesson again under a temporary name and renames it over the old
/// one (`WholeFile`), so the file is always a whole lesson, the last edit's.
public enum LessonFiles {
    /// 64 characters of letters, digits, `.`, `_`, `-` and spaces: a lesson's name becomes its
    /// file's (`NAME.jsonl`).
    public static let maximumNameLength = 64

    /// Why `name` cannot name a lesson, or nil when it can.
    public static func problem(with name: String) -> String? {
        let trimmed = trimmed(name)
        guard !trimmed.isEmpty else { return "a lesson needs a name" }
        guard trimmed.count <= maximumNameLength else { return "a lesson's name has at most \(maximumNameLength) characters" }
        guard !trimmed.hasPrefix("."), trimmed.allSatisfy({ $0.isLetter || $0.isNumber || "._- ".contains($0) }) else {
            return "a lesson's name is letters, digits, spaces, . _ and - (it names its file), not starting with ."
        }
        return nil
    }

    /// Where edits of a lesson opened from `source` and named `name` go in `folder`: the source
    /// itself when it is one of the user's lessons, else the first of `NAME.jsonl`,
    /// `NAME-2.jsonl`, … that does not exist (a bundled lesson is never written over; the
    /// user's copy comes before it in the lists).
    public static func target(forSource source: String?, name: String, in folder: String,
                              exists: (String) -> Bool = { access($0, F_OK) == 0 }) -> String {
        if let source, source.hasPrefix(folder + "/") { return source }
        let stem = name.isEmpty ? "lesson" : name
        var candidate = "\(folder)/\(stem).jsonl"
        var n = 2
        while exists(candidate) {
            candidate = "\(folder)/\(stem)-\(n).jsonl"
            n += 1
        }
        return candidate
    }

    /// Writes `session` to `path` as a whole (its folder made if missing).
    public static func save(_ session: Session, to path: String) throws(FileProblem) {
        try WholeFile.write(Array(SessionCoding.encode(session).utf8), to: path)
    }

    /// `name` without spaces at either end (what the file is named after).
    public static func trimmed(_ name: String) -> String {
        var s = Substring(name)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
