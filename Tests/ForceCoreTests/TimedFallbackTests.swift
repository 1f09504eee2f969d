import XCTest
@testable import ForceCore

final class TimedFallbackTests: XCTestCase {
    func testTenTicksFillInOneSecond() {
        var f = TimedFallback()
        _ = f.handle(.press, at: 5)
        var ticks: [TimedFallback.Effect] = []
        var t = 5.0
        // 60 fps frames for 1.2 s.
        for _ in 0..<72 {
            t += 1.0 / 60
            ticks += f.advance(to: t)
        }
        XCTAssertEqual(ticks.count, 10)
        XCTAssertEqual(ticks.first, .tick(number: 1, intention: 0.1))
        XCTAssertEqual(ticks.last, .tick(number: 10, intention: 1.0))
        XCTAssertEqual(f.intention, 1)
        XCTAssertEqual(f.ticksToFull, 10)
    }

    func testFullExactlyAtOneSecondNotBefore() {
        var f = TimedFallback()
        _ = f.handle(.press, at: 0)
        _ = f.advance(to: 0.999)
        XCTAssertEqual(f.ticks, 9)
        XCTAssertLessThan(f.intention, 1)
        _ = f.advance(to: 1.0)
        XCTAssertEqual(f.ticks, 10)
        XCTAssertEqual(f.intention, 1)
    }

    func testAFrameJumpCountsEveryBoundary() {
        var f = TimedFallback()
        _ = f.handle(.press, at: 1.7)
        let effects = f.advance(to: 2.05)
        XCTAssertEqual(effects.map { if case .tick(let n, _) = $0 { return n } else { return 0 } }, [1, 2, 3])
        XCTAssertEqual(f.intention, 0.3, accuracy: 1e-12)
    }

    func testABoundaryLandingExactlyCounts() {
        var f = TimedFallback()
        _ = f.handle(.press, at: 0)
        _ = f.advance(to: 0.3)  // 0.3 / 0.1 is 2.999… in binary
        XCTAssertEqual(f.ticks, 3)
    }

    func testSameTicksWhateverTheFrameRate() {
        for step in [1.0 / 144, 1.0 / 60, 1.0 / 24, 0.25] {
            var f = TimedFallback()
            _ = f.handle(.press, at: 0)
            var t = 0.0
            while t < 0.65 { t = min(0.65, t + step); _ = f.advance(to: t) }
            XCTAssertEqual(f.ticks, 6, "step \(step)")
        }
    }

    func testNeverFallsWhileHeldAndResetsOnRelease() {
        var f = TimedFallback()
        _ = f.handle(.press, at: 0)
        _ = f.advance(to: 0.5)
        XCTAssertEqual(f.intention, 0.5, accuracy: 1e-12)
        XCTAssertEqual(f.advance(to: 0.2), [], "time going back is ignored")
        XCTAssertEqual(f.intention, 0.5, accuracy: 1e-12)
        _ = f.handle(.release, at: 0.6)
        XCTAssertEqual(f.intention, 0)
        XCTAssertEqual(f.advance(to: 3), [], "no ticks when idle")
    }

    func testStopsTickingWhenFull() {
        var f = TimedFallback()
        _ = f.handle(.press, at: 0)
        XCTAssertEqual(f.advance(to: 1.0).count, 10)
        XCTAssertEqual(f.advance(to: 5.0), [])
        XCTAssertEqual(f.advance(to: 1e300), [], "a far-future time neither ticks nor traps")
    }

    func testWaitingIntervalIsConfigurable() {
        var f = TimedFallback(waitingInterval: 2.0)
        XCTAssertEqual(f.increment, 0.05, accuracy: 1e-12)
        XCTAssertEqual(f.ticksToFull, 20)
        _ = f.handle(.press, at: 0)
        _ = f.advance(to: 1.0)
        XCTAssertEqual(f.intention, 0.5, accuracy: 1e-12)
        _ = f.advance(to: 2.0)
        XCTAssertEqual(f.intention, 1)
    }

    func testBadWaitingIntervalsFallBack() {
        XCTAssertEqual(TimedFallback(waitingInterval: 0).waitingInterval, 1)
        XCTAssertEqual(TimedFallback(waitingInterval: -1).waitingInterval, 1)
        XCTAssertEqual(TimedFallback(waitingInterval: .nan).waitingInterval, 1)
        XCTAssertEqual(TimedFallback(waitingInterval: .infinity).waitingInterval, 1)
        XCTAssertEqual(TimedFallback(waitingInterval: 1e9).waitingInterval, TimedFallback.maximumWaitingInterval)
    }

    func testNonFiniteTimesNeverCorruptTheCount() {
        var f = TimedFallback()
        _ = f.handle(.press, at: 0)
        XCTAssertEqual(f.advance(to: .nan), [])
        XCTAssertEqual(f.advance(to: -.infinity), [])
        _ = f.advance(to: 0.25)
        XCTAssertEqual(f.ticks, 2)
        XCTAssertEqual(f.advance(to: .infinity), [], "+inf is not a usable time either")
        XCTAssertEqual(f.ticks, 2)
    }
}
