import XCTest
@testable import ForceCore

final class QuickActionMenuTests: XCTestCase {
    let screen = Viewport(width: 800, height: 600)
    let iconRect = Rect(x: 40, y: 40, width: 60, height: 60)
    let onIcon = Point(x: 70, y: 70)
    let items = AppShortcut.allCases.map(\.item)

    func makeMenu() -> QuickActionMenu {
        QuickActionMenu(icons: [
            .init(rect: iconRect, items: items),
            .init(rect: Rect(x: 600, y: 40, width: 60, height: 60), items: []),
        ], viewport: screen)
    }

    /// The centre of item `i` of an open menu.
    func centre(of i: Int, in menu: QuickActionMenu) -> Point {
        guard let r = menu.layout?.itemRects[i] else { return .zero }
        return Point(x: r.x + r.width / 2, y: r.y + r.height / 2)
    }

    func testForcePressPastPeekOpensAndSlideReleasePerforms() {
        var m = makeMenu()
        var effects = m.handle(.press(at: onIcon, force: 0.05), at: 0)
        effects += m.handle(.change(at: onIcon, force: 0.1), at: 0.1)
        XCTAssertEqual(m.state, .pressing(icon: 0))
        XCTAssertEqual(m.pressProgress, 0.5, accuracy: 1e-12)
        XCTAssertEqual(effects, [])
        effects = m.handle(.change(at: onIcon, force: 0.25), at: 0.2)
        XCTAssertEqual(effects, [.open(icon: 0)])
        XCTAssertEqual(m.state, .tracking(icon: 0))
        XCTAssertEqual(m.layout?.placement, .below)
        XCTAssertEqual(m.items.count, 4)
        effects = m.handle(.change(at: centre(of: 1, in: m), force: 0.1), at: 0.3)
        XCTAssertEqual(effects, [.highlight(item: 1)])
        effects = m.handle(.change(at: centre(of: 2, in: m), force: 0.1), at: 0.4)
        XCTAssertEqual(effects, [.highlight(item: 2)])
        effects = m.handle(.release(at: centre(of: 2, in: m)), at: 0.5)
        XCTAssertEqual(effects, [.perform(icon: 0, item: items[2]), .close])
        XCTAssertEqual(m.state, .idle)
        XCTAssertFalse(m.isOpen)
    }

    func testLiftingOffTheItemsKeepsItOpenThenATapPerforms() {
        var m = makeMenu()
        _ = m.handle(.press(at: onIcon, force: 0.5), at: 0)
        XCTAssertTrue(m.isOpen)
        XCTAssertEqual(m.handle(.release(at: onIcon), at: 0.2), [], "lifting on the icon keeps the menu")
        XCTAssertEqual(m.state, .open(icon: 0))
        let item = centre(of: 0, in: m)
        XCTAssertEqual(m.handle(.press(at: item, force: 0), at: 1), [.highlight(item: 0)])
        XCTAssertEqual(m.handle(.release(at: item), at: 1.1), [.perform(icon: 0, item: items[0]), .close])
    }

    func testReleasingAfterHighlightOffTheMenuClearsTheHighlight() {
        var m = makeMenu()
        _ = m.handle(.press(at: onIcon, force: 0.5), at: 0)
        _ = m.handle(.change(at: centre(of: 1, in: m), force: 0.5), at: 0.1)
        XCTAssertEqual(m.handle(.change(at: Point(x: 500, y: 500), force: 0.5), at: 0.2), [.highlight(item: nil)])
        XCTAssertEqual(m.handle(.release(at: Point(x: 500, y: 500)), at: 0.3), [])
        XCTAssertEqual(m.state, .open(icon: 0))
    }

    func testTapOutsideDismisses() {
        var m = makeMenu()
        _ = m.handle(.press(at: onIcon, force: 1), at: 0)
        _ = m.handle(.release(at: onIcon), at: 0.1)
        XCTAssertEqual(m.handle(.press(at: Point(x: 700, y: 500), force: 0), at: 1), [.close])
        XCTAssertEqual(m.state, .idle)
        XCTAssertEqual(m.handle(.release(at: Point(x: 700, y: 500)), at: 1.1), [], "the dismissing tap is consumed")
    }

    func testALightTapLaunchesTheApp() {
        var m = makeMenu()
        _ = m.handle(.press(at: onIcon, force: 0.1), at: 0)
        XCTAssertEqual(m.handle(.release(at: onIcon), at: 0.1), [.launch(icon: 0)])
        XCTAssertEqual(m.state, .idle)
    }

    func testMovingOffTheIconBeforeThePeekAbandonsThePress() {
        var m = makeMenu()
        _ = m.handle(.press(at: onIcon, force: 0.1), at: 0)
        XCTAssertEqual(m.handle(.change(at: Point(x: 300, y: 300), force: 0.9), at: 0.1), [])
        XCTAssertEqual(m.state, .idle)
        XCTAssertEqual(m.handle(.release(at: Point(x: 300, y: 300)), at: 0.2), [])
    }

    func testPressesOffIconsAndIconsWithoutItemsNeverOpen() {
        var m = makeMenu()
        XCTAssertEqual(m.handle(.press(at: Point(x: 300, y: 300), force: 1), at: 0), [])
        XCTAssertEqual(m.state, .idle)
        XCTAssertEqual(m.handle(.press(at: Point(x: 630, y: 70), force: 1), at: 1), [])
        XCTAssertEqual(m.state, .pressing(icon: 1))
        XCTAssertFalse(m.isOpen)
    }

    func testNoiseAroundPeekOpensOnce() {
        var m = makeMenu()
        var effects = m.handle(.press(at: onIcon, force: 0.19), at: 0)
        for (i, f) in [0.21, 0.19, 0.21, 0.19].enumerated() {
            effects += m.handle(.change(at: onIcon, force: f), at: Double(i + 1) / 60)
        }
        XCTAssertEqual(effects, [.open(icon: 0)])
    }

    func testCancelClosesFromAnyState() {
        var m = makeMenu()
        _ = m.handle(.press(at: onIcon, force: 1), at: 0)
        XCTAssertEqual(m.handle(.cancel, at: 0.1), [.close])
        XCTAssertEqual(m.handle(.cancel, at: 0.2), [])
        _ = m.handle(.press(at: onIcon, force: 0.1), at: 0.3)
        XCTAssertEqual(m.handle(.cancel, at: 0.4), [], "nothing was open")
        XCTAssertEqual(m.state, .idle)
    }

    func testMenuAlignsWithTheIconsSideAndDynamicItemsAreFurtherAway() {
        var m = QuickActionMenu(icons: [.init(rect: Rect(x: 700, y: 500, width: 60, height: 60), items: items)],
                                viewport: screen)
        _ = m.handle(.press(at: Point(x: 730, y: 530), force: 1), at: 0)
        XCTAssertEqual(m.layout?.glyphSide, .right)
        XCTAssertEqual(m.layout?.placement, .above)
        guard let rects = m.layout?.itemRects else { return XCTFail("not open") }
        XCTAssertGreaterThan(rects[0].y, rects[3].y, "item 0 (static) is the row nearest the icon")
    }

    func testTimedFallbackOpensTheMenuToo() {
        var m = makeMenu()
        var f = TimedFallback()
        _ = m.handle(.press(at: onIcon, force: f.intention), at: 0)
        _ = f.handle(.press, at: 0)
        _ = f.advance(to: 0.2)
        XCTAssertEqual(m.handle(.change(at: onIcon, force: f.intention), at: 0.2), [.open(icon: 0)])
    }

    func testGarbageInputNeverBreaksIt() {
        var m = makeMenu()
        XCTAssertEqual(m.handle(.press(at: Point(x: .nan, y: 70), force: 1), at: 0), [])
        _ = m.handle(.press(at: onIcon, force: .nan), at: .nan)
        XCTAssertEqual(m.state, .pressing(icon: 0))
        XCTAssertEqual(m.pressProgress, 0)
        XCTAssertEqual(m.handle(.change(at: Point(x: .infinity, y: 0), force: 1), at: 0.1), [], "a garbage sample is dropped")
        XCTAssertEqual(m.state, .pressing(icon: 0))
        XCTAssertEqual(m.handle(.change(at: onIcon, force: .infinity), at: 0.2), [.open(icon: 0)])
        XCTAssertEqual(m.handle(.release(at: Point(x: .nan, y: .nan)), at: 0.3), [])
        XCTAssertEqual(m.state, .open(icon: 0))
    }

    func testAtMostFourItems() {
        let many = (1...6).map { ShortcutItem(type: "t\($0)", title: "T\($0)") }
        var m = QuickActionMenu(icons: [.init(rect: iconRect, items: many)], viewport: screen)
        _ = m.handle(.press(at: onIcon, force: 1), at: 0)
        XCTAssertEqual(m.items.count, 4)
        XCTAssertEqual(m.layout?.itemRects.count, 4)
    }
}
