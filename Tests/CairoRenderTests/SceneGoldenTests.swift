import CairoRender
import ForceCore
import SnapshotTesting
import TestSupport
import XCTest

/// Golden images of the scenes in states built in code (small windows, help pages, a swipe the
/// system takes, every panel open with the overlap check). The bundled sessions' key moments are
/// checkpoints checked by `forcecanvas check` against Tests/Goldens. Re-record on purpose only:
/// `SNAPSHOT_TESTING_RECORD=failed swift test --filter SceneGoldenTests`.
final class SceneGoldenTests: XCTestCase {
    /// A 640×480 window without panels: the gauge shrinks into the top strip; the Messages list
    /// scrolled to its end by the wheel with no button held; Home and Confirm clear of the gauge.
    func testSmallWindows() throws {
        for scene in [SceneKind.messages, .home, .confirm] {
            var events = [TimedEvent(time: 0.1, event: .pointer(PointerInput(phase: .move, location: Point(x: 320, y: 300))))]
            if scene == .messages { events.append(TimedEvent(time: 0.2, event: .wheel(-10))) }
            let s = Session(viewport: Viewport(width: 640, height: 480), scene: scene, events: events)
            let frame = try XCTUnwrap(Fixtures.renderWithStates(s, at: [0.3]).first)
            XCTAssertTrue(frame.state.display.layout.compactGauge)
            assertSnapshot(of: frame.surface, as: .png(), named: scene.name)
        }
    }

    /// A peek at 640×480 with its actions revealed: the panel's content inside it, the actions
    /// above the home indicator (UIKit's bottom safe area).
    func testPeekWithActionsAt640x480() throws {
        func pointer(_ t: Double, _ phase: PointerPhase, _ y: Double) -> TimedEvent {
            TimedEvent(time: t, event: .pointer(PointerInput(phase: phase, location: Point(x: 320, y: y))))
        }
        let events = [pointer(0.1, .move, 380), pointer(0.2, .down, 380), TimedEvent(time: 0.3, event: .wheel(3)),
                      pointer(0.8, .move, 100), pointer(0.9, .move, 40), pointer(1.0, .move, 10)]
        let s = Session(viewport: Viewport(width: 640, height: 480), scene: .messages, events: events)
        let frame = try XCTUnwrap(Fixtures.renderWithStates(s, at: [1.4]).first)
        XCTAssertEqual(frame.state.scenes.messages.actionsReveal, 1, accuracy: 1e-9)
        assertSnapshot(of: frame.surface, as: .png(), named: "peek-actions-640x480")
    }

    /// The help is per scene: Messages' gestures first at 1280×800; Home's at 640×480 on one
    /// page; the canvas's at 640×480 on two (the wheel turns to the second, the common keys).
    func testHelpPerScene() throws {
        var options = Options()
        options.showHelp = true
        for (scene, w, h) in [(SceneKind.messages, 1280, 800), (.home, 640, 480)] {
            let s = Session(viewport: Viewport(width: w, height: h), options: options, scene: scene, events: [])
            assertSnapshot(of: try XCTUnwrap(Fixtures.render(s, at: [0]).first), as: .png(), named: "\(scene.name)-\(w)x\(h)")
        }
        let canvas = Session(viewport: Viewport(width: 640, height: 480), options: options,
                             events: [TimedEvent(time: 0.1, event: .wheel(-1))])
        let pages = try Fixtures.render(canvas, at: [0, 0.2])
        XCTAssertEqual(pages.count, 2)
        assertSnapshot(of: pages[0], as: .png(), named: "canvas-640x480-page-1")
        assertSnapshot(of: pages[1], as: .png(), named: "canvas-640x480-page-2")
    }



    /// Two swipes up from the canvas's bottom edge: the first is the ink view's (deferred, it
    /// draws), the second the system's (home). Back on the canvas only the first stroke is
    /// there; in debug mode the taken one is shown, red (cancelled), without being part of the
    /// drawing (the debug drawing changes what is shown, never the ink).
    func testASwipeTheSystemTakesLeavesNoInk() throws {
        var events: [TimedEvent] = []
        for (start, x) in [(0.2, 600.0), (0.8, 700.0)] {
            events.append(TimedEvent(time: start, event: .pointer(PointerInput(phase: .down, location: Point(x: x, y: 795)))))
            for i in 1...5 {
                let p = PointerInput(phase: .move, location: Point(x: x, y: 795 - Double(i) * 15))
                events.append(TimedEvent(time: start + 0.02 * Double(i), event: .pointer(p)))
            }
            events.append(TimedEvent(time: start + 0.12, event: .pointer(PointerInput(phase: .up, location: Point(x: x, y: 720)))))
        }
        events.append(TimedEvent(time: 1.5, event: .command(.sceneCanvas)))
        for debug in [false, true] {
            var options = Options()
            options.debug = debug
            let s = Session(viewport: Viewport(width: 1280, height: 800), options: options, events: events)
            let frame = try XCTUnwrap(Fixtures.renderWithStates(s, at: [1.6]).first)
            XCTAssertEqual(frame.state.ink.strokes.count, 1)
            XCTAssertEqual(frame.state.ink.takenBack.count, 1)
            XCTAssertEqual(frame.state.display.ink.strokes.count, debug ? 2 : 1)
            assertSnapshot(of: frame.surface, as: .png(), named: debug ? "debug" : "normal")
        }
    }

    /// Every teaching panel open (HUD, curve panel, debug legend, force plot, callback log) in
    /// each scene at 1280×800: the dock column takes the left, the scene is laid out in the
    /// rest, and, from the display values, no panel's rect meets a scene element's rect.
    func testEveryPanelOpenCoversNothing() throws {
        let moments: [(String, String, Double)] = [
            ("scene-system.jsonl", "canvas", 0.4), ("scene-messages.jsonl", "messages", 1.3),
            ("scene-home.jsonl", "home", 1.7), ("scene-confirm.jsonl", "confirm", 1.1),
        ]
        for (name, label, t) in moments {
            var s = try Fixtures.session(name)
            s.options.showHUD = true
            s.options.showCurve = true
            s.options.debug = true
            s.options.showEventLog = true
            s.options.showForcePlot = true
            let frame = try XCTUnwrap(Fixtures.renderWithStates(s, at: [t]).first)
            let display = frame.state.display
            XCTAssertEqual(display.layout.dock, .side)
            XCTAssertEqual(display.layout.hidden, [], label)
            let elements = display.sceneElements
            XCTAssertFalse(elements.isEmpty, label)
            for (panel, rect) in display.panelRects {
                for e in elements where rect.intersects(e.rect) {
                    XCTFail("\(label): \(panel) \(rect) covers \(e.name) \(e.rect)")
                }
            }
            assertSnapshot(of: frame.surface, as: .png(), named: label)
        }
    }
}
