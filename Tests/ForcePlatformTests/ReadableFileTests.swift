@testable import ForcePlatform
import Foundation
import TestSupport
import XCTest

/// Every reader refuses what is not a regular file, and files past their size, before reading;
/// the temporaries a killed writer left are removed at the next start, a running writer's kept.
final class ReadableFileTests: XCTestCase {
    var dir = ""
    override func setUpWithError() throws { dir = try temporaryFolder() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func reason(_ path: String, limit: Int = FileKind.maximumWholeFileBytes) -> String? {
        do {
            _ = try FileKind.readWhole(path, limit: limit)
            return nil
        } catch {
            return error.reason
        }
    }

    func testWhatIsNotARegularFileIsRefusedWithoutBlocking() {
        XCTAssertEqual(mkfifo(dir + "/fifo", 0o644), 0)
        XCTAssertEqual(reason(dir + "/fifo"), "a FIFO (named pipe), not a file", "no writer: a blocking open would never return")
        XCTAssertEqual(reason(dir), "a folder, not a file")
        XCTAssertEqual(reason("/dev/zero"), "a character device, not a file")
        XCTAssertEqual(reason(dir + "/missing"), "no such file")
    }

    func testSizeLimits() throws {
        let path = dir + "/big"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(count: 3 << 20)))
        XCTAssertEqual(reason(path, limit: 2 << 20), "the file is 3 MiB, more than the 2 MiB a file of this kind may be")
        XCTAssertEqual(try FileKind.readWhole(path, limit: 4 << 20).count, 3 << 20)
        // A sparse 2 GB file costs nothing to refuse.
        XCTAssertEqual(truncate(path, 2 << 30), 0)
        XCTAssertEqual(reason(path), "the file is 2048 MiB, more than the 64 MiB a file of this kind may be")
    }

    func testPartialFilesOfGoneWritersAreRemoved() throws {
        let final = dir + "/drawing.png"
        let mine = PartialFiles.temporary(for: final)
        XCTAssertEqual(mine, "\(dir)/.drawing.png.forcecanvas-\(getpid()).partial")
        // A process that has ended: a child that exited.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let gone = PartialFiles.temporary(for: final, process: child.processIdentifier)
        let legacy = "\(dir)/.forcecanvas-20261125-101010-\(child.processIdentifier)-0.png.partial"
        let notOurs = "\(dir)/.something.partial"
        for path in [mine, gone, legacy, notOurs, final] { XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data())) }
        XCTAssertEqual(Set(PartialFiles.removeLeftovers(in: dir)), [gone, legacy])
        for path in [mine, notOurs, final] { XCTAssertTrue(FileManager.default.fileExists(atPath: path), path) }
    }
}
