import Foundation
import TestSupport
import XCTest

/// What the status line says as the window opens: at a first launch (no document yet), how a
/// mouse presses harder, until the first stroke ends (the next launch, which has a document,
/// does not); a restored canvas, when the canvas is what shows.
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

    /// A window that opens into a lesson does not say "Restored 1 stroke…" over it (it covered
    /// the lesson's own bar at the bottom of the scene): the canvas's status waits until Esc
    /// brings the canvas back, and is said then.
    func testARestoredCanvasIsSaidWhenThePlayerLeavesNotOverTheLesson() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let environment = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": "\(dir)/state"]) { $1 }
        let (drawing, window) = try Binary.launchWindow(["--size", "800x600"], environment: environment)
        try Binary.xdotool(["mousemove", "--window", window, "200", "300", "mousedown", "1", "mousemove", "--window", window, "260", "320",
                            "sleep", "0.05", "mousemove", "--window", window, "320", "300", "mouseup", "1", "sleep", "0.4"])
        drawing.terminate()
        Binary.waitForExit(drawing)

        func statuses(leaving: Bool, _ name: String) throws -> [String] {
            let (lesson, window) = try Binary.launchWindow(["--lesson", "1", "--verbose"], stderr: "\(dir)/\(name).txt",
                                                           environment: environment)
            Thread.sleep(forTimeInterval: 0.5)
            if leaving { try Binary.xdotool(["key", "--window", window, "Escape", "sleep", "0.5"]) }
            lesson.terminate()
            Binary.waitForExit(lesson)
            let log = try String(contentsOfFile: "\(dir)/\(name).txt", encoding: .utf8)
            XCTAssertTrue(log.contains("restored 1 stroke"), "the restore is logged all the same: \(log)")
            return log.split(separator: "\n").filter { $0.hasPrefix("status: ") }.map(String.init)
        }
        let inLesson = try statuses(leaving: false, "lesson")
        XCTAssertFalse(inLesson.contains { $0.hasPrefix("status: Restored 1 stroke") }, "not over the lesson: \(inLesson)")
        let back = try statuses(leaving: true, "back")
        XCTAssertTrue(back.contains { $0.hasPrefix("status: Restored 1 stroke") }, "said with the canvas: \(back)")
    }
}
