import TestSupport
import XCTest
@testable import ForceCore

/// The gauge tells the force actually in use: a hovering pen or a lifted finger presses with
/// nothing, whatever the wheel emulator's level is; the mouse shows the level its next press starts at.
final class GaugeTruthTests: XCTestCase {
    func testAHoveringPenShowsNoForceTheMouseItsLevel() {
        var d = Driver()
        d.wheel(5)
        let level = d.state.display.gauge.force
        XCTAssertGreaterThan(level, 0.3, "the mouse's next press starts at the wheel's level")
        XCTAssertFalse(d.state.display.gauge.isHovering)
        d.down(100, 100, source: .pen, force: 0.5)
        XCTAssertEqual(d.state.display.gauge.force, 0.5, accuracy: 0.05)
        d.up(120, 100, source: .pen, force: 0.5)
        d.move(140, 100, source: .pen)
        let g = d.state.display.gauge
        XCTAssertTrue(g.isHovering)
        XCTAssertEqual(g.force, 0, "not the emulator's level under the pen's name")
        d.move(150, 100)
        XCTAssertEqual(d.state.display.gauge.force, level, accuracy: 1e-9, "the mouse again: its level")
    }

    /// A force scene's press starts at 0 whatever the last press reached: the idle gauge says so
    /// (it showed the last press's 0.80), and the deep press (Shift) shows its level.
    func testTheIdleGaugeInAForceSceneShowsWhereTheNextPressStarts() {
        var d = Driver()
        d.command(.sceneConfirm)
        XCTAssertEqual(d.state.display.gauge.force, 0, accuracy: 1e-9)
        d.down(400, 300)
        d.wheel(8)
        XCTAssertEqual(d.state.display.gauge.force, 0.8, accuracy: 1e-9, "the press: its force")
        d.up(400, 300)
        XCTAssertEqual(d.state.display.gauge.force, 0, accuracy: 1e-9, "idle: where the next press starts")
        d.down(400, 300)
        XCTAssertEqual(d.state.pressure.force, 0, accuracy: 1e-9, "and the next press does start there")
        d.up(400, 300)
        d.send(.deepPress(true))
        XCTAssertEqual(d.state.display.gauge.force, PressureEmulator.deepPressLevel, accuracy: 1e-9)
    }
}
