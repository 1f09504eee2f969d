import TestSupport
import XCTest
@testable import ForceCore

/// The wheel emulator's ease through AppState: notches become gradual force changes at frame
/// ticks, samples carry the eased force at their own time, the gauge shows it, both emulators
/// ease, sessions and the config file carry the easing.
final class EasedPressureTests: XCTestCase {
    let easing = PressureEmulator.defaultEasing

    /// A stroke drawn left to right with samples at 240 Hz and frames at 60 Hz, a notch up every
    /// 0.1 s; returns the real points' forces.
    func strokeWhileTurningTheWheel(easing: Double) -> [Double] {
        var d = Driver(easing: easing)
        d.down(100, 100)
        for i in 1...180 {
            d.at(1.0 / 240)
            d.move(100 + Double(i) * 3, 100)
            if i % 24 == 0, i <= 120 { d.wheel(1) }
            if i % 4 == 0 { d.state.advance(to: d.t) }
        }
        d.up(100 + 181 * 3, 100)
        return d.state.ink.strokes.last?.points.filter(\.isReal).map(\.force) ?? []
    }

    func testAStrokeDrawnWhileTurningTheWheelHasGradualForces() throws {
        let eased = strokeWhileTurningTheWheel(easing: easing)
        let stepped = strokeWhileTurningTheWheel(easing: 0)
        func largestStep(_ f: [Double]) -> Double { zip(f, f.dropFirst()).map { abs($1 - $0) }.max() ?? 0 }
        XCTAssertEqual(largestStep(stepped), 0.1, accuracy: StrokePoints.forceResolution, "without easing: a notch is a shoulder")
        XCTAssertLessThan(largestStep(eased), 0.04, "eased: no point jumps by much of a notch")
        for (a, b) in zip(eased, eased.dropFirst()) { XCTAssertGreaterThanOrEqual(b, a - 1e-12, "only rising") }
        XCTAssertEqual(try XCTUnwrap(eased.first), 0.5, accuracy: StrokePoints.forceResolution)
        XCTAssertEqual(try XCTUnwrap(eased.last), 1.0, accuracy: StrokePoints.forceResolution, "every notch arrives in full")
        XCTAssertGreaterThan(Set(eased).count, 4 * Set(stepped).count, "many more force values than notches")
    }

    func testSamplesDuringTheEaseCarryTheEasedForceAtTheirOwnTime() throws {
        var d = Driver(easing: easing)
        d.down(100, 100)
        d.frame()
        d.wheel(2)
        for i in 1...6 {
            d.at(0.005)
            d.move(100 + Double(i), 100)
            let p = try XCTUnwrap(d.realPoints.last)
            XCTAssertEqual(p.force, d.state.pressure.curve.apply(d.state.pressure.emulator.force(at: d.t)), accuracy: StrokePoints.forceResolution)
            XCTAssertGreaterThan(p.force, 0.5)
            XCTAssertLessThan(p.force, 0.7)
        }
    }

    func testAnEaseWithoutMovementIsOneEstimatedPointUpdatedEachFrameThenSettled() throws {
        var d = Driver(easing: easing)
        d.down(50, 50)
        d.frame()
        d.wheel(1)
        XCTAssertEqual(d.realPoints.count, 1, "at the notch itself the force has not moved yet")
        var forces: [Double] = []
        for _ in 0..<6 {
            d.frame()
            forces.append(try XCTUnwrap(d.realPoints.last).force)
        }
        XCTAssertEqual(d.realPoints.count, 2, "one point awaiting updates, its force replaced frame by frame")
        let p = try XCTUnwrap(d.realPoints.last)
        XCTAssertTrue(p.type.contains(.needsUpdate))
        XCTAssertEqual(forces, forces.sorted())
        XCTAssertGreaterThan(Set(forces).count, 3)
        XCTAssertEqual(p.force, 0.6, accuracy: StrokePoints.forceResolution, "the last step lands on the level")
        for _ in 0..<Int(InkCanvas.forceSettleInterval * 60) + 1 { d.frame() }
        XCTAssertTrue(try XCTUnwrap(d.realPoints.last).type.contains(.updated), "settled 0.2 s after the ease's last step")
    }

    func testTheGaugeShowsTheEasedForceAndKeysEaseToo() {
        var d = Driver(easing: easing)
        d.command(.pressureUp)
        XCTAssertEqual(d.state.display.gauge.force, 0.5, accuracy: StrokePoints.forceResolution, "] starts an ease; nothing jumps")
        d.at(easing / 2)
        d.state.advance(to: d.t)
        let mid = d.state.display.gauge.force
        XCTAssertGreaterThan(mid, 0.5)
        XCTAssertLessThan(mid, 0.6)
        d.at(easing)
        d.state.advance(to: d.t)
        XCTAssertEqual(d.state.display.gauge.force, 0.6, accuracy: StrokePoints.forceResolution)
    }

    func testTheDeepPressIsInstant() {
        var d = Driver(easing: easing)
        d.down(50, 50)
        d.send(.deepPress(true))
        XCTAssertEqual(d.state.pressure.force, 1)
        XCTAssertEqual(d.realPoints.last?.force, 1)
    }

    func testTheSceneEmulatorEasesAPeek() {
        var d = Driver(width: 1280, height: 800)
        d.state = AppState(viewport: Viewport(width: 1280, height: 800), emulator: PressureEmulator(easing: easing),
                           scene: .messages)
        d.down(600, 300)
        d.wheel(2)
        XCTAssertEqual(d.state.scenes.messages.preview.state, .previewing, "the notch has not arrived yet")
        d.frame()
        let first = d.state.scenes.messages.preview.previewProgress
        XCTAssertGreaterThan(first, 0)
        XCTAssertLessThan(first, 1)
        for _ in 0..<6 { d.frame() }
        XCTAssertEqual(d.state.scenes.messages.preview.state, .committing, "0.2: peeked once the ease arrived")
        XCTAssertEqual(d.state.pressure.force, 0.2, accuracy: 1e-9)
        let updates = d.state.eventLog.entries.filter { $0.text.hasPrefix("didUpdatePreviewTransition") }
        XCTAssertGreaterThan(updates.count, 1, "the preview's progress rose in steps: \(updates.map(\.text))")
    }

    func testSessionsAndTheConfigFileCarryTheEasing() throws {
        let old = try SessionCoding.parse(#"{"format":"forcecanvas-session","version":1,"width":64,"height":40}"#, file: "s")
        XCTAssertEqual(old.pressureEasing, 0, "an older session replays with the instant notches it was drawn with")
        XCTAssertEqual(old.initialState().pressure.emulator.easing, 0)
        var s = old
        s.pressureEasing = PressureEmulator.defaultEasing
        let back = try SessionCoding.parse(SessionCoding.encode(s), file: "s")
        XCTAssertEqual(back.pressureEasing, PressureEmulator.defaultEasing, "new recordings carry their easing")
        XCTAssertEqual(back.initialState().pressure.emulator.easing, PressureEmulator.defaultEasing)
        XCTAssertThrowsError(try SessionCoding.parse(
            #"{"format":"forcecanvas-session","version":1,"width":64,"height":40,"pressureEasing":-1}"#, file: "s")) {
            XCTAssertTrue("\($0)".contains("\"pressureEasing\" must be seconds"), "\($0)")
        }
        let settings = try Settings.parse("pressure-easing = 0.12\n", file: "config")
        XCTAssertEqual(settings.pressureEasing, 0.12)
        XCTAssertEqual(Settings().pressureEasing, PressureEmulator.defaultEasing)
        XCTAssertThrowsError(try Settings.parse("pressure-easing = 2\n", file: "config")) {
            XCTAssertEqual("\($0)", "config:1: invalid pressure-easing \"2\": expected seconds in [0, 1]")
        }
    }
}
