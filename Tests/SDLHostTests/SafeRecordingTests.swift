import TestSupport
import ForceCore
import Foundation
import XCTest

/// `--record` never destroys a file: an existing one is refused without `--overwrite`, the
/// file of `--replay` is refused even with it, and nothing is opened before the window is up.
final class SafeRecordingTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try Binary.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// A 34 KB recording, as in the report that found the bug.
    var demo: String { Binary.repository.appendingPathComponent("Assets/Sessions/demo.jsonl").path }

    func copyOfDemo() throws -> (path: String, bytes: Data) {
        let path = "\(dir)/mine.jsonl"
        try FileManager.default.copyItem(atPath: demo, toPath: path)
        return (path, try XCTUnwrap(FileManager.default.contents(atPath: path)))
    }

    func testAnExistingFileIsRefusedWithoutOverwriteAndLeftByteIdentical() throws {
        let (path, bytes) = try copyOfDemo()
        var noDisplay = Binary.isolatedEnvironment()
        noDisplay["DISPLAY"] = nil
        noDisplay["WAYLAND_DISPLAY"] = nil
        for env in [noDisplay, Binary.isolatedEnvironment()] {
            let r = try Binary.forcecanvas(["run", "--record", path, "--exit-after-frames", "5"], environment: env)
            XCTAssertEqual(r.status, 64, r.stderr)
            XCTAssertTrue(r.stderr.contains("\(path) exists: --record never replaces a file unless --overwrite is given"), r.stderr)
            XCTAssertEqual(FileManager.default.contents(atPath: path), bytes)
        }
    }

    func testRecordingOntoTheReplayedFileIsAnError() throws {
        let (path, bytes) = try copyOfDemo()
        for extra in [[], ["--overwrite"]] {
            let r = try Binary.forcecanvas(["run", "--replay", path, "--record", "\(dir)/./mine.jsonl", "--exit-after-frames", "5"] + extra)
            XCTAssertEqual(r.status, 64, r.stderr)
            XCTAssertTrue(r.stderr.contains("--record and --replay name the same file"), r.stderr)
            XCTAssertEqual(FileManager.default.contents(atPath: path), bytes)
        }
    }

    func testNothingIsCreatedBeforeTheWindowIsUp() throws {
        var env = Binary.isolatedEnvironment()
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        let r = try Binary.forcecanvas(["run", "--record", "\(dir)/new.jsonl"], environment: env)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("forcecanvas: no display"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/new.jsonl"))
    }

    func testOverwriteReplacesTheFileWithAValidRecording() throws {
        try Binary.requireDisplay()
        let (path, _) = try copyOfDemo()
        let r = try Binary.forcecanvas(["run", "--record", path, "--overwrite", "--exit-after-frames", "5", "--size", "320x200"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let session = try SessionCoding.parse(try String(contentsOfFile: path, encoding: .utf8), file: path)
        XCTAssertEqual(session.viewport.width, 320)
    }

    func testARecordingThatCannotBeOpenedLeavesTheWindowRunning() throws {
        try Binary.requireDisplay()
        XCTAssertTrue(FileManager.default.createFile(atPath: "\(dir)/notes", contents: Data("x".utf8)))
        let r = try Binary.forcecanvas(["run", "--record", "\(dir)/notes/rec.jsonl", "--exit-after-frames", "5",
                                        "--snapshot", "\(dir)/shot.png"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("Not recording: a part of the path is not a folder (\(dir)/notes)"), r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/shot.png"))
    }

    /// A recording goes into its folder, made if missing, as every file ForceCanvas writes does
    /// (it said "the folder does not exist" and drew on, unrecorded).
    func testARecordingIntoAMissingFolderMakesIt() throws {
        try Binary.requireDisplay()
        let path = "\(dir)/takes/today/rec.jsonl"
        let r = try Binary.forcecanvas(["run", "--record", path, "--exit-after-frames", "5", "--size", "320x200"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("Not recording"), r.stderr)
        let session = try SessionCoding.parse(try String(contentsOfFile: path, encoding: .utf8), file: path)
        XCTAssertEqual(session.viewport.width, 320)
    }
}
