import TestSupport
import XCTest
@testable import ForceCore

/// Issue 9, item 2: the teaching panels and the HUD make room; they never cover the scene. A
/// side column from 1280 pt, a bottom band below; the scene laid out in what remains; the
/// rings never over the previewed item; small windows keep the gauge off the scene.
final class ScreenLayoutTests: XCTestCase {
    static let sizes = [(1600, 1000), (1280, 800), (1000, 700), (800, 600), (640, 480)]

    private func allOpen(_ scene: SceneKind, _ w: Int, _ h: Int) -> Driver {
        let o = Options.everyPanel()
        var d = Driver(width: w, height: h, options: o)
        d.state = AppState(viewport: Viewport(width: w, height: h), options: o, emulator: PressureEmulator(easing: 0), scene: scene)
        return d
    }

    /// No panel (nor the dock) covers any element of the scene, and the scene's area is off the dock.
    private func assertNothingCovered(_ d: Driver, _ moment: String, file: StaticString = #filePath, line: UInt = #line) {
        let display = d.state.display
        let layout = display.layout
        XCTAssertFalse(layout.sceneArea.intersects(layout.dockFrame), "\(moment): the scene's area is off the dock",
                       file: file, line: line)
        // What the scene's area shows of each element: a list scrolled off, or icons that a
        // tiny window cannot hold, are cut by the area's edge, not covered by a panel.
        let elements = display.sceneElements.compactMap { e in
            let visible = e.rect.intersection(layout.sceneArea.union(layout.screen))
            return visible.isNull ? nil : SceneElement(e.name, visible)
        }
        XCTAssertFalse(elements.isEmpty, moment, file: file, line: line)
        if display.viewport.height >= 700 {
            for e in display.sceneElements where !layout.screen.contains(e.rect) && !e.name.hasPrefix("row") {
                XCTFail("\(moment) at \(display.viewport.width)x\(display.viewport.height): \(e.name) \(e.rect) is cut off",
                        file: file, line: line)
            }
        }
        for (panel, rect) in display.panelRects {
            for e in elements where rect.intersects(e.rect) {
                XCTFail("\(moment) at \(display.viewport.width)x\(display.viewport.height): \(panel) \(rect) covers \(e.name) \(e.rect)",
                        file: file, line: line)
            }
        }
        for e in elements where layout.dockFrame.intersects(e.rect) {
            XCTFail("\(moment): the dock covers \(e.name)", file: file, line: line)
        }
    }

    /// The dock's line promises N only where N keeps it: `hiddenCanTurnIn` is true exactly when
    /// some turn of the panels (`rotation`) shows one the first layout hid, for every window
    /// size, text size and set of open panels tried, in a dock inside and outside the screen.
    /// At `--ui-scale 2` in 640×480 the curve panel fits no turn, and the line said "N brings
    /// them in turn".
    func testTheDockPromisesNOnlyWhereATurnShowsAHiddenPanel() {
        let others = ScreenLayout.Panel.allCases.filter { $0 != .gauge }
        var promised = 0, refused = 0
        for (w, h) in [(640, 480), (900, 460), (800, 600), (1280, 800), (1600, 500), (1280, 400)] {
            for scale in [1.0, 1.5, 2, 3] {
                for mask in 1..<(1 << others.count) {
                    let open = Set(others.indices.filter { mask & (1 << $0) != 0 }.map { others[$0] })
                    for outside in [false, true] {
                        func layout(_ r: Int) -> ScreenLayout {
                            outside ? ScreenLayout(device: Viewport(width: w, height: h), open: open, rotation: r, uiScale: scale)
                                : ScreenLayout(viewport: Viewport(width: w, height: h), open: open, rotation: r, uiScale: scale)
                        }
                        let first = layout(0)
                        guard !first.hidden.isEmpty else { continue }
                        let turns = (1...others.count).contains { r in first.hidden.contains { layout(r).rect(of: $0) != nil } }
                        XCTAssertEqual(first.hiddenCanTurnIn, turns,
                                       "\(w)x\(h) at \(scale)×, \(outside ? "outside" : "inside"), open \(open.map(\.rawValue).sorted()), hidden \(first.hidden)")
                        if turns { promised += 1 } else { refused += 1 }
                    }
                }
            }
        }
        // Both answers occur: the test tells them apart.
        XCTAssertGreaterThan(promised, 0)
        XCTAssertGreaterThan(refused, 0)
        // The case found: the curve panel at 2× in 640×480 turns in nowhere.
        let lesson = ScreenLayout(device: Viewport(width: 640, height: 480), open: [.curve, .diagram], uiScale: 2)
        XCTAssertEqual(lesson.hidden, [.curve])
        XCTAssertFalse(lesson.hiddenCanTurnIn)
    }

    func testTheDockIsASideColumnFrom1280AndABottomBandBelow() {
        let open: Set<ScreenLayout.Panel> = [.log]
        XCTAssertEqual(ScreenLayout(viewport: Viewport(width: 1280, height: 800), open: open).dock, .side)
        XCTAssertEqual(ScreenLayout(viewport: Viewport(width: 1279, height: 800), open: open).dock, .bottom)
        let none = ScreenLayout(viewport: Viewport(width: 1280, height: 800), open: [])
        XCTAssertEqual(none.dock, .none)
        XCTAssertEqual(none.sceneArea, Rect(x: 0, y: SceneTabs.reservedHeight, width: 1280, height: 800 - SceneTabs.reservedHeight))
        let side = ScreenLayout(viewport: Viewport(width: 1280, height: 800), open: [.hud, .curve, .plot, .log])
        XCTAssertEqual(side.screen.x, side.dockFrame.maxX)
        XCTAssertEqual(side.hidden, [])
        for p in ScreenLayout.Panel.allCases where p != .legend && p != .diagram {
            XCTAssertTrue(side.dockFrame.contains(side.rect(of: p) ?? .null), "\(p) in the column")
        }
        let band = ScreenLayout(viewport: Viewport(width: 1000, height: 700), open: [.hud, .plot, .log])
        XCTAssertEqual(band.screen.maxY, band.dockFrame.y)
        XCTAssertLessThanOrEqual(band.dockFrame.height, (700 - SceneTabs.reservedHeight) * ScreenLayout.bandShare)
        XCTAssertEqual(band.hidden, [])
    }

    func testMessagesWithAllPanelsOpenIsNeverCovered() {
        for (w, h) in Self.sizes {
            var d = allOpen(.messages, w, h)
            assertNothingCovered(d, "the list")
            let row = d.state.messagesLayout.row(1).center
            d.down(row.x, row.y)
            d.wheel(1)
            assertNothingCovered(d, "mid-preview")
            d.wheel(3)
            assertNothingCovered(d, "peek")
            for i in 1...8 { d.move(row.x, row.y - Double(i) * 20) }
            assertNothingCovered(d, "preview actions")
            d.up(row.x, row.y - 160)
            d.down(1, 1)
            d.up(1, 1)
            let again = d.state.messagesLayout.row(0).center
            d.down(again.x, again.y)
            d.wheel(8)
            assertNothingCovered(d, "popped")
            d.up(again.x, again.y)
        }
    }

    func testHomeWithAllPanelsOpenIsNeverCovered() {
        for (w, h) in Self.sizes {
            for icon in [1, 3, 8] {
                var d = allOpen(.home, w, h)
                assertNothingCovered(d, "the icons")
                let c = d.state.scenes.home.menu.icons[icon].rect.center
                // A window too small for the icons and every panel cuts the last row off.
                guard d.state.screenLayout.sceneArea.contains(c) else { continue }
                d.down(c.x, c.y)
                d.wheel(1)
                assertNothingCovered(d, "pressing icon \(icon)")
                d.wheel(1)
                XCTAssertNotNil(d.state.display.scene.home?.menu)
                assertNothingCovered(d, "menu of icon \(icon)")
                d.up(c.x, c.y)
            }
        }
    }

    func testConfirmWithAllPanelsOpenIsNeverCovered() {
        for (w, h) in Self.sizes {
            var d = allOpen(.confirm, w, h)
            assertNothingCovered(d, "the card and the bar")
            let bar = DeleteEventDemo.barRect(in: d.state.screenLayout.sceneArea)
            d.down(bar.center.x, bar.center.y)
            d.wheel(10)
            assertNothingCovered(d, "selected")
            d.move(bar.center.x, bar.center.y - 100)
            d.up(bar.center.x, bar.center.y - 100)
            d.at(0.5)
            d.frame()
            assertNothingCovered(d, "deleted")
        }
    }

    func testCanvasWithAllPanelsOpenDrawsOnlyBesideTheDock() {
        for (w, h) in Self.sizes {
            var d = allOpen(.canvas, w, h)
            let area = d.state.screenLayout.sceneArea
            let start = Point(x: area.x + 40, y: area.y + 60)
            d.down(start.x, start.y)
            for i in 1...20 { d.move(start.x + Double(i) * 10, start.y + Double(i % 3) * 8) }
            d.up(start.x + 200, start.y)
            assertNothingCovered(d, "a stroke")
            // A press on the dock draws nothing.
            let dock = d.state.screenLayout.dockFrame
            d.down(dock.maxX - 3, dock.maxY - 3)
            XCTAssertNil(d.state.ink.live)
            d.up(dock.maxX - 3, dock.maxY - 3)
        }
    }

    /// The rings sit beside the previewed row or avatar and the peek panel, for every row and
    /// both parts, before and after the peek.
    func testTheRingsNeverCoverThePreviewedItem() {
        for (w, h) in [(1280, 800), (640, 480)] {
            let layout = MessagesLayout(viewport: Viewport(width: w, height: h), top: SceneTabs.reservedHeight)
            for i in MessageRow.samples.indices where layout.row(i).maxY <= layout.list.maxY {
                for part in [MessagePart.avatar, .message] {
                    let source = layout.source(index: i, part: part)
                    let press = part == .avatar ? layout.avatar(i).center : layout.row(i).center
                    let placed = layout.rings(press: press, source: source, reveal: 0)
                    let rings = Rect(around: placed.center, radius: placed.reach)
                    if w >= 1280 { XCTAssertEqual(placed.reach, MessagesLayout.ringsReach, "full size on a large window") }
                    XCTAssertFalse(rings.intersects(source), "row \(i) \(part) at \(w)x\(h)")
                    XCTAssertFalse(rings.intersects(layout.peekPanel(reveal: 0)), "row \(i) \(part): the panel")
                    XCTAssertTrue(layout.area.contains(rings), "row \(i) \(part): inside the area")
                }
            }
        }
    }

    /// Home's force ring goes round the icon, outside its rounded corners.
    func testHomeForceRingClearsTheIcon() {
        let cornerReach = (HomeLayout.iconSize / 2 - 17) * 2.0.squareRoot() + 17
        XCTAssertGreaterThan(HomeLayout.pressRingRadius - HomeLayout.pressRingWidth / 2, cornerReach)
        var d = allOpen(.home, 1280, 800)
        let c = d.state.scenes.home.menu.icons[1].rect.center
        d.down(c.x, c.y)
        d.wheel(1)
        let ring = try? XCTUnwrap(d.state.display.scene.home?.pressRing)
        XCTAssertEqual(ring?.center, c)
        XCTAssertEqual(ring?.progress ?? 0, 0.5, accuracy: 1e-9, "0.10 of 0.20")
        // Round a first-row icon the ring stays clear of the state lines, at every size.
        for (w, h) in Self.sizes {
            let layout = HomeLayout(area: ScreenLayout(viewport: Viewport(width: w, height: h), open: []).sceneArea, count: 12)
            let reach = Rect(around: layout.icons[0].center, radius: HomeLayout.pressRingRadius + HomeLayout.pressRingWidth / 2)
            XCTAssertFalse(reach.intersects(layout.stateLines), "\(w)x\(h)")
        }
    }

    /// The quick-action menu below an icon starts under the icon's label, never across it.
    func testTheMenuClearsTheLabel() throws {
        var d = allOpen(.home, 1280, 800)
        let layout = try XCTUnwrap(d.state.display.scene.home?.layout)
        for icon in [1, 3] {   // Messages and Music (built-in items)
            let c = layout.icons[icon].center
            d.down(c.x, c.y)
            d.wheel(2)
            let menu = try XCTUnwrap(d.state.display.scene.home?.menu)
            XCTAssertEqual(menu.layout.placement, .below)
            XCTAssertFalse(menu.layout.menuRect.intersects(layout.label(icon)), "icon \(icon)")
            d.up(c.x, c.y)
            // A tap elsewhere on the screen closes it.
            let corner = d.state.screenLayout.sceneArea
            d.down(corner.maxX - 30, corner.maxY - 30)
            d.up(corner.maxX - 30, corner.maxY - 30)
        }
    }
}

extension ScreenLayoutTests {
    /// The debug legend docks on the canvas only: leaving the canvas by a tab or a swipe lays
    /// Home out in the whole window again, and its icons are where they are drawn.
    func testSwitchingSceneRelaysTheSceneOut() throws {
        var o = Options()
        o.debug = true
        var d = Driver(width: 1280, height: 800, options: o)
        XCTAssertEqual(d.state.screenLayout.dock, .side, "the legend docks on the canvas")
        let homeTab = try XCTUnwrap(d.state.screenLayout.tabs.tabs.first { $0.scene == .home }).rect.center
        d.down(homeTab.x, homeTab.y)
        d.up(homeTab.x, homeTab.y)
        XCTAssertEqual(d.state.scene, .home)
        XCTAssertEqual(d.state.screenLayout.dock, .none)
        XCTAssertEqual(d.state.scenes.home.menu.bounds, d.state.screenLayout.sceneArea)
        XCTAssertEqual(d.state.display.scene.home?.icons, HomeLayout(area: d.state.screenLayout.sceneArea, count: 12).icons)
    }
}

/// The floating gauge (no dock) at a large text size in a small window: as large as the window
/// holds it with its margins, never past its edge (at 3× in 640 pt it was 744 pt wide).
final class FloatingGaugeScaleTests: XCTestCase {
    func testTheFloatingGaugeStaysInsideTheWindow() {
        for (width, uiScale) in [(640, 3.0), (640, 2), (500, 3), (1280, 3), (320, 2)] {
            let viewport = Viewport(width: width, height: 480)
            let layout = ScreenLayout(viewport: viewport, open: [.gauge], uiScale: uiScale)
            guard let gauge = layout.rect(of: .gauge) else { return XCTFail("no gauge at \(width)") }
            let k = ScreenLayout.floatingGaugeScale(uiScale: uiScale, width: Double(width))
            XCTAssertEqual(gauge.width, ScreenLayout.floatingGaugeSize.width * k, accuracy: 1e-9)
            XCTAssertEqual(gauge.height, ScreenLayout.floatingGaugeSize.height * k, accuracy: 1e-9)
            XCTAssertLessThanOrEqual(gauge.maxX, viewport.bounds.maxX + 1e-9, "\(width) pt at \(uiScale)×: \(gauge)")
            XCTAssertGreaterThanOrEqual(k, 1)
            XCTAssertLessThanOrEqual(k, uiScale)
        }
        XCTAssertEqual(ScreenLayout.floatingGaugeScale(uiScale: 2, width: 640), 2, "where the window holds it, the text's size")
        XCTAssertEqual(ScreenLayout.floatingGaugeScale(uiScale: 3, width: 640), 640.0 / 280, accuracy: 1e-12)
    }
}
