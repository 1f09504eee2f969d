import TestSupport
import ForceCore
import Foundation
import XCTest

/// The dock of panels in the real window: it opens beside the device's screen (the window
/// grows), never over the ink, and what the window records never depends on it.
final class DockWindowTests: XCTestCase {
    func testTheDockOpensBesideTheInkAndTheRecordingDoesNotDependOnIt() throws {
        let w = try RecordedWindow(size: "1000x600")
        // A stroke across the left part of the window, where a dock inside used to be.
        try w.drag(y: 300, from: 60, to: 900)
        try Binary.xdotool(["key", "--window", w.window, "h", "key", "--window", w.window, "k"])
        Thread.sleep(forTimeInterval: 1)
        let geometry = try Binary.xdotool(["getwindowgeometry", w.window]).stdout
        XCTAssertTrue(geometry.contains("Geometry: 1472x600"), "the window grew by the dock's 472 pt: \(geometry)")
        // Presses on the dock (the curve panel, the HUD) and a second stroke on the device.
        try Binary.xdotool(["mousemove", "--window", w.window, "1200", "300", "click", "1", "mousemove", "--window", w.window, "1300", "500", "click", "1"])
        try w.drag(y: 450, from: 60, to: 900)
        let session = try w.finish()

        let shot = try XCTUnwrap(PNGPixels(path: w.shot))
        XCTAssertEqual(shot.width, 1472)
        for y in [300, 450] {
            for x in stride(from: 80, through: 880, by: 100) {
                XCTAssertLessThan((y - 6...y + 6).map { shot.luminance(x: x, y: $0) }.min() ?? 255, 100, "ink at \(x), \(y) is in view")
            }
        }

        // The recording is version 2 and holds no sample of the dock; it replays to the same two
        // strokes with any panel open or none.
        XCTAssertEqual(session.version, 2)
        XCTAssertEqual(session.viewport.width, 1000)
        let pointers = session.events.compactMap { if case .pointer(let p) = $0.event { return p } else { return nil } }
        XCTAssertFalse(pointers.contains { $0.location.x >= 1000 }, "no sample of the dock is recorded")
        var plain = session
        plain.options = plain.options.withoutPanels
        var everything = session
        everything.options.showHUD = true
        everything.options.showCurve = true
        everything.options.showEventLog = true
        everything.options.debug = true
        let strokes = { (s: Session) in Fixtures.finalState(s).ink.strokes.map { $0.points.filter(\.isReal).map(\.preciseLocation) } }
        XCTAssertEqual(strokes(plain).count, 2)
        XCTAssertEqual(strokes(plain), strokes(session))
        XCTAssertEqual(strokes(plain), strokes(everything))
    }

    /// A canvas restored with its dock open comes back at the same device size, the dock
    /// beside it again (the window's size is not taken for the device's).
    func testARestoredCanvasWithTheDockOpenKeepsItsSize() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var env = Binary.isolatedEnvironment()
        env["XDG_STATE_HOME"] = dir + "/state"
        for (i, arguments) in [["--size", "1000x600", "--hud"], [], []].enumerated() {
            let r = try Binary.forcecanvas(["run", "--exit-after-frames", "10", "--snapshot", "\(dir)/\(i).png"] + arguments, environment: env)
            XCTAssertEqual(r.status, 0, r.stderr)
            let shot = try XCTUnwrap(PNGPixels(path: "\(dir)/\(i).png"))
            XCTAssertEqual([shot.width, shot.height], [1000 + 472, 600], "start \(i)")
        }
    }
}
