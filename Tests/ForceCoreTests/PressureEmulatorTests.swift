import XCTest
@testable import ForceCore

final class PressureEmulatorTests: XCTestCase {
    func testStartsAtHalfAndStepsByATenth() {
        var e = PressureEmulator()
        XCTAssertEqual(e.force, 0.5)
        e.wheel(1)
        XCTAssertEqual(e.force, 0.6, accuracy: 1e-12)
        e.wheel(-3)
        XCTAssertEqual(e.force, 0.3, accuracy: 1e-12)
        e.stepBy(2)
        XCTAssertEqual(e.force, 0.5, accuracy: 1e-12)
    }

    func testClampsAtBothEnds() {
        var e = PressureEmulator()
        XCTAssertTrue(e.wheel(100))
        XCTAssertEqual(e.force, 1)
        XCTAssertFalse(e.wheel(1), "already at the top: no change")
        e.wheel(-100)
        XCTAssertEqual(e.force, 0)
        XCTAssertFalse(e.stepBy(-1))
    }

    func testTenStepsLandExactlyOnOne() {
        var e = PressureEmulator(level: 0)
        for _ in 0..<10 { e.wheel(1) }
        XCTAssertEqual(e.force, 1.0)
    }

    func testSmoothScrollingGivesFractionalSteps() {
        var e = PressureEmulator()
        e.wheel(0.25)
        XCTAssertEqual(e.force, 0.525, accuracy: 1e-12)
    }

    func testDeepPressIsFullForceAndKeepsTheLevel() {
        var e = PressureEmulator()
        e.isDeepPress = true
        XCTAssertEqual(e.force, 1)
        e.isDeepPress = false
        XCTAssertEqual(e.force, 0.5)
    }

    func testGarbageIsIgnoredOrClamped() {
        var e = PressureEmulator(step: .nan, level: .infinity)
        XCTAssertEqual(e.step, PressureEmulator.defaultStep)
        XCTAssertEqual(e.force, 1)
        XCTAssertFalse(e.wheel(.nan))
        XCTAssertFalse(e.wheel(.infinity))
        XCTAssertEqual(e.force, 1)
        XCTAssertEqual(PressureEmulator(level: -.infinity).force, 0)
        XCTAssertEqual(PressureEmulator(level: -3).force, 0)
    }

    func testForceNormalisation() {
        XCTAssertEqual(Force.normalized(.nan), 0)
        XCTAssertEqual(Force.normalized(-.infinity), 0)
        XCTAssertEqual(Force.normalized(.infinity), 1)
        XCTAssertEqual(Force.normalized(7), 1)
        XCTAssertEqual(Force.normalized(raw: 32768, maximum: 65535)!, 0.5, accuracy: 1e-4)
        XCTAssertNil(Force.normalized(raw: 1, maximum: 0), "an empty range means force-less")
        XCTAssertNil(Force.normalized(raw: 1, maximum: .nan))
    }
}
