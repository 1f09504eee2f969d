/// A JSON value as the strict line parser reads it (RFC 8259). Objects keep their members in
/// the order written, so a key given twice can be reported instead of silently picked.
public enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Every JSON number, converted exactly (correctly rounded) to the nearest `Double`.
    case number(Double)
    /// A string with its escapes resolved.
    case string(String)
    /// `[…]`, elements in order.
    case array([JSONValue])
    /// `{…}`, members in the order written.
    case object([JSONMember])
}

/// One `"key": value` pair of a JSON object.
public struct JSONMember: Equatable, Sendable {
    /// The key, escapes resolved.
    public var key: String
    /// The value.
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// Why a line is not JSON, with the 1-based byte column where the parser stopped.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What is wrong, in words ("unexpected '}', expected a value").
    public var reason: String
    /// The 1-based byte column in the line.
    public var column: Int

    public init(reason: String, column: Int) {
        self.reason = reason
        self.column = column
    }

    /// "REASON at column N".
    public var description: String { "\(reason) at column \(column)" }
}
