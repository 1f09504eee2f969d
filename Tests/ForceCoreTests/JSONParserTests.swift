import XCTest
@testable import ForceCore

/// The strict line parser: the whole JSON grammar for values, exact numbers, clear refusals.
final class JSONParserTests: XCTestCase {
    func parse(_ text: String) throws -> JSONValue? { try JSONParser.parse(text) }

    func refuse(_ text: String, _ reason: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try parse(text), file: file, line: line) { error in
            let message = (error as? JSONSyntaxError)?.description ?? "\(error)"
            XCTAssertTrue(message.contains(reason), "\(text): \(message)", file: file, line: line)
        }
    }

    func testValues() throws {
        XCTAssertNil(try parse(" \t\r "))
        XCTAssertEqual(try parse(#" {"a": [1, -2.5e3, true, false, null, "x"], "b": {"c": {}}, "d": []} "#), .object([
            JSONMember(key: "a", value: .array([.number(1), .number(-2500), .bool(true), .bool(false), .null, .string("x")])),
            JSONMember(key: "b", value: .object([JSONMember(key: "c", value: .object([]))])),
            JSONMember(key: "d", value: .array([])),
        ]))
        XCTAssertEqual(try parse("-0"), .number(-0.0))
        XCTAssertEqual(try parse("0.0e+0"), .number(0))
        XCTAssertEqual(try parse("1E2"), .number(100))
    }

    func testStrings() throws {
        XCTAssertEqual(try parse(#""a\"b\\c\/d\b\f\n\r\t""#), .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        XCTAssertEqual(try parse(#""\u00e9\u20AC""#), .string("é€"))
        XCTAssertEqual(try parse(#""\ud83d\ude00 pen""#), .string("😀 pen"), "a surrogate pair is one scalar")
        XCTAssertEqual(try parse("\"Wacom Intuos — Stift ✎\""), .string("Wacom Intuos — Stift ✎"))
        XCTAssertEqual(try parse(#""\u0000""#), .string("\u{0}"))
    }

    func testRefusals() {
        refuse("not json", "unexpected 'n', expected a value at column 1")
        refuse("{\"a\":1,}", "expected a key in quotes")
        refuse("[1,]", "expected a value")
        refuse("{\"a\" 1}", "expected ':'")
        refuse("{\"a\":1", "end of line inside an object")
        refuse("{\"a\":01}", "leading zero")
        refuse("1.", "a digit after the decimal point")
        refuse("1e", "a digit in the exponent")
        refuse("-", "a digit")
        refuse("+1", "unexpected '+'")
        refuse(".5", "unexpected '.'")
        refuse("NaN", "unexpected 'N'")
        refuse("\"a\tb\"", "control character")
        refuse("\"abc", "unterminated string")
        refuse(#""\x""#, "unknown escape")
        refuse(#""\u12G4""#, "hex digits")
        refuse(#""\ud83d""#, "lone surrogate")
        refuse(#""\ude00""#, "lone surrogate")
        refuse(#""\ud83d\u0041""#, "lone surrogate")
        refuse("{} {}", "after the value")
        refuse("tru", "expected a value")
        refuse(String(repeating: "[", count: 65) + String(repeating: "]", count: 65), "nested deeper than 64")
        XCTAssertNoThrow(try parse(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)))
    }

    func testInvalidUTF8InAString() {
        let bytes: [UInt8] = Array("\"a".utf8) + [0xC3] + Array("\"".utf8)
        XCTAssertThrowsError(try bytes.withUnsafeBufferPointer { try JSONParser.parse($0) }) { error in
            XCTAssertEqual((error as? JSONSyntaxError)?.reason, "not UTF-8 text")
        }
    }

    /// Shortest round-tripping text (what the writer uses) parses back to the very same bits,
    /// through the fast path and the slow one.
    func testNumbersAreExact() throws {
        var g = StrokeFixtures.Generator(seed: 7)
        var values: [Double] = [
            0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 0.004166666666666667, 0.516048301, 170.5390625, 65535, 1e22, 1e23,
            9007199254740992, 0.000001, 1e-7, 12345.678901234567, .leastNonzeroMagnitude, .leastNormalMagnitude,
            .greatestFiniteMagnitude, .ulpOfOne,
        ]
        for _ in 0..<20_000 {
            values.append(g.next() * 2000)                                   // coordinates
            values.append(Double(bitPattern: UInt64(g.next() * 9.2e18)))     // any finite double
        }
        for v in values + values.map({ -$0 }) {
            let text = "\(v)"
            guard case .number(let back)? = try parse(text) else { return XCTFail(text) }
            XCTAssertEqual(back.bitPattern, v.bitPattern, text)
        }
        // Long and odd spellings: the standard library's exact reading is the reference.
        for text in ["9007199254740993", "123456789012345678", "5e-324", "4.9406564584124654e-324", "2.4703282292062328e-324",
                     "2.2250738585072011e-308", "0.1000000000000000055511151231257827", "1.00000000000000011102230246251565404236316680908203125"] {
            XCTAssertEqual(try parse(text), Double(text).map(JSONValue.number), text)
        }
        // Other spellings of the same numbers.
        XCTAssertEqual(try parse("100e-2"), .number(1))
        XCTAssertEqual(try parse("0.30000000000000004441"), .number(0.30000000000000004))
        XCTAssertEqual(try parse("17976931348623157e292"), .number(1.7976931348623157e308))
        XCTAssertEqual(try parse("1e400"), .number(.infinity), "overflow is ∞; session fields refuse it")
        XCTAssertEqual(try parse("1e-400"), .number(0))
        XCTAssertEqual(try parse("1" + String(repeating: "0", count: 30)), .number(1e30))
        XCTAssertEqual(try parse("0." + String(repeating: "0", count: 30) + "1"), .number(1e-31))
    }

    /// Digits read eight at a time where they can be: integer and fraction parts of every
    /// length from 0 to 24 digits (so every way eight-digit runs fall against the 19 that are
    /// kept), leading zeros, zeros inside, digits next to a non-digit, and exponents, against
    /// the standard library's exact reading.
    func testDigitsReadEightAtATimeAreExact() throws {
        var g = StrokeFixtures.Generator(seed: 23)
        var wrong: [String] = []
        func digits(_ n: Int, zeros: Double) -> String {
            String((0..<n).map { _ in g.next() < zeros ? "0" : Character(String(1 + Int(g.next() * 9))) })
        }
        for whole in 0...24 {
            for fraction in 0...24 {
                for zeros in [0.0, 0.3, 0.9] {
                    var integer = digits(whole, zeros: zeros)
                    while integer.count > 1, integer.hasPrefix("0") { integer.removeFirst() }
                    if integer.isEmpty { integer = "0" }
                    if integer.count > 1, integer.first == "0" { continue }
                    var text = integer
                    if fraction > 0 { text += "." + digits(fraction, zeros: zeros) }
                    for suffix in ["", "e" + String(Int(g.next() * 41) - 20)] {
                        for sign in ["", "-"] {
                            let t = sign + text + suffix
                            guard case .number(let v)? = try parse(t), let reference = Double(t),
                                  v.bitPattern == reference.bitPattern else {
                                wrong.append(t)
                                continue
                            }
                        }
                    }
                }
            }
        }
        XCTAssertEqual(wrong.prefix(10), [], "\(wrong.count) numbers read otherwise than the standard library reads them")
        // Eight digits as the bytes hold them, and what is not eight digits.
        func eight(_ s: String) -> UInt32? { Array(s.utf8).withUnsafeBufferPointer { JSONNumber.eightDigits($0, at: 0) } }
        XCTAssertEqual(eight("12345678"), 12_345_678)
        XCTAssertEqual(eight("00000009"), 9)
        XCTAssertEqual(eight("99999999x"), 99_999_999)
        for bad in ["1234567", "1234567.", "/2345678", ":2345678", "1234 678", "1234567\u{FF}", "12345678"[...].dropLast() + "a"] {
            XCTAssertNil(eight(String(bad)), String(bad))
        }
    }

    /// The extended-precision conversion against the standard library's exact reading: random
    /// numbers of 16 to 19 significant digits times 10^-30…10^30, and integers exactly halfway
    /// between two doubles (the one case it must leave to the slow path).
    func testTheExtendedConversionIsExact() throws {
        var g = StrokeFixtures.Generator(seed: 11)
        var wrong: [String] = []
        for _ in 0..<100_000 {
            let count = 16 + Int(g.next() * 4)
            var digits = String(1 + Int(g.next() * 9))
            for _ in 1..<count { digits += String(Int(g.next() * 10)) }
            let text = digits + "e" + String(Int(g.next() * 61) - 30)
            if try parse(text) != Double(text).map(JSONValue.number) { wrong.append(text) }
        }
        for k in 0..<2000 {
            let text = String((UInt64(1) << 53) + 2 * UInt64(k) + 1)
            if try parse(text) != Double(text).map(JSONValue.number) { wrong.append(text) }
        }
        XCTAssertEqual(wrong.prefix(10), [], "\(wrong.count) numbers read otherwise than the standard library reads them")
        #if arch(x86_64)
        // 0.30000000000000004 (17 digits, past 2^53) goes the extended way; 2^53 + 1, halfway, does not.
        func reader(_ digits: String, exponent: Int) -> JSONNumber.Reader {
            var r = JSONNumber.Reader()
            for d in digits.utf8 { r.integerDigit(d - UInt8(ascii: "0")) }
            r.exponent(exponent)
            return r
        }
        XCTAssertNil(reader("30000000000000004", exponent: -17).fastValue)
        XCTAssertEqual(reader("30000000000000004", exponent: -17).extendedValue, 0.30000000000000004)
        XCTAssertNil(reader("9007199254740993", exponent: 0).extendedValue)
        #endif
    }
}
