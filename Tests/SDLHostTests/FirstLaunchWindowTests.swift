import Foundation
import TestSupport
import XCTest

/// A first launch (no document yet) says how a mouse presses harder, in the status line, until
/// the first stroke ends; the next launch, which has a document, does not.
final class FirstLaunchWindowTests: XCTestCase {
    func testTheWheelHintShowsAtTheFirstLaunchUntilTheFirstStroke() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let environment = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": "\(dir)/state"]) { $1 }
        let (first, window) = try Binary.launchWindow(["--size", "800x600", "--verbose"], stderr: "\(dir)/first.txt",
                                                      environment: environment)
        var drag = ["mousemove", "--window", window, "200", "300", "mousedown", "1"]
        for x in stride(from: 210, through: 400, by: 10) { drag += ["mousemove", "--window", window, "\(x)", "300", "sleep", "0.01"] }
        try Binary.xdotool(drag + ["mouseup", "1"])
        Thread.sleep(forTimeInterval: 0.4)
        first.terminate()
        Binary.waitForExit(first)
        let log = try String(contentsOfFile: "\(dir)/first.txt", encoding: .utf8)
        let statuses = log.split(separator: "\n").filter { $0.hasPrefix("status: ") }.map(String.init)
        XCTAssertEqual(statuses.first?.hasPrefix("status: Hold a mouse button and turn the wheel"), true, log)
        XCTAssertEqual(statuses.last, "status: (none)", "the hint went with the first stroke: \(log)")

        let (second, _) = try Binary.launchWindow(["--size", "800x600", "--verbose"], stderr: "\(dir)/second.txt",
                                                  environment: environment)
        Thread.sleep(forTimeInterval: 0.3)
        second.terminate()
        Binary.waitForExit(second)
        let again = try String(contentsOfFile: "\(dir)/second.txt", encoding: .utf8)
        XCTAssertFalse(again.contains("turn the wheel"), "a document exists: no first-launch hint: \(again)")
    }
}
