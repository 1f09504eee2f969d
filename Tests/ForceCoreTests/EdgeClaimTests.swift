import TestSupport
import XCTest
@testable import ForceCore

/// Issue 9, items 6 and 7: a gesture the system's edge claims never reaches the scene, a swipe
/// the system takes leaves no ink, and the shade follows the drag and settles with an animation.
final class EdgeClaimTests: XCTestCase {
    private func driver(_ scene: SceneKind) -> Driver {
        var d = Driver(width: 1280, height: 800)
        d.state = AppState(viewport: Viewport(width: 1280, height: 800), emulator: PressureEmulator(easing: 0), scene: scene)
        return d
    }

    /// A swipe up from the bottom edge at x, 20 ms a step, then (`settle`) half a second for a
    /// home swipe to land.
    private func swipeUp(_ d: inout Driver, x: Double = 640, settle: Bool = true, watch: ((Driver) -> Void)? = nil) {
        d.down(x, 795)
        watch?(d)
        for i in 1...5 {
            d.at(0.02)
            d.move(x, 795 - Double(i) * 15)
            watch?(d)
        }
        d.up(x, 720)
        if settle { d.settle() }
    }

    func testTheSecondBottomSwipeOnTheConfirmBarNeverStartsTheButton() {
        var d = driver(.confirm)
        swipeUp(&d)
        XCTAssertEqual(d.state.scene, .confirm, "the first swipe is deferred to the scene (Confirm protects the bottom)")
        XCTAssertNotNil(d.state.display.chrome.arrow)
        d.at(0.3)
        swipeUp(&d) { d in
            XCTAssertNil(d.state.scenes.confirm.button.ringCenter, "the swipe the system claims never presses the bar")
            XCTAssertFalse(d.state.eventLog.entries.last?.text.hasPrefix("press on the bar") ?? false)
        }
        XCTAssertEqual(d.state.scene, .home)
    }

    /// The deferral arrow never covers DELETE EVENT: a swipe on the title puts it beside the
    /// title, along the edge; a swipe elsewhere puts it where the swipe started.
    func testTheDeferralArrowKeepsOffTheBarsTitle() throws {
        let title = DeleteEventDemo.titleRect(in: driver(.confirm).state.screenLayout.sceneArea)
        for x in [title.center.x, title.x + 10, title.maxX - 10, 200] {
            var d = driver(.confirm)
            swipeUp(&d, x: x)
            let chrome = d.state.display.chrome
            let arrow = try XCTUnwrap(chrome.arrowRect, "x \(x)")
            XCTAssertFalse(arrow.intersects(title), "x \(x): the arrow \(arrow) covers the title \(title)")
            XCTAssertLessThanOrEqual(abs(arrow.center.x - x), title.width / 2 + 2 * ChromeDisplay.arrowSize + 4, "x \(x): beside the swipe")
            if x == 200 { XCTAssertEqual(arrow.center.x, 200, accuracy: 1e-9, "clear of the title: where the swipe began") }
        }
    }

    func testWithAutoHideEveryBottomSwipeIsTheSystemsAndNeverTouchesTheBar() {
        var d = driver(.confirm)
        d.command(.toggleIndicatorAutoHide)
        swipeUp(&d) { d in XCTAssertNil(d.state.scenes.confirm.button.ringCenter) }
        XCTAssertEqual(d.state.scene, .home)
    }

    /// A press held back near a claimed edge that turns out to be no swipe reaches the scene
    /// whole: a tap on the bar's lower edge, a press that slides along the edge.
    func testAHeldPressThatIsNoSwipeReachesTheScene() {
        var d = driver(.messages)
        // The left edge (back) is always the system's: a press on row 2 at x 20 is held...
        let layout = MessagesLayout(viewport: Viewport(width: 640, height: 800), top: SceneTabs.reservedHeight)
        d.send(.resize(Viewport(width: 640, height: 800)))
        let y = layout.row(2).center.y
        d.down(20, y)
        XCTAssertNil(d.state.scenes.messages.preview.pressLocation, "held: the list has not seen it")
        // ...and released when it moves a swipe's distance along the edge, not inward.
        d.move(20, y - 20)
        d.move(20, y - 45)
        XCTAssertEqual(d.state.scenes.messages.preview.pressLocation, Point(x: 20, y: y), "the list gets the press from its start")
        d.up(20, y - 45)
        // A tap there reaches the list too (down and up, at the lift).
        d.down(20, y)
        d.up(20, y)
        XCTAssertTrue(d.state.eventLog.entries.contains { $0.text.hasPrefix("shouldBegin(20,") })
    }

    func testASwipeTheSystemTakesLeavesNoInk() {
        var d = driver(.canvas)
        swipeUp(&d)
        XCTAssertEqual(d.state.ink.strokes.count, 1, "the first swipe is the ink view's: it draws")
        d.at(0.3)
        let revision = d.state.ink.revision
        swipeUp(&d, x: 700)
        XCTAssertEqual(d.state.scene, .home, "the second within 1.5 s is the system's")
        XCTAssertEqual(d.state.ink.strokes.count, 1, "its stroke is taken off the canvas")
        XCTAssertNil(d.state.ink.live)
        XCTAssertGreaterThan(d.state.ink.revision, revision, "its pixels are repainted")
        XCTAssertFalse(d.state.ink.canRedo)
        d.command(.undo)
        XCTAssertEqual(d.state.ink.strokes.count, 0, "undo takes back the first stroke, not a hidden one")
    }

    /// The debug drawing shows the taken stroke, red, without making it part of the drawing: the
    /// ink is the same with debug on or off (what a replay draws never depends on a view option).
    func testInDebugModeTheTakenStrokeIsShownCancelledButNotDrawn() {
        var d = driver(.canvas)
        d.command(.toggleDebug)
        swipeUp(&d)
        d.at(0.3)
        swipeUp(&d, x: 700)
        XCTAssertEqual(d.state.ink.strokes.count, 1, "the drawing: the first stroke")
        XCTAssertEqual(d.state.ink.takenBack.count, 1)
        let shown = d.state.display.ink.strokes
        XCTAssertEqual(shown.count, 2, "the debug drawing shows both")
        XCTAssertTrue(shown.last?.points.allSatisfy { $0.type.contains(.cancelled) } ?? false, "drawn red")
        d.command(.toggleDebug)
        XCTAssertEqual(d.state.display.ink.strokes.count, 1, "without debug the taken stroke is not shown")
    }

    /// The shade hangs from the finger while it drags, settles with an animation when let go
    /// (every frame of it a wake), and a slow short pull falls back closed.
    func testTheShadeFollowsTheDragAndSettles() {
        var d = driver(.messages)
        d.down(200, 6)
        d.at(0.05)
        d.move(200, 60)
        XCTAssertEqual(d.state.chrome.shadeProgress(at: d.t), 60.0 / 800, accuracy: 1e-9, "it follows, not fully open")
        d.at(0.05)
        d.move(200, 200)
        XCTAssertEqual(d.state.chrome.shadeProgress(at: d.t), 200.0 / 800, accuracy: 1e-9)
        d.at(0.5)
        d.move(200, 400)
        d.at(0.5)
        d.up(200, 400)
        let letGo = d.t
        XCTAssertTrue(d.state.chrome.isShadeOpen, "half way down: it settles open")
        XCTAssertEqual(d.state.nextWake(after: letGo), letGo, "it animates")
        d.at(0.1)
        d.frame()
        let mid = d.state.chrome.shadeProgress(at: d.t)
        XCTAssertGreaterThan(mid, 0.5)
        XCTAssertLessThan(mid, 1)
        d.at(0.3)
        d.frame()
        XCTAssertEqual(d.state.chrome.shadeProgress(at: d.t), 1)
        XCTAssertEqual(d.state.nextWake(after: d.t), .infinity, "at rest")
        // A slow, short pull falls back.
        d.command(.closeOverlay)
        d.at(1)
        d.frame()
        d.down(300, 6)
        d.at(0.5)
        d.move(300, 80)
        d.at(0.5)
        d.up(300, 80)
        XCTAssertFalse(d.state.chrome.isShadeOpen)
    }

    /// The deferral arrow stays on screen about a second after the swipe (issue 9: it was
    /// reported gone 0.1 s after the drag): fully visible until the last 0.25 s of the 1.5 s
    /// window, then fading, and drawn in every scene that defers an edge.
    func testTheDeferralArrowStaysAboutASecond() throws {
        for scene in [SceneKind.canvas, .confirm] {
            var d = driver(scene)
            swipeUp(&d, settle: false)
            let lifted = d.t
            for dt in [0.1, 0.5, 1.0] {
                d.t = lifted + dt
                d.frame()
                let arrow = try XCTUnwrap(d.state.display.chrome.arrow, "\(scene) \(dt) s after the lift")
                XCTAssertEqual(arrow.alpha, 1, accuracy: 1e-9)
            }
            d.t = lifted + EdgeGesture.deferralWindow
            d.frame()
            XCTAssertNil(d.state.display.chrome.arrow, "gone at the end of the window")
        }
    }
}
