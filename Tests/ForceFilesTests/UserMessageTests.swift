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
