import TestSupport
import XCTest
@testable import ForceCore

/// A scene added from outside the program (`TallyScene`, in TestSupport): a fifth tab, written
/// against `Scene` alone. Adding it touched nothing in Sources: the tabs, Tab, the force it is
/// pressed with, frame ticks and wakes, Esc, undo, the display, the help, the state snapshot,
/// the diagram panel and the player's timeline all reach it through the protocol.
final class FifthSceneTests: XCTestCase {
    func driver() -> Driver {
        var d = Driver()
        d.state = AppState(viewport: Viewport(width: 1400, height: 800), emulator: PressureEmulator(easing: 0),
                           adding: [TallyScene()])
        return d
    }

    /// The tally scene of `d`.
    func tally(_ d: Driver) throws -> TallyScene { try XCTUnwrap(d.state.scenes.added.first?.base as? TallyScene) }

    func testItIsAFifthTabThatTabAndAPressOnTheTabReach() throws {
        var d = driver()
        XCTAssertEqual(d.state.scenes.kinds, SceneKind.builtIn + [TallyScene.kind])
        let tabs = d.state.screenLayout.tabs.tabs
        XCTAssertEqual(tabs.map(\.scene), d.state.scenes.kinds)
        for _ in 0..<4 { d.command(.nextScene) }
        XCTAssertEqual(d.state.scene, TallyScene.kind, "Tab reaches it after Confirm")
        d.command(.nextScene)
        XCTAssertEqual(d.state.scene, .canvas, "and goes round")
        let tab = try XCTUnwrap(tabs.last).rect.center
        d.down(tab.x, tab.y)
        d.up(tab.x, tab.y)
        XCTAssertEqual(d.state.scene, TallyScene.kind)
        XCTAssertEqual(d.state.eventLog.entries.last?.text, "scene → Tally")
    }

    func testPressesCountWithTheForceOfPressureInput() throws {
        var d = driver()
        d.state.show(TallyScene.kind)
        d.down(500, 400)
        d.wheel(4)
        XCTAssertEqual(try tally(d).phase, .pressed)
        XCTAssertEqual(try tally(d).pressForce, 0, "a press in a force scene starts at 0, as in Messages")
        d.up(500, 400)
        d.frame()
        XCTAssertEqual(try tally(d).count, 1)
        XCTAssertEqual(d.state.eventLog.entries.map(\.text).suffix(2), ["tally press at force 0.00", "tally 1"])
        XCTAssertEqual(d.state.pressure.sceneEmulator.level, 0.4, accuracy: 1e-9, "the wheel raised the scene's emulator")
    }

    func testItsWakesAndTicksReachTheReplay() throws {
        var d = driver()
        d.state.show(TallyScene.kind)
        d.down(500, 400)
        d.up(500, 400)
        XCTAssertEqual(d.state.nextWake(after: d.t), d.t + TallyScene.flashDuration, accuracy: 1e-9, "the flash's end")
        XCTAssertEqual(d.state.display.scene, .plain(PlainSceneDisplay(
            kind: TallyScene.kind, area: d.state.screenLayout.sceneArea, lines: ["count 1", "phase idle", "counted!"])))
        for _ in 0..<31 { d.frame() }
        XCTAssertEqual(d.state.nextWake(after: d.t), .infinity, "nothing left to wake for")
        XCTAssertEqual(d.state.display.scene.kind, TallyScene.kind)
        let elements = d.state.display.sceneElements.map(\.name)
        XCTAssertEqual(elements, ["title", "state"])
    }

    func testEscAndUndoAreTheScenes() throws {
        var d = driver()
        d.state.show(TallyScene.kind)
        for _ in 0..<2 {
            d.down(500, 400)
            d.up(500, 400)
        }
        d.command(.closeOverlay)
        XCTAssertEqual(try tally(d).count, 0, "Esc resets it")
        d.command(.undo)
        XCTAssertEqual(try tally(d).count, 2, "Z brings the count back")
        XCTAssertEqual(d.state.eventLog.entries.last?.text, "tally back to 2")
        XCTAssertEqual(d.state.ink.strokes.count, 0, "the drawing's undo is not touched")
    }

    func testItsHelpSnapshotDiagramAndTimeline() throws {
        var d = driver()
        d.command(.toggleDiagram)
        d.state.show(TallyScene.kind)
        XCTAssertEqual(d.state.display.sceneHelp.title, "Tally: counting presses")
        d.command(.toggleHelp)
        XCTAssertEqual(d.state.display.sceneHelp.entries.first?.key, "Press and lift")
        d.command(.toggleHelp)
        let before = TimelineMarkers.Probe(d.state)
        d.down(500, 400)
        d.frame()
        var markers = TimelineMarkers()
        markers.scan(frame: 1, from: before, to: TimelineMarkers.Probe(d.state), log: d.state.eventLog)
        XCTAssertTrue(markers.fromState.contains { $0.kind == .peek && $0.label == "tally pressed" }, "\(markers.fromState)")
        let diagram = try XCTUnwrap(d.state.display.diagram)
        XCTAssertEqual(diagram.diagram.title, "Tally")
        XCTAssertEqual(diagram.current, "pressed")
        XCTAssertEqual(diagram.flashes.map(\.edge), [0], "the step just taken flashes")
        d.up(500, 400)
        let snapshot = StateSnapshot(d.state)
        XCTAssertEqual(snapshot.fields["Tally.count"], .number(1))
        XCTAssertEqual(snapshot.fields["Tally.phase"], .text("idle"))
        XCTAssertEqual(snapshot.fields["scene"], .text("tally"))
    }

    /// The same events give the same state, the added scene included.
    func testSameEventsSameState() {
        var a = driver(), b = driver()
        for d in [0, 1] {
            a.state.show(TallyScene.kind)
            b.state.show(TallyScene.kind)
            a.down(500, 400 + Double(d))
            b.down(500, 400 + Double(d))
            a.up(500, 400)
            b.up(500, 400)
            a.frame()
            b.frame()
        }
        XCTAssertEqual(a.state, b.state)
        b.down(500, 400)
        XCTAssertNotEqual(a.state, b.state, "a press in the added scene is part of the state")
    }
}
