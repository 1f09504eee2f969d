import TestSupport
import XCTest
@testable import ForceCore

/// The diagram shows at every window size: in the dock when it fits, else over the screen;
/// N turns the open panels so those without room come in turn.
final class DockRoomTests: XCTestCase {
    func options() -> Options {
        var o = Options()
        o.showHUD = true
        o.showEventLog = true
        o.showForcePlot = true
        o.showDiagram = true
        return o
    }

    func testTheDiagramGoesOverTheScreenWhenTheDockHasNoRoom() throws {
        let small = ScreenLayout(device: Viewport(width: 640, height: 480), open: [.hud, .diagram, .plot, .log])
        let overlay = try XCTUnwrap(small.rect(of: .diagram))
        XCTAssertEqual(overlay, small.overlay)
        XCTAssertFalse(small.hidden.contains(.diagram), "shown, not named as missing")
        XCTAssertTrue(small.screen.contains(overlay), "over the device's screen")
        XCTAssertGreaterThanOrEqual(overlay.y, small.sceneArea.y, "below the scene tabs")

        let large = ScreenLayout(device: Viewport(width: 1280, height: 1000), open: [.diagram])
        XCTAssertTrue(large.overlay.isNull, "room in the dock: no overlay")
        XCTAssertTrue(large.dockFrame.contains(try XCTUnwrap(large.rect(of: .diagram))))
        // A version 1 session's dock inside the window keeps its layout.
        XCTAssertTrue(ScreenLayout(viewport: Viewport(width: 640, height: 480), open: [.hud, .diagram, .plot, .log]).overlay.isNull)
    }

    func testNBringsThePanelsWithoutRoomInTurn() {
        var d = Driver(AppState(viewport: Viewport(width: 640, height: 480), options: options(), placement: .outside))
        let first = d.state.screenLayout
        XCTAssertFalse(first.hidden.isEmpty)
        var seen = Set(first.panels.keys)
        for _ in 0..<4 {
            d.command(.cyclePanels)
            seen.formUnion(d.state.screenLayout.panels.keys)
            XCTAssertNotNil(d.state.screenLayout.rect(of: .gauge), "the gauge stays")
        }
        XCTAssertEqual(seen, [.gauge, .hud, .diagram, .plot, .log], "every open panel came in")
    }

    /// The overlay is the window's: the core still gets what is under it, so a recording
    /// replays the same with the diagram open or closed (the window keeps presses on it away).
    func testTheCoreHandsPressesUnderTheDiagramToTheScene() throws {
        var d = Driver(AppState(viewport: Viewport(width: 640, height: 480), options: options(), placement: .outside))
        let overlay = d.state.screenLayout.overlay
        XCTAssertFalse(overlay.isNull)
        d.down(overlay.center.x, overlay.center.y)
        d.move(overlay.center.x + 40, overlay.center.y)
        d.up(overlay.center.x + 40, overlay.center.y)
        XCTAssertEqual(d.state.ink.strokes.count, 1)
        d.command(.toggleDiagram)
        XCTAssertTrue(d.state.screenLayout.overlay.isNull, "M closes it")
    }
}
