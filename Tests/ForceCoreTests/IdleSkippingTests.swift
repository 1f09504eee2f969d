import Foundation
import TestSupport
import XCTest
@testable import ForceCore

/// A replay that jumps over idle frames reaches exactly the states that stepping every frame
/// reaches: over the bundled sessions and the ones with long idle gaps in every scene
/// (Assets/Sessions/idle-*.jsonl, made by tools/make_idle_sessions.py).
final class IdleSkippingTests: XCTestCase {
    func session(_ name: String) throws -> Session { try Fixtures.session(name) }

    /// The replay (`Replayer`) without the renderer: the state at each captured frame, and how
    /// many frames were simulated.
    func replay(_ session: Session, captures: Set<Int>, stepEveryFrame: Bool) -> (states: [Int: AppState], simulated: Int) {
        var replay = Replayer(state: session.initialState(), events: TimedEventList(session.events))
        replay.stepEveryFrame = stepEveryFrame
        var states: [Int: AppState] = [:]
        var simulated = 0
        for target in captures.sorted() {
            while replay.step(toward: target) != nil { simulated += 1 }
            states[target] = replay.state
        }
        return (states, simulated)
    }

    /// Moments worth looking at: around every event (right after it, mid-animation, after the
    /// 0.2 s settle, the 2 s indicator, the 2.5 s toast) and in the middle of each long gap.
    static func moments(of session: Session) -> [Double] {
        let times = session.events.map(\.time)
        var out: [Double] = []
        for t in Set(times) {
            out += [0, 0.03, 0.1, 0.15, 0.26, 1.0, 1.3, 1.6, 2.1, 2.2, 2.6, 5].map { t + $0 }
        }
        for (a, b) in zip(times, times.dropFirst()) where b - a > 5 { out.append((a + b) / 2) }
        return out.filter { $0 <= session.duration + 5 }
    }

    func assertSkippingMatchesStepping(_ name: String, withoutTeachingViews: Bool = false,
                                       file: StaticString = #filePath, line: UInt = #line) throws {
        var s = try session(name)
        if withoutTeachingViews {
            // The scrolling force plot wakes every frame for 4 s after a change, which would
            // hide a missing wake of the scene.
            s.options.showForcePlot = false
            s.options.showEventLog = false
        }
        let captures = Set(Self.moments(of: s).map(ReplaySchedule.frame(atOrAfter:)))
        let stepped = replay(s, captures: captures, stepEveryFrame: true)
        let skipped = replay(s, captures: captures, stepEveryFrame: false)
        XCTAssertEqual(skipped.states.count, captures.count, name, file: file, line: line)
        for k in captures.sorted() {
            guard let a = stepped.states[k], let b = skipped.states[k] else {
                return XCTFail("\(name): frame \(k) missing", file: file, line: line)
            }
            XCTAssertEqual(a, b, "\(name): the state at frame \(k) (t = \(ReplaySchedule.time(ofFrame: k)))", file: file, line: line)
            XCTAssertEqual(a.display, b.display, "\(name): the display at frame \(k)", file: file, line: line)
        }
        XCTAssertLessThanOrEqual(skipped.simulated, stepped.simulated, name, file: file, line: line)
    }

    func testTheBundledSessionsReplayTheSameSkippingIdleFrames() throws {
        for name in Fixtures.bundled { try assertSkippingMatchesStepping(name) }
    }

    func testSessionsWithLongIdleGapsReplayTheSameSkippingIdleFrames() throws {
        for name in Fixtures.idle {
            try assertSkippingMatchesStepping(name)
            try assertSkippingMatchesStepping(name, withoutTeachingViews: true)
        }
    }

    /// What a frame shows, without the clock itself (the frame's time and the plot's "now").
    func look(_ state: AppState) -> Display {
        var d = state.display
        d.time = 0
        d.teaching.plot?.now = 0
        return d
    }

    /// Stepping every frame, nothing on screen changes in a frame the schedule would jump over:
    /// the wakes are not only right for the captured states but for every frame a player shows.
    func assertNothingChangesInJumpedOverFrames(_ s: Session, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let end = ReplaySchedule.frame(atOrAfter: s.duration + 3)
        var replay = Replayer(state: s.initialState(), events: TimedEventList(s.events))
        replay.stepEveryFrame = true
        var jump: (from: Int, look: Display, to: Int)?
        var jumped = 0
        while let k = replay.step(toward: end) {
            let state = replay.state
            if let j = jump, k < j.to {
                jumped += 1
                if look(state) != j.look {
                    return XCTFail("\(name): frame \(k) (t = \(state.time)) differs from frame \(j.from), which planned to jump to \(j.to)",
                                   file: file, line: line)
                }
                continue
            }
            // Where a replay that skips would go from here.
            var skipping = replay
            skipping.stepEveryFrame = false
            jump = (k, look(state), skipping.nextFrame(toward: end) ?? end)
        }
        XCTAssertGreaterThan(jumped, end / 2, "\(name): most frames are jumped over", file: file, line: line)
    }

    func testNothingOnScreenChangesInAJumpedOverFrame() throws {
        for name in Fixtures.idle {
            var s = try session(name)
            assertNothingChangesInJumpedOverFrames(s, name)
            s.options.showForcePlot = false
            assertNothingChangesInJumpedOverFrames(s, name + " without the plot")
        }
    }

    func testLongGapsAreJumpedOver() throws {
        for name in Fixtures.idle {
            let s = try session(name)
            let end = ReplaySchedule.frame(atOrAfter: s.duration)
            let skipped = replay(s, captures: [end], stepEveryFrame: false)
            // Each event wakes a handful of frames (an ease, a settle, a fade; the force plot
            // scrolls for 4 s after a change), not the gaps.
            XCTAssertLessThan(skipped.simulated, end / 5, "\(name): \(skipped.simulated) of \(end) frames simulated")
        }
    }

    func testAFarEndIsReachedInAFewFrames() throws {
        let s = try session("idle-far-end.jsonl")
        XCTAssertEqual(s.duration, 100_000)
        let end = ReplaySchedule.frame(atOrAfter: s.duration)
        XCTAssertEqual(end, 6_000_000)
        let skipped = replay(s, captures: [end], stepEveryFrame: false)
        XCTAssertLessThan(skipped.simulated, 30)
        XCTAssertEqual(skipped.states[end]?.ink.strokes.count, 1, "the lift a day later ends the stroke")

        let text = """
            {"format":"forcecanvas-session","version":1,"width":640,"height":400}
            {"t":0,"type":"down","x":100,"y":100,"source":"mouse"}
            {"t":100000000,"type":"up","x":300,"y":200,"source":"mouse"}
            """
        let far = try SessionCoding.parse(text, file: "far.jsonl")
        let farEnd = ReplaySchedule.frame(atOrAfter: far.duration)
        XCTAssertEqual(farEnd, 6_000_000_000)
        let result = replay(far, captures: [farEnd], stepEveryFrame: false)
        XCTAssertLessThan(result.simulated, 30)
        XCTAssertEqual(result.states[farEnd]?.ink.strokes.count, 1)
        XCTAssertEqual(result.states[farEnd]?.time, 100_000_000)
    }

    func testTheFrameCounterIsGoneAndTheSameTicksGiveTheSameState() {
        // Ticking an idle state changes nothing but the clock: no frame counter in the state.
        var a = AppState(viewport: Viewport(width: 64, height: 40))
        var b = a
        for k in 1...120 { a.advance(to: Double(k) / 60) }
        b.advance(to: 2)
        XCTAssertEqual(a, b)
    }
}
