/// Numbers as people write them in config files and options: `[+-]digits[.digits][e[+-]digits]`
/// (or `.5`, `5.`), nothing else.
///
/// `Double(String)` also reads hexadecimal (`0x10` is 16), `nan`, `inf` and stops at an
/// embedded NUL (`0.2\0junk` is 0.2), all of which would turn a typo into a setting.
public enum DecimalText {
    /// The value of `text` when the whole of it is a decimal number, else nil.
    public static func number<S: StringProtocol>(_ text: S) -> Double? {
        guard isDecimal(text.utf8) else { return nil }
        return Double(String(text))
    }

    static func isDecimal<C: Collection<UInt8>>(_ bytes: C) -> Bool {
        var i = bytes.startIndex
        func digits() -> Int {
            var n = 0
            while i < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) {
                n += 1
                i = bytes.index(after: i)
            }
            return n
        }
        func skip(_ set: [UInt8]) { if i < bytes.endIndex, set.contains(bytes[i]) { i = bytes.index(after: i) } }
        skip([UInt8(ascii: "+"), UInt8(ascii: "-")])
        var mantissa = digits()
        if i < bytes.endIndex, bytes[i] == UInt8(ascii: ".") {
            i = bytes.index(after: i)
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if i < bytes.endIndex, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i = bytes.index(after: i)
            skip([UInt8(ascii: "+"), UInt8(ascii: "-")])
            guard digits() > 0 else { return false }
        }
        return i == bytes.endIndex
    }
}
