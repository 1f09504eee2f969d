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

    func testTheNextFrameIsTheEarliestOfEventWakeAndCapture() {
        let s = ReplaySchedule(captures: [600, 90, 90])
        XCTAssertEqual(s.captures, [90, 600])
        XCTAssertEqual(s.lastCapture, 600)
        XCTAssertEqual(s.frame(after: 0, nextEvent: nil, wake: .infinity), 90, "nothing happens: straight to a capture")
        XCTAssertEqual(s.frame(after: 90, nextEvent: nil, wake: .infinity), 600)
        XCTAssertEqual(s.frame(after: 600, nextEvent: 1, wake: 0), nil, "done after the last capture")
        XCTAssertEqual(s.frame(after: 0, nextEvent: 0.5, wake: .infinity), 30, "the event's frame")
        XCTAssertEqual(s.frame(after: 0, nextEvent: 0.501, wake: .infinity), 31)
        XCTAssertEqual(s.frame(after: 0, nextEvent: 0, wake: .infinity), 1, "a late event: the very next frame")
        XCTAssertEqual(s.frame(after: 10, nextEvent: 5, wake: 0.4), 24, "the wake's frame")
        XCTAssertEqual(s.frame(after: 10, nextEvent: nil, wake: ReplaySchedule.time(ofFrame: 10)), 11, "animating: every frame")
        XCTAssertEqual(s.frame(after: 10, nextEvent: nil, wake: 0), 11, "a wake in the past: the next frame")
        XCTAssertEqual(s.frame(after: 10, nextEvent: nil, wake: .nan), 11, "unsure: the next frame")
        XCTAssertEqual(s.frame(after: 100, nextEvent: nil, wake: .infinity), 600)
    }

    func testAWakeARoundingErrorLateIsNotMissed() {
        let s = ReplaySchedule(captures: [600])
        // A tick due at 0.3 s computed as 0.30000000000000004 must still reach frame 18 (0.3 s)
        // if the state's own test counts it there; the margin makes it simulate frame 18.
        XCTAssertEqual(s.frame(after: 0, nextEvent: nil, wake: 0.1 + 0.2), 18)
    }

    func testCapturesAreSortedAndNegativeFramesIgnored() {
        let s = ReplaySchedule(captures: [5, -1, 3])
        XCTAssertEqual(s.captures, [3, 5])
        XCTAssertEqual(s.capture(after: -1), 3)
        XCTAssertEqual(s.capture(after: 3), 5)
        XCTAssertNil(s.capture(after: 5))
        XCTAssertNil(ReplaySchedule(captures: []).lastCapture)
    }
}
