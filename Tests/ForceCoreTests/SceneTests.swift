import TestSupport
import XCTest
@testable import ForceCore

/// The scenes driven through AppState as the window drives them: mouse presses whose force the
/// wheel raises (a press in a scene starts light), devices without force (the timed fallback),
/// scene switches, system gestures.
final class SceneTests: XCTestCase {
    private func driver(_ scene: SceneKind, shortcuts: ShortcutCatalog = ShortcutCatalog()) -> Driver {
        var d = Driver(width: 1280, height: 800)
        d.state = AppState(viewport: Viewport(width: 1280, height: 800), emulator: PressureEmulator(easing: 0), scene: scene,
                           shortcuts: shortcuts)
        return d
    }

    /// Row 2 of the Messages list (message part) at 1280×800.
    private let row2 = (x: 600.0, y: 300.0)

    func testAWheelPressOnARowPeeksThenPops() {
        var d = driver(.messages)
        d.down(row2.x, row2.y)
        XCTAssertEqual(d.state.pressure.force, 0, "a press in a scene starts light")
        XCTAssertEqual(d.state.scenes.messages.preview.state, .previewing)
        d.wheel(1)
        XCTAssertEqual(d.state.scenes.messages.preview.previewProgress, 0.5, accuracy: 1e-9)
        let mid = d.state.display.scene.messages?.peek
        XCTAssertEqual(mid?.index, 2)
        XCTAssertEqual(mid?.part, .message)
        XCTAssertEqual(mid?.isPeeked, false)
        d.wheel(1)
        XCTAssertEqual(d.state.display.scene.messages?.peek?.isPeeked, true, "0.2: the peek")
        d.wheel(4)
        XCTAssertEqual(d.state.scenes.messages.preview.commitProgress, (0.6 - 0.2) / (0.75 - 0.2), accuracy: 1e-9)
        d.wheel(2)
        XCTAssertEqual(d.state.scenes.messages.preview.state, .committed)
        d.up(row2.x, row2.y)
        XCTAssertEqual(d.state.display.scene.messages?.detail?.row.sender, "Alan Turing")
        let log = d.state.eventLog.entries.map(\.text)
        XCTAssertTrue(log.contains { $0.hasPrefix("shouldBegin(600, 300) → true") }, "\(log)")
        XCTAssertTrue(log.contains("didUpdatePreviewTransition(1.00, ended: true)"), "\(log)")
        XCTAssertTrue(log.contains("didUpdateCommitTransition(1.00, ended: true)"), "\(log)")
        XCTAssertFalse(log.contains("didCancel"))
    }

    func testLiftingAPeekCancelsAndTheAvatarPreviewsTheProfile() {
        var d = driver(.messages)
        d.down(320, 222)   // row 1's avatar
        d.wheel(3)
        XCTAssertEqual(d.state.display.scene.messages?.peek?.part, .avatar)
        d.up(320, 222)
        XCTAssertEqual(d.state.eventLog.entries.last?.text, "didCancel")
        XCTAssertNil(d.state.display.scene.messages?.detail)
        // The peek shrinks away over 0.25 s.
        XCTAssertEqual(d.state.display.scene.messages?.peek?.presence ?? 0, 1, accuracy: 1e-9)
        d.at(0.125)
        d.frame()
        let presence = d.state.display.scene.messages?.peek?.presence ?? -1
        XCTAssertGreaterThan(presence, 0)
        XCTAssertLessThan(presence, 1)
        d.at(0.3)
        d.frame()
        XCTAssertNil(d.state.display.scene.messages?.peek)
    }

    func testAPressOutsideAnyRowIsRefused() {
        var d = driver(.messages)
        d.down(100, 400)   // left of the list column
        XCTAssertEqual(d.state.eventLog.entries.last?.text, "shouldBegin(100, 400) → false")
        d.wheel(5)
        XCTAssertNil(d.state.display.scene.messages?.peek)
    }

    func testSwipingUpInAPeekRevealsActionsAndDeleteReallyDeletes() {
        var d = driver(.messages)
        d.down(row2.x, row2.y)
        d.wheel(3)
        for i in 1...10 { d.move(row2.x, row2.y - Double(i) * 18) }
        XCTAssertEqual(d.state.scenes.messages.actionsReveal, 1)
        d.up(row2.x, row2.y - 180)
        XCTAssertTrue(d.state.scenes.messages.actionsOpen, "the actions stay after the lift")
        let layout = MessagesLayout(viewport: d.state.viewport, top: SceneTabs.reservedHeight)
        let delete = layout.actionRow(2, reveal: 1).center
        d.down(delete.x, delete.y)
        XCTAssertEqual(d.state.scenes.messages.rows.count, MessageRow.samples.count - 1)
        XCTAssertFalse(d.state.scenes.messages.rows.contains { $0.sender == "Alan Turing" })
        d.up(delete.x, delete.y)
        d.command(.undo)
        XCTAssertEqual(d.state.scenes.messages.rows.map(\.id), MessageRow.samples.map(\.id))
    }

    func testTheConfirmBarFiresOnlyInsideTheFullRing() {
        var d = driver(.confirm)
        d.down(640, 770)
        XCTAssertEqual(d.state.scenes.confirm.button.ringCenter, Point(x: 640, y: 670))
        d.wheel(5)
        XCTAssertEqual(d.state.display.scene.confirm?.ring?.strokeEnd ?? 0, 0.5, accuracy: 1e-9)
        XCTAssertEqual(d.state.scenes.confirm.button.state, .updating)
        d.wheel(5)
        XCTAssertEqual(d.state.scenes.confirm.button.state, .selected)
        XCTAssertEqual(d.state.display.scene.confirm?.ring?.label, "CONFIRM")
        d.move(640, 680)
        XCTAssertEqual(d.state.scenes.confirm.button.state, .confirmed)
        XCTAssertEqual(d.state.display.scene.confirm?.ring?.scale, 1.3)
        d.up(640, 680)
        XCTAssertEqual(d.state.scenes.confirm.events.count, CalendarEvent.samples.count - 1, "the event on screen is deleted")
        d.at(0.5)
        d.frame()
        let alpha = d.state.display.scene.confirm?.pillAlpha ?? 0
        XCTAssertGreaterThan(alpha, 0.5, "ease-out: more than half way at half the time")
        XCTAssertLessThan(alpha, 1)
        d.command(.undo)
        XCTAssertEqual(d.state.scenes.confirm.events.count, CalendarEvent.samples.count)
    }

    func testAForcelessTouchFillsTheRingWithTheTimedFallback() {
        var d = driver(.confirm)
        d.send(.device(InputDevice(name: "Touch screen", kind: .touch, hasForce: false)))
        d.down(640, 770, source: .finger)
        XCTAssertTrue(d.state.scenes.confirm.button.usesFallback)
        var frames = 0
        while d.state.scenes.confirm.button.state != .selected, frames < 120 {
            d.frame()
            frames += 1
        }
        XCTAssertEqual(d.state.scenes.confirm.button.state, .selected)
        XCTAssertEqual(Double(frames) / 60, 1.0, accuracy: 0.05, "full in about 1 s")
        XCTAssertEqual(d.state.display.scene.confirm?.usesTimedFallback, true)
    }

    func testQuickActionsOpenOnBothSidesAndPerformOurs() throws {
        let catalog = ShortcutCatalog(staticItems: [AppShortcut.newCanvas.item, AppShortcut.peekDemo.item])
        var d = driver(.home, shortcuts: catalog)
        let icons = HomeLayout(viewport: d.state.viewport, count: HomeApp.samples.count, top: SceneTabs.reservedHeight).icons
        // Music, in the right column: the menu aligns right.
        d.down(icons[3].center.x, icons[3].center.y)
        d.wheel(2)
        let right = try XCTUnwrap(d.state.display.scene.home?.menu)
        XCTAssertEqual(right.layout.glyphSide, .right)
        d.up(icons[3].center.x, icons[3].center.y)
        d.down(5, 700)
        d.up(5, 700)
        XCTAssertNil(d.state.display.scene.home?.menu, "a tap outside closes it")
        // ForceCanvas, in the left column: our items; sliding to Peek Demo and lifting performs it.
        d.down(icons[0].center.x, icons[0].center.y)
        d.wheel(2)
        let left = try XCTUnwrap(d.state.display.scene.home?.menu)
        XCTAssertEqual(left.layout.glyphSide, .left)
        XCTAssertEqual(left.items.map(\.title), [AppShortcut.newCanvas.item.title, AppShortcut.peekDemo.item.title])
        let peek = left.layout.itemRects[1].center
        d.move(peek.x, peek.y)
        d.up(peek.x, peek.y)
        XCTAssertEqual(d.state.scene, .messages)
        XCTAssertTrue(d.state.options.showEventLog)
        XCTAssertTrue(d.state.eventLog.entries.contains { $0.text.contains("handled: true") })
    }

    func testAnUnknownLaunchShortcutIsIgnoredWithALogLine() {
        var d = driver(.canvas)
        d.send(.shortcut("com.example.from-an-older-version"))
        XCTAssertEqual(d.state.scene, .canvas)
        XCTAssertTrue(d.state.eventLog.entries.last?.text.contains("ignored") ?? false)
        d.send(.shortcut(AppShortcut.confirmDemo.rawValue))
        XCTAssertEqual(d.state.scene, .confirm)
    }

    func testABottomSwipeIsDeferredOnTheCanvasThenGoesHome() {
        var d = driver(.canvas)
        func swipe() {
            d.down(640, 792)
            for i in 1...5 { d.move(640, 792 - Double(i) * 15) }
            d.up(640, 717)
            d.settle()
        }
        swipe()
        XCTAssertEqual(d.state.scene, .canvas, "the first swipe goes to the scene")
        XCTAssertEqual(d.state.ink.strokes.count, 1)
        XCTAssertNotNil(d.state.display.chrome.arrow)
        d.at(0.5)
        swipe()
        XCTAssertEqual(d.state.scene, .home, "the second within 1.5 s is the home gesture")
    }

    func testAutoHideBeatsDeferral() {
        var d = driver(.canvas)
        XCTAssertEqual(d.state.display.chrome.effective, [.top, .bottom])
        d.command(.toggleIndicatorAutoHide)
        XCTAssertEqual(d.state.display.chrome.effective, [])
        XCTAssertEqual(d.state.display.chrome.reason, SystemGesturePolicy.autoHideReason)
        d.down(640, 792)
        for i in 1...5 { d.move(640, 792 - Double(i) * 15) }
        XCTAssertEqual(d.state.display.chrome.swipe?.edge, .bottom, "with auto-hide the first swipe is the system's: it follows the finger")
        d.up(640, 717)
        d.settle()
        XCTAssertEqual(d.state.scene, .home, "let go, it goes Home")
        // The indicator fades after 2 s without a tap.
        d.at(2.5)
        d.frame()
        XCTAssertEqual(d.state.display.chrome.indicatorAlpha, HomeIndicator.hiddenAlpha, accuracy: 1e-9)
    }

    func testATopSwipeOnMessagesPullsTheShadeAndATapClosesIt() {
        var d = driver(.messages)
        d.down(200, 10)   // within 24 pt of the top edge, left of the scene tabs
        d.move(200, 60)
        XCTAssertTrue(d.state.chrome.isShadeOpen)
        d.move(200, 400)
        d.up(200, 400)
        XCTAssertTrue(d.state.chrome.isShadeOpen, "pulled half way down: it settles open")
        d.down(600, 400)
        XCTAssertNil(d.state.scenes.messages.preview.pressLocation, "the tap on the shade never reaches the list")
        d.up(600, 400)
        XCTAssertFalse(d.state.chrome.isShadeOpen)
    }

    func testScenesAndShortcutsRoundTripThroughSessions() throws {
        let s = Session(viewport: Viewport(width: 800, height: 600), scene: .home, events: [
            TimedEvent(time: 0.1, event: .shortcut("com.forcecanvas.peek-demo")),
            TimedEvent(time: 0.2, event: .command(.cycleEdgeProtection)),
        ])
        let back = try SessionCoding.parse(SessionCoding.encode(s), file: "s.jsonl")
        XCTAssertEqual(back, s)
        XCTAssertThrowsError(try SessionCoding.parse(
            "{\"format\":\"forcecanvas-session\",\"version\":1,\"width\":10,\"height\":10,\"scene\":\"lobby\"}", file: "b.jsonl")) { e in
            XCTAssertTrue("\(e)".hasPrefix("b.jsonl:1: unknown scene \"lobby\""), "\(e)")
        }
    }

    func testGarbageForceNeverBreaksAScene() {
        var d = driver(.messages)
        d.send(.device(InputDevice(name: "Broken pen", kind: .pen, hasForce: true)))
        d.down(row2.x, row2.y, source: .pen, force: .nan)
        d.move(row2.x, row2.y, source: .pen, force: .infinity)
        XCTAssertEqual(d.state.scenes.messages.preview.state, .committed)
        d.move(row2.x, row2.y, source: .pen, force: -.infinity)
        XCTAssertFalse(d.state.pressure.force.isNaN)
        d.up(row2.x, row2.y, source: .pen)
        XCTAssertFalse(d.state.scenes.messages.preview.isActive)
    }
}
