import ForceCore
@testable import ForceFiles
import ForcePlatform
import Foundation
import TestSupport
import XCTest

/// Whole lines only: on a full disk the file is cut back to its last whole line, an existing
/// file is never replaced unless asked, and the writer thread loses nothing while it retries.
final class LineFileTests: XCTestCase {
    func testCreateNewRefusesAnExistingFileAndLeavesItUntouched() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/kept.jsonl"
        let original = Data("precious\n".utf8)
        _ = FileManager.default.createFile(atPath: path, contents: original)
        XCTAssertThrowsError(try LineFile(path: path, mode: .createNew)) { error in
            XCTAssertEqual((error as? FileProblem)?.reason, "a file of that name already exists")
        }
        XCTAssertEqual(FileManager.default.contents(atPath: path), original)
    }

    func testContinuingCutsBackToTheGivenSize() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/j.jsonl"
        _ = FileManager.default.createFile(atPath: path, contents: Data("one\ntwo\nthr".utf8))
        var file = try LineFile(path: path, mode: .continuing(size: 8))
        try file.append(Array("three\n".utf8))
        file.close()
        XCTAssertEqual(String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self), "one\ntwo\nthree\n")
    }

    func testAFullDiskCutsTheFileBackToItsLastWholeLine() throws {
        let disk = try SmallDisk()
        let path = disk.path + "/rec.jsonl"
        var file = try LineFile(path: path, mode: .createNew)
        try file.append(Array("header\n".utf8))
        disk.fill()
        let line = Array((String(repeating: "x", count: 20_000) + "\n").utf8)
        XCTAssertThrowsError(try file.append(line)) { error in
            XCTAssertEqual((error as? FileProblem)?.reason, "the disk is full")
        }
        XCTAssertEqual(file.size, 7)
        file.close()
        XCTAssertEqual(String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self), "header\n")
    }

    func testTheJournalPolicyKeepsEveryLineUntilTheDiskHasRoomAgain() throws {
        let disk = try SmallDisk()
        let path = disk.path + "/journal.jsonl"
        let writer = LineWriter(file: try LineFile(path: path, mode: .createNew), policy: .retry, interval: 0.01)
        disk.fill()
        let lines = (0..<200).map { "{\"line\":\($0),\"padding\":\"\(String(repeating: "p", count: 200))\"}" }
        for line in lines { writer.append(line) }
        writer.flushSoon()
        let deadline = Date().addingTimeInterval(10)
        while writer.failure == nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertEqual(writer.failure?.reason, "the disk is full")
        disk.free()
        XCTAssertNil(writer.close(), "written once the disk had room")
        let text = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
        XCTAssertEqual(text, lines.map { $0 + "\n" }.joined())
    }

    func testTheRecordingPolicyStopsAndKeepsAValidFile() throws {
        let disk = try SmallDisk()
        let path = disk.path + "/rec.jsonl"
        let header = Session(viewport: Viewport(width: 100, height: 100))
        let writer = try SessionWriter(path: path, mode: .createNew, header: header, policy: .stop)
        disk.fill()
        for i in 0..<2000 {
            writer.record(TimedEvent(time: Double(i) / 100, event: .pointer(PointerInput(
                phase: i == 0 ? .down : .move, location: Point(x: Double(i), y: 5)))))
        }
        writer.record(TimedEvent(time: 20, event: .pointer(PointerInput(phase: .up, location: Point(x: 1, y: 5)))))
        let deadline = Date().addingTimeInterval(10)
        while !writer.isStopped, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertTrue(writer.isStopped)
        writer.close()
        let data = try XCTUnwrap(FileManager.default.contents(atPath: path))
        XCTAssertEqual(data.last, UInt8(ascii: "\n"), "ends with a whole line")
        XCTAssertNoThrow(try SessionCoding.parse(String(decoding: data, as: UTF8.self), file: path))
    }

    /// An SDL event stamped a millisecond before a pen sample already written must not make
    /// the file unreadable: times never go back.
    func testASessionWritersTimesNeverGoBack() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/rec.jsonl"
        let writer = try SessionWriter(path: path, mode: .createNew, header: Session(viewport: Viewport(width: 10, height: 10)), policy: .stop)
        for t in [1.0005, 1.0, .nan, 2, 1.5] { writer.record(TimedEvent(time: t, event: .wheel(1))) }
        writer.close()
        let session = try SessionCoding.parse(try String(contentsOfFile: path, encoding: .utf8), file: path)
        XCTAssertEqual(session.events.map(\.time), [1.0005, 1.0005, 1.0005, 2, 2])
    }

    func testFileProblemsAreSaidInPlainWords() {
        XCTAssertEqual(FileProblem(path: "/x", code: ENOSPC).description, "/x: the disk is full")
        XCTAssertEqual(FileProblem(path: "/x", code: EROFS).reason, "the disk is read-only")
        XCTAssertEqual(FileProblem(path: "/x", code: EACCES).reason, "there is no permission to write there")
    }

    /// A FIFO, a device or a folder is never opened for writing: a FIFO without a reader would
    /// block the open for ever.
    func testWhatIsNotARegularFileIsRefusedWithoutBlocking() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertEqual(mkfifo(dir + "/fifo", 0o644), 0)
        for (path, mode) in [(dir + "/fifo", LineFile.Mode.replace), (dir + "/fifo", .continuing(size: 0)), ("/dev/null", .replace)] {
            XCTAssertThrowsError(try LineFile(path: path, mode: mode), path)
        }
        XCTAssertThrowsError(try LineFile(path: dir, mode: .replace)) { XCTAssertEqual(($0 as? FileProblem)?.code, EISDIR) }
    }
}
