import XCTest
@testable import ForceCore

final class StrokeOutlineTests: XCTestCase {
    static var fixtures: [(String, [InkPoint])] {
        StrokeFixtures.edgeCases.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            + [("signature", StrokeFixtures.signature(count: 500, in: Rect(x: 0, y: 0, width: 800, height: 300)))]
    }

    static var optionVariants: [OutlineOptions] {
        var simulated = OutlineOptions()
        simulated.simulatePressure = true
        var tapered = OutlineOptions()
        tapered.taperStart = 30
        tapered.taperEnd = 30
        var flat = OutlineOptions()
        flat.capStart = false
        flat.capEnd = false
        var negative = OutlineOptions()
        negative.thinning = -0.7
        negative.streamline = 0
        return [.default, simulated, tapered, flat, negative]
    }

    func testNoNaNForAnyFixture() {
        for (name, points) in Self.fixtures {
            for options in Self.optionVariants {
                for complete in [true, false] {
                    let polygon = StrokeOutline.polygon(for: points, options: options, isComplete: complete)
                    XCTAssertFalse(polygon.isEmpty, name)
                    XCTAssertTrue(polygon.allSatisfy(\.isFinite), "\(name): \(options)")
                }
            }
        }
    }

    /// Half the height of the outline of a horizontal line drawn at `pressure`.
    func halfWidth(pressure: Double) -> Double {
        let points = (0..<30).map { i in
            InkPoint(sequence: i, time: Double(i) / 60, force: pressure, preciseLocation: Point(x: Double(i) * 10, y: 100))
        }
        let polygon = StrokeOutline.polygon(for: points)
        let ys = polygon.filter { $0.x > 50 && $0.x < 250 }.map { abs($0.y - 100) }
        return ys.max() ?? 0
    }

    func testWidthIsMonotonicInPressure() {
        let widths = stride(from: 0.0, through: 1.0, by: 0.1).map { halfWidth(pressure: $0) }
        for (a, b) in zip(widths, widths.dropFirst()) { XCTAssertLessThan(a, b) }
        // size 16, thinning 0.5: radius = 16 · (0.5 − 0.5·(0.5 − p)) → 4 at p=0, 8 at 0.5, 12 at 1.
        XCTAssertEqual(halfWidth(pressure: 0.5), 8, accuracy: 0.01)
        XCTAssertEqual(halfWidth(pressure: 1), 12, accuracy: 0.01)
        XCTAssertEqual(halfWidth(pressure: 0), 4, accuracy: 0.01)
    }

    func testCapsCloseTheOutline() {
        for (name, points) in Self.fixtures where points.count > 1 {
            var options = OutlineOptions()
            options.streamline = 0
            let polygon = StrokeOutline.polygon(for: points, options: options)
            let samples = StrokeOutline.samples(points, precise: true, options: options, isComplete: true)
            guard let first = samples.first, let last = samples.last, samples.count > 1 else { continue }
            let rFirst = StrokeOutline.radius(pressure: first.pressure, options: options)
            let rLast = StrokeOutline.radius(pressure: last.pressure, options: options)
            // The closing edge is one step of the start cap's semicircle: the loop has no gap.
            let chord = 2 * max(rFirst, rLast) * sin(Double.pi / Double(StrokeOutline.capSteps) / 2) + 1e-9
            XCTAssertLessThanOrEqual(polygon[polygon.count - 1].distance(to: polygon[0]), max(chord, 2 * rFirst), name)
            // Each cap is a semicircle: its apex lies one radius beyond the end, along the stroke.
            let endApex = last.point + last.direction * rLast
            let startApex = first.point - first.direction * rFirst
            XCTAssertTrue(polygon.contains { $0.distance(to: endApex) < rLast * 0.2 }, "\(name): end cap")
            XCTAssertTrue(polygon.contains { $0.distance(to: startApex) < rFirst * 0.2 }, "\(name): start cap")
        }
    }

    func testADotIsACircleOfTheLargestForce() {
        let polygon = StrokeOutline.polygon(for: StrokeFixtures.edgeCases["repeated"]!)
        let r = StrokeOutline.radius(pressure: 0.9, options: .default)
        for p in polygon { XCTAssertEqual(p.distance(to: Point(x: 10, y: 10)), r, accuracy: 1e-9) }
    }

    func testStreamlineLagsAndTheEndSnapsWhenComplete() {
        let pts = StrokeFixtures.edgeCases["fullForce"]!
        let live = StrokeOutline.samples(pts, precise: true, options: .default, isComplete: false)
        let done = StrokeOutline.samples(pts, precise: true, options: .default, isComplete: true)
        XCTAssertNotEqual(live.last?.point, pts.last?.preciseLocation)
        XCTAssertEqual(done.last?.point, pts.last?.preciseLocation)
    }

    func testSimulatedPressureFallsWithSpeed() {
        func pressure(step: Double) -> Double {
            let pts = (0..<40).map { i in
                InkPoint(sequence: i, time: Double(i), force: 0.5, preciseLocation: Point(x: Double(i) * step, y: 0))
            }
            var s = StrokeOutline.samples(pts, precise: true, options: .default, isComplete: true)
            StrokeOutline.simulatePressure(&s, size: 16)
            return s.last?.pressure ?? 0
        }
        XCTAssertGreaterThan(pressure(step: 1), pressure(step: 12))
        XCTAssertTrue((0...1).contains(pressure(step: 1000)))
    }

    func testAHairpinGetsARoundCornerNotASpike() {
        let pts = StrokeFixtures.edgeCases["hairpin"]!
        var options = OutlineOptions()
        options.streamline = 0
        let polygon = StrokeOutline.polygon(for: pts, options: options)
        let maxX = polygon.map(\.x).max() ?? 0
        // The turn is at x = 100; a spike would shoot far past it, a round corner stays within a radius.
        XCTAssertLessThanOrEqual(maxX, 100 + StrokeOutline.radius(pressure: 0.5, options: options) + 1)
    }

    func testSubRangesJoinTheWholeStroke() {
        let pts = StrokeFixtures.signature(count: 200, in: Rect(x: 0, y: 0, width: 600, height: 200))
        let s = StrokeOutline.samples(pts, precise: true, options: .default, isComplete: true)
        let total = s.last?.runningLength ?? 0
        let head = StrokeOutline.polygon(s, range: 0...100, totalLength: total, options: .default)
        let tail = StrokeOutline.polygon(s, range: 100...(s.count - 1), totalLength: total, options: .default)
        // Both parts are capped around the shared sample, so they overlap there without a gap.
        let joint = s[100].point
        let r = StrokeOutline.radius(pressure: s[100].pressure, options: .default)
        XCTAssertTrue(head.contains { abs($0.distance(to: joint) - r) < 1e-6 })
        XCTAssertTrue(tail.contains { abs($0.distance(to: joint) - r) < 1e-6 })
    }
}
