import TestSupport
import XCTest
@testable import ForceCore

final class PointTypingTests: XCTestCase {
    func testSamplesBetweenFramesAreCoalescedAndTheLastIsStandard() {
        var d = Driver()
        d.down(10, 10)
        d.frame()
        for i in 1...4 {
            d.at(0.002)
            d.move(10 + Double(i) * 5, 10)
        }
        let types = d.realPoints.map(\.type)
        XCTAssertEqual(types.count, 5, "every motion sample is kept")
        XCTAssertEqual(types[0], .standard, "the down sample was the last of its frame")
        XCTAssertEqual(Array(types[1...3]), Array(repeating: .coalesced, count: 3))
        XCTAssertEqual(types[4], .standard)
    }

    func testPredictionsAreAddedAtAFrameAndRemovedByTheNextSample() throws {
        var d = Driver()
        d.down(10, 10)
        for i in 1...4 {
            d.at(1.0 / 240)
            d.move(10 + Double(i) * 4, 10)
        }
        d.frame()
        let predicted = d.livePoints.filter { $0.type.contains(.predicted) }
        XCTAssertEqual(predicted.count, Predictor.leads.count)
        let last = try XCTUnwrap(d.realPoints.last)
        for p in predicted {
            XCTAssertGreaterThan(p.preciseLocation.x, last.preciseLocation.x, "extrapolated ahead of the pen")
            XCTAssertGreaterThanOrEqual(p.time - last.time, Predictor.frameInterval - 1e-9, "at least one frame ahead")
        }
        d.at(0.001)
        d.move(30, 10)
        XCTAssertFalse(d.livePoints.contains { $0.type.contains(.predicted) }, "stale by the next real sample")
        XCTAssertEqual(d.livePoints.last?.preciseLocation, Point(x: 30, y: 10))
    }

    func testNoPredictionWhenThePointerStandsStill() {
        var d = Driver()
        d.down(10, 10)
        d.frame()
        d.frame()
        XCTAssertFalse(d.livePoints.contains { $0.type.contains(.predicted) })
    }

    func testAForceChangeWithoutMovementIsAMoveThatNeedsAnUpdate() throws {
        var d = Driver()
        d.down(50, 50)
        d.frame()
        d.wheel(1)
        XCTAssertEqual(d.realPoints.count, 2, "the force change is a move")
        var p = try XCTUnwrap(d.realPoints.last)
        XCTAssertTrue(p.type.contains(.needsUpdate))
        XCTAssertEqual(p.preciseLocation, Point(x: 50, y: 50))
        XCTAssertEqual(p.force, 0.6, accuracy: StrokePoints.forceResolution)
        let index = try XCTUnwrap(p.estimationUpdateIndex)

        d.at(0.05)
        d.wheel(1)
        XCTAssertEqual(d.realPoints.count, 2, "a further change is the update of the same point")
        p = try XCTUnwrap(d.realPoints.last)
        XCTAssertEqual(p.force, 0.7, accuracy: StrokePoints.forceResolution)
        XCTAssertEqual(p.estimationUpdateIndex, index)
        XCTAssertTrue(p.type.contains(.needsUpdate))

        for _ in 0..<Int(InkCanvas.forceSettleInterval * 60) + 1 { d.frame() }
        p = try XCTUnwrap(d.realPoints.last)
        XCTAssertFalse(p.type.contains(.needsUpdate), "settled when no further change came")
        XCTAssertTrue(p.type.contains(.updated))
        XCTAssertEqual(p.force, 0.7, accuracy: StrokePoints.forceResolution)
    }

    func testMovementSettlesAPendingUpdate() throws {
        var d = Driver()
        d.down(50, 50)
        d.wheel(-1)
        d.at(0.01)
        d.move(60, 50)
        let pts = d.realPoints
        XCTAssertTrue(pts[1].type.contains(.updated))
        XCTAssertFalse(pts[1].type.contains(.needsUpdate))
        XCTAssertEqual(pts[2].force, 0.4, accuracy: StrokePoints.forceResolution, "the stroke goes on at the new force")
    }

    func testAStationaryPressGrowsItsBlob() throws {
        var d = Driver()
        d.down(100, 100)
        var radii: [Double] = []
        for _ in 0..<5 {
            d.at(0.3)
            d.wheel(1)
            d.frame()
            let stroke = try XCTUnwrap(d.live)
            let samples = StrokeOutline.samples(for: stroke)
            radii.append(StrokeOutline.radius(pressure: samples.map(\.pressure).max() ?? 0, options: .default))
        }
        XCTAssertEqual(radii, radii.sorted())
        XCTAssertGreaterThan(radii.last ?? 0, radii.first ?? 0)
    }

    func testTheWheelWithoutAPressChangesNothing() {
        var d = Driver()
        d.wheel(3)
        XCTAssertEqual(d.state.pressure.emulator.force(at: d.t), 0.5)
    }

    func testAStrokeStartsAtTheLastPressureUsed() {
        var d = Driver()
        d.down(10, 10)
        d.wheel(2)
        d.up(10, 10)
        d.at(1)
        d.down(100, 100)
        XCTAssertEqual(d.realPoints.first?.force ?? 0, 0.7, accuracy: StrokePoints.forceResolution)
    }

    func testDeepPressWhileDrawing() {
        var d = Driver()
        d.down(10, 10)
        d.send(.deepPress(true))
        XCTAssertEqual(d.realPoints.last?.force, 1)
        d.at(0.01)
        d.move(20, 10)
        XCTAssertEqual(d.realPoints.last?.force, 1)
        d.send(.deepPress(false))
        XCTAssertEqual(d.realPoints.last?.force ?? 0, 0.5, accuracy: StrokePoints.forceResolution)
    }

    func testCancelledStrokesAreTypedCancelled() {
        var d = Driver()
        d.down(10, 10)
        d.move(20, 20)
        d.send(.pointer(PointerInput(phase: .cancel, location: Point(x: 20, y: 20))))
        XCTAssertTrue(d.state.ink.strokes[0].points.allSatisfy { $0.type.contains(.cancelled) })
        XCTAssertEqual(d.state.ink.strokes[0].points.first?.type.debugCategory, .cancelled)
    }

    func testFingerPointsAreTypedFinger() {
        var d = Driver()
        d.down(10, 10, source: .finger, force: 0.3)
        XCTAssertTrue(d.realPoints[0].type.contains(.finger))
        XCTAssertEqual(d.realPoints[0].force, 0.3, accuracy: StrokePoints.forceResolution)
    }

    func testDebugCategoryFirstMatchWins() {
        XCTAssertEqual(PointType([.coalesced, .needsUpdate]).debugCategory, .needsUpdate)
        XCTAssertEqual(PointType([.finger, .coalesced]).debugCategory, .finger)
        XCTAssertEqual(PointType([.predicted]).debugCategory, .predicted)
        XCTAssertEqual(PointType([.standard, .updated]).debugCategory, .standard)
    }

    /// NaN, zero and negative pressure are no pressure (the pressure policy: nothing drawn,
    /// a stroke ends); infinity is over the maximum, clamped; a NaN location is no sample.
    func testBadDeviceValuesFollowThePressurePolicy() {
        var d = Driver()
        d.down(10, 10, source: .pen, force: .nan)
        d.move(20, 10, source: .pen, force: .infinity)
        d.move(30, 10, source: .pen, force: 0.7)
        d.move(.nan, 10, source: .pen, force: 0.5)
        d.move(40, 10, source: .pen, force: -4)
        XCTAssertEqual(d.state.ink.strokes.count, 1)
        XCTAssertEqual(d.state.ink.strokes.first?.points.map(\.preciseLocation.x), [20, 30])
        let forces = d.state.ink.strokes.first?.points.map(\.force) ?? []
        XCTAssertEqual(forces.count, 2)
        for (a, b) in zip(forces, [1, 0.7]) { XCTAssertEqual(a, b, accuracy: StrokePoints.forceResolution) }
    }
}
