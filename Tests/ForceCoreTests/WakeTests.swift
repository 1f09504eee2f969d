import TestSupport
import XCTest
@testable import ForceCore

/// `nextWake(after:)`: when the state next changes on its own.
final class WakeTests: XCTestCase {
    func testAnIdleStateNeverWakes() {
        var d = Driver()
        d.frame()
        XCTAssertEqual(d.state.nextWake(after: d.t), .infinity)
    }

    func testTheEaseWakesEveryFrameUntilItLands() {
        var d = Driver(easing: PressureEmulator.defaultEasing)
        d.down(50, 50)
        for _ in 0..<4 { d.frame() }
        XCTAssertEqual(d.state.nextWake(after: d.t), .infinity, "a still press, its newest sample too old to predict from")
        d.wheel(1)
        d.frame()
        XCTAssertEqual(d.state.nextWake(after: d.t), d.t, "easing: every frame")
        for _ in 0..<5 { d.frame() }
        let wake = d.state.nextWake(after: d.t)
        XCTAssertGreaterThan(wake, d.t, "landed: only the estimate's settle is left")
        XCTAssertEqual(wake, (d.state.ink.pendingForceUpdateTime ?? 0) + InkCanvas.forceSettleInterval, accuracy: 1e-12)
        // The first frame at or past the wake settles it (0.2 s of frames may sum to a hair less).
        while d.t < wake + 1.0 / 60 { d.frame() }
        XCTAssertNil(d.state.ink.pendingForceUpdateTime)
        XCTAssertEqual(d.state.nextWake(after: d.t), .infinity, "settled")
    }

    func testPredictionsWakeUntilTheyAreStale() throws {
        var d = Driver()
        d.down(10, 10)
        for i in 1...4 {
            d.at(1.0 / 240)
            d.move(10 + Double(i) * 4, 10)
        }
        d.frame()
        let newest = try XCTUnwrap(d.realPoints.last).time
        XCTAssertEqual(d.state.nextWake(after: d.t), newest + Predictor.maximumAge, accuracy: 1e-12)
        for _ in 0..<4 { d.frame() }
        XCTAssertFalse(d.livePoints.contains { $0.type.contains(.predicted) })
        XCTAssertEqual(d.state.nextWake(after: d.t), .infinity)
    }

    func testTheTimedFallbackWakesAtEachTickUntilFull() {
        var f = TimedFallback()
        XCTAssertNil(f.nextTick)
        _ = f.handle(.press, at: 2)
        XCTAssertEqual(f.nextTick ?? 0, 2.1, accuracy: 1e-12)
        _ = f.advance(to: 2.35)
        XCTAssertEqual(f.nextTick ?? 0, 2.4, accuracy: 1e-12)
        _ = f.advance(to: 3.5)
        XCTAssertNil(f.nextTick, "full: no more ticks")
    }

    func testTheHomeIndicatorWakesForItsFades() {
        var i = HomeIndicator(autoHide: false, at: 0)
        XCTAssertEqual(i.nextWake(after: 1), .infinity)
        _ = i.handle(.setAutoHide(true), at: 1)
        XCTAssertEqual(i.nextWake(after: 1.5), 1 + HomeIndicator.idleDelay)
        XCTAssertEqual(i.nextWake(after: 3.1), 3.1, "fading")
        XCTAssertEqual(i.nextWake(after: 3.4), .infinity, "faded")
        _ = i.handle(.press(at: Point(x: 5, y: 5)), at: 100)
        _ = i.handle(.release(at: Point(x: 5, y: 5)), at: 100.05)
        XCTAssertEqual(i.nextWake(after: 100.1), 100.1, "fading back in")
        XCTAssertEqual(i.nextWake(after: 100.5), 100.05 + HomeIndicator.idleDelay)
    }

    func testTheDeferralArrowWakesForItsFade() {
        var e = EdgeGesture(viewport: Viewport(width: 800, height: 600), deferredEdges: .bottom)
        _ = e.handle(.press(at: Point(x: 400, y: 598)), at: 1)
        _ = e.handle(.move(to: Point(x: 400, y: 500)), at: 1.1)
        XCTAssertNotNil(e.arrow)
        let fadeStart = 1.1 + EdgeGesture.deferralWindow - EdgeGesture.arrowFadeDuration
        XCTAssertEqual(e.nextWake(after: 1.2), fadeStart, accuracy: 1e-12)
        XCTAssertEqual(e.nextWake(after: 2.5), 2.5)
        XCTAssertEqual(e.nextWake(after: 2.7), .infinity)
    }

    func testScenesWakeForTheirAnimationsAndToasts() {
        var d = Driver(width: 1280, height: 800)
        d.state = AppState(viewport: Viewport(width: 1280, height: 800), emulator: PressureEmulator(easing: 0), scene: .confirm)
        d.down(640, 770)
        d.wheel(10)
        d.move(640, 670)
        d.frame()
        XCTAssertEqual(d.state.nextWake(after: d.t), .infinity, "a force press waits for input")
        d.up(640, 670)
        d.frame()
        XCTAssertEqual(d.state.nextWake(after: d.t), d.t, "the DELETED pill fades in")
        d.at(DeleteEventDemo.pillFadeDuration)
        d.frame()
        XCTAssertEqual(d.state.nextWake(after: d.t), .infinity)

        var home = HomeScene(viewport: Viewport(width: 1280, height: 800), top: 44)
        home.showToast("hello", at: 3)
        XCTAssertEqual(home.nextWake(after: 4), 3 + HomeScene.toastDuration)
    }

    func testTheForcePlotWakesWhileAChangeIsOnIt() {
        var h = ForceHistory()
        h.record(time: 1, force: 0.5, isPressed: true)
        XCTAssertEqual(h.nextWake(after: 2), 2)
        XCTAssertEqual(h.nextWake(after: 6), .infinity, "flat: the change scrolled off")
    }
}
