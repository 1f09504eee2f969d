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

    /// A reader over `count` bytes of `byte` after `prefix`, never holding them (as `/dev/zero`
    /// would give them), with a small limit.
    func endless(prefix: String, byte: UInt8 = 0, count: Int, limit: Int,
                 policy: LineReader<LongLine>.LongLines) -> LineReader<LongLine> {
        let head = Array(prefix.utf8)
        var offset = 0
        return LineReader<LongLine>(blockSize: 64, maximumLineLength: limit, longLines: policy) { buffer in
            var n = 0
            while n < buffer.count, offset < head.count + count {
                buffer[n] = offset < head.count ? head[offset] : byte
                n += 1
                offset += 1
            }
            return n
        }
    }

    struct LongLine: Error, Equatable { var line: Int }

    func testALongLineIsRefusedWithoutReadingTheRest() {
        let reader = endless(prefix: "a\nb\n", count: 10_000_000, limit: 1_000, policy: .refuse { LongLine(line: $0) })
        XCTAssertEqual(try reader.nextLine { b, _ in String(decoding: b, as: UTF8.self) }, "a")
        XCTAssertEqual(try reader.nextLine { b, _ in String(decoding: b, as: UTF8.self) }, "b")
        XCTAssertThrowsError(try reader.nextLine { _, _ in () }) { XCTAssertEqual($0 as? LongLine, LongLine(line: 3)) }
        XCTAssertLessThanOrEqual(reader.bufferCapacity, 2_048, "memory stays near the limit")
    }

    func testALongLineIsSkippedInBoundedMemoryAndWhatFollowsKept() throws {
        let long = String(repeating: "x", count: 5_000)
        for text in ["a\n\(long)\nb\n", "a\n\(long)\r\nb", "a\n" + long] {
            for block in [7, 64, 10_000] {
                let bytes = Array(text.utf8)
                var offset = 0
                let reader = LineReader<Never>(blockSize: block, maximumLineLength: 1_000) { buffer in
                    let n = min(buffer.count, bytes.count - offset)
                    for i in 0..<n { buffer[i] = bytes[offset + i] }
                    offset += n
                    return n
                }
                var got: [String] = []
                while let line = reader.nextLine({ b, n in "\(n):" + String(decoding: b, as: UTF8.self) }) { got.append(line) }
                XCTAssertEqual(got, text.hasSuffix(long) ? ["1:a"] : ["1:a", "3:b"], "block \(block)")
                XCTAssertEqual(reader.skippedLines, [2])
                XCTAssertLessThanOrEqual(reader.bufferCapacity, max(block, 2_048))
            }
        }
        // Ten million zeros: skipped, the buffer never grows past twice the limit.
        let zeros = endless(prefix: "ok\n", count: 10_000_000, limit: 1_000, policy: .skip)
        XCTAssertEqual(try zeros.nextLine { b, _ in String(decoding: b, as: UTF8.self) }, "ok")
        XCTAssertNil(try zeros.nextLine { _, _ in () })
        XCTAssertEqual(zeros.skippedLines, [2])
        XCTAssertFalse(zeros.lastLineWasTerminated)
        XCTAssertLessThanOrEqual(zeros.bufferCapacity, 2_048)
    }
}
