import TestSupport
import XCTest
@testable import ForceCore

/// Issue 9, item 7: every way of closing an overlay leaves the input state clean. After each,
/// the very next gestures work: a force press on a row peeks, a bottom swipe goes Home.
final class OverlayClosingTests: XCTestCase {
    private func driver(_ scene: SceneKind = .messages) -> Driver {
        var d = Driver(width: 1280, height: 800)
        d.state = AppState(viewport: Viewport(width: 1280, height: 800), emulator: PressureEmulator(easing: 0), scene: scene)
        return d
    }

    private let row = Point(x: 600, y: 298)

    /// The next gestures after an overlay closed: a peek on a row, then a bottom swipe home.
    private func assertTheNextGesturesWork(_ d: inout Driver, _ way: String, file: StaticString = #filePath, line: UInt = #line) {
        d.command(.sceneMessages)
        d.at(2)   // past any deferral window
        d.frame()
        XCTAssertNil(d.state.chrome.press, "\(way): no press is owned between presses", file: file, line: line)
        d.down(row.x, row.y)
        d.wheel(3)
        XCTAssertEqual(d.state.display.scene.messages?.peek?.isPeeked, true, "\(way): the next press peeks", file: file, line: line)
        d.up(row.x, row.y)
        d.down(640, 795)
        for i in 1...5 { d.move(640, 795 - Double(i) * 15) }
        d.up(640, 720)
        d.settle()
        XCTAssertEqual(d.state.scene, .home, "\(way): the next bottom swipe goes Home", file: file, line: line)
    }

    /// Pulls the shade down with a swipe from the top edge and lets go half way: it opens.
    private func pullShade(_ d: inout Driver, lift: Bool = true) {
        d.down(200, 6)
        d.at(0.02)
        d.move(200, 60)
        d.at(0.1)
        d.move(200, 420)
        if lift { d.up(200, 420) }
        XCTAssertTrue(d.state.chrome.isShadeOpen)
    }

    func testTheShadeClosedWithEscAfterItsSwipeLifted() {
        var d = driver()
        pullShade(&d)
        d.command(.closeOverlay)
        XCTAssertFalse(d.state.chrome.isShadeOpen)
        assertTheNextGesturesWork(&d, "Esc")
    }

    func testTheShadeClosedWithEscWhileTheSwipeStillHoldsIt() {
        var d = driver()
        pullShade(&d, lift: false)
        d.command(.closeOverlay)
        XCTAssertFalse(d.state.chrome.isShadeOpen)
        d.up(200, 420)
        XCTAssertFalse(d.state.chrome.isShadeOpen, "the lift of the closed shade's swipe does not reopen it")
        assertTheNextGesturesWork(&d, "Esc while held")
    }

    func testTheShadeClosedWithATap() {
        var d = driver()
        pullShade(&d)
        d.down(600, 300)
        d.up(600, 300)
        XCTAssertFalse(d.state.chrome.isShadeOpen)
        XCTAssertNil(d.state.scenes.messages.preview.pressLocation, "the tap closed the shade and nothing else")
        assertTheNextGesturesWork(&d, "tap")
    }

    func testTheShadeClosedByDraggingItUp() {
        var d = driver()
        pullShade(&d)
        d.at(0.5)
        d.down(600, 700)
        d.at(0.1)
        d.move(600, 500)
        let mid = d.state.chrome.shadeProgress(at: d.t)
        XCTAssertLessThan(mid, 1, "the shade follows the finger up")
        XCTAssertGreaterThan(mid, 0.5)
        d.at(0.1)
        d.move(600, 150)
        d.up(600, 150)
        XCTAssertFalse(d.state.chrome.isShadeOpen)
        assertTheNextGesturesWork(&d, "drag up")
    }

    func testTheHelpClosedWithEscOrItsKey() {
        for close in [Command.closeOverlay, .toggleHelp] {
            var d = driver()
            d.command(.toggleHelp)
            d.command(close)
            assertTheNextGesturesWork(&d, "help closed with \(close)")
        }
    }

    func testAHomeMenuClosedEveryWay() throws {
        for way in ["tap outside", "Esc", "perform"] {
            var d = driver(.home)
            let icon = d.state.scenes.home.menu.icons[3].rect.center
            d.down(icon.x, icon.y)
            d.wheel(2)
            let menu = try XCTUnwrap(d.state.display.scene.home?.menu)
            switch way {
            case "tap outside":
                d.up(icon.x, icon.y)
                d.down(1200, 700)
                d.up(1200, 700)
            case "Esc":
                d.command(.closeOverlay)
                d.up(icon.x, icon.y)
            default:
                let item = menu.layout.itemRects[1].center
                d.move(item.x, item.y)
                d.up(item.x, item.y)
            }
            XCTAssertNil(d.state.display.scene.home?.menu, way)
            assertTheNextGesturesWork(&d, "menu closed by \(way)")
        }
    }

    func testTheDetailViewClosedEveryWay() {
        for way in ["Esc", "title bar", "left-edge swipe"] {
            var d = driver()
            d.down(row.x, row.y)
            d.wheel(8)
            XCTAssertNotNil(d.state.scenes.messages.detail)
            d.up(row.x, row.y)
            switch way {
            case "Esc":
                d.command(.closeOverlay)
            case "title bar":
                d.down(700, 80)
                d.up(700, 80)
            default:
                d.down(4, 400)
                for i in 1...5 { d.move(4 + Double(i) * 15, 400) }
                d.up(79, 400)
                d.settle()
            }
            XCTAssertNil(d.state.scenes.messages.detail, way)
            assertTheNextGesturesWork(&d, "detail closed by \(way)")
        }
    }

    func testThePreviewActionsClosedEveryWay() {
        for way in ["Esc", "tap outside"] {
            var d = driver()
            d.down(row.x, row.y)
            d.wheel(3)
            for i in 1...10 { d.move(row.x, row.y - Double(i) * 18) }
            d.up(row.x, row.y - 180)
            XCTAssertTrue(d.state.scenes.messages.actionsOpen)
            if way == "Esc" {
                d.command(.closeOverlay)
            } else {
                d.down(1200, 120)
                d.up(1200, 120)
            }
            XCTAssertFalse(d.state.scenes.messages.actionsOpen, way)
            assertTheNextGesturesWork(&d, "actions closed by \(way)")
        }
    }
}
