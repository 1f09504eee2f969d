/// A strict JSON parser (RFC 8259) over the UTF-8 bytes of one line: one value, optionally
/// surrounded by whitespace. It reads the bytes in place (no copy of the line), converts numbers
/// exactly (`JSONNumber`) and rejects what JSON does not allow — leading zeros, control
/// characters in strings, lone surrogates, trailing commas, text after the value, invalid UTF-8.
///
/// Hand-written because it is the hot path of loading a session. Measured here on 120k pen
/// event lines (release build), with the session's field checks: about 1 µs a line, against
/// 4.6 µs for `JSONDecoder` with `Codable` types and 6.1 µs for `JSONSerialization` — which on
/// Linux also reads about half of such numbers one ulp off (CHANGELOG.md, 2026-11-22).
public struct JSONParser {
    /// Arrays and objects nest at most 64 deep: deeper input is refused rather than recursed
    /// into (a session needs 2).
    public static let maximumDepth = 64

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Parses `bytes` as one JSON value with optional whitespace around it; nil when there is
    /// nothing but whitespace.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue? {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        if parser.index == bytes.count { return nil }
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("unexpected \(parser.describeCurrent()) after the value") }
        return value
    }

    /// Parses the UTF-8 of `text` (tests and small inputs).
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue? {
        var copy = text
        let result = copy.withUTF8 { bytes in Result { () throws(JSONSyntaxError) in try parse(bytes) } }
        return try result.get()
    }

    // MARK: Values

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end of line, expected a value") }
        switch bytes[index] {
        case ASCII.openBrace: return .object(try object())
        case ASCII.openBracket: return .array(try array())
        case ASCII.quote: return .string(try string())
        case ASCII.t: try literal("true"); return .bool(true)
        case ASCII.f: try literal("false"); return .bool(false)
        case ASCII.n: try literal("null"); return .null
        case ASCII.minus, ASCII.zero...ASCII.nine: return .number(try number())
        default: throw failure("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func object() throws(JSONSyntaxError) -> [JSONMember] {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == ASCII.closeBrace {
            index += 1
            return members
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == ASCII.quote else {
                throw failure(index < bytes.count ? "unexpected \(describeCurrent()), expected a key in quotes" : "unexpected end of line inside an object")
            }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == ASCII.colon else { throw expected("':' after the key") }
            index += 1
            skipWhitespace()
            members.append(JSONMember(key: key, value: try value()))
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of line inside an object") }
            switch bytes[index] {
            case ASCII.comma: index += 1
            case ASCII.closeBrace: index += 1; return members
            default: throw expected("',' or '}'")
            }
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> [JSONValue] {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == ASCII.closeBracket {
            index += 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try value())
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of line inside an array") }
            switch bytes[index] {
            case ASCII.comma: index += 1
            case ASCII.closeBracket: index += 1; return elements
            default: throw expected("',' or ']'")
            }
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let n = word.utf8CodeUnitCount
        let text = UnsafeBufferPointer(start: word.utf8Start, count: n)
        guard bytes.count - index >= n, bytes[index..<index + n].elementsEqual(text) else {
            throw failure("unexpected \(describeCurrent()), expected a value")
        }
        index += n
    }

    // MARK: Strings

    /// A string from its opening quote; the common case (no escapes, ASCII) is one pass and
    /// no copy beyond the `String` itself (small strings are stored inline).
    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        var ascii = true
        while index < bytes.count {
            let b = bytes[index]
            if b == ASCII.quote {
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                if ascii { return String(decoding: raw, as: UTF8.self) }
                guard let text = String(validating: raw, as: UTF8.self) else { throw JSONSyntaxError(reason: "not UTF-8 text", column: start + 1) }
                return text
            }
            if b == ASCII.backslash { return try escapedString(from: start) }
            if b < ASCII.space { throw failure("control character \(describeCurrent()) in a string (write it as an escape)") }
            if b >= 0x80 { ascii = false }
            index += 1
        }
        throw JSONSyntaxError(reason: "unterminated string", column: start)
    }

    /// The rest of a string that holds escapes, from its first byte at `start`.
    private mutating func escapedString(from start: Int) throws(JSONSyntaxError) -> String {
        var out = Array(bytes[start..<index])
        while index < bytes.count {
            let b = bytes[index]
            switch b {
            case ASCII.quote:
                index += 1
                guard let text = String(validating: out, as: UTF8.self) else { throw JSONSyntaxError(reason: "not UTF-8 text", column: start + 1) }
                return text
            case ASCII.backslash:
                index += 1
                guard index < bytes.count else { break }
                switch bytes[index] {
                case ASCII.quote: out.append(ASCII.quote)
                case ASCII.backslash: out.append(ASCII.backslash)
                case ASCII.slash: out.append(ASCII.slash)
                case ASCII.b: out.append(0x08)
                case ASCII.f: out.append(0x0C)
                case ASCII.n: out.append(0x0A)
                case ASCII.r: out.append(0x0D)
                case ASCII.t: out.append(0x09)
                case ASCII.u:
                    index += 1
                    let scalar = try unicodeEscape()
                    if let encoded = UTF8.encode(scalar) { out.append(contentsOf: encoded) }
                    continue
                default: throw failure("unknown escape \\\(describeCurrent())")
                }
                index += 1
            default:
                if b < ASCII.space { throw failure("control character \(describeCurrent()) in a string (write it as an escape)") }
                out.append(b)
                index += 1
            }
        }
        throw JSONSyntaxError(reason: "unterminated string", column: start)
    }

    /// The scalar of `\uXXXX` (just after the `u`), joining a UTF-16 surrogate pair.
    private mutating func unicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let column = index - 1
        let first = try hex4()
        switch first {
        case 0xD800...0xDBFF:
            guard bytes.count - index >= 2, bytes[index] == ASCII.backslash, bytes[index + 1] == ASCII.u else {
                throw JSONSyntaxError(reason: "lone surrogate \\u\(hex(first)) (a high surrogate needs a low one after it)", column: column)
            }
            index += 2
            let second = try hex4()
            guard (0xDC00...0xDFFF).contains(second) else {
                throw JSONSyntaxError(reason: "lone surrogate \\u\(hex(first)) (followed by \\u\(hex(second)), not a low surrogate)", column: column)
            }
            let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            guard let scalar = Unicode.Scalar(value) else { throw JSONSyntaxError(reason: "invalid \\u escape", column: column) }
            return scalar
        case 0xDC00...0xDFFF:
            throw JSONSyntaxError(reason: "lone surrogate \\u\(hex(first)) (a low surrogate without a high one)", column: column)
        default:
            guard let scalar = Unicode.Scalar(first) else { throw JSONSyntaxError(reason: "invalid \\u escape", column: column) }
            return scalar
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw failure("unexpected end of line in a \\u escape") }
            let b = bytes[index]
            let digit: UInt8
            switch b {
            case ASCII.zero...ASCII.nine: digit = b - ASCII.zero
            case ASCII.a...ASCII.f: digit = b - ASCII.a + 10
            case ASCII.upperA...ASCII.upperF: digit = b - ASCII.upperA + 10
            default: throw failure("expected 4 hex digits after \\u, found \(describeCurrent())")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private func hex(_ v: UInt32) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: Numbers

    /// A number at `index`, converted exactly (`JSONNumber.scan`).
    private mutating func number() throws(JSONSyntaxError) -> Double {
        switch JSONNumber.scan(bytes, from: index) {
        case .number(let value, let end):
            index = end
            return value
        case .expected(let what, let at):
            index = at
            throw expected(what)
        case .refused(let reason, let at):
            index = at
            throw failure(reason)
        }
    }

    // MARK: Bytes

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case ASCII.space, ASCII.tab, ASCII.lineFeed, ASCII.carriageReturn: index += 1
            default: return
            }
        }
    }


    private func failure(_ reason: String) -> JSONSyntaxError { JSONSyntaxError(reason: reason, column: index + 1) }

    private func expected(_ what: String) -> JSONSyntaxError {
        failure(index < bytes.count ? "unexpected \(describeCurrent()), expected \(what)" : "unexpected end of line, expected \(what)")
    }

    /// The byte at the cursor for a message: `'x'`, or its hex value when not printable ASCII.
    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of line" }
        let b = bytes[index]
        if b >= ASCII.space, b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x\(String(b, radix: 16, uppercase: true))"
    }
}

/// The ASCII bytes the parser looks at, by name.
enum ASCII {
    static let tab = UInt8(ascii: "\t"), lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " "), quote = UInt8(ascii: "\""), plus = UInt8(ascii: "+")
    static let comma = UInt8(ascii: ","), minus = UInt8(ascii: "-"), dot = UInt8(ascii: "."), slash = UInt8(ascii: "/")
    static let zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9"), colon = UInt8(ascii: ":")
    static let upperA = UInt8(ascii: "A"), upperE = UInt8(ascii: "E"), upperF = UInt8(ascii: "F")
    static let openBracket = UInt8(ascii: "["), backslash = UInt8(ascii: "\\"), closeBracket = UInt8(ascii: "]")
    static let a = UInt8(ascii: "a"), b = UInt8(ascii: "b"), e = UInt8(ascii: "e"), f = UInt8(ascii: "f")
    static let n = UInt8(ascii: "n"), r = UInt8(ascii: "r"), t = UInt8(ascii: "t"), u = UInt8(ascii: "u")
    static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
}
