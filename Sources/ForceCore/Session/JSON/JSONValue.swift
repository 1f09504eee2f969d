/// A JSON value as the strict line parser reads it (RFC 8259). Objects keep their members in
/// the order written, so a key given twice can be reported instead of silently picked.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// Every JSON number, converted exactly (correctly rounded) to the nearest `Double`.
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])
}

/// One `"key": value` pair of a JSON object.
public struct JSONMember: Equatable, Sendable {
    public var key: String
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// Why a line is not JSON, with the 1-based byte column where the parser stopped.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible, Sendable {
    public var reason: String
    public var column: Int

    public init(reason: String, column: Int) {
        self.reason = reason
        self.column = column
    }

    public var description: String { "\(reason) at column \(column)" }
}
