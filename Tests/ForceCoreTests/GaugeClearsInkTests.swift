import TestSupport
import XCTest
@testable import ForceCore

/// The floating gauge never covers ink: a stroke under it moves it to the bottom right, ink
/// there too to the top strip; undoing the strokes brings it back. Ink elsewhere leaves it.
final class GaugeClearsInkTests: XCTestCase {
    func gauge(_ d: Driver) -> Rect { d.state.display.layout.rect(of: .gauge) ?? .null }

    func stroke(_ d: inout Driver, through r: Rect) {
        d.down(r.x + 10, r.center.y)
        d.move(r.center.x, r.center.y)
        d.up(r.maxX - 10, r.center.y)
        d.at(0.5)
    }

    func testTheGaugeMovesOffTheInkAndComesBack() {
        var d = Driver(width: 1280, height: 800)
        let home = gauge(d)
        XCTAssertEqual(home.x, ScreenLayout.margin, "bottom left")
        stroke(&d, through: Rect(x: 500, y: 300, width: 200, height: 40))
        XCTAssertEqual(gauge(d), home, "ink elsewhere leaves it where it is")

        stroke(&d, through: home)
        let right = gauge(d)
        XCTAssertFalse(d.state.display.layout.compactGauge)
        XCTAssertEqual(right.maxX, 1280 - ScreenLayout.margin, accuracy: 1e-9, "bottom right")
        XCTAssertEqual(right.y, home.y, accuracy: 1e-9)
        XCTAssertFalse(d.state.scenes.canvas.inkCovers(right))

        stroke(&d, through: right)
        XCTAssertTrue(d.state.display.layout.compactGauge, "both corners inked: the top strip")
        XCTAssertFalse(d.state.scenes.canvas.inkCovers(gauge(d)))

        d.command(.undo)
        XCTAssertEqual(gauge(d), right)
        d.command(.undo)
        XCTAssertEqual(gauge(d), home)
    }

    /// On a screen so narrow that the scene tabs reach its left side, the top strip has no
    /// room for the compact gauge's figure (it was drawn 22 pt wide, "0.50" running under the
    /// tabs): the gauge stays where it was, over the ink, whole. With room for the figure but
    /// not its bar (a 480-pt screen: 36 pt), the figure alone goes there.
    func testANarrowScreenKeepsTheGaugeWhole() {
        var d = Driver(width: 437, height: 295)
        let home = gauge(d)
        let tabs = d.state.display.tabs.frame
        XCTAssertLessThan(tabs.x - ScreenLayout.margin, ScreenLayout.compactGaugeLeastWidth, "no room left of the tabs")
        stroke(&d, through: home)
        let right = gauge(d)
        stroke(&d, through: right)
        XCTAssertFalse(d.state.display.layout.compactGauge)
        XCTAssertEqual(gauge(d), right, "where it was, whole")
        XCTAssertFalse(gauge(d).intersects(tabs))
        // With room for its figure (a wider screen), the strip takes it.
        var narrow = Driver(width: 480, height: 295)
        stroke(&narrow, through: gauge(narrow))
        stroke(&narrow, through: gauge(narrow))
        XCTAssertTrue(narrow.state.display.layout.compactGauge)
        XCTAssertEqual(gauge(narrow).width, 36, accuracy: 1, "the figure alone")
        XCTAssertFalse(gauge(narrow).intersects(narrow.state.display.tabs.frame))
        var wide = Driver(width: 800, height: 295)
        stroke(&wide, through: gauge(wide))
        stroke(&wide, through: gauge(wide))
        XCTAssertTrue(wide.state.display.layout.compactGauge)
        XCTAssertGreaterThanOrEqual(gauge(wide).width, ScreenLayout.compactGaugeBarWidth, "the figure and its bar")
        XCTAssertFalse(gauge(wide).intersects(wide.state.display.tabs.frame))
    }

    /// The live stroke counts: drawing into the gauge's corner moves it while the pen is down.
    func testTheLiveStrokeMovesItToo() {
        var d = Driver(width: 1280, height: 800)
        let home = gauge(d)
        d.down(home.x + 20, home.center.y)
        d.move(home.center.x, home.center.y)
        XCTAssertNotEqual(gauge(d), home)
    }
}
