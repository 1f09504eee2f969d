import XCTest
@testable import ForceCore

final class QuickActionLayoutTests: XCTestCase {
    let screen = Viewport(width: 800, height: 600)
    let rows = [48.0, 58.0, 48.0]  // 154 pt

    func assertInside(_ layout: QuickActionLayout, _ viewport: Viewport, file: StaticString = #filePath, line: UInt = #line) {
        let m = QuickActionLayout.margin
        XCTAssertGreaterThanOrEqual(layout.menuRect.x, m, file: file, line: line)
        XCTAssertGreaterThanOrEqual(layout.menuRect.y, m, file: file, line: line)
        XCTAssertLessThanOrEqual(layout.menuRect.maxX, Double(viewport.width) - m, file: file, line: line)
        XCTAssertLessThanOrEqual(layout.menuRect.maxY, Double(viewport.height) - m, file: file, line: line)
    }

    func testLeftIconTopOfScreenBelowAlignedLeftGlyphLeft() {
        let icon = Rect(x: 40, y: 40, width: 60, height: 60)
        let l = QuickActionLayout(iconRect: icon, rowHeights: rows, viewport: screen)
        XCTAssertEqual(l.placement, .below)
        XCTAssertEqual(l.glyphSide, .left)
        XCTAssertEqual(l.menuRect, Rect(x: 40, y: 108, width: 250, height: 154))
        XCTAssertEqual(l.itemRects.map(\.y), [108, 156, 214], "item 0 nearest the icon: the top row")
        XCTAssertEqual(l.itemRects.map(\.height), rows)
        XCTAssertEqual(l.glyphRect(ofItem: 0)?.x, 56)
        assertInside(l, screen)
    }

    func testRightIconBottomOfScreenAboveAlignedRightGlyphRight() {
        let icon = Rect(x: 700, y: 500, width: 60, height: 60)
        let l = QuickActionLayout(iconRect: icon, rowHeights: rows, viewport: screen)
        XCTAssertEqual(l.placement, .above)
        XCTAssertEqual(l.glyphSide, .right)
        XCTAssertEqual(l.menuRect, Rect(x: 510, y: 338, width: 250, height: 154))
        XCTAssertEqual(l.itemRects.map(\.maxY), [492, 444, 386], "item 0 nearest the icon: the bottom row")
        XCTAssertEqual(l.glyphRect(ofItem: 2)?.maxX, 760 - 16)
        assertInside(l, screen)
    }

    func testLeftIconAtTheBottomGoesAbove() {
        let l = QuickActionLayout(iconRect: Rect(x: 20, y: 480, width: 60, height: 60), rowHeights: rows, viewport: screen)
        XCTAssertEqual(l.placement, .above)
        XCTAssertEqual(l.glyphSide, .left)
        XCTAssertEqual(l.menuRect.x, 20)
    }

    func testRightIconAtTheTopGoesBelow() {
        let l = QuickActionLayout(iconRect: Rect(x: 720, y: 20, width: 60, height: 60), rowHeights: rows, viewport: screen)
        XCTAssertEqual(l.placement, .below)
        XCTAssertEqual(l.glyphSide, .right)
        XCTAssertEqual(l.menuRect.maxX, 780)
    }

    func testIconNearTheEdgeIsClampedInsideTheMargin() {
        let l = QuickActionLayout(iconRect: Rect(x: 795, y: 100, width: 10, height: 10), rowHeights: rows, viewport: screen)
        XCTAssertEqual(l.menuRect.maxX, 792)
        assertInside(l, screen)
        let left = QuickActionLayout(iconRect: Rect(x: -5, y: 100, width: 10, height: 10), rowHeights: rows, viewport: screen)
        XCTAssertEqual(left.menuRect.x, 8)
    }

    func testMenuThatFitsNeitherWayTakesTheRoomierSideInsideTheScreen() {
        let tall = [100.0, 100.0, 100.0]
        let l = QuickActionLayout(iconRect: Rect(x: 40, y: 200, width: 60, height: 60), rowHeights: tall,
                                  viewport: Viewport(width: 400, height: 400))
        XCTAssertEqual(l.placement, .above, "200 pt above against 132 below")
        assertInside(l, Viewport(width: 400, height: 400))
    }

    func testNarrowScreenShrinksTheMenu() {
        let narrow = Viewport(width: 200, height: 600)
        let l = QuickActionLayout(iconRect: Rect(x: 10, y: 10, width: 40, height: 40), rowHeights: rows, viewport: narrow)
        XCTAssertEqual(l.menuRect.width, 184)
        assertInside(l, narrow)
    }

    func testHitTesting() {
        let l = QuickActionLayout(iconRect: Rect(x: 40, y: 40, width: 60, height: 60), rowHeights: rows, viewport: screen)
        XCTAssertEqual(l.item(at: Point(x: 100, y: 120)), 0)
        XCTAssertEqual(l.item(at: Point(x: 100, y: 200)), 1)
        XCTAssertEqual(l.item(at: Point(x: 100, y: 250)), 2)
        XCTAssertNil(l.item(at: Point(x: 100, y: 300)))
        XCTAssertNil(l.item(at: Point(x: .nan, y: 120)))
        XCTAssertNil(l.glyphRect(ofItem: 3))
    }

    func testRowHeights() {
        let plain = ShortcutItem(type: "a", title: "A")
        let withSubtitle = ShortcutItem(type: "a", title: "A", subtitle: "sub")
        XCTAssertEqual(QuickActionLayout.rowHeight(for: plain, titleWraps: false), QuickActionLayout.singleLineRowHeight)
        XCTAssertEqual(QuickActionLayout.rowHeight(for: plain, titleWraps: true), QuickActionLayout.twoLineRowHeight)
        XCTAssertEqual(QuickActionLayout.rowHeight(for: withSubtitle, titleWraps: true), QuickActionLayout.subtitleRowHeight,
                       "with a subtitle the title stays on one line")
    }

    func testGarbageGeometryStaysInside() {
        let l = QuickActionLayout(iconRect: Rect(x: .nan, y: 3, width: 1, height: 1),
                                  rowHeights: [.infinity, -5, .nan], viewport: screen, width: .nan)
        XCTAssertEqual(l.itemRects.map(\.height), [48, 48, 48])
        XCTAssertEqual(l.menuRect.width, QuickActionLayout.defaultWidth)
        assertInside(l, screen)
    }
}
