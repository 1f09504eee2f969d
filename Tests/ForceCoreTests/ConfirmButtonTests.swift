import XCTest
@testable import ForceCore

final class ConfirmButtonTests: XCTestCase {
    /// The reference screen: 320×568 with the bar at the bottom.
    let screen = Viewport(width: 320, height: 568)
    let press = Point(x: 160, y: 540)
    /// 5 pt below the ring's centre (the ring is centred 100 pt above the press).
    let inRing = Point(x: 160, y: 445)

    func makeButton(hasForce: Bool = true) -> ConfirmButton {
        ConfirmButton(bar: DeleteEventDemo.barRect(in: screen), hasForce: hasForce)
    }

    func testPressPlacesTheRingAHundredPointsAbove() {
        var b = makeButton()
        XCTAssertFalse(b.isTracking)
        _ = b.handle(.press(at: press), at: 0)
        XCTAssertEqual(b.ringCenter, Point(x: 160, y: 440))
        XCTAssertEqual(b.ringRect, Rect(x: 110, y: 390, width: 100, height: 100))
        XCTAssertFalse(b.ringContains(press), "the press point is 100 pt from the centre, outside radius 50")
        XCTAssertTrue(b.ringContains(inRing))
        XCTAssertFalse(b.ringContains(Point(x: 205, y: 485)), "inside the square frame, outside the circle")
    }

    func testHalfIntentionIsUpdatingWithHalfTheRing() {
        var b = makeButton()
        _ = b.handle(.press(at: press), at: 0)
        let effects = b.handle(.move(to: press, force: 0.5), at: 0.1)
        XCTAssertEqual(b.state, .updating)
        XCTAssertEqual(b.strokeEnd, 0.5)
        XCTAssertEqual(b.intention, 0.5)
        XCTAssertEqual(b.looks, ConfirmButton.Looks(color: .white, scale: 1, label: ""))
        XCTAssertEqual(effects, [], "already updating since the press sample")
    }

    func testFullOutsideTheRingIsSelected() {
        var b = makeButton()
        _ = b.handle(.press(at: press, force: 0.2), at: 0)
        let effects = b.handle(.move(to: press, force: 0.98), at: 0.1)
        XCTAssertEqual(effects, [.stateChanged(.selected)])
        XCTAssertEqual(b.strokeEnd, 1)
        XCTAssertEqual(b.looks.label, "CONFIRM")
        XCTAssertEqual(b.looks.scale, 1.1)
        XCTAssertEqual(b.looks.color, .red)
    }

    func testFullInsideTheRingIsConfirmed() {
        var b = makeButton()
        _ = b.handle(.press(at: press, force: 0.2), at: 0)
        _ = b.handle(.move(to: press, force: 0.98), at: 0.1)
        let effects = b.handle(.move(to: inRing, force: 0.98), at: 0.2)
        XCTAssertEqual(effects, [.stateChanged(.confirmed)])
        XCTAssertEqual(b.looks.label, "OK")
        XCTAssertEqual(b.looks.scale, 1.3)
        XCTAssertEqual(b.looks.color, .green)
        XCTAssertEqual(b.strokeEnd, 1)
    }

    func testThresholdIsStrictlyAboveNinetySevenHundredths() {
        var b = makeButton()
        _ = b.handle(.press(at: press, force: 0.97), at: 0)
        XCTAssertEqual(b.state, .updating)
        XCTAssertEqual(b.strokeEnd, 0.97)
        _ = b.handle(.move(to: press, force: 0.9701), at: 0.1)
        XCTAssertEqual(b.state, .selected)
    }

    func testReleaseWhileConfirmedFiresExactlyOnce() {
        var b = makeButton()
        _ = b.handle(.press(at: press, force: 0.98), at: 0)
        _ = b.handle(.move(to: inRing, force: 0.98), at: 0.1)
        let release = b.handle(.release(at: inRing), at: 0.2)
        XCTAssertEqual(release, [.fire, .stateChanged(.idle)])
        XCTAssertEqual(b.handle(.release(at: inRing), at: 0.3), [], "a second release fires nothing")
        XCTAssertEqual(b.handle(.cancel, at: 0.4), [])
        XCTAssertEqual(b.state, .idle)
        XCTAssertEqual(b.strokeEnd, 0)
        XCTAssertNil(b.ringCenter)
    }

    func testReleaseWhileSelectedEmptiesTheRingWithoutFiring() {
        var b = makeButton()
        _ = b.handle(.press(at: press, force: 0.99), at: 0)
        XCTAssertEqual(b.state, .selected)
        let effects = b.handle(.release(at: press), at: 0.2)
        XCTAssertEqual(effects, [.stateChanged(.idle)])
        XCTAssertEqual(b.state, .idle)
        XCTAssertEqual(b.strokeEnd, 0)
        XCTAssertEqual(b.intention, 0)
        XCTAssertEqual(b.looks.label, "")
    }

    func testCancelWhileConfirmedNeverFires() {
        var b = makeButton()
        _ = b.handle(.press(at: press, force: 1), at: 0)
        _ = b.handle(.move(to: inRing, force: 1), at: 0.1)
        XCTAssertEqual(b.handle(.cancel, at: 0.2), [.stateChanged(.idle)])
    }

    func testReferenceQuirkRelaxingInsideTheRingKeepsTheState() {
        var b = makeButton()
        _ = b.handle(.press(at: press, force: 1), at: 0)
        _ = b.handle(.move(to: inRing, force: 1), at: 0.1)
        XCTAssertEqual(b.handle(.move(to: inRing, force: 0.3), at: 0.2), [])
        XCTAssertEqual(b.state, .confirmed, "≤ 0.97 inside the ring changes nothing")
        XCTAssertEqual(b.strokeEnd, 1)
        _ = b.handle(.move(to: press, force: 0.3), at: 0.3)
        XCTAssertEqual(b.state, .updating, "back outside, the ring follows intention again")
        XCTAssertEqual(b.strokeEnd, 0.3)
    }

    func testSlidingIntoTheRingBelowTheThresholdDoesNotConfirm() {
        var b = makeButton()
        _ = b.handle(.press(at: press, force: 0.6), at: 0)
        _ = b.handle(.move(to: inRing, force: 0.8), at: 0.1)
        XCTAssertEqual(b.state, .updating)
        XCTAssertEqual(b.strokeEnd, 0.6, "the ring froze when the pointer entered it")
        XCTAssertEqual(b.handle(.release(at: inRing), at: 0.2), [.stateChanged(.idle)])
    }

    func testIntentionFromRawIOSForce() {
        XCTAssertEqual(ConfirmButton.intention(force: 1.5, maximumPossibleForce: 6.67), 0.5, accuracy: 1e-12)
        XCTAssertEqual(ConfirmButton.intention(force: 3.0, maximumPossibleForce: 6.67), 1)
        XCTAssertEqual(ConfirmButton.intention(force: 6.0, maximumPossibleForce: 6.67), 1, "force capped at 3")
        XCTAssertEqual(ConfirmButton.intention(force: 0.5), 0.5, "normalised force: intention is force")
        var b = makeButton()
        _ = b.handle(.press(at: press, force: 2.95, maximumPossibleForce: 6.67), at: 0)
        XCTAssertEqual(b.state, .selected)
    }

    func testPressOnlyStartsOnTheBar() {
        var b = makeButton()
        XCTAssertEqual(b.handle(.press(at: Point(x: 160, y: 300), force: 1), at: 0), [])
        XCTAssertFalse(b.isTracking)
        XCTAssertEqual(b.handle(.move(to: Point(x: 160, y: 200), force: 1), at: 0.1), [])
        XCTAssertEqual(b.handle(.release(at: Point(x: 160, y: 200)), at: 0.2), [])
        var anywhere = ConfirmButton()
        _ = anywhere.handle(.press(at: Point(x: 160, y: 300)), at: 0)
        XCTAssertTrue(anywhere.isTracking)
    }

    func testTimedFallbackDrivesAForceLessDevice() {
        var b = makeButton(hasForce: false)
        _ = b.handle(.press(at: press, force: 1), at: 10)
        XCTAssertTrue(b.usesFallback)
        XCTAssertEqual(b.intention, 0, "the press's force is ignored without force capability")
        _ = b.advance(to: 10.5)
        XCTAssertEqual(b.state, .updating)
        XCTAssertEqual(b.strokeEnd, 0.5, accuracy: 1e-12)
        _ = b.handle(.move(to: press, force: 0), at: 10.6)
        XCTAssertEqual(b.intention, 0.5, accuracy: 1e-12, "moves neither reset nor advance timed intention")
        _ = b.advance(to: 10.95)
        XCTAssertEqual(b.state, .updating, "0.9 is not above 0.97")
        let full = b.advance(to: 11.0)
        XCTAssertEqual(full, [.stateChanged(.selected)])
        XCTAssertEqual(b.handle(.move(to: inRing), at: 11.1), [.stateChanged(.confirmed)])
        XCTAssertEqual(b.handle(.release(at: inRing), at: 11.2), [.fire, .stateChanged(.idle)])
        XCTAssertEqual(b.advance(to: 12), [], "the fallback stops with the press")
        XCTAssertFalse(b.fallback.isHolding)
    }

    func testFallbackTicksUseTheLastPointer() {
        var b = makeButton(hasForce: false)
        _ = b.handle(.press(at: press), at: 0)
        _ = b.handle(.move(to: inRing), at: 0.05)
        XCTAssertEqual(b.advance(to: 1.0), [.stateChanged(.confirmed)], "full while inside the ring")
    }

    func testForceDeviceIgnoresAdvance() {
        var b = makeButton()
        _ = b.handle(.press(at: press, force: 0.4), at: 0)
        XCTAssertEqual(b.advance(to: 5), [])
        XCTAssertEqual(b.intention, 0.4)
    }

    func testGarbageForceIsClamped() {
        var b = makeButton()
        _ = b.handle(.press(at: press, force: .nan), at: 0)
        XCTAssertEqual(b.state, .updating)
        XCTAssertEqual(b.strokeEnd, 0)
        _ = b.handle(.move(to: press, force: .infinity), at: 0.1)
        XCTAssertEqual(b.state, .selected)
        _ = b.handle(.move(to: press, force: -.infinity), at: 0.2)
        XCTAssertEqual(b.state, .updating)
        XCTAssertEqual(b.strokeEnd, 0)
        _ = b.handle(.move(to: press, force: 2, maximumPossibleForce: 0), at: 0.3)
        XCTAssertEqual(b.intention, 0, "no range: no intention")
        _ = b.handle(.move(to: press, force: 2, maximumPossibleForce: .nan), at: 0.4)
        XCTAssertEqual(b.intention, 0)
        _ = b.handle(.move(to: Point(x: .nan, y: 3), force: 1), at: 0.5)
        XCTAssertEqual(b.pointer, press, "a NaN location keeps the last one")
        XCTAssertEqual(b.state, .selected)
        XCTAssertTrue((0...1).contains(b.strokeEnd))
        XCTAssertEqual(b.handle(.press(at: Point(x: .infinity, y: 0)), at: 0.6), [.stateChanged(.idle)],
                       "a press during a press resets; a non-finite press starts nothing")
        XCTAssertFalse(b.isTracking)
    }

    func testLooksPerState() {
        XCTAssertEqual(ConfirmButton.looks(for: .idle), ConfirmButton.looks(for: .updating))
        XCTAssertEqual(ConfirmButton.looks(for: .selected), .init(color: .red, scale: 1.1, label: "CONFIRM"))
        XCTAssertEqual(ConfirmButton.looks(for: .confirmed), .init(color: .green, scale: 1.3, label: "OK"))
        XCTAssertEqual(ConfirmButton.lineWidth, 1)
        XCTAssertEqual(ConfirmButton.glowRadius, 2)
    }

    func testDeleteEventBarAndPillGeometry() {
        XCTAssertEqual(DeleteEventDemo.barRect(in: screen), Rect(x: 0, y: 507, width: 320, height: 61),
                       "the storyboard's frame")
        XCTAssertEqual(DeleteEventDemo.pillRect(in: screen), Rect(x: 125, y: 351, width: 70, height: 26))
        XCTAssertEqual(DeleteEventDemo.pillCornerRadius, DeleteEventDemo.pillHeight / 2)
        XCTAssertEqual(DeleteEventDemo.barColor, InteractionColor(red: 0.898, green: 0.276, blue: 0.309))
        XCTAssertEqual(DeleteEventDemo.backgroundColor, InteractionColor(red: 0.145, green: 0.145, blue: 0.188))
    }

    func testPillFadesInOverOneSecondEaseOut() {
        XCTAssertEqual(DeleteEventDemo.pillAlpha(secondsSinceFiring: -1), 0)
        XCTAssertEqual(DeleteEventDemo.pillAlpha(secondsSinceFiring: 0), 0)
        XCTAssertEqual(DeleteEventDemo.pillAlpha(secondsSinceFiring: 0.25), 0.378138, accuracy: 1e-5)
        XCTAssertEqual(DeleteEventDemo.pillAlpha(secondsSinceFiring: 0.5), 0.684643, accuracy: 1e-5,
                       "ease-out (0, 0, 0.58, 1) is ahead of linear")
        XCTAssertEqual(DeleteEventDemo.pillAlpha(secondsSinceFiring: 1), 1)
        XCTAssertEqual(DeleteEventDemo.pillAlpha(secondsSinceFiring: 7), 1)
        XCTAssertEqual(DeleteEventDemo.pillAlpha(secondsSinceFiring: .nan), 0)
        XCTAssertEqual(DeleteEventDemo.pillAlpha(secondsSinceFiring: .infinity), 1)
        var last = 0.0
        for i in 1...100 {
            let a = DeleteEventDemo.pillAlpha(secondsSinceFiring: Double(i) / 100)
            XCTAssertGreaterThanOrEqual(a, last)
            last = a
        }
    }
}
