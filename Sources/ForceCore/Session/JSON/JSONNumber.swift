/// Exact conversion of JSON number text to `Double`: the result is always the correctly rounded
/// nearest double, so `SessionCoding.encode` (shortest round-tripping text) then parsing gives
/// back the very same bits.
///
/// Fast path (Clinger 1990): a decimal significand of at most 2^53 times a power of ten of at
/// most 10^22 — both exact doubles — needs one IEEE multiply or divide, which rounds
/// correctly. That covers typical recorded values (`0.516048301`, `170.5`, `30000`).
///
/// Extended path (x86-64): up to 19 significant digits times 10^±27, one x87 extended-precision
/// (64-bit significand) multiply or divide, then rounded to a double. Both factors are exact in
/// extended precision and the operation rounds correctly, so rounding twice can differ from
/// rounding once only when the extended result lies exactly halfway between two doubles; that
/// one case goes on to the slow path. This covers the 17-digit shortest text of most doubles
/// (`523.7418529364827`), which ForceCanvas's own recordings are full of. Anything else (more
/// digits, big exponents) goes to the standard library's exact parser.
enum JSONNumber {
    /// 2^53: integers up to here are exact doubles.
    static let exactIntegerLimit: UInt64 = 1 << 53
    /// 10^22 is the largest power of ten that is an exact double.
    static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
    #if arch(x86_64)
    /// 10^0 … 10^27: exact in extended precision (5^27 < 2^63).
    static let extendedPowersOfTen: [Float80] = {
        var p: [Float80] = [1]
        for _ in 1...27 { p.append(p[p.count - 1] * 10) }
        return p
    }()
    #endif
    /// The 11 bits of an extended significand below a double's, and their halfway pattern.
    static let belowDouble: UInt64 = 0x7FF
    static let halfwayBelowDouble: UInt64 = 0x400
    /// 19 decimal digits always fit a UInt64.
    static let maximumSignificandDigits = 19
    /// Exponents are not accumulated past this (|e| ≥ 10^6 is 0 or ∞ for any double).
    static let exponentCap = 1_000_000

    /// Collects the digits of one number as the parser reads them.
    struct Reader {
        var negative = false
        private var significand: UInt64 = 0
        private var digits = 0
        /// Digits were dropped (more than 19 significant ones): only the slow path is exact.
        private var truncated = false
        private var decimalExponent = 0

        mutating func integerDigit(_ d: UInt8) {
            if significand == 0, d == 0 { return }
            if digits < JSONNumber.maximumSignificandDigits {
                significand = significand &* 10 &+ UInt64(d)
                digits += 1
            } else {
                truncated = true
                decimalExponent += 1
            }
        }

        mutating func fractionDigit(_ d: UInt8) {
            if significand == 0, d == 0 {
                decimalExponent -= 1
                return
            }
            if digits < JSONNumber.maximumSignificandDigits {
                significand = significand &* 10 &+ UInt64(d)
                digits += 1
                decimalExponent -= 1
            } else if d != 0 {
                truncated = true
            }
        }

        mutating func exponent(_ e: Int) { decimalExponent += e }

        /// Whether eight more digits can be taken at once: past the leading zeros, with room
        /// for them among the 19 (what eight `integerDigit` or `fractionDigit` calls would do).
        var takesEightDigits: Bool { significand != 0 && digits + 8 <= JSONNumber.maximumSignificandDigits }

        /// Eight digits of the integer part at once, their value `v` (when `takesEightDigits`).
        mutating func eightIntegerDigits(_ v: UInt32) {
            significand = significand &* 100_000_000 &+ UInt64(v)
            digits += 8
        }

        /// Eight digits of the fraction at once, their value `v` (when `takesEightDigits`).
        mutating func eightFractionDigits(_ v: UInt32) {
            eightIntegerDigits(v)
            decimalExponent -= 8
        }

        /// The exact value through extended precision (see the type's notes), else nil.
        var extendedValue: Double? {
            #if arch(x86_64)
            guard !truncated, significand != 0, decimalExponent >= -JSONNumber.extendedPowersOfTen.count + 1,
                  decimalExponent < JSONNumber.extendedPowersOfTen.count else { return nil }
            let m = Float80(significand)
            let q = decimalExponent < 0 ? m / JSONNumber.extendedPowersOfTen[-decimalExponent]
                                        : m * JSONNumber.extendedPowersOfTen[decimalExponent]
            // The 11 bits below a double's 52: exactly halfway is the one case to leave.
            guard q.significandBitPattern & JSONNumber.belowDouble != JSONNumber.halfwayBelowDouble else { return nil }
            let v = Double(q)
            return negative ? -v : v
            #else
            return nil
            #endif
        }

        /// The exact value when the fast path applies, else nil.
        var fastValue: Double? {
            if significand == 0 { return negative ? -0.0 : 0 }
            guard !truncated, significand <= JSONNumber.exactIntegerLimit,
                  decimalExponent >= -22, decimalExponent <= 22 else { return nil }
            let m = Double(significand)
            let v = decimalExponent < 0 ? m / JSONNumber.exactPowersOfTen[-decimalExponent]
                                        : m * JSONNumber.exactPowersOfTen[decimalExponent]
            return negative ? -v : v
        }
    }

    /// The value of the eight bytes at `i` if all are ASCII digits (first digit first), else nil:
    /// one 64-bit load, a test of all eight bytes at once and three multiplies instead of eight
    /// steps (the SWAR reading of eight digits in Lemire's number parsing).
    @inline(__always)
    static func eightDigits(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt32? {
        guard i + 8 <= bytes.count, let base = bytes.baseAddress else { return nil }
        let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
        // Every byte 0x30…0x39: its high nibble is 3, and adding 6 keeps it 3 (a carry out of a
        // byte only comes from a byte ≥ 0xFA, which already fails).
        let high: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        guard (word & high) | (((word &+ 0x0606_0606_0606_0606) & high) >> 4) == 0x3333_3333_3333_3333 else { return nil }
        // Digit values, then pairs (10a + b), then quads, then the eight: the first digit is the
        // lowest byte.
        var v = word &- 0x3030_3030_3030_3030
        v = v &* 10 &+ (v >> 8)
        let pairs: UInt64 = 0x0000_00FF_0000_00FF
        v = ((v & pairs) &* (100 + 1_000_000 << 32) &+ ((v >> 16) & pairs) &* (1 + 10_000 << 32)) >> 32
        return UInt32(truncatingIfNeeded: v)
    }

    /// What `scan` found.
    enum Scanned {
        /// The number and the index just past its text.
        case number(Double, end: Int)
        /// Not a number: `what` was expected at byte `at`.
        case expected(String, at: Int)
        /// Not a number, for `reason`, at byte `at`.
        case refused(String, at: Int)
    }

    /// Reads `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` at `start` of `bytes`
    /// (a minus sign or a digit is there) and converts it exactly: the fast path, the extended
    /// one, else the standard library's. The JSON parser and the quick reading of event lines
    /// (`SessionParser.quickEvent`) both read numbers through it.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Scanned {
        func isDigit(_ b: UInt8) -> Bool { b &- ASCII.zero < 10 }
        var i = start
        var reader = Reader()
        if i < bytes.count, bytes[i] == ASCII.minus {
            reader.negative = true
            i += 1
        }
        guard i < bytes.count, isDigit(bytes[i]) else { return .expected("a digit", at: i) }
        if bytes[i] == ASCII.zero {
            i += 1
            if i < bytes.count, isDigit(bytes[i]) { return .refused("a number must not start with 0 (leading zero)", at: i) }
        } else {
            while i < bytes.count, isDigit(bytes[i]) {
                if reader.takesEightDigits, let v = eightDigits(bytes, at: i) {
                    reader.eightIntegerDigits(v)
                    i += 8
                    continue
                }
                reader.integerDigit(bytes[i] &- ASCII.zero)
                i += 1
            }
        }
        if i < bytes.count, bytes[i] == ASCII.dot {
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { return .expected("a digit after the decimal point", at: i) }
            while i < bytes.count, isDigit(bytes[i]) {
                if reader.takesEightDigits, let v = eightDigits(bytes, at: i) {
                    reader.eightFractionDigits(v)
                    i += 8
                    continue
                }
                reader.fractionDigit(bytes[i] &- ASCII.zero)
                i += 1
            }
        }
        if i < bytes.count, bytes[i] == ASCII.e || bytes[i] == ASCII.upperE {
            i += 1
            var exponentNegative = false
            if i < bytes.count, bytes[i] == ASCII.plus || bytes[i] == ASCII.minus {
                exponentNegative = bytes[i] == ASCII.minus
                i += 1
            }
            guard i < bytes.count, isDigit(bytes[i]) else { return .expected("a digit in the exponent", at: i) }
            var exponent = 0
            while i < bytes.count, isDigit(bytes[i]) {
                // Far beyond any double's range already: stop growing, the result is 0 or ∞.
                if exponent < exponentCap { exponent = exponent * 10 + Int(bytes[i] &- ASCII.zero) }
                i += 1
            }
            reader.exponent(exponentNegative ? -exponent : exponent)
        }
        if let exact = reader.fastValue ?? reader.extendedValue { return .number(exact, end: i) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        guard let value = slowValue(text) else { return .refused("number \(text) cannot be read", at: start) }
        return .number(value, end: i)
    }

    /// The correctly rounded value of JSON number text through the standard library (exact for
    /// any length; overflow gives ±∞, which the session fields then refuse where it matters).
    static func slowValue(_ text: String) -> Double? { Double(text) }
}
