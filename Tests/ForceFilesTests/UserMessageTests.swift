import ForceCore
import ForceFiles
import ForcePlatform
import XCTest

/// What a problem says: precise on stderr (file and line), plain on screen.
final class UserMessageTests: XCTestCase {
    func testASessionErrorNamesItsFileAndLineOnStderrAndItsLineOnScreen() {
        let error = SessionError(file: "/tmp/a.jsonl", line: 3, message: "\"x\" must be a number")
        let m = UserMessage(error, context: "Open Recent", status: "Cannot open a.jsonl")
        XCTAssertEqual(m.log, "forcecanvas: Open Recent: /tmp/a.jsonl:3: \"x\" must be a number")
        XCTAssertEqual(m.status, "Cannot open a.jsonl: line 3: \"x\" must be a number")
        XCTAssertEqual(UserMessage(SessionFileError.invalid(error)).status, "line 3: \"x\" must be a number")
    }

    /// A file that is not a session at all (an image) is said of the file on screen, with no
    /// "line 1:"; stderr keeps FILE:1: as every session problem has it.
    func testAWholeFileProblemNamesNoLineOnScreen() throws {
        var parser = SessionParser(file: "/tmp/a.png")
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        XCTAssertThrowsError(try png.withUnsafeBufferPointer { try parser.parse($0, number: 1) }) { error in
            let m = UserMessage(error, context: "opening a file", status: "Cannot open a.png")
            XCTAssertEqual(m.status, "Cannot open a.png: a PNG image, not a session")
            XCTAssertEqual(m.log, "forcecanvas: opening a file: /tmp/a.png:1: a PNG image, not a session")
            XCTAssertEqual(UserMessage(SessionFileError.invalid(error as! SessionError)).status, "a PNG image, not a session")
        }
    }

    func testAFileProblemSaysItsReasonAndPath() {
        let m = UserMessage(FileProblem(path: "/full/r.jsonl", code: ENOSPC), context: "Not recording")
        XCTAssertEqual(m.line, "Not recording: the disk is full (/full/r.jsonl)")
        XCTAssertEqual(m.status, "Not recording: the disk is full")
    }

    func testAnyOtherErrorByItsDescription() {
        struct Odd: Error, CustomStringConvertible { var description: String { "odd thing" } }
        XCTAssertEqual(UserMessage(Odd()).log, "forcecanvas: odd thing")
        XCTAssertEqual(UserMessage(Odd()).status, "odd thing")
    }
}
