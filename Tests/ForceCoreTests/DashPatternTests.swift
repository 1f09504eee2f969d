import XCTest
@testable import ForceCore

/// A dash pattern laid along a stroke (`InkTool.dash`, Xournal++'s line styles): which lengths
/// of the line are drawn, the same whether the line is cut at once or range by range (a live
/// stroke's pieces), each drawn part a piece with round ends.
final class DashPatternTests: XCTestCase {
    func parts(_ pattern: DashPattern, _ a: Double, _ b: Double, closes: Bool = true) -> [[Double]] {
        var out: [[Double]] = []
        pattern.forEachPart(from: a, to: b, closesAtEnd: closes) { out.append([$0, $1]) }
        return out
    }

    func testPartsOfARangeAndOfItsHalvesAreTheSame() throws {
        let dash = try XCTUnwrap(DashPattern([6, 3]))
        XCTAssertEqual(dash.period, 9)
        XCTAssertEqual(parts(dash, 0, 20), [[0, 6], [9, 15], [18, 20]])
        // Cut at 10 and at 15 (a dash's end): no part twice, none of no length.
        XCTAssertEqual(parts(dash, 0, 10, closes: false) + parts(dash, 10, 20), [[0, 6], [9, 10], [10, 15], [18, 20]])
        XCTAssertEqual(parts(dash, 0, 15, closes: false) + parts(dash, 15, 20), [[0, 6], [9, 15], [18, 20]])
        XCTAssertEqual(parts(dash, 6, 9), [], "a gap")
        // A range of no length is a point: drawn where a dash covers it.
        XCTAssertEqual(parts(dash, 3, 3), [[3, 3]])
        XCTAssertEqual(parts(dash, 7, 7), [])
        // An odd pattern is gone through twice: 4 on, 4 off.
        XCTAssertEqual(parts(try XCTUnwrap(DashPattern([4])), 0, 12), [[0, 4], [8, 12]])
    }

    func testDotsBelongToTheRangeTheyAreIn() throws {
        let dots = try XCTUnwrap(DashPattern([0, 3]))
        XCTAssertEqual(parts(dots, 0, 7), [[0, 0], [3, 3], [6, 6]])
        XCTAssertEqual(parts(dots, 0, 3, closes: false) + parts(dots, 3, 7), [[0, 0], [3, 3], [6, 6]], "the dot at 3 once")
        XCTAssertEqual(parts(dots, 0, 6, closes: true), [[0, 0], [3, 3], [6, 6]], "the stroke's end closes its range")
        XCTAssertEqual(parts(dots, 0, 6, closes: false), [[0, 0], [3, 3]])
    }

    func testALongStrokeGoesOnSolidPastTheLastPeriod() throws {
        let dash = try XCTUnwrap(DashPattern([0.25, 0.25]))
        let solidFrom = 0.5 * Double(DashPattern.maximumPeriods)
        XCTAssertEqual(parts(dash, solidFrom - 0.6, solidFrom + 10), [[solidFrom - 0.5, solidFrom - 0.25], [solidFrom, solidFrom + 10]])
        XCTAssertEqual(parts(dash, solidFrom + 10, solidFrom + 20), [[solidFrom + 10, solidFrom + 20]])
        // However far the stroke goes, a range costs what its length in periods does, at most.
        var count = 0
        dash.forEachPart(from: 0, to: 1e6, closesAtEnd: true) { _, _ in count += 1 }
        XCTAssertEqual(count, DashPattern.maximumPeriods + 1)
    }

    func testPatternsAreChecked() {
        XCTAssertNil(DashPattern(nil))
        XCTAssertNil(DashPattern([]))
        XCTAssertNil(DashPattern([.nan, 3]))
        XCTAssertNil(DashPattern([.infinity]))
        XCTAssertNil(DashPattern([0, 0]))
        XCTAssertNil(DashPattern(Array(repeating: 1, count: 17)))
        XCTAssertNotNil(DashPattern([0.5, 3]))
        XCTAssertEqual(InkTool.namedDashes.map(\.name), ["dash", "dot", "dashdot"])
        for (_, pattern) in InkTool.namedDashes { XCTAssertNil(InkTool.dashProblem(pattern)) }
    }

    /// A chunk cut into its dashes: each part starts and ends on the centre line at its lengths
    /// (samples made on the segments there), keeps the samples within it, and has round ends
    /// except at the stroke's own ends.
    func testAChunkIsCutAtItsLengths() throws {
        // Samples along y = 0 every 4 pt, 0 to 20.
        let samples = (0...5).map { i in
            OutlineSample(point: Point(x: Double(i) * 4, y: 0), pressure: 0.5, direction: i == 0 ? .zero : Point(x: 1, y: 0),
                          runningLength: Double(i) * 4)
        }
        let chunk = OutlineChunk(samples: OutlineSamples(samples), isStrokeStart: true, isStrokeEnd: true, alpha: 1)
        let parts = chunk.dashed(try XCTUnwrap(DashPattern([6, 3])))
        XCTAssertEqual(parts.map { $0.samples.map(\.point.x) }, [[0, 4, 6], [9, 12, 15], [18, 20]])
        XCTAssertEqual(parts.map { $0.samples.map(\.runningLength) }, [[0, 4, 6], [9, 12, 15], [18, 20]])
        XCTAssertEqual(parts.map(\.isStrokeStart), [true, false, false])
        XCTAssertEqual(parts.map(\.isStrokeEnd), [false, false, true])
        XCTAssertEqual(parts[1].samples.first?.direction, Point(x: 1, y: 0), "a part's first sample faces along its segment")
        // A dot is one sample: drawn as a circle.
        let dots = chunk.dashed(try XCTUnwrap(DashPattern([0, 7])))
        XCTAssertEqual(dots.map { $0.samples.map(\.point.x) }, [[0], [7], [14]])
    }

    /// Predicted ink (the provisional points ahead of a pen) goes on with the pattern where the
    /// real stroke ends, in both ink renderers: dashed, never a solid run ahead of the dashes.
    func testPredictedInkGoesOnWithThePattern() throws {
        for renderer in [InkRenderer.outline, .classic] {
            var stroke = Stroke(id: 1, source: .pen, hasForce: true)
            stroke.tool = InkTool(size: 2, dash: [6, 3])
            // 40 pt of real line along y = 100 from x = 100, then a predicted point 20 pt on.
            for i in 0...40 {
                stroke.append(InkPoint(sequence: i, time: Double(i) / 240, force: 0.5, preciseLocation: Point(x: 100 + Double(i), y: 100)))
            }
            var predicted = InkPoint(sequence: 41, time: 41.0 / 240, force: 0.5, preciseLocation: Point(x: 160, y: 100))
            predicted.type.insert(.predicted)
            stroke.points.setPredicted([predicted])
            let tail = StrokeTessellator(style: InkStyle(renderer: renderer), stroke: stroke).tail(stroke)
            // Along the line, 40 to 60 pt: dashes at 40–42, 45–51 and 54–60 (the pattern's
            // period is 9), so centred at x 141, 148 and 157 (a piece's bounds are symmetric
            // about its ink).
            let centres = tail.predicted.map { $0.bounds.x + $0.bounds.width / 2 }
            XCTAssertEqual(centres.count, 3, "\(renderer): \(tail.predicted.map(\.bounds))")
            for (centre, expected) in zip(centres, [141.0, 148, 157]) {
                XCTAssertEqual(centre, expected, accuracy: 0.01, "\(renderer)")
            }
        }
    }
}
