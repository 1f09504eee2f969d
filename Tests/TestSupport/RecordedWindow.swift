import ForceCore
import Foundation
import XCTest

/// A window with a state folder of its own (a fresh canvas), recording to `recording` and
/// writing its last frame to `shot` when it ends: for the window tests that drive it and then
/// read back what it recorded.
public final class RecordedWindow {
    public let directory: String
    public let process: Process
    /// The X window id, for xdotool.
    public let window: String
    public var recording: String { directory + "/rec.jsonl" }
    public var shot: String { directory + "/shot.png" }

    /// Opens a `size` window (`WxH`).
    public init(size: String) throws {
        try Binary.requireDisplay()
        directory = try Binary.temporaryDirectory()
        var env = Binary.isolatedEnvironment()
        env["XDG_STATE_HOME"] = directory + "/state"
        (process, window) = try Binary.launchWindow(["--size", size, "--fresh", "--record", directory + "/rec.jsonl",
                                                     "--snapshot", directory + "/shot.png"], environment: env)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// Presses at (`x0`, `y`), drags to `x1` in 10 pt steps, releases.
    public func drag(y: Int, from x0: Int, to x1: Int) throws {
        var steps = ["mousemove", "--window", window, "\(x0)", "\(y)", "mousedown", "1"]
        for x in stride(from: x0 + 10, through: x1, by: 10) { steps += ["mousemove", "--window", window, "\(x)", "\(y)", "sleep", "0.005"] }
        try Binary.xdotool(steps + ["mouseup", "1"])
    }

    /// Ends the window (SIGTERM: it writes its frame and closes its files) and returns what it
    /// recorded.
    public func finish(file: StaticString = #filePath, line: UInt = #line) throws -> Session {
        Thread.sleep(forTimeInterval: 0.3)
        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, file: file, line: line)
        return try SessionCoding.parse(try String(contentsOfFile: recording, encoding: .utf8), file: recording)
    }
}
