import ForceFiles
import XCTest

final class ProgressCadenceTests: XCTestCase {
    /// A log hears of a job at each tenth of it, once each, and between tenths at least once a
    /// minute: a job of hours (a 100,000 s session's video) is never silent for long.
    func testALineAtEachTenthAndAtLeastOneAMinute() {
        var c = ProgressCadence(total: 1000, start: 10)
        XCTAssertFalse(c.isDue(0, at: 100), "nothing done: nothing to say")
        XCTAssertFalse(c.isDue(50, at: 11), "within the first tenth and the first minute")
        XCTAssertTrue(c.isDue(100, at: 12), "the first tenth")
        XCTAssertFalse(c.isDue(150, at: 13))
        XCTAssertFalse(c.isDue(199, at: 71.9), "59.9 s since the last line")
        XCTAssertTrue(c.isDue(199, at: 72), "a minute since the last line")
        XCTAssertTrue(c.isDue(200, at: 72.5), "the second tenth, whenever it comes")
        XCTAssertFalse(c.isDue(210, at: 73))
        XCTAssertTrue(c.isDue(990, at: 74), "nine tenths: one line, not seven")
        XCTAssertFalse(c.isDue(999, at: 75))
        XCTAssertTrue(c.isDue(1000, at: 76), "all done")
        XCTAssertFalse(c.isDue(1000, at: 77), "said once")
        XCTAssertTrue(c.isDue(1000, at: 136), "a job past its count (a last frame) still says so once a minute")
    }

    /// Counts past either end and an empty job do not trap or go quiet.
    func testOddCounts() {
        var empty = ProgressCadence(total: 0, start: 0)
        XCTAssertEqual(empty.total, 1)
        XCTAssertTrue(empty.isDue(1, at: 0))
        var c = ProgressCadence(total: 10, start: 0)
        XCTAssertFalse(c.isDue(-5, at: 1000))
        XCTAssertTrue(c.isDue(Int.max, at: 1))
        // Ten lines for a job of ten steps done one by one within a minute.
        var steps = ProgressCadence(total: 10, start: 0)
        XCTAssertEqual((1...10).filter { steps.isDue($0, at: Double($0)) }.count, 10)
    }
}
