import TestSupport
import XCTest
@testable import ForceCore

/// Android's "Pointer location" in the HUD: velocity, the driving device's sample rate, Δ from
/// the last sample; and the trail of the last second, a function of time with its wake.
final class PointerTrackTests: XCTestCase {
    func sample(_ i: Int, rate: Double = 240, step: Double = 2, source: InputSource = .pen) -> PointerTrack.Sample {
        PointerTrack.Sample(time: Double(i) / rate, location: Point(x: 100 + step * Double(i), y: 50), force: 0.5, source: source,
                            phase: i == 0 ? .down : .move)
    }

    func testReadouts() throws {
        var track = PointerTrack()
        XCTAssertNil(track.readout)
        for i in 0...100 { track.record(sample(i)) }
        let r = try XCTUnwrap(track.readout)
        XCTAssertEqual(r.velocity, 480, accuracy: 1e-6, "2 pt every 1/240 s")
        XCTAssertEqual(try XCTUnwrap(r.sampleRate), 240, accuracy: 1e-6)
        XCTAssertEqual(r.delta?.dx, 2)
        XCTAssertEqual(r.delta?.dy, 0)
        XCTAssertEqual(try XCTUnwrap(r.delta?.dt), 1.0 / 240, accuracy: 1e-12)
        // A force change standing still is a sample too: Δ 0 pt.
        track.record(PointerTrack.Sample(time: 101.0 / 240, location: Point(x: 300, y: 50), force: 0.8, source: .pen, phase: .move))
        XCTAssertEqual(track.readout?.delta?.dx, 0)
    }

    func testTheRateIsTheDrivingDevicesOwn() {
        var track = PointerTrack()
        for i in 0..<20 { track.record(sample(i, rate: 60, source: .mouse)) }
        for i in 0..<10 {
            var s = sample(i, rate: 1000)
            s.time += 20.0 / 60
            track.record(s)
        }
        XCTAssertEqual(track.readout?.sampleRate ?? 0, 1000, accuracy: 1e-6)
    }

    func testTheTrailShowsTheLastSecondAndWakesWhenItsOldestSampleGoes() {
        var track = PointerTrack()
        for i in 0...600 { track.record(sample(i, rate: 240)) }   // 2.5 s of samples
        let now = 600.0 / 240
        let trail = track.trail(at: now)
        XCTAssertTrue(trail.allSatisfy { now - $0.time < PointerTrack.trailSpan })
        XCTAssertEqual(trail.count, 240)
        XCTAssertEqual(track.nextWake(after: now), trail.first.map { $0.time + 1 })
        XCTAssertTrue(track.trail(at: now + 2).isEmpty)
        XCTAssertEqual(track.nextWake(after: now + 2), .infinity)
        XCTAssertLessThanOrEqual(track.samples.count, 400, "old samples go")
    }

    /// In the app: every pointer sample is recorded with the force it carried; the trail is in
    /// the display while T is on, and its expiry is a wake.
    func testTheTrailInTheApp() {
        var d = Driver()
        d.command(.toggleTrail)
        d.down(100, 100)
        d.at(0.01)
        d.move(110, 100)
        d.frame()
        XCTAssertEqual(d.state.display.trail?.count, 2)
        XCTAssertEqual(d.state.display.trail?.last?.force, d.state.pressure.force)
        XCTAssertLessThanOrEqual(d.state.nextWake(after: d.t), 1.01)
        XCTAssertNotNil(d.state.display.readout)
    }
}
