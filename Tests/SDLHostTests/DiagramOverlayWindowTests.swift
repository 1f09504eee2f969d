import CairoRender
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

/// `run --diagram-window`: the diagram in a window of its own, live, M hiding and showing it;
/// the canvas's dock has no diagram, and M is not recorded (the replay is not changed).
final class DiagramWindowTests: XCTestCase {
    func testTheDiagramInItsOwnWindow() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (process, window) = try Binary.launchWindow(["--size", "800x600", "--scene", "messages", "--diagram-window",
                                                         "--record", "\(dir)/rec.jsonl"])
        func diagramWindows() throws -> [String] {
            let r = try Binary.xdotool(["search", "--all", "--onlyvisible", "--pid", "\(process.processIdentifier)", "--name", "state diagram"])
            return r.stdout.split(separator: "\n").map(String.init)
        }
        let shown = try diagramWindows()
        XCTAssertEqual(shown.count, 1, "the second window is open")
        let diagram = try XCTUnwrap(shown.first)
        XCTAssertNotEqual(diagram, window)
        // A press and the wheel on the main window's first row: the diagram shows `previewing`.
        try Binary.xdotool(["mousemove", "--window", window, "300", "140", "mousedown", "1", "sleep", "0.2",
                            "click", "4", "sleep", "0.1", "click", "4", "sleep", "0.4"])
        let shot = "\(dir)/diagram.png"
        XCTAssertEqual(try Binary.run("/usr/bin/import", ["-window", diagram, shot]).status, 0)
        let image = try RGBAImage.readPNG(shot)
        XCTAssertGreaterThanOrEqual(image.width, 600)
        // The current state's box is filled with the accent blue.
        var blue = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) {
                let p = image.pixel(x: x, y: y)
                if p.2 > 200, p.0 < 90, p.1 > 100, p.1 < 170 { blue += 1 }
            }
        }
        XCTAssertGreaterThan(blue, 100, "a state filled: the diagram is drawn and live")
        try Binary.xdotool(["mouseup", "1", "key", "--window", window, "m", "sleep", "0.4"])
        XCTAssertEqual(try diagramWindows(), [], "M hides it")
        try Binary.xdotool(["key", "--window", window, "m", "sleep", "0.4"])
        XCTAssertEqual(try diagramWindows(), [diagram], "M shows it again")
        process.terminate()
        Binary.waitForExit(process)
        XCTAssertEqual(process.terminationStatus, 0)
        let session = try SessionCoding.parse(try String(contentsOfFile: "\(dir)/rec.jsonl", encoding: .utf8), file: "rec.jsonl")
        XCTAssertFalse(session.events.contains { $0.event == .command(.toggleDiagram) }, "M is the window's, not the replay's")
        XCTAssertFalse(session.options.showDiagram)
    }
}
