import XCTest
@testable import ForceCore

final class EdgeGestureTests: XCTestCase {
    let screen = Viewport(width: 800, height: 600)

    /// A swipe from `start` by `delta` at time `t`: press, two moves, release.
    func swipe(_ g: inout EdgeGesture, from start: Point, by delta: Point, at t: Double) -> [EdgeGesture.Effect] {
        var effects = g.handle(.press(at: start), at: t)
        effects += g.handle(.move(to: start + delta * 0.5), at: t + 0.05)
        effects += g.handle(.move(to: start + delta), at: t + 0.1)
        effects += g.handle(.release(at: start + delta), at: t + 0.15)
        return effects
    }

    let fromTop = (start: Point(x: 400, y: 5), delta: Point(x: 0, y: 80))
    let fromBottom = (start: Point(x: 400, y: 595), delta: Point(x: 0, y: -80))
    let fromLeft = (start: Point(x: 3, y: 300), delta: Point(x: 80, y: 0))

    func testUnprotectedEdgesGoStraightToTheSystem() {
        var g = EdgeGesture(viewport: screen)
        XCTAssertEqual(swipe(&g, from: fromTop.start, by: fromTop.delta, at: 0), [.systemGesture(.top)])
        XCTAssertEqual(swipe(&g, from: fromBottom.start, by: fromBottom.delta, at: 1), [.systemGesture(.bottom)])
        XCTAssertEqual(swipe(&g, from: Point(x: 797, y: 300), by: Point(x: -80, y: 0), at: 2), [.systemGesture(.right)])
        XCTAssertNil(g.arrow)
    }

    func testSecondSwipeInsideTheWindowGoesToTheSystem() {
        var g = EdgeGesture(viewport: screen, deferredEdges: .all)
        XCTAssertEqual(swipe(&g, from: fromBottom.start, by: fromBottom.delta, at: 10), [.deferred(.bottom)])
        XCTAssertEqual(g.arrow?.edge, .bottom)
        XCTAssertEqual(g.arrowAlpha(at: 10.2), 1)
        XCTAssertEqual(swipe(&g, from: fromBottom.start, by: fromBottom.delta, at: 11.0), [.systemGesture(.bottom)])
        XCTAssertNil(g.arrow)
        XCTAssertEqual(swipe(&g, from: fromBottom.start, by: fromBottom.delta, at: 11.5), [.deferred(.bottom)],
                       "after the system gesture the next swipe is deferred again")
    }

    func testSecondSwipeAfterTheWindowIsDeferredAgain() {
        var g = EdgeGesture(viewport: screen, deferredEdges: [.top])
        XCTAssertEqual(swipe(&g, from: fromTop.start, by: fromTop.delta, at: 0), [.deferred(.top)])
        // The first swipe triggered at 0.1; the second triggers at 1.7: 1.6 s later.
        XCTAssertEqual(swipe(&g, from: fromTop.start, by: fromTop.delta, at: 1.6), [.deferred(.top)])
        XCTAssertEqual(g.arrow?.shownAt ?? 0, 1.7, accuracy: 1e-9, "the new deferral restarts the arrow")
    }

    func testWindowBoundaryIsInclusive() {
        // Times exact in binary: the swipes trigger at 0.5 and 2.0, 1.5 s apart.
        var g = EdgeGesture(viewport: screen, deferredEdges: [.top])
        _ = g.handle(.press(at: fromTop.start), at: 0.25)
        XCTAssertEqual(g.handle(.move(to: fromTop.start + fromTop.delta), at: 0.5), [.deferred(.top)])
        _ = g.handle(.release(at: fromTop.start + fromTop.delta), at: 0.75)
        _ = g.handle(.press(at: fromTop.start), at: 1.75)
        XCTAssertEqual(g.handle(.move(to: fromTop.start + fromTop.delta), at: 2.0), [.systemGesture(.top)])
        _ = g.handle(.release(at: fromTop.start), at: 2.25)
        _ = g.handle(.press(at: fromTop.start), at: 3.0)
        XCTAssertEqual(g.handle(.move(to: fromTop.start + fromTop.delta), at: 3.25), [.deferred(.top)])
        _ = g.handle(.release(at: fromTop.start), at: 3.5)
        _ = g.handle(.press(at: fromTop.start), at: 4.5)
        XCTAssertEqual(g.handle(.move(to: fromTop.start + fromTop.delta), at: 4.875), [.deferred(.top)],
                       "1.625 s after the deferral: too late")
    }

    func testASwipeOnAnotherEdgeDoesNotCount() {
        var g = EdgeGesture(viewport: screen, deferredEdges: [.top, .bottom])
        _ = swipe(&g, from: fromTop.start, by: fromTop.delta, at: 0)
        XCTAssertEqual(swipe(&g, from: fromBottom.start, by: fromBottom.delta, at: 0.5), [.deferred(.bottom)])
        XCTAssertEqual(swipe(&g, from: fromTop.start, by: fromTop.delta, at: 1.0), [.deferred(.top)],
                       "the bottom deferral replaced the top arrow")
    }

    func testLeftEdgeBackGestureAlwaysWins() {
        var g = EdgeGesture(viewport: screen, deferredEdges: .all)
        XCTAssertEqual(g.effectiveDeferredEdges, [.top, .bottom, .right])
        XCTAssertEqual(swipe(&g, from: fromLeft.start, by: fromLeft.delta, at: 0), [.systemGesture(.left)])
        XCTAssertEqual(swipe(&g, from: fromLeft.start, by: fromLeft.delta, at: 0.3), [.systemGesture(.left)])
    }

    func testArrowFadesOutAtTheEndOfTheWindow() {
        var g = EdgeGesture(viewport: screen, deferredEdges: [.bottom])
        _ = swipe(&g, from: fromBottom.start, by: fromBottom.delta, at: 0)  // triggers at 0.1
        XCTAssertEqual(g.arrowAlpha(at: 0.05), 0, "not before the deferral")
        XCTAssertEqual(g.arrowAlpha(at: 1.3), 1)
        XCTAssertEqual(g.arrowAlpha(at: 0.1 + 1.5 - 0.125), 0.5, accuracy: 1e-9)
        XCTAssertEqual(g.arrowAlpha(at: 1.6), 0)
        XCTAssertEqual(g.arrowAlpha(at: .nan), 0)
        XCTAssertEqual(g.arrow?.position, fromBottom.start)
    }

    func testShortMovesAndPressesAwayFromEdgesAreNotSwipes() {
        var g = EdgeGesture(viewport: screen, deferredEdges: [])
        XCTAssertEqual(swipe(&g, from: fromTop.start, by: Point(x: 0, y: 40), at: 0), [], "40 pt is not more than 40")
        XCTAssertEqual(swipe(&g, from: Point(x: 400, y: 30), by: Point(x: 0, y: 200), at: 1), [], "30 pt from the edge")
        XCTAssertEqual(swipe(&g, from: fromTop.start, by: Point(x: 0, y: -80), at: 2), [], "outward is not a swipe")
        XCTAssertEqual(swipe(&g, from: fromTop.start, by: Point(x: 200, y: 10), at: 3), [], "along the edge")
    }

    func testOneSwipePerPress() {
        var g = EdgeGesture(viewport: screen)
        var effects = g.handle(.press(at: fromTop.start), at: 0)
        for y in stride(from: 10.0, through: 300, by: 10) {
            effects += g.handle(.move(to: Point(x: 400, y: y)), at: y / 1000)
        }
        XCTAssertEqual(effects, [.systemGesture(.top)])
        XCTAssertEqual(g.state, .swiped(.top))
    }

    func testCornerPressTakesTheEdgeMovedAwayFrom() {
        var g = EdgeGesture(viewport: screen, deferredEdges: [.top])
        XCTAssertEqual(swipe(&g, from: Point(x: 5, y: 5), by: Point(x: 10, y: 90), at: 0), [.deferred(.top)])
        XCTAssertEqual(swipe(&g, from: Point(x: 5, y: 5), by: Point(x: 90, y: 10), at: 1), [.systemGesture(.left)])
    }

    func testHomeGestureStillWorksWhileTheIndicatorIsHidden() {
        var indicator = HomeIndicator(autoHide: true, at: 0)
        var g = EdgeGesture(viewport: screen)
        XCTAssertTrue(indicator.isHidden(at: 5))
        XCTAssertEqual(swipe(&g, from: fromBottom.start, by: fromBottom.delta, at: 5), [.systemGesture(.bottom)])
        for e in [HomeIndicator.Event.press(at: fromBottom.start), .move(to: fromBottom.start + fromBottom.delta),
                  .release(at: fromBottom.start + fromBottom.delta)] {
            XCTAssertEqual(indicator.handle(e, at: 5.1), [])
        }
        XCTAssertTrue(indicator.isHidden(at: 5.2), "a swipe is not a tap")
    }

    func testGarbageInput() {
        var g = EdgeGesture(viewport: screen, deferredEdges: .all)
        XCTAssertEqual(g.handle(.press(at: Point(x: .nan, y: 0)), at: 0), [])
        XCTAssertEqual(g.state, .idle)
        _ = g.handle(.press(at: fromTop.start), at: .nan)
        XCTAssertEqual(g.handle(.move(to: Point(x: .infinity, y: .infinity)), at: 0.1), [])
        XCTAssertEqual(g.handle(.move(to: fromTop.start + fromTop.delta), at: .infinity), [.deferred(.top)])
        XCTAssertEqual(g.arrow?.shownAt, 0.1, "a non-finite time is the last good time")
    }
}
