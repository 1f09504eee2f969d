import XCTest
@testable import ForceCore

final class ReplayScheduleTests: XCTestCase {
    func testFrameTimesAndTheFrameOfAnEvent() {
        XCTAssertEqual(ReplaySchedule.time(ofFrame: 90), 1.5)
        XCTAssertEqual(ReplaySchedule.frame(atOrAfter: 0), 0)
        XCTAssertEqual(ReplaySchedule.frame(atOrAfter: -3), 0)
        XCTAssertEqual(ReplaySchedule.frame(atOrAfter: .nan), 0)
        XCTAssertEqual(ReplaySchedule.frame(atOrAfter: 1.5), 90, "an event exactly on a frame is handled by it")
        XCTAssertEqual(ReplaySchedule.frame(atOrAfter: 1.5000001), 91)
        XCTAssertEqual(ReplaySchedule.frame(atOrAfter: 0.3), 18)
        XCTAssertEqual(ReplaySchedule.frame(atOrAfter: 0.1 + 0.2), 19, "0.30000000000000004 is after frame 18's 0.3")
        XCTAssertEqual(ReplaySchedule.frame(atOrAfter: 1e8), 6_000_000_000)
        XCTAssertEqual(ReplaySchedule.frame(atOrAfter: 1e300), ReplaySchedule.maximumFrame, "saturates, never traps")
        XCTAssertEqual(ReplaySchedule.frame(atOrAfter: .infinity), ReplaySchedule.maximumFrame)
    }

    /// The frame an event is handled by, exactly as a loop stepping every frame handles it
    /// (`event.time <= time(ofFrame: k)`), for awkward times near and far.
    func testTheFrameOfAnEventMatchesSteppingExactly() {
        var times: [Double] = []
        for k in [1, 7, 18, 59, 60, 61, 6_000, 6_000_000_000, 59_999_999_999_999] {
            let t = ReplaySchedule.time(ofFrame: k)
            times += [t, t.nextUp, t.nextDown, t + 1e-9, t - 1e-9]
        }
        times += [0.1 + 0.2, 1.0 / 3, 2.0 / 3, 100_000, 1e8 + 0.001]
        for t in times {
            let k = ReplaySchedule.frame(atOrAfter: t)
            XCTAssertGreaterThanOrEqual(ReplaySchedule.time(ofFrame: k), t, "\(t)")
            if k > 0 { XCTAssertLessThan(ReplaySchedule.time(ofFrame: k - 1), t, "\(t)") }
        }
    }

    /// The rule every replay steps by (`Replayer.nextFrame`): the limit (the next event's frame,
    /// a capture, the target) unless the state wakes sooner, never the frame itself.
    func testTheNextFrameIsTheEarliestOfTheLimitAndTheWake() {
        func next(after k: Int, event: Double?, capture: Int, wake: Double) -> Int {
            ReplaySchedule.frame(after: k, limit: min(capture, event.map(ReplaySchedule.frame(atOrAfter:)) ?? capture), wake: wake)
        }
        XCTAssertEqual(next(after: 0, event: nil, capture: 90, wake: .infinity), 90, "nothing happens: straight to a capture")
        XCTAssertEqual(next(after: 90, event: nil, capture: 600, wake: .infinity), 600)
        XCTAssertEqual(next(after: 0, event: 0.5, capture: 600, wake: .infinity), 30, "the event's frame")
        XCTAssertEqual(next(after: 0, event: 0.501, capture: 600, wake: .infinity), 31)
        XCTAssertEqual(next(after: 0, event: 0, capture: 600, wake: .infinity), 1, "a late event: the very next frame")
        XCTAssertEqual(next(after: 10, event: 5, capture: 600, wake: 0.4), 24, "the wake's frame")
        XCTAssertEqual(next(after: 10, event: nil, capture: 600, wake: ReplaySchedule.time(ofFrame: 10)), 11, "animating: every frame")
        XCTAssertEqual(next(after: 10, event: nil, capture: 600, wake: 0), 11, "a wake in the past: the next frame")
        XCTAssertEqual(next(after: 10, event: nil, capture: 600, wake: .nan), 11, "unsure: the next frame")
        // A tick due at 0.3 s computed as 0.30000000000000004 must still reach frame 18 (0.3 s)
        // if the state's own test counts it there; the margin makes it simulate frame 18.
        XCTAssertEqual(next(after: 0, event: nil, capture: 600, wake: 0.1 + 0.2), 18, "a wake a rounding error late")
    }

    /// The replayer simulates frame 0 first, then only the frames that matter, and stops at its target.
    func testTheReplayerStepsFromFrameZeroToItsTarget() {
        let events = [TimedEvent(time: 0.5, event: .command(.toggleDebug)), TimedEvent(time: 2, event: .command(.toggleDebug))]
        var replay = Replayer(state: AppState(viewport: Viewport(width: 400, height: 300)), events: TimedEventList(events))
        var frames: [Int] = []
        while let k = replay.step(toward: 600) { frames.append(k) }
        XCTAssertEqual(frames, [0, 30, 120, 600])
        XCTAssertEqual(replay.eventCount, 2)
        XCTAssertNil(replay.step(toward: 600), "done at the target")
        XCTAssertFalse(replay.state.options.debug)
    }

    func testCapturesAreSortedAndNegativeFramesIgnored() {
        let s = ReplaySchedule(captures: [5, -1, 3])
        XCTAssertEqual(s.captures, [3, 5])
        XCTAssertEqual(s.lastCapture, 5)
        XCTAssertNil(ReplaySchedule(captures: []).lastCapture)
    }
}
