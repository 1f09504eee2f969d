import TestSupport
import XCTest
@testable import ForceCore

/// Home and back swipes follow the finger and settle like the shade: past 0.35 of the screen
/// (or flicked) they go home or back when they land, short of it they go back where they began.
final class SwipeFollowsTests: XCTestCase {
    /// A slow drag (100 pt/s: no flick) from `start` by `steps` of `by`.
    func drag(_ d: inout Driver, from start: Point, by step: Point, steps: Int) -> Point {
        d.down(start.x, start.y)
        var p = start
        for _ in 0..<steps {
            d.at(0.1)
            p = Point(x: p.x + step.x, y: p.y + step.y)
            d.move(p.x, p.y)
        }
        return p
    }

    func testAHomeSwipeFollowsTheFingerAndGoesHomeWhenItLands() throws {
        var d = Driver(width: 1280, height: 800)
        d.command(.sceneMessages)
        let end = drag(&d, from: Point(x: 640, y: 795), by: Point(x: 0, y: -10), steps: 40)
        let swipe = try XCTUnwrap(d.state.display.swipe)
        XCTAssertEqual(swipe.edge, .bottom)
        XCTAssertEqual(swipe.progress, (800 - end.y) / 800, accuracy: 1e-9, "it hangs from the finger")
        if case .home = swipe.under {} else { XCTFail("Home under the card: \(swipe.under)") }
        XCTAssertEqual(d.state.scene, .messages, "still the scene while the finger holds it")
        d.at(0.1)
        d.up(end.x, end.y)
        XCTAssertEqual(d.state.scene, .messages, "it lands first")
        d.settle()
        XCTAssertEqual(d.state.scene, .home)
        XCTAssertNil(d.state.display.swipe)
    }

    func testAShortHomeSwipeGoesBackWhereItBegan() {
        var d = Driver(width: 1280, height: 800)
        d.command(.sceneMessages)
        let end = drag(&d, from: Point(x: 640, y: 795), by: Point(x: 0, y: -10), steps: 15)
        XCTAssertLessThan(d.state.display.swipe?.progress ?? 1, FollowedDrag.openFraction)
        d.at(0.1)
        d.up(end.x, end.y)
        d.frame()
        XCTAssertNotNil(d.state.display.swipe, "it settles back, drawn on its way")
        d.settle()
        XCTAssertEqual(d.state.scene, .messages, "cancelled")
        XCTAssertNil(d.state.display.swipe)
    }

    func testABackSwipeSlidesTheDetailOffOverTheList() throws {
        var d = Driver(width: 1280, height: 800)
        d.command(.sceneMessages)
        let row = d.state.messagesLayout.row(2).center
        d.down(row.x, row.y)
        d.at(0.15)
        d.up(row.x, row.y)
        XCTAssertNotNil(d.state.scenes.messages.detail, "a tap opened the conversation")
        d.at(0.5)
        let end = drag(&d, from: Point(x: 3, y: 400), by: Point(x: 12, y: 0), steps: 45)
        let swipe = try XCTUnwrap(d.state.display.swipe)
        XCTAssertEqual(swipe.edge, .left)
        XCTAssertEqual(swipe.progress, (end.x - 0) / 1280, accuracy: 1e-9)
        if case .messages(let under) = swipe.under { XCTAssertNil(under.detail, "the list under it") } else { XCTFail() }
        d.at(0.1)
        d.up(end.x, end.y)
        d.settle()
        XCTAssertNil(d.state.scenes.messages.detail, "back")
    }

    func testABackSwipeWithNothingToGoBackToDrawsNoSwipe() {
        var d = Driver(width: 1280, height: 800)
        d.command(.sceneMessages)
        _ = drag(&d, from: Point(x: 3, y: 400), by: Point(x: 12, y: 0), steps: 30)
        XCTAssertNil(d.state.display.swipe)
    }
}

/// The diagram keeps the edge gesture in focus when its swipe lands on another scene (the
/// scene comes with the swipe); a scene chosen otherwise takes the focus.
final class SwipeDiagramFocusTests: XCTestCase {
    func testAHomeSwipeThatLandsKeepsTheEdgeGestureInFocus() {
        var d = Driver(width: 1280, height: 800)
        d.command(.sceneMessages)
        d.down(640, 795)
        for i in 1...5 {
            d.at(0.02)
            d.move(640, 795 - Double(i) * 15)
        }
        d.at(0.02)
        d.up(640, 720)
        d.settle()
        XCTAssertEqual(d.state.scene, .home)
        XCTAssertEqual(d.state.diagram.focus, .edges, "the swipe that brought Home")
        d.at(2)
        d.command(.sceneConfirm)
        XCTAssertEqual(d.state.diagram.focus, .scene(.confirm))
    }
}
