import XCTest
@testable import ForceCore

final class HomeIndicatorTests: XCTestCase {
    func tap(_ h: inout HomeIndicator, at t: Double, moving: Double = 3, holding: Double = 0.1) -> [HomeIndicator.Effect] {
        let p = Point(x: 200, y: 200)
        var effects = h.handle(.press(at: p), at: t)
        effects += h.handle(.move(to: p + Point(x: moving, y: 0)), at: t + holding / 2)
        effects += h.handle(.release(at: p + Point(x: moving, y: 0)), at: t + holding)
        return effects
    }

    func testFadesAfterTwoSecondsWithoutATap() {
        let h = HomeIndicator(autoHide: true, at: 0)
        XCTAssertEqual(h.alpha(at: 0), 1)
        XCTAssertEqual(h.alpha(at: 1.9), 1)
        XCTAssertEqual(h.alpha(at: 2.0), 1)
        XCTAssertEqual(h.alpha(at: 2.15), 0.575, accuracy: 1e-9, "halfway through the 0.3 s fade")
        XCTAssertEqual(h.alpha(at: 2.0 + HomeIndicator.fadeDuration), HomeIndicator.hiddenAlpha, accuracy: 1e-9)
        XCTAssertEqual(h.alpha(at: 60), 0.15)
        XCTAssertTrue(h.isHidden(at: 2.31))
        XCTAssertFalse(h.isHidden(at: 1.9))
    }

    func testTapRestoresAndRestartsTheTwoSeconds() {
        var h = HomeIndicator(autoHide: true, at: 0)
        XCTAssertEqual(tap(&h, at: 5), [.shown])
        XCTAssertEqual(h.alpha(at: 5.1), 0.15, accuracy: 1e-9, "fades back in from where it was")
        XCTAssertEqual(h.alpha(at: 5.25), 0.575, accuracy: 1e-9)
        XCTAssertEqual(h.alpha(at: 5.4), 1)
        XCTAssertEqual(h.alpha(at: 7.0), 1, "1.9 s after the tap")
        XCTAssertEqual(h.alpha(at: 7.5), 0.15, accuracy: 1e-9, "2 s + fade after the tap")
    }

    func testTapWhileVisibleRestartsTheCountdownQuietly() {
        var h = HomeIndicator(autoHide: true, at: 0)
        XCTAssertEqual(tap(&h, at: 1.5), [])
        XCTAssertEqual(h.alpha(at: 3.0), 1, "would have faded at 2.0 without the tap")
        XCTAssertEqual(h.alpha(at: 4.0), 0.15, accuracy: 1e-9)
    }

    func testDragAndScrollDoNotShowIt() {
        var h = HomeIndicator(autoHide: true, at: 0)
        XCTAssertEqual(tap(&h, at: 5, moving: 50), [])
        XCTAssertEqual(h.alpha(at: 5.5), 0.15)
        XCTAssertEqual(tap(&h, at: 6, moving: 10), [], "10 pt is already a drag")
        XCTAssertEqual(tap(&h, at: 7, moving: 9.9), [.shown])
    }

    func testADragThatComesBackIsNotATap() {
        var h = HomeIndicator(autoHide: true, at: 0)
        let p = Point(x: 100, y: 100)
        _ = h.handle(.press(at: p), at: 5)
        _ = h.handle(.move(to: Point(x: 160, y: 100)), at: 5.05)
        XCTAssertEqual(h.handle(.release(at: p), at: 5.1), [])
    }

    func testALongHoldIsNotATap() {
        var h = HomeIndicator(autoHide: true, at: 0)
        XCTAssertEqual(tap(&h, at: 5, holding: 0.8), [])
        XCTAssertEqual(tap(&h, at: 6, holding: 0.5), [.shown])
    }

    func testWithoutAutoHideItStaysVisible() {
        var h = HomeIndicator()
        XCTAssertFalse(h.autoHide)
        XCTAssertEqual(h.alpha(at: 100), 1)
        XCTAssertEqual(tap(&h, at: 5), [])
        _ = h.handle(.setAutoHide(true), at: 10)
        XCTAssertEqual(h.alpha(at: 11.9), 1, "the countdown starts when auto-hide is turned on")
        XCTAssertEqual(h.alpha(at: 13), 0.15)
        _ = h.handle(.setAutoHide(false), at: 20)
        XCTAssertEqual(h.alpha(at: 20), 0.15)
        XCTAssertEqual(h.alpha(at: 20.3), 1)
        XCTAssertEqual(h.alpha(at: 100), 1)
    }

    func testCancelledPressIsNoTap() {
        var h = HomeIndicator(autoHide: true, at: 0)
        _ = h.handle(.press(at: .zero), at: 5)
        _ = h.handle(.cancel, at: 5.05)
        XCTAssertEqual(h.handle(.release(at: .zero), at: 5.1), [])
    }

    func testGarbageInput() {
        var h = HomeIndicator(autoHide: true, at: .nan)
        XCTAssertEqual(h.alpha(at: 1), 1)
        XCTAssertEqual(h.alpha(at: .nan), 1)
        _ = h.handle(.press(at: Point(x: .nan, y: 0)), at: 5)
        XCTAssertEqual(h.handle(.release(at: .zero), at: 5.1), [], "no press was seen")
        _ = h.handle(.press(at: .zero), at: 6)
        _ = h.handle(.move(to: Point(x: .infinity, y: 0)), at: 6.05)
        XCTAssertEqual(h.handle(.release(at: .zero), at: .nan), [.shown], "a NaN time is the last good time")
        XCTAssertTrue((0.15...1).contains(h.alpha(at: 6.1)))
    }
}
