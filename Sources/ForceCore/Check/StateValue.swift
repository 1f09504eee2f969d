/// One value of a state snapshot: text, a number, a flag, or nothing (`null`, shown as "none").
public enum StateValue: Equatable, Hashable, Sendable, CustomStringConvertible {
    case text(String)
    case number(Double)
    case flag(Bool)
    case null

    /// 1e6 steps a unit: numbers are kept to six decimals, so the last bits of a libm function
    /// on another machine do not turn into a state difference, while 0.62 → 0.71 still is one.
    public static let stepsPerUnit = 1e6

    /// A number rounded to six decimals (-0 as 0; a non-finite number as `null`). Dividing the
    /// whole number of steps is correctly rounded, so the text is the six-decimal one.
    public static func rounded(_ v: Double) -> StateValue {
        guard v.isFinite else { return .null }
        let r = (v * stepsPerUnit).rounded() / stepsPerUnit
        return .number(r == 0 ? 0 : r)
    }

    /// The value in JSON: "selected", 0.62, true, null.
    public var json: String {
        switch self {
        case .text(let s): return SessionCoding.quoted(s)
        case .number(let v): return SessionCoding.num(v)
        case .flag(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }

    /// The value as a diff shows it: selected, 0.62, true, none.
    public var description: String {
        switch self {
        case .text(let s): return s
        case .number(let v): return SessionCoding.num(v)
        case .flag(let b): return b ? "true" : "false"
        case .null: return "none"
        }
    }

    /// A JSON value read back (nested values are not state values).
    init?(_ json: JSONValue) {
        switch json {
        case .string(let s): self = .text(s)
        case .number(let v): self = .number(v)
        case .bool(let b): self = .flag(b)
        case .null: self = .null
        default: return nil
        }
    }
}
