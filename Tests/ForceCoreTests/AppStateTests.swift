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

/// The pressure policy of the tools users know (Xournal++): a touching sample without valid
/// pressure ends the stroke at the last sample that had some; the next one with pressure starts
/// another; over-range values are clamped and counted.
final class PressurePolicyTests: XCTestCase {
    func pen(_ phase: PointerPhase, _ x: Double, _ force: Double?, source: InputSource = .pen) -> InputEvent {
        .pointer(PointerInput(phase: phase, location: Point(x: x, y: 100), source: source, rawForce: force, maximumForce: force == nil ? nil : 1))
    }

    func replay(_ events: [InputEvent]) -> AppState {
        var state = AppState(viewport: Viewport(width: 800, height: 600))
        for (i, e) in events.enumerated() { state.handle(e, at: 0.1 + Double(i) * 0.01) }
        return state
    }

    func xs(_ s: Stroke) -> [Double] { s.points.filter(\.isReal).map(\.preciseLocation.x) }

    func testNoPressureMidStrokeSplitsIt() {
        for bad in [0.0, -0.2, .nan] {
            let state = replay([pen(.down, 100, 0.5), pen(.move, 110, 0.5), pen(.move, 120, 0.6), pen(.move, 130, bad),
                                pen(.move, 140, bad), pen(.move, 150, 0.4), pen(.move, 160, 0.4), pen(.up, 170, 0.3)])
            XCTAssertEqual(state.ink.strokes.count, 2, "pressure \(bad)")
            XCTAssertEqual(state.ink.strokes.first.map(xs), [100, 110, 120], "the first ends at the last sample with pressure")
            XCTAssertEqual(state.ink.strokes.last.map(xs)?.first, 150, "the next starts at the first with pressure again")
            XCTAssertEqual(state.pressureGaps, 1)
            XCTAssertTrue(state.display.inputNotes.contains("1 stroke ended where pressure went"))
        }
    }

    func testAPressThatBeginsWithoutPressureDrawsFromItsFirstPressure() {
        let state = replay([pen(.down, 100, 0), pen(.move, 110, 0), pen(.move, 120, 0.5), pen(.move, 130, 0.5), pen(.up, 140, 0.5)])
        XCTAssertEqual(state.ink.strokes.map(xs), [[120, 130, 140]])
        XCTAssertFalse(state.isPressed)
    }

    func testOverTheMaximumIsClampedAndCountedAndOtherDevicesKeepTheirWay() {
        let state = replay([pen(.down, 100, 1.5), pen(.move, 110, 2), pen(.up, 120, 0.5)])
        XCTAssertEqual(state.ink.strokes.count, 1)
        XCTAssertEqual(state.ink.strokes[0].points[0].force, 1, accuracy: 1e-4)
        XCTAssertEqual(state.pressureClamped, 2)
        XCTAssertTrue(state.display.inputNotes.contains("2 over the maximum, clamped"))
        // The mouse has no pressure of its own (the wheel's), and the eraser's lift carries 0.
        let mouse = replay([pen(.down, 100, nil, source: .mouse), pen(.move, 110, nil, source: .mouse), pen(.up, 120, nil, source: .mouse)])
        XCTAssertEqual(mouse.ink.strokes.count, 1)
        XCTAssertEqual(mouse.pressureGaps, 0)
    }
}
