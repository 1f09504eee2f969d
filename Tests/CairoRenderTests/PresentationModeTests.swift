@testable import CairoRender
import ForceCore
import Foundation
import TestSupport
import XCTest

/// Presentation mode (Ctrl+P): the scene and the ink only, and everything back as it was.
final class PresentationModeTests: XCTestCase {
    func testItHidesThePanelsTheStateLinesAndTheGaugeAndBringsThemBack() throws {
        var options = Options()
        (options.showHUD, options.showDiagram, options.debug) = (true, true, true)
        var d = Driver(width: 1280, height: 800, options: options)
        d.command(.sceneMessages)
        XCTAssertFalse(d.state.display.layout.dock == .none)
        let before = d.state.display
        d.command(.togglePresentation)
        XCTAssertTrue(d.state.presenting)
        let shown = d.state.display
        XCTAssertTrue(shown.presenting)
        XCTAssertFalse(shown.showHUD || d.state.options.showDiagram || d.state.options.debug)
        guard case .messages(let m) = shown.scene else { return XCTFail("Messages") }
        XCTAssertEqual(m.state, [], "no state line")
        // The frame: where the state line was written, only the list's background.
        let frame = try Self.render(shown)
        XCTAssertTrue(Self.region(frame, m.layout.stateLine).isUniform, "nothing written where the state line goes")
        guard case .messages(let m0) = before.scene else { return XCTFail("Messages") }
        XCTAssertFalse(Self.region(try Self.render(before), m0.layout.stateLine).isUniform, "the state line is written outside presentation mode")
        d.command(.togglePresentation)
        XCTAssertFalse(d.state.presenting)
        XCTAssertTrue(d.state.options.showHUD && d.state.options.showDiagram && d.state.options.debug, "the panels come back as they were")
        guard case .messages(let back) = d.state.display.scene else { return XCTFail("Messages") }
        XCTAssertFalse(back.state.isEmpty)
    }

    static func render(_ display: Display) throws -> ImageSurface {
        let renderer = try FrameRenderer(viewport: display.viewport, canonical: true)
        try renderer.render(display)
        return renderer.frame
    }

    /// The pixels of `r` (points at scale 1).
    static func region(_ s: ImageSurface, _ r: Rect) -> (pixels: [UInt32], isUniform: Bool) {
        s.flush()
        guard let data = s.data else { return ([], true) }
        var out: [UInt32] = []
        for y in Int(r.y)..<Int(r.maxY) where y >= 0 && y < s.pixelHeight {
            for x in Int(r.x)..<Int(r.maxX) where x >= 0 && x < s.pixelWidth {
                out.append(UnsafeRawPointer(data).load(fromByteOffset: y * s.stride + x * 4, as: UInt32.self))
            }
        }
        return (out, Set(out).count <= 1)
    }
}
