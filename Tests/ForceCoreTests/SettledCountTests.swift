import TestSupport
import XCTest
@testable import ForceCore

/// `StrokeTessellator.settledCount`: the points whose pieces are final, the prefix the ink cache
/// draws once (`FrozenInkCache`). A finished stroke settles whole; a live one never past a point
/// awaiting a force update, nor a prediction; in debug drawing, where the colour shows the
/// point type, never its last two real points.
final class SettledCountTests: XCTestCase {
    func point(_ i: Int, _ type: PointType = .standard) -> InkPoint {
        InkPoint(sequence: i, time: Double(i), force: 0.5, preciseLocation: Point(x: Double(i), y: 0), type: type)
    }

    func stroke(_ points: [InkPoint], finished: Bool = false) -> Stroke {
        Stroke(id: 1, source: .mouse, hasForce: true, points: points, isFinished: finished)
    }

    func settled(_ s: Stroke, debug: Bool) -> Int {
        StrokeTessellator(style: InkStyle(debug: debug), stroke: s).settledCount(of: s)
    }

    func testEveryRealPointSettlesWithoutDebugTheLastTwoStayLiveWithIt() {
        for n in 0...6 {
            let s = stroke((0..<n).map { point($0) })
            XCTAssertEqual(settled(s, debug: false), n, "n = \(n): the outline's values are final once appended")
            XCTAssertEqual(settled(s, debug: true), max(0, n - Stroke.unfrozenTail), "n = \(n): the newest may still change colour")
        }
    }

    func testNeverPastAPointAwaitingAnUpdateNorAPrediction() {
        var pts = (0..<10).map { point($0) }
        pts[4].type.insert(.needsUpdate)
        XCTAssertEqual(settled(stroke(pts), debug: false), 4)
        XCTAssertEqual(settled(stroke(pts), debug: true), 4)
        pts[4].type = .updated
        pts[8].type = .predicted
        pts[9].type = .predicted
        XCTAssertEqual(settled(stroke(pts), debug: false), 8, "eight real points; the predicted ones never settle")
        XCTAssertEqual(settled(stroke(pts), debug: true), 6)
    }

    func testAFinishedStrokeSettlesWhole() {
        var pts = (0..<5).map { point($0) }
        pts[3].type.insert(.needsUpdate)
        XCTAssertEqual(settled(stroke(pts, finished: true), debug: false), 5)
        XCTAssertEqual(settled(stroke(pts, finished: true), debug: true), 5)
    }

    func testALiveStrokeThroughTheCore() throws {
        var d = Driver()
        d.down(0, 0)
        for i in 1...10 {
            d.at(1.0 / 240)
            d.move(Double(i) * 3, 0)
        }
        d.frame()
        let live = try XCTUnwrap(d.live)
        XCTAssertEqual(settled(live, debug: false), live.realCount)
        XCTAssertEqual(settled(live, debug: true), live.realCount - 2)
        XCTAssertTrue(live.points[..<settled(live, debug: true)].allSatisfy(\.isSettled))
        d.wheel(1)
        let after = try XCTUnwrap(d.live)
        let n = settled(after, debug: false)
        XCTAssertLessThan(n, after.realCount, "the force change awaits its update")
        XCTAssertTrue(after.points[n].type.contains(.needsUpdate), "it stops at the point awaiting the update")
    }
}
