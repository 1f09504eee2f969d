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

    /// The scene tabs fit the screen: 92 pt each where there is room, narrower on a narrow one
    /// (a device beside a dock that took room from it), always centred, inside the screen and
    /// clear of the help's "?" at its top right (22 pt, 8 pt from the edge and from the tabs);
    /// a press on each still switches to its scene. Before, they kept 368 pt on a 168 pt device
    /// and ran under the dock.
    func testTheTabsFitANarrowScreen() {
        for width in [1280, 640, 444, 400, 328, 240, 188] {
            let screen = Rect(x: 0, y: 0, width: Double(width), height: 480)
            let tabs = SceneTabs(screen: screen)
            let frame = tabs.frame
            XCTAssertEqual(tabs.tabs.count, SceneKind.builtIn.count)
            XCTAssertEqual(frame.center.x, screen.center.x, accuracy: 1, "centred at \(width)")
            XCTAssertLessThanOrEqual(frame.maxX, screen.maxX - 8 - 22 - 8, "clear of the help's ? at \(width)")
            XCTAssertGreaterThanOrEqual(frame.x, screen.x + 8, "inside the screen at \(width)")
            let tabWidth = tabs.tabs[0].rect.width
            XCTAssertEqual(tabWidth, width >= 444 ? SceneTabs.tabSize.width : ((Double(width) - 76) / 4).rounded(.down), "at \(width)")
            XCTAssertGreaterThanOrEqual(tabWidth, SceneTabs.narrowest)
            for (a, b) in zip(tabs.tabs, tabs.tabs.dropFirst()) { XCTAssertEqual(a.rect.maxX, b.rect.x, "side by side at \(width)") }
            for tab in tabs.tabs {
                XCTAssertEqual(tabs.scene(at: tab.rect.center), tab.scene, "a press on its tab at \(width)")
            }
        }
        // Where there is room, the tabs are as they always were (the goldens' screens).
        let wide = SceneTabs(screen: Rect(x: 0, y: 0, width: 900, height: 640))
        XCTAssertEqual(wide.frame, Rect(x: 266, y: SceneTabs.top, width: 368, height: SceneTabs.tabSize.height))
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
