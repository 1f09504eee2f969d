import XCTest
@testable import ForceCore

final class FrozenPrefixTests: XCTestCase {
    func point(_ i: Int, _ type: PointType = .standard) -> InkPoint {
        InkPoint(sequence: i, time: Double(i), force: 0.5, preciseLocation: Point(x: Double(i), y: 0), type: type)
    }

    func testNeverTheLastTwoPoints() {
        for n in 0...6 {
            let s = Stroke(id: 1, source: .mouse, hasForce: true, points: (0..<n).map { point($0) })
            XCTAssertEqual(s.frozenCount, max(0, n - 2), "n = \(n)")
        }
    }

    func testNeverPastAPointAwaitingAnUpdateOrPredicted() {
        var pts = (0..<10).map { point($0) }
        pts[4].type.insert(.needsUpdate)
        XCTAssertEqual(Stroke(id: 1, source: .mouse, hasForce: true, points: pts).frozenCount, 4)
        pts[4].type = .updated
        pts[8].type = .predicted
        pts[9].type = .predicted
        // Eight real points: the last two real ones stay live, the predicted ones too.
        XCTAssertEqual(Stroke(id: 1, source: .mouse, hasForce: true, points: pts).frozenCount, 6)
    }

    func testAFinishedStrokeFreezesWhole() {
        let s = Stroke(id: 1, source: .mouse, hasForce: true, points: (0..<5).map { point($0) }, isFinished: true)
        XCTAssertEqual(s.frozenCount, 5)
    }

    func testLiveStrokeThroughTheCore() {
        var d = Driver()
        d.down(0, 0)
        for i in 1...10 {
            d.at(1.0 / 240)
            d.move(Double(i) * 3, 0)
        }
        d.frame()
        let live = try! XCTUnwrap(d.live)
        XCTAssertEqual(live.frozenCount, live.realCount - 2)
        XCTAssertTrue(live.points[..<live.frozenCount].allSatisfy(\.isSettled))
        d.wheel(1)
        let after = try! XCTUnwrap(d.live)
        XCTAssertEqual(after.frozenCount, after.realCount - 2)
        XCTAssertTrue(after.points[after.frozenCount...].contains { $0.type.contains(.needsUpdate) })
    }
}
