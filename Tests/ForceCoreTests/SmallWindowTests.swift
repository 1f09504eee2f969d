import TestSupport
import XCTest
@testable import ForceCore

/// Issue 9, item 7: at 640×480 the gauge shrinks into the top strip instead of covering the
/// scene, the Messages list scrolls with the wheel when no button is held, and the help pages.
final class SmallWindowTests: XCTestCase {
    private func driver(_ scene: SceneKind, _ w: Int = 640, _ h: Int = 480) -> Driver {
        var d = Driver(width: w, height: h)
        d.state = AppState(viewport: Viewport(width: w, height: h), emulator: PressureEmulator(easing: 0), scene: scene)
        return d
    }

    func testTheGaugeNeverCoversAScene() {
        for scene in [SceneKind.messages, .home, .confirm] {
            let d = driver(scene)
            let display = d.state.display
            XCTAssertTrue(display.layout.compactGauge, "\(scene)")
            let gauge = display.layout.rect(of: .gauge) ?? .null
            XCTAssertLessThanOrEqual(gauge.maxY, SceneTabs.reservedHeight, "in the top strip")
            XCTAssertFalse(gauge.intersects(display.tabs.frame))
            for e in display.sceneElements { XCTAssertFalse(gauge.intersects(e.rect), "\(scene): \(e.name)") }
        }
        // A large window keeps the floating gauge at the bottom left, clear of the scene.
        for scene in [SceneKind.messages, .home, .confirm] {
            let display = driver(scene, 1280, 800).state.display
            XCTAssertFalse(display.layout.compactGauge)
            let gauge = display.layout.rect(of: .gauge) ?? .null
            for e in display.sceneElements { XCTAssertFalse(gauge.intersects(e.rect), "\(scene): \(e.name)") }
        }
        // The canvas keeps it floating over the paper.
        XCTAssertFalse(driver(.canvas).state.display.layout.compactGauge)
    }

    func testTheMessagesListScrollsWithTheWheelWhenNoButtonIsHeld() {
        var d = driver(.messages)
        let layout = d.state.messagesLayout
        XCTAssertGreaterThan(layout.maximumScroll(count: d.state.scenes.messages.rows.count), 0, "8 rows do not fit 480 pt")
        let last = d.state.scenes.messages.rows.count - 1
        XCTAssertGreaterThan(layout.row(last).maxY, layout.list.maxY, "the last row is clipped")
        d.wheel(-20)
        let scrolled = d.state.messagesLayout
        XCTAssertEqual(scrolled.scroll, layout.maximumScroll(count: d.state.scenes.messages.rows.count), "no further than the end")
        XCTAssertEqual(scrolled.row(last).maxY, scrolled.list.maxY, accuracy: 1e-9, "the last row is on screen")
        // A press lands on the row that is drawn there.
        let p = scrolled.row(last).center
        d.down(p.x, p.y)
        XCTAssertEqual(d.state.display.scene.messages?.peek?.index, last)
        // The wheel while a button is held is the pressure, not a scroll.
        d.wheel(2)
        XCTAssertEqual(d.state.messagesLayout.scroll, scrolled.scroll)
        XCTAssertEqual(d.state.pressure.force, 0.2, accuracy: 1e-9)
        d.up(p.x, p.y)
        d.wheel(30)
        XCTAssertEqual(d.state.messagesLayout.scroll, 0, "back to the top, no further")
    }

    func testTheWheelTurnsTheHelpsPageAndNothingElse() {
        var d = driver(.messages)
        d.command(.toggleHelp)
        d.wheel(-1)
        XCTAssertEqual(d.state.display.helpPage, 1)
        XCTAssertEqual(d.state.messagesLayout.scroll, 0, "the list under the help does not scroll")
        d.wheel(1)
        XCTAssertEqual(d.state.display.helpPage, 0)
        d.wheel(-1)
        d.command(.toggleHelp)
        d.command(.toggleHelp)
        XCTAssertEqual(d.state.display.helpPage, 0, "the help opens on its first page")
    }
}
