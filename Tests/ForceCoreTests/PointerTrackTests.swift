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

    /// Old samples are found from where the last record stopped looking: the track keeps
    /// exactly the samples that looking from the start at every record keeps, with time going
    /// forward at any rate, standing still, and jumping back.
    func testTrimmingLooksAtEachSampleOnceAndKeepsWhatAFullLookKeeps() {
        var track = PointerTrack()
        var reference: [PointerTrack.Sample] = []
        var generator = StrokeFixtures.Generator(seed: 11)
        var t = 0.0
        for i in 0..<20_000 {
            let u = generator.next()
            // Mostly forward at 60 Hz to 1 kHz; sometimes a repeated time, a pause, or a step
            // back (short ones land among the samples already found old).
            t += u < 0.03 ? -0.4 * generator.next() : u < 0.05 ? 0 : u < 0.06 ? 1.5 : 0.001 + 0.016 * generator.next()
            let s = PointerTrack.Sample(time: t, location: Point(x: Double(i % 500), y: 10), force: u, source: .pen, phase: .move)
            track.record(s)
            reference.append(s)
            let horizon = t - PointerTrack.trailSpan
            if reference.count > PointerTrack.countBeforeTrim, let first = reference.first, first.time < horizon {
                let stale = reference.firstIndex { $0.time >= horizon } ?? reference.count
                if stale * 4 >= reference.count { reference.removeFirst(stale) }
            }
            XCTAssertEqual(track.samples, reference, "record \(i)")
            if track.samples != reference { break }
        }
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
