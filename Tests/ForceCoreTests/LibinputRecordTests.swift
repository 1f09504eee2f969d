import TestSupport
import XCTest
@testable import ForceCore

/// A tablet's `libinput record` capture as a session: the fixture (written for these tests from
/// the format's documentation) hovers in, draws one stroke with pressure and tilt, presses a
/// barrel button while hovering, steps back in time once, and leaves.
final class LibinputRecordTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/libinput-pen.yml").path

    func testThePenCaptureBecomesAStrokeWithItsPressureTiltAndTimes() throws {
        let record = try TabletCapture(text: try String(contentsOfFile: Self.fixture, encoding: .utf8))
        XCTAssertEqual(record.name, "Test Tablet Pen")
        XCTAssertEqual(record.axes[24], TabletCapture.Axis(minimum: 0, maximum: 8191, resolution: 0))
        let (session, summary) = record.session(document: Viewport(width: 1280, height: 800))
        XCTAssertEqual(summary.strokes, 1)
        XCTAssertEqual(summary.samples, 42)
        XCTAssertEqual(summary.hoverSamples, 8)
        XCTAssertEqual(summary.buttonPresses, 1)
        XCTAssertEqual(summary.distanceSamples, 6)
        XCTAssertEqual(summary.timesMovedForward, 1)
        XCTAssertTrue(zip(session.events, session.events.dropFirst()).allSatisfy { $0.time <= $1.time }, "time never steps back")
        guard case .device(let device) = session.events.first?.event else { return XCTFail("the pen announces itself") }
        XCTAssertEqual(device.name, "Test Tablet Pen")
        XCTAssertTrue(device.hasForce && device.hasTilt)
        // 44800 × 29600 units at 200 a millimetre, 8192 levels, ±64 units at 57 a radian, a
        // report every 7.5 ms.
        XCTAssertEqual(device.details, DeviceDetails(widthMM: 224, heightMM: 148, resolution: 200, rate: 133, pressureLevels: 8192, tiltRange: 64,
                                                     toolID: 2082, serial: 123_456_789))
        let proximity = session.events.compactMap { e -> Bool? in if case .proximity(.pen, let entering) = e.event { return entering } else { return nil } }
        XCTAssertEqual(proximity, [true, false], "in, then out")
        let pointers = session.events.compactMap { e -> PointerInput? in if case .pointer(let p) = e.event { return p } else { return nil } }
        XCTAssertEqual(pointers.filter { $0.phase == .down }.count, 1)
        XCTAssertEqual(pointers.filter { $0.phase == .up }.count, 1)
        let down = try XCTUnwrap(pointers.first { $0.phase == .down })
        // 44800 × 29600 units fitted into 1280 × 800: 800 / 29600 pt a unit, centred across.
        let scale = 800.0 / 29600
        XCTAssertEqual(down.location.x, (1280 - 44800 * scale) / 2 + 11000 * scale, accuracy: 1e-6)
        XCTAssertEqual(down.location.y, 10000 * scale, accuracy: 1e-6)
        XCTAssertEqual(down.rawForce, 300)
        XCTAssertEqual(down.maximumForce, 8191)
        // Tilt 10 and −5 units at 57 a radian: leaning about 11°, towards +x and −y.
        XCTAssertEqual(try XCTUnwrap(down.altitude), Double.pi / 2 - atan(sqrt(pow(tan(10.0 / 57), 2) + pow(tan(-5.0 / 57), 2))), accuracy: 1e-9)
        XCTAssertNil(pointers.first?.rawForce, "hover carries no force")
        XCTAssertEqual(try XCTUnwrap(pointers.first?.distance), 30.0 / 63, accuracy: 1e-9, "and its distance")
        XCTAssertNil(down.distance)
        // Every new field reads back from the session file as written.
        let text = SessionCoding.encode(session)
        XCTAssertEqual(try SessionCoding.parse(text, file: "capture").events, session.events)

        // Replayed, it is one stroke of the pressure the pen gave.
        let state = Fixtures.finalState(session)
        XCTAssertEqual(state.ink.strokes.count, 1)
        let forces = state.ink.strokes[0].points.map(\.force)
        XCTAssertGreaterThan(forces.max() ?? 0, 0.6)
        XCTAssertLessThan(forces.first ?? 1, 0.1)
    }

    /// A capture of a tablet's pad and pen recorded together is read as its pen's, whichever
    /// comes first: the pad's buttons draw nothing.
    func testThePenIsFoundAmongTheDevicesRecorded() throws {
        let text = try String(contentsOfFile: Self.fixture, encoding: .utf8)
        let pad = """
            - node: /dev/input/event8
              evdev:
                name: "Test Tablet Pad"
                absinfo:
                  0: [0, 1, 0, 0, 0]
                  1: [0, 1, 0, 0, 0]
                  40: [0, 0, 0, 0, 0]
              events:
              - evdev:
                - [  0,      0,   1, 256,     1] # EV_KEY / BTN_0 1
                - [  0,      0,   3,  40,    15] # EV_ABS / ABS_MISC 15
                - [  0,      0,   0,   0,     0] # SYN_REPORT

            """
        let both = text.replacingOccurrences(of: "devices:\n", with: "devices:\n" + pad)
        XCTAssertNotEqual(both, text)
        let record = try TabletCapture(text: both)
        XCTAssertEqual(record.name, "Test Tablet Pen")
        XCTAssertEqual(record.session(document: Viewport(width: 1280, height: 800)).1.strokes, 1)
        XCTAssertEqual(try TabletCapture(text: text + pad).name, "Test Tablet Pen", "or after it")
    }

    func testWhatIsNotATabletCaptureSaysWhy() {
        XCTAssertThrowsError(try TabletCapture(text: "version: 1\ndevices:\n")) { e in
            XCTAssertTrue("\(e)".contains("no evdev events"), "\(e)")
        }
        let noAxes = "devices:\n- node: /dev/input/event3\n  evdev:\n    absinfo:\n  events:\n  - evdev:\n    - [0, 0, 1, 272, 1]\n"
        XCTAssertThrowsError(try TabletCapture(text: noAxes)) { e in
            XCTAssertTrue("\(e)".contains("not a tablet"), "\(e)")
        }
        XCTAssertThrowsError(try TabletCapture(text: "devices:\n  events:\n  - evdev:\n    - [0, 0, 3]\n")) { e in
            XCTAssertEqual((e as? TabletCapture.Problem)?.line, 4)
        }
    }
}
