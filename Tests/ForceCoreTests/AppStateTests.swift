import TestSupport
import XCTest
@testable import ForceCore

final class AppStateTests: XCTestCase {
    func draw(_ d: inout Driver, from x: Double) {
        d.at(0.1)
        d.down(x, 10)
        for i in 1...5 {
            d.at(0.01)
            d.move(x + Double(i) * 4, 10)
        }
        d.up(x + 20, 10)
    }

    func testUndoRedoPerStroke() {
        var d = Driver()
        draw(&d, from: 0)
        draw(&d, from: 100)
        XCTAssertEqual(d.state.ink.strokes.count, 2)
        let revision = d.state.ink.revision
        d.command(.undo)
        XCTAssertEqual(d.state.ink.strokes.map(\.points.first?.preciseLocation.x), [0])
        XCTAssertNotEqual(d.state.ink.revision, revision, "the cache must be rebuilt")
        d.command(.redo)
        XCTAssertEqual(d.state.ink.strokes.count, 2)
        d.command(.redo)
        XCTAssertEqual(d.state.ink.strokes.count, 2, "nothing more to redo")
    }

    func testClearIsUndoableAndANewStrokeDropsTheRedoHistory() {
        var d = Driver()
        draw(&d, from: 0)
        draw(&d, from: 100)
        d.command(.clear)
        XCTAssertTrue(d.state.ink.strokes.isEmpty)
        d.command(.undo)
        XCTAssertEqual(d.state.ink.strokes.count, 2, "nothing lost")
        d.command(.undo)
        XCTAssertEqual(d.state.ink.strokes.count, 1)
        draw(&d, from: 200)
        XCTAssertFalse(d.state.ink.canRedo)
    }

    /// Open Recent's drawing opens as a new canvas (the window keeps the one before as a
    /// document of its own): its strokes renumbered after every id the canvas used (a renderer
    /// keyed by id never sees an old stroke again), nothing to undo back into the old canvas.
    func testOpeningADrawingIsANewCanvasRenumbered() {
        var other = Driver()
        draw(&other, from: 50)
        var d = Driver()
        draw(&d, from: 0)
        draw(&d, from: 100)
        let before = d.state.ink.strokes
        XCTAssertEqual(other.state.ink.strokes.count, 1)
        d.state.openDrawing(other.state.ink.strokes)
        XCTAssertEqual(d.state.ink.strokes.map(\.points.first?.preciseLocation.x), [50])
        XCTAssertGreaterThan(d.state.ink.strokes[0].id, before.map(\.id).max() ?? 0)
        XCTAssertFalse(d.state.ink.canUndo, "the canvas before is a document, not an undo step")
        draw(&d, from: 200)
        XCTAssertEqual(d.state.ink.strokes.count, 2)
        XCTAssertEqual(Set(d.state.ink.strokes.map(\.id)).count, 2, "ids stay unique")
    }

    /// Ctrl+N and the New Canvas quick action on a drawing ask the window for a new document;
    /// on an empty canvas they ask nothing.
    func testANewCanvasAsksForANewDocumentOnlyOverADrawing() {
        var d = Driver()
        d.command(.newCanvas)
        XCTAssertEqual(d.state.takeHostRequests(), [])
        draw(&d, from: 0)
        d.command(.newCanvas)
        XCTAssertEqual(d.state.takeHostRequests(), [.newDocument])
        XCTAssertTrue(d.state.ink.strokes.isEmpty)
    }

    func testResizeKeepsEveryStroke() {
        var d = Driver()
        draw(&d, from: 0)
        let strokes = d.state.ink.strokes
        d.send(.resize(Viewport(width: 300, height: 200, scale: 2)))
        XCTAssertEqual(d.state.viewport, Viewport(width: 300, height: 200, scale: 2))
        XCTAssertEqual(d.state.ink.strokes, strokes)
    }

    func testTogglesAndHelp() {
        var d = Driver()
        d.command(.toggleDebug)
        d.command(.toggleRenderer)
        d.command(.toggleHelp)
        XCTAssertTrue(d.state.display.ink.style.debug)
        XCTAssertEqual(d.state.display.ink.style.renderer, .classic)
        XCTAssertTrue(d.state.display.showHelp)
        d.command(.closeOverlay)
        XCTAssertFalse(d.state.display.showHelp)
    }

    func testSimulatedPressureMakesMouseStrokesForceLess() {
        var d = Driver()
        d.command(.toggleSimulatedPressure)
        draw(&d, from: 0)
        XCTAssertFalse(d.state.ink.strokes[0].hasForce)
    }

    func testTheGaugeShowsTheForceOfTheNextOrCurrentSample() {
        var d = Driver()
        d.command(.pressureUp)
        XCTAssertEqual(d.state.display.gauge.force, 0.6, accuracy: 1e-9)
        d.down(1, 1)
        d.wheel(2)
        XCTAssertEqual(d.state.display.gauge.force, 0.8, accuracy: 1e-9)
        XCTAssertTrue(d.state.display.gauge.isPressed)
    }

    func testSameEventsSameState() {
        var a = Driver(), b = Driver()
        for d in [0.0, 50] {
            draw(&a, from: d)
            draw(&b, from: d)
            a.frame()
            b.frame()
        }
        XCTAssertEqual(a.state, b.state)
    }
}
