import XCTest
@testable import ForceCore

/// The config file is read as strictly as a session: CRLF or LF, each line's problems at its own
/// number, numbers only as decimals (no hex, no NaN, no text after a NUL).
final class ConfigFileTests: XCTestCase {
    func parse(_ bytes: [UInt8]) throws(SettingsError) -> Settings {
        try bytes.withUnsafeBufferPointer { (b) throws(SettingsError) -> Settings in try Settings.parse(b, file: "config") }
    }

    func expectError(_ text: [UInt8], _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        do {
            _ = try parse(text)
            XCTFail("expected \(expected)", file: file, line: line)
        } catch {
            XCTAssertTrue(error.message.contains(expected), error.message, file: file, line: line)
        }
    }

    func testCRLFReadsLikeLF() throws {
        let lf = try parse(Array("pressure-step = 0.2\n# note\npeek-threshold = 0.3\n".utf8))
        let crlf = try parse(Array("pressure-step = 0.2\r\n# note\r\npeek-threshold = 0.3\r\n".utf8))
        XCTAssertEqual(lf, crlf)
        XCTAssertEqual(crlf.pressureStep, 0.2)
        XCTAssertEqual(crlf.peekThreshold, 0.3)
    }

    func testHexNaNAndInfinityAreNotNumbers() {
        expectError(Array("pressure-step = 0x10\n".utf8), "config:1: invalid pressure-step \"0x10\"")
        expectError(Array("fallback-interval = 0x1p-2\n".utf8), "config:1: invalid fallback-interval")
        expectError(Array("peek-threshold = nan\n".utf8), "config:1: invalid peek-threshold")
        expectError(Array("pressure-easing = inf\n".utf8), "config:1: invalid pressure-easing")
        expectError(Array("minimum-pressure = 0x0.1\n".utf8), "config:1:")
        expectError(Array("pressure-curve = 0x10,0,100,100\n".utf8), "config:1:")
    }

    func testAnEmbeddedNULIsRefusedAtItsLine() {
        expectError(Array("pressure-step = 0.1\npressure-step = 0.2".utf8) + [0] + Array("junk\n".utf8), "config:2: holds a NUL byte")
    }

    func testInvalidUTF8IsReportedAtItsOwnLine() {
        expectError(Array("# fine\npressure-step = 0.1\n# caf".utf8) + [0xE9] + Array("\n".utf8), "config:3: not UTF-8 text")
    }

    func testDecimalText() {
        for good in ["0", "1.5", "-2", "+.5", "5.", "1e-3", "2E+2"] { XCTAssertNotNil(DecimalText.number(good), good) }
        for bad in ["", ".", "-", "1e", "0x10", "nan", "inf", "1,5", " 1", "1 ", "0.2\0junk", "١"] {
            XCTAssertNil(DecimalText.number(bad), bad)
        }
    }
}
