import Foundation
import TestSupport
import XCTest
@testable import ForceCore

/// Each state machine's published table is complete: every step the machine takes, driven
/// through scripted traces (and every bundled session and lesson), is an edge of its table, and
/// the table names no state the machine lacks. The panel lays out these tables, nothing else.
final class StateDiagramTests: XCTestCase {
    /// Every step in `log` is an edge of `table`; returns the edges taken.
    @discardableResult
    func assertCovered(_ log: TransitionLog, by table: StateDiagram, _ trace: String,
                       file: StaticString = #filePath, line: UInt = #line) -> Set<Int> {
        var taken = Set<Int>()
        for step in log.steps(after: 0) {
            XCTAssertTrue((step.from.map(table.states.contains) ?? true) && table.states.contains(step.to),
                          "\(table.title) \(trace): \(step.from ?? "new") → \(step.to) names a state outside the table", file: file, line: line)
            if let e = table.edge(from: step.from, to: step.to) {
                taken.insert(e)
            } else {
                XCTFail("\(table.title) \(trace): \(step.from ?? "new") → \(step.to) is not in the table", file: file, line: line)
            }
        }
        return taken
    }

    // MARK: The tables name exactly the machines' states

    func testTheTablesNameExactlyTheMachinesStates() throws {
        XCTAssertEqual(PreviewInteraction.diagram().states, PreviewInteraction.State.allCases.map(\.name))
        XCTAssertEqual(ConfirmButton.diagram.states, ConfirmButton.State.allCases.map(\.name))
        let menu: [QuickActionMenu.State] = [.idle, .pressing(icon: 0), .tracking(icon: 0), .open(icon: 0)]
        XCTAssertEqual(QuickActionMenu.diagram().states, menu.map(\.name))
        let edge: [EdgeGesture.State] = [.idle, .tracking(start: Point(x: 0, y: 0), candidates: .bottom), .swiped(.bottom)]
        XCTAssertEqual(EdgeGesture.diagram.states, edge.map(\.name))
        XCTAssertEqual(HomeIndicator.diagram.states, HomeIndicator.Phase.allCases.map(\.rawValue))
        XCTAssertEqual(InkCanvas.diagram.states, InkCanvas.PointPhase.allCases.map(\.rawValue))
        for table in [PreviewInteraction.diagram(), ConfirmButton.diagram, QuickActionMenu.diagram(), EdgeGesture.diagram,
                      HomeIndicator.diagram, InkCanvas.diagram] {
            for e in table.edges {
                XCTAssertTrue(table.states.contains(e.to), "\(table.title): an edge to \(e.to)")
                if case .states(let from) = e.source {
                    XCTAssertTrue(from.allSatisfy(table.states.contains), "\(table.title): an edge from \(from)")
                }
            }
        }
        XCTAssertTrue(PreviewInteraction.diagram(thresholds: try ForceThresholds(peek: 0.3, pop: 0.8)).edges
            .contains { $0.label.hasPrefix("force ≥ 0.30") }, "labels say the thresholds in use")
    }

    // MARK: Scripted traces

    func testPreviewInteractionTraces() {
        let table = PreviewInteraction.diagram()
        var taken = Set<Int>()
        let at = Point(x: 10, y: 10)
        let traces: [(String, [PreviewInteraction.Event])] = [
            ("peek, pop, lift", [.press(location: at, force: 0, allowed: true), .change(location: at, force: 0.1),
                                 .change(location: at, force: 0.25), .change(location: at, force: 0.5),
                                 .change(location: at, force: 0.8), .lift(location: at)]),
            ("peek then lift", [.press(location: at, force: 0.05, allowed: true), .change(location: at, force: 0.3), .lift(location: at)]),
            ("lift before the peek", [.press(location: at, force: 0.05, allowed: true), .lift(location: at)]),
            ("pressed at full force", [.press(location: at, force: 1, allowed: true), .lift(location: at)]),
            ("refused", [.press(location: at, force: 1, allowed: false), .change(location: at, force: 1), .lift(location: at)]),
            ("cancelled", [.press(location: at, force: 0.3, allowed: true), .cancel]),
            ("a press during a press", [.press(location: at, force: 0.9, allowed: true), .press(location: at, force: 0.1, allowed: true),
                                        .change(location: at, force: 0.4), .press(location: at, force: 0, allowed: true)]),
            ("force falls back", [.press(location: at, force: 0.5, allowed: true), .change(location: at, force: 0), .lift(location: at)]),
        ]
        for (name, events) in traces {
            var p = PreviewInteraction()
            for (i, e) in events.enumerated() { _ = p.handle(e, at: Double(i) * 0.1) }
            taken.formUnion(assertCovered(p.transitions, by: table, name))
        }
        XCTAssertEqual(taken, Set(table.edges.indices), "every edge of the table is taken by some trace")
    }

    func testConfirmButtonTraces() {
        let table = ConfirmButton.diagram
        var taken = Set<Int>()
        let press = Point(x: 200, y: 300), ring = Point(x: 200, y: 200), out = Point(x: 400, y: 300)
        let traces: [(String, [ConfirmButton.Event])] = [
            ("confirm inside", [.press(at: press, force: 0.2), .move(to: press, force: 0.5), .move(to: press, force: 1),
                                .move(to: ring, force: 1), .release(at: ring)]),
            ("slide in at full force", [.press(at: press, force: 0.4), .move(to: ring, force: 1), .move(to: out, force: 1),
                                        .move(to: out, force: 0.4), .release(at: out)]),
            ("relax inside, slide out", [.press(at: press), .move(to: press, force: 1), .move(to: ring, force: 1),
                                         .move(to: ring, force: 0.2), .move(to: out, force: 0.2), .cancel]),
            ("pressed at full force", [.press(at: press, force: 1), .release(at: press)]),
            ("release outside", [.press(at: press, force: 0.3), .release(at: out)]),
        ]
        for (name, events) in traces {
            var b = ConfirmButton()
            for (i, e) in events.enumerated() { _ = b.handle(e, at: Double(i) * 0.1) }
            taken.formUnion(assertCovered(b.transitions, by: table, name))
        }
        // Without force: the timed fallback fills the intention.
        var b = ConfirmButton(hasForce: false)
        _ = b.handle(.press(at: press), at: 0)
        _ = b.advance(to: 1.2)
        _ = b.handle(.move(to: ring), at: 1.3)
        _ = b.handle(.release(at: ring), at: 1.4)
        taken.formUnion(assertCovered(b.transitions, by: table, "timed fallback"))
        XCTAssertEqual(taken, Set(table.edges.indices), "every edge of the table is taken by some trace")
    }

    func testQuickActionMenuTraces() {
        let table = QuickActionMenu.diagram()
        var taken = Set<Int>()
        let items = (1...4).map { ShortcutItem(type: "t\($0)", title: "Item \($0)") }
        let icon = Rect(x: 100, y: 100, width: 76, height: 76)
        func menu() -> QuickActionMenu {
            QuickActionMenu(icons: [QuickActionMenu.AppIcon(rect: icon, items: items)], bounds: Rect(x: 0, y: 0, width: 800, height: 800))
        }
        let on = Point(x: 138, y: 138)
        var m = menu()
        _ = m.handle(.press(at: on, force: 0), at: 0)
        _ = m.handle(.change(at: on, force: 0.25), at: 0.1)
        let item = m.layout.map { $0.itemRects[1].center } ?? on
        let traces: [(String, [QuickActionMenu.Event])] = [
            ("open, slide, perform", [.press(at: on, force: 0), .change(at: on, force: 0.25), .change(at: item, force: 0.25),
                                      .release(at: item)]),
            ("open, lift, tap an item", [.press(at: on, force: 0.3), .release(at: on), .press(at: item, force: 0),
                                         .release(at: item)]),
            ("open, lift, tap outside", [.press(at: on, force: 0.3), .release(at: on), .press(at: Point(x: 700, y: 700), force: 0)]),
            ("a light tap launches", [.press(at: on, force: 0.05), .release(at: on)]),
            ("slide off the icon", [.press(at: on, force: 0.05), .change(at: Point(x: 400, y: 400), force: 0.05)]),
            ("cancelled", [.press(at: on, force: 0.1), .cancel]),
            ("a press during a press", [.press(at: on, force: 0.1), .press(at: on, force: 0.1), .release(at: on)]),
        ]
        for (name, events) in traces {
            var m = menu()
            for (i, e) in events.enumerated() { _ = m.handle(e, at: Double(i) * 0.1) }
            taken.formUnion(assertCovered(m.transitions, by: table, name))
        }
        XCTAssertEqual(taken, Set(table.edges.indices), "every edge of the table is taken by some trace")
    }

    func testEdgeGestureTraces() {
        let table = EdgeGesture.diagram
        var taken = Set<Int>()
        let bounds = Rect(x: 0, y: 0, width: 800, height: 600)
        func swipe(_ g: inout EdgeGesture, at t: Double, release: Bool = true) {
            _ = g.handle(.press(at: Point(x: 400, y: 595)), at: t)
            _ = g.handle(.move(to: Point(x: 400, y: 540)), at: t + 0.05)
            if release { _ = g.handle(.release(at: Point(x: 400, y: 540)), at: t + 0.1) }
        }
        var deferred = EdgeGesture(bounds: bounds, deferredEdges: .bottom)
        swipe(&deferred, at: 0)
        swipe(&deferred, at: 0.5)
        taken.formUnion(assertCovered(deferred.transitions, by: table, "deferred, then the system's"))
        var lost = EdgeGesture(bounds: bounds)
        swipe(&lost, at: 0, release: false)
        _ = lost.handle(.press(at: Point(x: 2, y: 300)), at: 1)
        _ = lost.handle(.release(at: Point(x: 2, y: 300)), at: 1.1)
        _ = lost.handle(.press(at: Point(x: 400, y: 300)), at: 2)
        _ = lost.handle(.press(at: Point(x: 400, y: 2)), at: 3)
        lost.abandon()
        swipe(&lost, at: 4, release: false)
        _ = lost.handle(.press(at: Point(x: 400, y: 300)), at: 5)
        taken.formUnion(assertCovered(lost.transitions, by: table, "lost lifts, no swipe, abandoned"))
        XCTAssertEqual(taken, Set(table.edges.indices), "every edge of the table is taken by some trace")
    }

    // MARK: Through the app: the indicator, the ink, and every bundled session

    /// Every step the tracker saw flashes an edge of its machine's table.
    func assertFlashesCovered(_ state: AppState, _ context: String, into taken: inout Set<String>,
                              file: StaticString = #filePath, line: UInt = #line) {
        for f in state.diagram.flashes {
            let table: StateDiagram
            switch f.focus {
            case .scene(let kind):
                guard let machine = state.scenes.scene(kind).machine(at: state.time) else {
                    XCTFail("\(context): a flash of \(kind), which has no machine", file: file, line: line)
                    continue
                }
                table = machine.table
            case .edges: table = EdgeGesture.diagram
            case .indicator: table = HomeIndicator.diagram
            }
            if let e = table.edge(from: f.from, to: f.to) {
                taken.insert("\(table.title)#\(e)")
            } else {
                XCTFail("\(context): \(table.title) \(f.from ?? "new") → \(f.to) is not in the table", file: file, line: line)
            }
        }
    }

    func testTheIndicatorAndTheInkThroughTheApp() {
        var taken = Set<String>()
        var d = Driver(width: 800, height: 600, options: Options())
        d.command(.toggleIndicatorAutoHide)
        for _ in 0..<150 { d.frame() }
        d.down(300, 300)
        d.frame()
        d.up(300, 300)
        for _ in 0..<10 { d.frame() }
        d.command(.toggleIndicatorAutoHide)
        d.frame()
        assertFlashesCovered(d.state, "the indicator", into: &taken)
        for e in HomeIndicator.diagram.edges.indices { XCTAssertTrue(taken.contains("HomeIndicator#\(e)"), "indicator edge \(e)") }

        var ink = Driver(width: 800, height: 600)
        ink.down(100, 100)
        ink.move(110, 100)
        ink.move(120, 100)
        ink.frame()
        ink.wheel(1)
        assertFlashesCovered(ink.state, "a notch", into: &taken)
        ink.frame()
        ink.wheel(1)
        for _ in 0..<20 { ink.frame() }
        assertFlashesCovered(ink.state, "settled", into: &taken)
        ink.move(140, 100)
        ink.send(.pointer(PointerInput(phase: .cancel, location: Point(x: 140, y: 100))))
        ink.frame()
        assertFlashesCovered(ink.state, "cancelled", into: &taken)
        for e in InkCanvas.diagram.edges.indices { XCTAssertTrue(taken.contains("\(InkCanvas.diagram.title)#\(e)"), "ink edge \(e)") }
    }

    func testEveryBundledSessionAndLessonStaysInsideTheTables() throws {
        var taken = Set<String>()
        for path in PlayerTests.sessions {
            let s = try PlayerTests.session(path)
            var state = s.initialState()
            var events = s.events[...]
            for k in 0...ReplaySchedule.frame(atOrAfter: s.duration) {
                let t = ReplaySchedule.time(ofFrame: k)
                while let e = events.first, e.time <= t {
                    state.handle(events.removeFirst())
                    assertFlashesCovered(state, "\(path) at \(e.time)", into: &taken)
                }
                state.advance(to: t)
                assertFlashesCovered(state, "\(path) frame \(k)", into: &taken)
            }
        }
        XCTAssertGreaterThan(taken.count, 20, "the sessions take many of the tables' edges: \(taken.sorted())")
    }

    /// An edge just taken flashes for 0.8 s of state time: a wake every frame meanwhile.
    func testTheFlashIsTimedAndWakes() {
        var o = Options()
        o.showDiagram = true
        var d = Driver(width: 800, height: 600, options: o)
        d.down(100, 100)
        XCTAssertEqual(d.state.nextWake(after: d.t), d.t)
        XCTAssertEqual(d.state.display.diagram?.flashes.first?.alpha, 1)
        d.at(DiagramTracker.flashDuration)
        d.state.advance(to: d.t)
        XCTAssertEqual(d.state.display.diagram?.flashes, [])
        XCTAssertEqual(d.state.diagram.nextWake(after: d.t + 0.01), .infinity)
    }
}
