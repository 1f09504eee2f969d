import TestSupport
import XCTest
@testable import ForceCore

/// Issue 22, text for a projector: `--ui-scale 1–3`, U and Shift+U. The dock and its panels,
/// the floating gauge, the curve panel's handles and the player's strip grow by the factor and
/// still fit at 1280×800 and 1920×1080; the device's screen keeps its size; the setting is
/// part of the session's header and replays.
final class UIScaleTests: XCTestCase {
    static let devices = [(1280, 800), (1920, 1080)]

    private func everyPanel(scale: Double) -> Options { Options.everyPanel(uiScale: scale) }

    /// Every open panel is shown (in the dock, or the diagram over the screen) or named; shown
    /// panels lie in the window, apart from each other, and are `scale` times a panel's width.
    func testTheDockGrowsAndStillFitsAtEveryStep() {
        let open = everyPanel(scale: 1).dockPanels(onCanvas: true)
        for (w, h) in Self.devices {
            let device = Viewport(width: w, height: h)
            for s in Options.uiScaleSteps {
                for rotation in 0..<open.count {
                    let l = ScreenLayout(device: device, open: open, rotation: rotation, uiScale: s)
                    let at = "\(w)x\(h) at \(s)×, turn \(rotation)"
                    XCTAssertEqual(l.screen, device.bounds, "\(at): the device keeps its screen")
                    XCTAssertEqual(l.dockFrame.width, (ScreenLayout.dockWidth * s).rounded(), at)
                    XCTAssertEqual(l.viewport.width, w + Int(l.dockFrame.width), at)
                    XCTAssertEqual(Set(l.panels.keys).union(l.hidden), open.union([.gauge]), "\(at): shown or named")
                    let window = l.viewport.bounds.insetBy(-0.001)
                    for (panel, r) in l.panels {
                        XCTAssertTrue(window.contains(r), "\(at): \(panel) \(r) is in the window")
                        guard r != l.overlay else { continue }
                        XCTAssertTrue(l.dockFrame.insetBy(-0.001).contains(r), "\(at): \(panel) is in the dock")
                        XCTAssertEqual(r.width, ScreenLayout.panelWidth * s, accuracy: 1e-9, "\(at): \(panel) is \(s)× as wide")
                        for (other, q) in l.panels where other != panel && q != l.overlay {
                            XCTAssertFalse(r.intersection(q).width > 0.001 && r.intersection(q).height > 0.001,
                                           "\(at): \(panel) and \(other) overlap")
                        }
                    }
                }
            }
        }
    }

    func testAtOneTheLayoutIsAsItWas() {
        let open = everyPanel(scale: 1).dockPanels(onCanvas: true)
        for (w, h) in Self.devices + [(800, 600), (640, 480)] {
            let v = Viewport(width: w, height: h)
            let old = ScreenLayout(device: v, open: open)
            let one = ScreenLayout(device: v, open: open, uiScale: 1)
            XCTAssertEqual(old, one)
            XCTAssertEqual(old.dockFrame.width, ScreenLayout.dockWidth)
        }
    }

    /// A dock inside the window (a version 1 session's) is the dock of a window `s` times
    /// smaller, drawn `s` times larger: a side column turns into a band where that window is
    /// narrower than 1280 pt, and the screen is what it leaves.
    func testADockInsideIsTheDockOfASmallerWindow() {
        let open: Set<ScreenLayout.Panel> = [.hud, .plot, .log]
        let v = Viewport(width: 1920, height: 1080)
        let one = ScreenLayout(viewport: v, open: open)
        XCTAssertEqual(one.dock, .side)
        let two = ScreenLayout(viewport: v, open: open, uiScale: 2)
        XCTAssertEqual(two.dock, .bottom, "960 pt is narrower than a side column's window")
        XCTAssertEqual(two.screen.maxY, two.dockFrame.y, "the screen ends where the band starts")
        let onePointFive = ScreenLayout(viewport: Viewport(width: 2560, height: 1440), open: open, uiScale: 1.5)
        XCTAssertEqual(onePointFive.dock, .side)
        XCTAssertEqual(onePointFive.dockFrame.width, 708)
        XCTAssertEqual(onePointFive.screen.x, 708)
        for l in [two, onePointFive] {
            for (panel, r) in l.panels { XCTAssertTrue(l.dockFrame.insetBy(-0.001).contains(r), "\(panel) in the dock") }
        }
    }

    /// A band capped by a low window names the log rather than cutting it below three lines
    /// (a version 1 lesson at 2× is such a window: its text was written over the log's card).
    func testABandNeverCutsTheLogBelowThreeLines() {
        let open: Set<ScreenLayout.Panel> = [.hud, .diagram, .log]
        for (w, h) in Self.devices + [(1000, 700), (800, 600), (640, 480)] {
            for s in Options.uiScaleSteps {
                let l = ScreenLayout(viewport: Viewport(width: w, height: h), open: open, uiScale: s)
                guard let log = l.rect(of: .log) else {
                    XCTAssertTrue(l.hidden.contains(.log), "\(w)x\(h) at \(s)×: the log is shown or named")
                    continue
                }
                XCTAssertGreaterThanOrEqual(log.height + 1e-9, ScreenLayout.logMinimumHeight * s, "\(w)x\(h) at \(s)×")
            }
        }
    }

    /// A panel too tall for a version 1 session's band keeps its column in the replay (the
    /// screen above the band is where its presses landed) and yields its room in the player's
    /// view at another text size: lesson 5 at 2× (the band of a 640×400 window) showed the
    /// gauge beside the diagram's empty column, and named the log too.
    func testAPanelTooTallForTheBandYieldsItsRoomInTheViewersFrame() throws {
        let v = Viewport(width: 1280, height: 800)
        let recorded = ScreenLayout(viewport: v, open: [.diagram, .log], uiScale: 2)
        XCTAssertEqual(recorded.hidden, [.diagram, .log], "the band version 1 sessions replay with")
        let viewed = ScreenLayout(viewport: v, open: [.diagram, .log], uiScale: 2, tallPanels: .yieldTheirRoom)
        XCTAssertEqual(viewed.dock, .bottom)
        XCTAssertEqual(viewed.hidden, [.diagram], "300 pt of diagram is more than a band of 400 pt holds")
        let log = try XCTUnwrap(viewed.rect(of: .log), "the log has the diagram's column")
        XCTAssertGreaterThanOrEqual(log.height, ScreenLayout.logMinimumHeight * 2)
        // Wherever the diagram is named, the log and the gauge are shown as without the diagram.
        for (w, h) in Self.devices + [(1000, 700), (800, 600), (640, 480), (1279, 720)] {
            for s in Options.uiScaleSteps {
                let v = Viewport(width: w, height: h)
                let both = ScreenLayout(viewport: v, open: [.diagram, .log], uiScale: s, tallPanels: .yieldTheirRoom)
                guard both.dock == .bottom, both.hidden.contains(.diagram) else { continue }
                let logAlone = ScreenLayout(viewport: v, open: [.log], uiScale: s, tallPanels: .yieldTheirRoom)
                XCTAssertEqual(both.rect(of: .log) != nil, logAlone.rect(of: .log) != nil, "\(w)x\(h) at \(s)×")
                XCTAssertEqual(both.rect(of: .gauge) != nil, logAlone.rect(of: .gauge) != nil, "\(w)x\(h) at \(s)×")
            }
        }
        // A band that has room for nothing is as high as its line, not as its cap (an empty
        // band took a third of a 640×480 player at 3×).
        let small = Viewport(width: 640, height: 480)
        let empty = ScreenLayout(viewport: small, open: [.diagram, .log], uiScale: 3, tallPanels: .yieldTheirRoom)
        XCTAssertEqual(empty.hidden, [.gauge, .diagram, .log])
        XCTAssertEqual(empty.dockFrame.height, 2 * ScreenLayout.margin * 3, accuracy: 1e-9)
        XCTAssertGreaterThan(ScreenLayout(viewport: small, open: [.diagram, .log], uiScale: 3).dockFrame.height, empty.dockFrame.height,
                             "the recorded band keeps its height")
        // The player: lesson 5 as recorded, then as a viewer at 2× sees it.
        let lesson = try Fixtures.session(at: Fixtures.root.appendingPathComponent("Assets/Lessons/5-peek-and-pop.jsonl"))
        let player = Player(session: lesson)
        XCTAssertEqual(player.display().layout, player.state.screenLayout, "with nothing changed, the frame is the replay's")
        let twice = player.display(view: PlayerView(uiScale: 2)).layout
        XCTAssertEqual(twice.dock, .bottom)
        XCTAssertEqual(twice.hidden, [.diagram])
        XCTAssertNotNil(twice.rect(of: .log))
        XCTAssertEqual(player.state.screenLayout.uiScale, 1, "the replay keeps the session's own layout")
    }

    /// Lesson 6 at 3× in the player: the band below took the bottom of the screen the replay
    /// laid out beside a side column, and the scene was laid out again in what was left. The
    /// ring stayed where the replay's press had put it, off the bar it pressed (100 pt above a
    /// point of the band). The view now draws the replay's own screen, shrunk into its own.
    func testAViewThatMovesTheScreenDrawsTheReplaysScreenFittedIntoIt() throws {
        let lesson = try Fixtures.session(at: Fixtures.root.appendingPathComponent("Assets/Lessons/6-confirm-button.jsonl"))
        var player = Player(session: lesson)
        player.prepare()
        player.seek(toTime: 1.0)
        let replayed = player.display()
        XCTAssertNil(replayed.screenFit, "with nothing changed, the frame is the replay's")
        let viewed = player.display(view: PlayerView(uiScale: 3))
        XCTAssertNotEqual(viewed.layout.screen, player.state.screenLayout.screen, "the band at 3× moves the screen")
        let fit = try XCTUnwrap(viewed.screenFit)
        // What is drawn on the screen is the replay's, in the replay's points.
        XCTAssertEqual(fit.source, player.state.screenLayout.screen)
        XCTAssertEqual(fit.screen.scene, replayed.scene)
        XCTAssertEqual(fit.screen.chrome, replayed.chrome)
        XCTAssertEqual(fit.screen.tabs, replayed.tabs)
        guard case .confirm(let confirm) = fit.screen.scene, let ring = confirm.ring else { return XCTFail("the ring fills at 1 s") }
        let press = Point(x: ring.center.x, y: ring.center.y + ConfirmButton.ringOffset)
        XCTAssertTrue(confirm.bar.contains(press), "the ring drawn is above the bar it pressed")
        guard case .confirm(let laidOutAgain) = viewed.scene else { return XCTFail("the view's own scene") }
        XCTAssertFalse(laidOutAgain.bar.contains(press), "the scene laid out in the view's screen: its bar moved, the press did not")
        // Shrunk (never enlarged) and centred in the view's screen, clear of the band.
        XCTAssertLessThan(fit.scale, 1)
        XCTAssertTrue(viewed.layout.screen.contains(fit.target))
        XCTAssertFalse(fit.target.intersects(viewed.layout.dockFrame))
        XCTAssertEqual(fit.target.center.x, viewed.layout.screen.center.x, accuracy: 1e-9)
        XCTAssertEqual(fit.map(ring.center).y, fit.target.y + (ring.center.y - fit.source.y) * fit.scale, accuracy: 1e-9)
        XCTAssertEqual(fit.map(fit.source), fit.target)
    }

    /// "Continue drawing from here" goes on from what the viewer sees: the panels flipped and
    /// the text size chosen are handed on as keys (recorded, so the fork replays to them);
    /// the help stays behind. A presenter continuing a lesson at 3× drew on at 1×.
    func testContinuingKeepsTheViewersPanelsAndTextSize() throws {
        let lesson = try Fixtures.session(at: Fixtures.root.appendingPathComponent("Assets/Lessons/6-confirm-button.jsonl"))
        var player = Player(session: lesson)
        player.prepare()
        player.seek(toTime: 1.0)
        var view = PlayerView(uiScale: 3)
        XCTAssertTrue(view.flip(.toggleHelp))
        XCTAssertTrue(view.flip(.toggleHUD))
        XCTAssertTrue(view.flip(.cyclePanels))
        let commands = view.continuingCommands(over: player.state.options)
        XCTAssertEqual(commands, [.toggleHUD, .cyclePanels] + Array(repeating: .uiLarger, count: 6), "1× to 3× is six steps")
        var state = player.state
        for c in commands { state.handle(.command(c), at: player.time) }
        XCTAssertEqual(state.options.uiScale, 3)
        XCTAssertEqual(state.options.showHUD, !player.state.options.showHUD)
        XCTAssertEqual(state.options.showHelp, player.state.options.showHelp, "the help is the player's, not the drawing's")
        XCTAssertEqual(state.dockRotation, player.state.dockRotation + 1)
        // A size between the steps: the nearest step short of it. Smaller: Shift+U.
        var at = Options()
        XCTAssertEqual(PlayerView(uiScale: 2.2).continuingCommands(over: at), Array(repeating: .uiLarger, count: 4), "1 → 2")
        at.uiScale = 3
        XCTAssertEqual(PlayerView(uiScale: 1.5).continuingCommands(over: at), Array(repeating: .uiSmaller, count: 4), "3 → 1.5")
        at.uiScale = 2
        XCTAssertEqual(PlayerView().continuingCommands(over: at), [], "no size chosen: the replay's stays")
        XCTAssertEqual(PlayerView(uiScale: 2).continuingCommands(over: at), [])
        // A panel shown throughout (`--hud`) is turned on where the replay has it off, only there.
        XCTAssertEqual(PlayerView(showing: [.toggleHUD]).continuingCommands(over: at), [.toggleHUD])
        at.showHUD = true
        XCTAssertEqual(PlayerView(showing: [.toggleHUD]).continuingCommands(over: at), [])
    }

    /// `render --hud` and `--debug` are a view that shows its panels throughout: on where the
    /// replay has them off, left alone where it has them on; only the view's commands count.
    func testAViewShowingAPanelKeepsItOnWhateverTheReplayDoes() {
        let view = PlayerView(showing: [.toggleHUD, .toggleDebug, .undo])
        XCTAssertEqual(view.showing, [.toggleHUD, .toggleDebug])
        XCTAssertFalse(view.isEmpty)
        XCTAssertTrue(PlayerView().isEmpty)
        var state = AppState(viewport: Viewport(width: 1280, height: 800))
        XCTAssertFalse(state.display.showHUD)
        let shown = state.display(view: view)
        XCTAssertTrue(shown.showHUD)
        XCTAssertTrue(shown.ink.style.debug)
        XCTAssertFalse(state.options.showHUD, "the state itself is untouched")
        state.handle(.command(.toggleHUD), at: 0.1)
        XCTAssertTrue(state.display(view: view).showHUD, "on in the replay: not flipped off")
        XCTAssertEqual(state.display(view: PlayerView()), state.display, "an empty view is the state's own frame")
    }

    func testTheFloatingGaugeGrowsFromTheBottomLeft() {
        let v = Viewport(width: 1280, height: 800)
        let g1 = ScreenLayout(viewport: v, open: []).panels[.gauge]
        let g2 = ScreenLayout(viewport: v, open: [], uiScale: 2).panels[.gauge]
        XCTAssertEqual(g1, Rect(x: 16, y: 800 - 16 - 80, width: 248, height: 80))
        XCTAssertEqual(g2, Rect(x: 32, y: 800 - 32 - 160, width: 496, height: 160))
    }

    func testUAndShiftUStepThroughTheScalesAndStopAtTheEnds() {
        var d = Driver(width: 1280, height: 800)
        var seen: [Double] = []
        for _ in 0..<8 {
            d.state.handle(.command(.uiLarger), at: 0)
            seen.append(d.state.options.uiScale)
        }
        XCTAssertEqual(seen, [1.25, 1.5, 1.75, 2, 2.5, 3, 3, 3])
        d.state.handle(.command(.uiSmaller), at: 0)
        XCTAssertEqual(d.state.options.uiScale, 2.5)
        for _ in 0..<9 { d.state.handle(.command(.uiSmaller), at: 0) }
        XCTAssertEqual(d.state.options.uiScale, 1)
        var o = Options()
        o.uiScale = 7
        XCTAssertEqual(o.uiScale, 3, "a value past the range is taken to its end")
        o.uiScale = .nan
        XCTAssertEqual(o.uiScale, 1)
    }

    /// The curve panel is drawn `s` times larger; a press on a handle where it is drawn grabs it.
    func testTheCurvePanelsHandlesAreGrabbedWhereTheyAreDrawn() {
        for s in [1.0, 2, 3] {
            var o = Options()
            o.showCurve = true
            o.uiScale = s
            // 1080 pt: at 3× the column is a 360 pt one drawn larger, room for the gauge and the curve.
            let d = Driver(AppState(viewport: Viewport(width: 1920, height: 1080), options: o, placement: .outside))
            guard let panel = d.state.curvePanel else { XCTFail("no curve panel at \(s)×"); continue }
            let curve = d.state.pressure.curve
            for (i, h) in panel.displayedHandles(of: curve).enumerated() {
                let drawn = Point(x: h.x * s, y: h.y * s)
                XCTAssertEqual(panel.handle(at: drawn, of: curve), i, "\(s)×: handle \(i)")
                XCTAssertNil(panel.handle(at: drawn + Point(x: (CurvePanel.handleReach + 1) * s, y: 0), of: curve),
                             "\(s)×: out of reach is out of reach")
            }
            XCTAssertTrue(d.state.screenLayout.dockFrame.contains(Point(x: panel.frame.center.x * s, y: panel.frame.center.y * s)))
        }
    }

    func testThePlayersStripGrowsAndItsButtonsAreWhereTheyAreDrawn() {
        let v = Viewport(width: 1280, height: 800)
        let one = PlayerLayout(viewport: v), two = PlayerLayout(viewport: v, uiScale: 2)
        XCTAssertEqual(one.frameViewport.height, 888)
        XCTAssertEqual(two.frameViewport.height, 976)
        XCTAssertEqual(two.strip.scaled(by: 2), Rect(x: 0, y: 800, width: 1280, height: 176))
        let button = two.playButton.scaled(by: 2)
        XCTAssertTrue(two.playButton.contains(two.local(button.center)))
        XCTAssertEqual(two.frame(atX: two.local(Point(x: two.track.scaled(by: 2).maxX, y: 0)).x, last: 100), 100)
    }

    /// The header keeps the scale (written only when it is not 1, so older sessions keep their
    /// bytes); a value outside 1–3 is refused with the range.
    func testTheHeaderKeepsTheScale() throws {
        var session = Session(viewport: Viewport(width: 640, height: 480))
        session.options.uiScale = 2.5
        let text = SessionCoding.encode(session)
        XCTAssertTrue(text.contains("\"uiScale\":2.5"), text)
        XCTAssertEqual(try SessionCoding.parse(text, file: "s.jsonl").options.uiScale, 2.5)
        XCTAssertFalse(SessionCoding.encode(Session(viewport: Viewport(width: 640, height: 480))).contains("uiScale"))
        let bad = text.replacingOccurrences(of: "\"uiScale\":2.5", with: "\"uiScale\":4")
        XCTAssertThrowsError(try SessionCoding.parse(bad, file: "s.jsonl")) { error in
            XCTAssertTrue("\(error)".contains("uiScale 4.0 is outside 1.0…3.0"), "\(error)")
        }
    }

    /// The player's viewer may choose another size; the replay underneath does not change.
    func testAViewersScaleChangesTheFrameNotTheReplay() {
        let events = [TimedEvent(time: 0.1, event: .pointer(PointerInput(phase: .down, location: Point(x: 100, y: 200), source: .mouse))),
                      TimedEvent(time: 0.2, event: .pointer(PointerInput(phase: .move, location: Point(x: 300, y: 220), source: .mouse))),
                      TimedEvent(time: 0.3, event: .pointer(PointerInput(phase: .up, location: Point(x: 300, y: 220), source: .mouse)))]
        var player = Player(session: Session(viewport: Viewport(width: 640, height: 480), options: everyPanel(scale: 1), events: events))
        player.prepare()
        player.seek(toFrame: player.lastFrame)
        var view = PlayerView()
        XCTAssertTrue(view.flip(.uiLarger, shownScale: player.uiScale(view: view)))
        XCTAssertTrue(view.flip(.uiLarger, shownScale: player.uiScale(view: view)))
        XCTAssertEqual(view.uiScale, 1.5)
        let plain = player.display(), large = player.display(view: view)
        XCTAssertEqual(plain.ink.strokes, large.ink.strokes)
        XCTAssertEqual(large.layout.uiScale, 1.5)
        XCTAssertEqual(large.player?.layout.uiScale, 1.5)
        XCTAssertGreaterThan(large.viewport.width, plain.viewport.width, "the dock outside grows")
        XCTAssertNil(large.screenFit, "a dock outside leaves the device's screen where it was")
        XCTAssertEqual(player.state.options.uiScale, 1)
    }
}
