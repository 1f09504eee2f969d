import TestSupport
import ForceCore
import Foundation
import XCTest

/// Zoom and pan in the real window: Ctrl+= about the pointer, Ctrl+0, Ctrl+1, the middle
/// button; the recording replays to the same ink and the same view.
final class ViewWindowTests: XCTestCase {
    func testZoomDrawPanAndBackToActualSize() throws {
        let w = try RecordedWindow(size: "800x600")
        let window = w.window
        // Zoom ×1.5625 about (100, 100): two Ctrl+= with the pointer there.
        try Binary.xdotool(["mousemove", "--window", window, "100", "100", "key", "--window", window, "ctrl+equal",
                            "key", "--window", window, "ctrl+equal"])
        try w.drag(y: 300, from: 200, to: 500)
        // A middle-button pan of (+50, +20), then 100 %.
        try Binary.xdotool(["mousemove", "--window", window, "400", "400", "mousedown", "2", "mousemove", "--window", window, "425", "410",
                            "mousemove", "--window", window, "450", "420", "mouseup", "2"])
        Thread.sleep(forTimeInterval: 0.3)
        try Binary.xdotool(["key", "--window", window, "ctrl+1"])
        let session = try w.finish()

        // The stroke was drawn at screen x 200…500 with the document zoomed 1.5625× about
        // (100, 100): at 100 % it lies at x 164…356, y 228.
        let views = session.events.compactMap { if case .view(let v) = $0.event { return v } else { return nil } }
        // Two zooms, the pan (in two steps, or in one where the X server merged the motions:
        // it does under load), 100 %.
        let zooms = views.filter { if case .zoom = $0 { return true } else { return false } }
        let pans = views.compactMap { if case .pan(let dx, let dy) = $0 { return (dx, dy) } else { return nil } }
        XCTAssertEqual(zooms.count, 2, "\(views)")
        XCTAssertTrue((1...2).contains(pans.count), "\(views)")
        XCTAssertEqual(pans.map(\.0).reduce(0, +), 50, accuracy: 1e-9)
        XCTAssertEqual(pans.map(\.1).reduce(0, +), 20, accuracy: 1e-9)
        XCTAssertEqual(views.last, .actualSize, "\(views)")
        XCTAssertEqual(views.count, zooms.count + pans.count + 1, "\(views)")
        let state = Fixtures.finalState(session)
        XCTAssertEqual(state.display.ink.view, .identity)
        let points = state.ink.strokes.first?.points.filter(\.isReal).map(\.preciseLocation) ?? []
        XCTAssertEqual(points.first?.x ?? 0, 100 + 100 / 1.5625, accuracy: 0.5)
        XCTAssertEqual(points.first?.y ?? 0, 100 + 200 / 1.5625, accuracy: 0.5)
        XCTAssertEqual(points.last?.x ?? 0, 100 + 400 / 1.5625, accuracy: 0.5)
        let shot = try XCTUnwrap(PNGPixels(path: w.shot))
        for x in [180, 260, 340] {
            XCTAssertLessThan((220...236).map { shot.luminance(x: x, y: $0) }.min() ?? 255, 100, "ink at \(x) at 100 %")
        }
    }
}
