import XCTest
@testable import ForceCore

/// The line splitter under files and blocks of every awkward size.
final class LineReaderTests: XCTestCase {
    /// Every line of `text` with its number, read `blockSize` bytes at a time (reads may also
    /// come back short, as from a pipe).
    func lines(_ text: String, blockSize: Int, shortReads: Bool = false) -> [(String, Int)] {
        let bytes = Array(text.utf8)
        var offset = 0
        var call = 0
        let reader = LineReader<Never>(blockSize: blockSize) { buffer in
            call += 1
            let wanted = shortReads ? min(buffer.count, 1 + call % 3) : buffer.count
            let n = min(wanted, bytes.count - offset)
            for i in 0..<n { buffer[i] = bytes[offset + i] }
            offset += n
            return n
        }
        var out: [(String, Int)] = []
        while let line = reader.nextLine({ bytes, number in (String(decoding: bytes, as: UTF8.self), number) }) {
            out.append(line)
        }
        return out
    }

    func check(_ text: String, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        for blockSize in [1, 2, 3, 5, 8, 64 * 1024] {
            for short in [false, true] {
                let got = lines(text, blockSize: blockSize, shortReads: short)
                XCTAssertEqual(got.map(\.0), expected, "block \(blockSize), short reads \(short)", file: file, line: line)
                XCTAssertEqual(got.map(\.1), expected.indices.map { $0 + 1 }, file: file, line: line)
            }
        }
        var whole: [String] = []
        var copy = text
        copy.withUTF8 { bytes in
            LineReader<Never>.forEachLine(in: bytes) { line, _ in whole.append(String(decoding: line, as: UTF8.self)) }
        }
        XCTAssertEqual(whole, expected, "forEachLine", file: file, line: line)
    }

    func testLineEnds() {
        check("a\nbc\n", ["a", "bc"])
        check("a\nbc", ["a", "bc"])
        check("a\r\nbc\r\n", ["a", "bc"])
        check("a\r\r\nb\rc\n", ["a\r", "b\rc"])
        check("", [])
        check("\n", [""])
        check("\n\n\r\nx", ["", "", "", "x"])
    }

    func testLinesLongerThanTheBlock() {
        let long = String(repeating: "0123456789", count: 1_000)
        check("\(long)\nshort\n\(long)\r\n\(long)", [long, "short", long, long])
        XCTAssertEqual(lines(long + "\n" + long, blockSize: 64).map(\.0), [long, long])
    }

    func testReadErrorsPassThrough() {
        struct Broken: Error {}
        let reader = LineReader<Broken>(blockSize: 4) { _ throws(Broken) in throw Broken() }
        XCTAssertThrowsError(try reader.nextLine { _, _ in () })
    }
}
