import TestSupport
import XCTest
@testable import ForceCore

final class EraserAndDeviceTests: XCTestCase {
    private func drawLine(_ d: inout Driver, y: Double) {
        d.down(100, y)
        for x in stride(from: 120.0, through: 300, by: 20) { d.move(x, y); d.frame() }
        d.up(300, y)
    }

    func testTheEraserRemovesWholeStrokesItTouchesAsOneUndoStep() {
        var d = Driver()
        drawLine(&d, y: 100)
        drawLine(&d, y: 200)
        drawLine(&d, y: 400)
        let ids = d.state.ink.strokes.map(\.id)
        // A swipe of the eraser end across the first two lines, away from the third.
        d.down(200, 60, source: .eraser)
        XCTAssertNil(d.live, "the eraser never draws")
        for y in stride(from: 80.0, through: 240, by: 20) { d.move(200, y, source: .eraser) }
        XCTAssertEqual(d.state.ink.strokes.map(\.id), [ids[2]])
        XCTAssertEqual(d.state.display.eraser, Point(x: 200, y: 240))
        d.up(200, 240, source: .eraser)
        XCTAssertNil(d.state.display.eraser)
        XCTAssertNil(d.state.pressedSource)

        d.command(.undo)
        XCTAssertEqual(d.state.ink.strokes.map(\.id), ids, "one undo restores both, in their old order")
        d.command(.redo)
        XCTAssertEqual(d.state.ink.strokes.map(\.id), [ids[2]])
    }

    func testTheEraserMissesStrokesOutOfReach() {
        var d = Driver()
        drawLine(&d, y: 100)
        let revision = d.state.ink.revision
        d.down(200, 140, source: .eraser)   // 40 pt below a line of half-width ≤ 8 plus reach 10
        d.up(200, 140, source: .eraser)
        XCTAssertEqual(d.state.ink.strokes.count, 1)
        XCTAssertEqual(d.state.ink.revision, revision)
        XCTAssertFalse(d.state.ink.canRedo)
        d.command(.undo)
        XCTAssertEqual(d.state.ink.strokes.count, 0, "the missed erase left no undo step of its own")
    }

    func testSegmentDistance() {
        let a = Point(x: 0, y: 0), b = Point(x: 10, y: 0)
        XCTAssertEqual(InkCanvas.distance(from: Point(x: 5, y: 3), toSegment: a, b), 3)
        XCTAssertEqual(InkCanvas.distance(from: Point(x: -4, y: 3), toSegment: a, b), 5)
        XCTAssertEqual(InkCanvas.distance(from: Point(x: 1, y: 1), toSegment: a, a), 2.0.squareRoot(), accuracy: 1e-12)
    }

    func testCapabilityFollowsTheDrivingDevice() {
        var d = Driver()
        XCTAssertTrue(d.state.forceCapability, "the wheel emulator supplies force")
        d.command(.toggleSimulatedPressure)
        XCTAssertFalse(d.state.forceCapability)
        d.command(.toggleSimulatedPressure)
        d.send(.device(InputDevice(name: "Wacom Intuos Pen stylus", kind: .pen, hasForce: true, hasTilt: true)))
        XCTAssertTrue(d.state.display.forceCapability)
        XCTAssertEqual(d.state.display.device.name, "Wacom Intuos Pen stylus")
        d.send(.device(InputDevice(name: "ELAN Touchscreen", kind: .touch, hasForce: false)))
        XCTAssertFalse(d.state.display.forceCapability)
    }

    func testForcelessDevicesGetSimulatedPressureNeverZeroWidth() {
        var d = Driver()
        d.down(100, 100, source: .finger)
        XCTAssertEqual(d.live?.hasForce, false, "finger force is a constant 1.0 on X11: the stroke simulates")
        XCTAssertEqual(d.live?.points.first?.type.contains(.finger), true)
        d.move(140, 100, source: .finger)
        d.up(140, 100, source: .finger)
        let stroke = d.state.ink.strokes[0]
        let samples = StrokeOutline.samples(for: stroke)
        for s in samples {
            XCTAssertGreaterThan(s.pressure, 0.05, "never a zero-width line")
            XCTAssertLessThan(s.pressure, 1, "never a full-width line")
        }
    }

    func testDeviceEventsRoundTripThroughSessions() throws {
        let device = InputDevice(name: "Pen \"Pro\" \\ tilt", kind: .eraser, hasForce: false, hasTilt: true)
        let s = Session(viewport: Viewport(width: 640, height: 480), pressureCurve: PressureCurve(.soft, multiplier: 1.25),
                        events: [TimedEvent(time: 0.5, event: .device(device))])
        let text = SessionCoding.encode(s)
        let back = try SessionCoding.parse(text, file: "s.jsonl")
        XCTAssertEqual(back, s)
        XCTAssertEqual(back.initialState().pressure.curve, PressureCurve(.soft, multiplier: 1.25))
        XCTAssertThrowsError(try SessionCoding.parse(
            "{\"format\":\"forcecanvas-session\",\"version\":1,\"width\":10,\"height\":10,\"pressureCurve\":\"hard\"}",
            file: "bad.jsonl")) { e in
            XCTAssertTrue("\(e)".hasPrefix("bad.jsonl:1: invalid pressure curve value \"hard\""), "\(e)")
        }
    }
}
