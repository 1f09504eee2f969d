import TestSupport
import ForceCore
import Foundation
import XCTest

/// The autosave journal in the real window: `kill -9` loses nothing but the last moment, the
/// canvas comes back at the next start, Ctrl+N starts over, and every way of closing ends a
/// live stroke with `up` before the files close.
final class JournalWindowTests: XCTestCase {
    var dir = ""
    var env: [String: String] = [:]

    override func setUpWithError() throws {
        try Binary.requireDisplay()
        dir = try Binary.temporaryDirectory()
        env = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": "\(dir)/state"]) { $1 }
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    var journalPath: String { "\(dir)/state/forcecanvas/journal/canvas.jsonl" }

    /// Presses at (100, y), drags right to x = 500 and, if `lift`, releases.
    func drag(_ window: String, y: Int, lift: Bool = true) throws {
        var steps = ["mousemove", "--window", window, "100", "\(y)", "mousedown", "1"]
        for x in stride(from: 110, through: 500, by: 10) { steps += ["mousemove", "--window", window, "\(x)", "\(y)", "sleep", "0.01"] }
        try Binary.xdotool(steps + (lift ? ["mouseup", "1"] : []))
    }

    /// Dark pixels in column `x` near row `y`: the stroke's thickness there.
    func thickness(_ shot: PNGPixels, x: Int, y: Int) -> Int {
        (y - 30..<y + 30).filter { shot.luminance(x: x, y: $0) < 100 }.count
    }

    /// A start that only restores and writes the frame.
    func snapshot(_ name: String) throws -> (PNGPixels, Binary.Result) {
        let r = try Binary.forcecanvas(["run", "--exit-after-frames", "20", "--snapshot", "\(dir)/\(name).png"], environment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        return (try XCTUnwrap(PNGPixels(path: "\(dir)/\(name).png")), r)
    }

    func testKill9LosesNothingButTheLastMomentAndTheStrokeComesBack() throws {
        let (process, window) = try Binary.launchWindow(["--size", "800x600"], environment: env)
        try drag(window, y: 300)
        Thread.sleep(forTimeInterval: 0.3)  // more than the journal's 100 ms
        kill(process.processIdentifier, SIGKILL)
        Binary.waitForExit(process)
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)

        let (shot, r) = try snapshot("restored")
        XCTAssertTrue(r.stderr.contains("restored 1 stroke from \(journalPath)"), r.stderr)
        XCTAssertEqual(shot.width, 800, "the restored canvas's size")
        XCTAssertGreaterThan(thickness(shot, x: 300, y: 300), 4, "the stroke is back")

        // A clean exit compacted the journal; the canvas still comes back from it.
        let compacted = try SessionCoding.parse(try String(contentsOfFile: journalPath, encoding: .utf8), file: journalPath)
        XCTAssertEqual(compacted.events.filter { if case .pointer(let p) = $0.event { return p.phase == .down } else { return false } }.count, 1)
        let (again, _) = try snapshot("again")
        XCTAssertGreaterThan(thickness(again, x: 300, y: 300), 4)

        // --fresh starts empty and keeps the old canvas aside.
        let fresh = try Binary.forcecanvas(["run", "--fresh", "--exit-after-frames", "10", "--snapshot", "\(dir)/fresh.png"], environment: env)
        XCTAssertEqual(fresh.status, 0, fresh.stderr)
        XCTAssertEqual(thickness(try XCTUnwrap(PNGPixels(path: "\(dir)/fresh.png")), x: 300, y: 300), 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/state/forcecanvas/journal/canvas.previous.jsonl"))
    }

    func testCtrlNStartsANewCanvasThatStaysNew() throws {
        let (process, window) = try Binary.launchWindow(["--size", "800x600"], environment: env)
        try drag(window, y: 200)
        Thread.sleep(forTimeInterval: 0.2)
        try Binary.xdotool(["key", "--window", window, "ctrl+n"])
        Thread.sleep(forTimeInterval: 0.3)
        try Binary.xdotool(["key", "--window", window, "ctrl+q"])
        Binary.waitForExit(process)
        XCTAssertEqual(process.terminationStatus, 0)
        let (shot, r) = try snapshot("new")
        XCTAssertEqual(thickness(shot, x: 300, y: 200), 0, "the new canvas is what comes back")
        XCTAssertFalse(r.stderr.contains("restored"), r.stderr)
    }

    /// SIGTERM and Ctrl+Q while the button is still down: the stroke ends with `up` in the
    /// recording and in the journal, and is on the canvas at the next start.
    func testClosingMidStrokeEndsItWithUp() throws {
        for (i, close) in ["SIGTERM", "ctrl+q", "SIGINT"].enumerated() {
            let recording = "\(dir)/rec-\(i).jsonl"
            let (process, window) = try Binary.launchWindow(["--size", "800x600", "--record", recording], environment: env)
            try drag(window, y: 300, lift: false)
            Thread.sleep(forTimeInterval: 0.2)
            switch close {
            case "SIGTERM": process.terminate()
            case "SIGINT": process.interrupt()
            default: try Binary.xdotool(["key", "--window", window, close])
            }
            Binary.waitForExit(process)
            try Binary.xdotool(["mouseup", "1"])
            XCTAssertEqual(process.terminationStatus, 0, close)
            for path in [recording, journalPath] {
                let text = try String(contentsOfFile: path, encoding: .utf8)
                let session = try SessionCoding.parse(text, file: path)
                let phases: [PointerPhase] = session.events.compactMap { if case .pointer(let p) = $0.event { return p.phase } else { return nil } }
                XCTAssertEqual(phases.filter { $0 != .move }.suffix(2), [.down, .up], "\(close): \(path) ends the stroke")
                XCTAssertEqual(phases.last, .up, "\(close): \(path)")
            }
        }
    }
}
