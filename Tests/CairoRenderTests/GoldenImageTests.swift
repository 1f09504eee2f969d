import CairoRender
import ForceCore
import SnapshotTesting
import XCTest

/// Golden images of replayed sessions. Re-record on purpose only, after looking at old and new:
/// `SNAPSHOT_TESTING_RECORD=failed swift test --filter GoldenImageTests`.
final class GoldenImageTests: XCTestCase {
    func testLightAndHeavyPressureOutline() throws {
        let s = try Fixtures.session("golden-pressure.jsonl")
        let frame = try XCTUnwrap(Fixtures.render(s, at: [s.duration]).first)
        assertSnapshot(of: frame, as: .png())
    }

    func testLightAndHeavyPressureClassic() throws {
        var s = try Fixtures.session("golden-pressure.jsonl")
        s.options.renderer = .classic
        let frame = try XCTUnwrap(Fixtures.render(s, at: [s.duration]).first)
        assertSnapshot(of: frame, as: .png())
    }

    func testPressureToOpacity() throws {
        var s = try Fixtures.session("golden-pressure.jsonl")
        s.options.opacityFromPressure = true
        let frame = try XCTUnwrap(Fixtures.render(s, at: [s.duration]).first)
        assertSnapshot(of: frame, as: .png())
    }

    /// Debug colours mid-stroke: coalesced green, standard black, predicted blue ahead of the pen,
    /// finger purple, cancelled red, tilt whiskers and the reticle of the pen.
    func testDebugColoursWhileMoving() throws {
        let s = try Fixtures.session("golden-point-types.jsonl")
        let frames = try Fixtures.render(s, at: [1.05, 1.70])
        XCTAssertEqual(frames.count, 2)
        assertSnapshot(of: frames[0], as: .png(), named: "pen-with-reticle")
        assertSnapshot(of: frames[1], as: .png(), named: "predicted")
    }

    /// Right after a wheel notch with the pointer still: the new point is needsUpdate (orange).
    func testDebugColoursAwaitingAnUpdate() throws {
        let s = try Fixtures.session("golden-point-types.jsonl")
        let frame = try XCTUnwrap(Fixtures.render(s, at: [1.87]).first)
        assertSnapshot(of: frame, as: .png())
    }

    func testHelpAndHUDOverlays() throws {
        var s = try Fixtures.session("golden-pressure.jsonl")
        s.options.showHelp = true
        s.options.showHUD = true
        let frame = try XCTUnwrap(Fixtures.render(s, at: [s.duration]).first)
        assertSnapshot(of: frame, as: .png())
    }

    /// A replayed tablet session in debug mode: raw 0…65535 pressure through the firm curve, tilt
    /// whiskers and the reticle mid-stroke, a stroke removed by the eraser end, the curve panel
    /// with its raw → curved dot, and the HUD naming the pen and its force capability.
    func testTabletSessionWithTiltInDebugMode() throws {
        let s = try Fixtures.session("golden-tablet.jsonl")
        let frame = try XCTUnwrap(Fixtures.render(s, at: [1.5]).first)
        assertSnapshot(of: frame, as: .png())
    }
}
