import TestSupport
import XCTest
@testable import ForceCore

final class PressureEmulatorTests: XCTestCase {
    /// Steps at once (easing 0), as before easing existed.
    func stepping(level: Double = PressureEmulator.initialLevel) -> PressureEmulator {
        PressureEmulator(level: level, easing: 0)
    }

    func testStartsAtHalfAndStepsByATenth() {
        var e = stepping()
        XCTAssertEqual(e.force(at: 0), 0.5)
        e.wheel(1, at: 0)
        XCTAssertEqual(e.force(at: 0), 0.6, accuracy: 1e-12)
        e.wheel(-3, at: 0)
        XCTAssertEqual(e.force(at: 0), 0.3, accuracy: 1e-12)
        e.stepBy(2, at: 0)
        XCTAssertEqual(e.force(at: 0), 0.5, accuracy: 1e-12)
    }

    func testClampsAtBothEnds() {
        var e = stepping()
        XCTAssertTrue(e.wheel(100, at: 0))
        XCTAssertEqual(e.force(at: 0), 1)
        XCTAssertFalse(e.wheel(1, at: 0), "already at the top: no change")
        e.wheel(-100, at: 0)
        XCTAssertEqual(e.force(at: 0), 0)
        XCTAssertFalse(e.stepBy(-1, at: 0))
    }

    func testTenStepsLandExactlyOnOne() {
        var e = stepping(level: 0)
        for _ in 0..<10 { e.wheel(1, at: 0) }
        XCTAssertEqual(e.force(at: 0), 1.0)
    }

    func testSmoothScrollingGivesFractionalSteps() {
        var e = stepping()
        e.wheel(0.25, at: 0)
        XCTAssertEqual(e.force(at: 0), 0.525, accuracy: 1e-12)
    }

    func testDeepPressIsFullForceAndKeepsTheLevel() {
        var e = PressureEmulator()
        e.isDeepPress = true
        XCTAssertEqual(e.force(at: 0), 1)
        e.isDeepPress = false
        XCTAssertEqual(e.force(at: 0), 0.5)
    }

    func testGarbageIsIgnoredOrClamped() {
        var e = PressureEmulator(step: .nan, level: .infinity, easing: .nan)
        XCTAssertEqual(e.step, PressureEmulator.defaultStep)
        XCTAssertEqual(e.easing, 0, "NaN easing steps")
        XCTAssertEqual(e.force(at: 0), 1)
        XCTAssertFalse(e.wheel(.nan, at: 0))
        XCTAssertFalse(e.wheel(.infinity, at: 0))
        XCTAssertEqual(e.force(at: 0), 1)
        XCTAssertEqual(PressureEmulator(level: -.infinity).force(at: 0), 0)
        XCTAssertEqual(PressureEmulator(level: -3).force(at: 0), 0)
        XCTAssertEqual(PressureEmulator(easing: -1).easing, 0)
        XCTAssertEqual(PressureEmulator(easing: 100).easing, PressureEmulator.maximumEasing)
        var f = PressureEmulator()
        f.wheel(1, at: .nan)
        XCTAssertEqual(f.force(at: 0), 0.6, accuracy: 1e-12, "a notch without a usable time steps")
        XCTAssertEqual(f.force(at: .infinity), 0.6, accuracy: 1e-12)
    }

    // MARK: Easing

    /// The eased force every millisecond for `duration` seconds after a notch at t = 1.
    func eased(_ e: PressureEmulator, for duration: Double) -> [Double] {
        (0...Int(duration * 1000)).map { e.force(at: 1 + Double($0) / 1000) }
    }

    func testANotchEasesMonotonicallyWithoutOvershootAndEndsOnTheLevel() throws {
        for notches in [1.0, -1, 3, -5, 0.25] {
            var e = PressureEmulator()
            e.wheel(notches, at: 1)
            let target = e.level
            let values = eased(e, for: 0.2)
            XCTAssertEqual(values.first, 0.5, "continuous at the notch: nothing jumps")
            let rising = target > 0.5
            for (a, b) in zip(values, values.dropFirst()) {
                XCTAssertTrue(rising ? b >= a : b <= a, "monotonic (\(notches) notches): \(a) → \(b)")
            }
            for v in values {
                XCTAssertTrue(rising ? v <= target : v >= target, "never past the level (critically damped): \(v)")
            }
            let tau = PressureEmulator.defaultEasing / PressureEmulator.timeConstantsPerEase
            XCTAssertEqual(e.force(at: 1 + 5 * tau), target, accuracy: 1e-3, "on the level after 5 time constants")
            XCTAssertEqual(e.force(at: 1 + PressureEmulator.defaultEasing), target, "exactly on it when the ease ends")
            XCTAssertTrue(e.isEasing(at: 1 + PressureEmulator.defaultEasing / 2))
            XCTAssertFalse(e.isEasing(at: 1 + PressureEmulator.defaultEasing))
        }
    }

    func testTheEaseTakesAboutTheEasingTimeWhateverTheFrames() {
        var e = PressureEmulator()
        e.wheel(1, at: 1)
        // Halfway through the time, most of the way: a critically damped spring front-loads.
        let half = e.force(at: 1 + PressureEmulator.defaultEasing / 2)
        XCTAssertGreaterThan(half, 0.55)
        XCTAssertLessThan(half, 0.6)
        // A pure function of time: asking at other moments first changes nothing.
        let again = e.force(at: 1 + PressureEmulator.defaultEasing / 2)
        XCTAssertEqual(half, again)
    }

    func testNotchesInARowBlendWithoutJumpsOrOvershoot() {
        var e = PressureEmulator()
        var values: [Double] = []
        for i in 0..<5 {
            let t = 1 + Double(i) * 0.02
            let before = e.force(at: t)
            e.wheel(1, at: t)
            XCTAssertEqual(e.force(at: t), before, "a notch never jumps the force")
            values += (0..<20).map { e.force(at: t + Double($0) / 1000) }
        }
        values += (20...300).map { e.force(at: 1.08 + Double($0) / 1000) }
        for (a, b) in zip(values, values.dropFirst()) { XCTAssertGreaterThanOrEqual(b, a) }
        XCTAssertLessThanOrEqual(values.max() ?? 0, 1.0)
        XCTAssertEqual(e.force(at: 2), 1.0, accuracy: 1e-12)
    }

    func testZeroEasingSteps() {
        var e = stepping()
        e.wheel(1, at: 1)
        XCTAssertEqual(e.force(at: 1), 0.6, accuracy: 1e-12)
        XCTAssertFalse(e.isEasing(at: 1))
        XCTAssertNil(e.easeEnd)
    }

    func testTheDeepPressIsInstantAndReturnsToTheEasedLevel() {
        var e = PressureEmulator()
        e.wheel(2, at: 1)
        e.isDeepPress = true
        XCTAssertEqual(e.force(at: 1.01), 1)
        e.isDeepPress = false
        XCTAssertEqual(e.force(at: 1.01), e.easedLevel(at: 1.01))
        XCTAssertLessThan(e.force(at: 1.01), 0.7)
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

/// Issue 9, item 7: a press after a stroke that ended at 0.00 never starts hairline-thin.
final class StrokeStartTests: XCTestCase {
    func testAStrokeAfterOneThatEndedAtZeroStartsAtTheVisibleMinimum() {
        var d = Driver()
        d.down(100, 100)
        d.move(120, 100)
        d.wheel(-5)
        d.move(140, 100)
        XCTAssertEqual(d.realPoints.last?.force ?? -1, 0, accuracy: 1e-4, "the first stroke ends at 0")
        d.up(140, 100)
        d.down(100, 200)
        XCTAssertEqual(d.realPoints.first?.force ?? 0, PressureEmulator.minimumStartLevel, accuracy: 1e-4)
        XCTAssertEqual(d.state.display.gauge.force, PressureEmulator.minimumStartLevel, accuracy: 1e-9)
        d.wheel(2)
        XCTAssertEqual(d.state.pressure.force, 0.3, accuracy: 1e-9, "the wheel goes on from there")
        d.up(100, 200)
        // Above the minimum the next stroke starts where the last one left off.
        d.down(100, 300)
        XCTAssertEqual(d.realPoints.first?.force ?? 0, 0.3, accuracy: 1e-4)
    }
}
