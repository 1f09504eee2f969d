import TestSupport
import ForceCore
import Foundation
import XCTest

/// Zoom and pan in the real window: Ctrl+= about the pointer, Ctrl+0, Ctrl+1, the middle
/// button; the recording replays to the same ink and the same view.
final class ViewWindowTests: XCTestCase {
    func testZoomDrawPanAndBackToActualSize() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var env = Binary.isolatedEnvironment()
        env["XDG_STATE_HOME"] = dir + "/state"
        let recording = dir + "/rec.jsonl"
        let (process, window) = try Binary.launchWindow(["--size", "800x600", "--fresh", "--record", recording,
                                                         "--snapshot", "\(dir)/shot.png"], environment: env)
        // Zoom ×1.5625 about (0, 0)'s corner region: the pointer at the screen's top left of the scene.
        try Binary.xdotool(["mousemove", "--window", window, "100", "100", "key", "--window", window, "ctrl+equal",
                            "key", "--window", window, "ctrl+equal"])
        var steps = ["mousemove", "--window", window, "200", "300", "mousedown", "1"]
        for x in stride(from: 210, through: 500, by: 10) { steps += ["mousemove", "--window", window, "\(x)", "300", "sleep", "0.005"] }
        try Binary.xdotool(steps + ["mouseup", "1"])
        // A middle-button pan of (+50, +20), then 100 %.
        try Binary.xdotool(["mousemove", "--window", window, "400", "400", "mousedown", "2", "mousemove", "--window", window, "425", "410",
                            "mousemove", "--window", window, "450", "420", "mouseup", "2"])
        Thread.sleep(forTimeInterval: 0.3)
        try Binary.xdotool(["key", "--window", window, "ctrl+1"])
        Thread.sleep(forTimeInterval: 0.4)
        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)

        // The stroke was drawn at screen x 200…500 with the document zoomed 1.5625× about
        // (100, 100): at 100 % it lies at x 164…356, y 228.
        let session = try SessionCoding.parse(try String(contentsOfFile: recording, encoding: .utf8), file: recording)
        let views = session.events.compactMap { if case .view(let v) = $0.event { return v } else { return nil } }
        XCTAssertEqual(views.count, 5, "two zooms, two pan steps, 100 %: \(views)")
        let state = Fixtures.finalState(session)
        XCTAssertEqual(state.display.ink.view, .identity)
        let points = state.ink.strokes.first?.points.filter(\.isReal).map(\.preciseLocation) ?? []
        XCTAssertEqual(points.first?.x ?? 0, 100 + 100 / 1.5625, accuracy: 0.5)
        XCTAssertEqual(points.first?.y ?? 0, 100 + 200 / 1.5625, accuracy: 0.5)
        XCTAssertEqual(points.last?.x ?? 0, 100 + 400 / 1.5625, accuracy: 0.5)
        let shot = try XCTUnwrap(PNGPixels(path: "\(dir)/shot.png"))
        for x in [180, 260, 340] {
            XCTAssertLessThan((220...236).map { shot.luminance(x: x, y: $0) }.min() ?? 255, 100, "ink at \(x) at 100 %")
        }
    }
}
