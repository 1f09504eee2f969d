/// A file that cannot be read, with the file and why: a PNG, a state snapshot, a trace.
public struct FileReadError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file (with `:LINE` when a line is at fault; "PNG data" for bytes held in memory).
    public var file: String
    /// Why, in words.
    public var reason: String

    /// The error for `file`.
    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    /// `FILE: why`.
    public var description: String { "\(file): \(reason)" }
}
