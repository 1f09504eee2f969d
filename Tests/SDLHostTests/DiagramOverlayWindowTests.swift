import ForceCore
import Foundation
import TestSupport
import XCTest

/// At 640×480 with every panel open the dock has no room for the state diagram: it is drawn over
/// the screen, and a press on it is the window's (never the core's nor the recording's); once M
/// closes it, the same drag draws and is recorded.
final class DiagramOverlayWindowTests: XCTestCase {
    func testAPressOnTheDiagramOverTheScreenIsNeitherDrawnNorRecorded() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (process, window) = try Binary.launchWindow(["--size", "640x480", "--record", "\(dir)/rec.jsonl"])
        func drag() throws {
            var steps = ["mousemove", "--window", window, "200", "250", "mousedown", "1"]
            for x in stride(from: 210, through: 420, by: 15) { steps += ["mousemove", "--window", window, "\(x)", "250", "sleep", "0.01"] }
            try Binary.xdotool(steps + ["mouseup", "1"])
            Thread.sleep(forTimeInterval: 0.3)
        }
        for key in ["h", "g", "l", "m"] {
            try Binary.xdotool(["key", "--window", window, key])
            Thread.sleep(forTimeInterval: 0.2)
        }
        try drag()
        try Binary.xdotool(["key", "--window", window, "m"])
        Thread.sleep(forTimeInterval: 0.3)
        try drag()
        process.terminate()
        Binary.waitForExit(process)
        let session = try SessionCoding.parse(try String(contentsOfFile: "\(dir)/rec.jsonl", encoding: .utf8), file: "rec.jsonl")
        var downs = 0, diagramToggles = 0
        for e in session.events {
            if case .pointer(let p) = e.event, p.phase == .down { downs += 1 }
            if e.event == .command(.toggleDiagram) {
                diagramToggles += 1
                XCTAssertEqual(downs, 0, "no press recorded while the diagram was over the screen")
            }
        }
        XCTAssertEqual(diagramToggles, 2)
        XCTAssertEqual(downs, 1, "only the drag after M closed the diagram")
        let replayed = Fixtures.finalState(session)
        XCTAssertEqual(replayed.ink.strokes.count, 1)
    }
}
