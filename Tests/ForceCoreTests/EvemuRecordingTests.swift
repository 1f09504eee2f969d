import TestSupport
import XCTest
@testable import ForceCore

/// A tablet's evemu recording as a session: the fixture (written for these tests from the format
/// as evemu-record writes it) starts with the pen already near the tablet, hovers, draws one
/// stroke with tilt on the old 0…127 axes, presses a barrel button, and leaves; its serial is
/// above 2³¹, so it is recorded negative. What real recordings showed (the evemu-devices
/// database: a UC-Logic pen already in proximity, an Intuos4's serial, its 0…127 tilt) is
/// each asserted here.
final class EvemuRecordingTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/evemu-pen.evemu").path

    static func capture(_ text: String, device: String? = nil) throws -> TabletCapture {
        var text = text
        let described = try device.map { d in
            var d = d
            return try d.withUTF8 { b throws(TabletCapture.Problem) in try TabletCapture(evemuDescription: b) }
        }
        return try text.withUTF8 { b throws(TabletCapture.Problem) in
            described == nil ? try TabletCapture(bytes: b) : try TabletCapture(evemu: b, device: described)
        }
    }

    static func pointers(_ session: Session) -> [PointerInput] {
        session.events.compactMap { e -> PointerInput? in if case .pointer(let p) = e.event { return p } else { return nil } }
    }

    func testTheRecordingBecomesAStrokeWithItsPressureTiltAndTool() throws {
        let text = try String(contentsOfFile: Self.fixture, encoding: .utf8)
        let record = try Self.capture(text)
        XCTAssertEqual(record.name, "Test Tablet Pen")
        XCTAssertEqual(record.axes[0x18], TabletCapture.Axis(minimum: 0, maximum: 2047, resolution: 0))
        let (session, summary) = record.session(document: Viewport(width: 1280, height: 800))
        XCTAssertEqual(summary.strokes, 1, "the pen was near before the recording began: its touch is a stroke")
        XCTAssertEqual(summary.samples, 14)
        XCTAssertEqual(summary.hoverSamples, 8)
        XCTAssertEqual(summary.buttonPresses, 1)
        guard case .device(let device) = session.events.first?.event else { return XCTFail("the pen announces itself") }
        // 44704 × 27940 units at 200 a millimetre, 2048 levels, 0…127 tilt (±64° from 64), a
        // report every 4 ms; the serial sent as -1719661677 is 2575305619.
        XCTAssertEqual(device.details, DeviceDetails(widthMM: 223.52, heightMM: 139.7, resolution: 200, rate: 250, pressureLevels: 2048,
                                                     tiltRange: 64, toolID: 2050, serial: 2_575_305_619))
        let proximity = session.events.compactMap { e -> Bool? in if case .proximity(.pen, let entering) = e.event { return entering } else { return nil } }
        XCTAssertEqual(proximity, [true, false], "near from the start, then out")
        let pointers = Self.pointers(session)
        let down = try XCTUnwrap(pointers.first { $0.phase == .down })
        XCTAssertEqual(down.rawForce, 200)
        XCTAssertEqual(down.maximumForce, 2047)
        // Tilt 80 on X, 64 on Y, upright at 63.5: 16.5° towards +x, 0.5° towards +y.
        let tx = 16.5 * Double.pi / 180, ty = 0.5 * Double.pi / 180
        XCTAssertEqual(try XCTUnwrap(down.altitude), Double.pi / 2 - atan(sqrt(tan(tx) * tan(tx) + tan(ty) * tan(ty))), accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(pointers.first?.altitude), Double.pi / 2 - atan(sqrt(2) * tan(0.5 * Double.pi / 180)), accuracy: 1e-9,
                       "64 on both axes is all but upright")
        // Times since the first event, to the microsecond, though the recording's are since 1970.
        XCTAssertEqual(session.events.first { if case .pointer(let p) = $0.event { p.phase == .down } else { false } }?.time ?? 0,
                       0.1 + 5 * 0.004, accuracy: 1e-9)
        XCTAssertEqual(try SessionCoding.parse(SessionCoding.encode(session), file: "evemu").events, session.events, "it reads back")
        XCTAssertEqual(Fixtures.finalState(session).ink.strokes.count, 1)

        // The same events without their description (`NAME.events` beside `NAME.desc`).
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let events = lines.filter { $0.hasPrefix("E:") }.joined(separator: "\n")
        let description = lines.filter { !$0.hasPrefix("E:") }.joined(separator: "\n")
        XCTAssertEqual(try Self.capture(events, device: description).session(document: Viewport(width: 1280, height: 800)).0.events,
                       session.events)
        XCTAssertThrowsError(try Self.capture(events)) { e in XCTAssertTrue("\(e)".contains("with --device"), "\(e)") }
        XCTAssertThrowsError(try Self.capture(text, device: description)) { e in
            XCTAssertTrue("\(e)".contains("describes its device itself"), "\(e)")
        }
    }

    /// A touch screen's recording (multitouch axes, `BTN_TOUCH`, no pen tool: the evemu-devices
    /// database's Dell Canvas touch) is a finger's: a touch device, strokes of `finger`
    /// samples, nothing coming near or leaving.
    func testATouchScreenRecordingIsAFingers() throws {
        let text = "N: Touch Panel\nA: 00 0 4095 0 0 10\nA: 01 0 4095 0 0 10\nA: 35 0 4095 0 0 10\nA: 36 0 4095 0 0 10\n"
            + "E: 0.000001 0003 0039 0007\nE: 0.000001 0003 0035 1000\nE: 0.000001 0003 0036 1000\nE: 0.000001 0001 014a 0001\n"
            + "E: 0.000001 0003 0000 1000\nE: 0.000001 0003 0001 1000\nE: 0.000001 0000 0000 0000\n"
            + "E: 0.016000 0003 0035 1200\nE: 0.016000 0003 0000 1200\nE: 0.016000 0000 0000 0000\n"
            + "E: 0.032000 0003 0039 -001\nE: 0.032000 0001 014a 0000\nE: 0.032000 0000 0000 0000\n"
        let session = try Self.oneStroke(text, of: .touch, by: .finger)
        XCTAssertEqual(Self.pointers(session).map(\.phase), [.down, .move, .up])
    }

    /// The session of `text`, one stroke of `source` samples from a device of `kind` without
    /// force of its own, and never near (no proximity events).
    static func oneStroke(_ text: String, of kind: DeviceKind, by source: InputSource, file: StaticString = #filePath, line: UInt = #line) throws -> Session {
        let (session, summary) = try capture(text).session(document: Viewport(width: 1280, height: 800))
        XCTAssertEqual(summary.strokes, 1, file: file, line: line)
        guard case .device(let device) = session.events.first?.event else {
            XCTFail("the device announces itself", file: file, line: line)
            return session
        }
        XCTAssertEqual(device.kind, kind, file: file, line: line)
        XCTAssertFalse(device.hasForce, file: file, line: line)
        XCTAssertEqual(Set(pointers(session).map(\.source)), [source], file: file, line: line)
        XCTAssertFalse(session.events.contains { if case .proximity = $0.event { true } else { false } }, "only a pen comes near",
                       file: file, line: line)
        XCTAssertEqual(Fixtures.finalState(session).ink.strokes.count, 1, file: file, line: line)
        return session
    }

    /// A tablet's puck (a lens or mouse cursor, the database's Intuos5 lens-cursor drag) is a
    /// mouse: its left button presses, it has no pressure (the replay's wheel gives it), and it
    /// neither comes near nor leaves as a pen does.
    func testALensCursorIsAMouseThatPressesWithItsLeftButton() throws {
        let text = "N: Tablet Pen\nA: 00 0 4095 0 0 10\nA: 01 0 4095 0 0 10\nA: 18 0 2047 0 0 0\n"
            + "E: 0.000001 0001 0147 0001\nE: 0.000001 0003 0000 1000\nE: 0.000001 0003 0001 1000\nE: 0.000001 0000 0000 0000\n"
            + "E: 0.010000 0001 0110 0001\nE: 0.010000 0003 0000 1100\nE: 0.010000 0000 0000 0000\n"
            + "E: 0.020000 0003 0000 1200\nE: 0.020000 0000 0000 0000\n"
            + "E: 0.030000 0001 0110 0000\nE: 0.030000 0000 0000 0000\n"
            + "E: 0.040000 0001 0147 0000\nE: 0.040000 0000 0000 0000\n"
        let session = try Self.oneStroke(text, of: .mouse, by: .mouse)
        let pointers = Self.pointers(session)
        XCTAssertEqual(pointers.map(\.phase), [.move, .down, .move, .up])
        XCTAssertTrue(pointers.allSatisfy { $0.rawForce == nil }, "no pressure of its own")
        XCTAssertEqual(session.events.map(\.time).first, 0.1)

        // Moved and never clicked: no stroke, and the summary says only a puck came near (the
        // import's line names BTN_LEFT, not a pen's BTN_TOUCH); a pen with it is not only pucks.
        let unclicked = text.split(separator: "\n").filter { !$0.contains(" 0001 0110 ") }.joined(separator: "\n") + "\n"
        let (moved, summary) = try Self.capture(unclicked).session(document: Viewport(width: 1280, height: 800))
        XCTAssertEqual(Fixtures.finalState(moved).ink.strokes.count, 0)
        XCTAssertEqual(summary.strokes, 0)
        XCTAssertTrue(summary.onlyPucks)
        let withPen = unclicked + "E: 0.050000 0001 0140 0001\nE: 0.050000 0000 0000 0000\n"
        XCTAssertFalse(try Self.capture(withPen).session(document: Viewport(width: 1280, height: 800)).1.onlyPucks)
    }

    func testEvemuIsToldFromALibinputCapture() throws {
        let evemu = try String(contentsOfFile: Self.fixture, encoding: .utf8)
        let libinput = try String(contentsOfFile: LibinputRecordTests.fixture, encoding: .utf8)
        for (text, expected) in [(evemu, true), (libinput, false), ("\n# a note\nE: 0.000001 0003 0000 5\n", true),
                                 ("N: Pen\n", true), ("version: 1\n", false), ("", false), ("# only a comment\n", false)] {
            var copy = text
            XCTAssertEqual(copy.withUTF8(TabletCapture.isEvemu), expected, text)
        }
    }

    func testWhatIsNotAnEvemuRecordingSaysWhichLine() {
        let axes = "N: Pen\nA: 00 0 1000 0 0 10\nA: 01 0 1000 0 0 10\n"
        func problem(_ text: String) -> TabletCapture.Problem? {
            do {
                _ = try Self.capture(text)
                return nil
            } catch {
                return error as? TabletCapture.Problem
            }
        }
        XCTAssertEqual(problem(axes + "E: 0.1 0003 0000\n")?.line, 4, "a value missing")
        XCTAssertEqual(problem(axes + "E: 0.1 0003 0000 12 34\n")?.line, 4, "something after the value")
        XCTAssertEqual(problem(axes + "E: 0.1 0003 0000 99999999999\n")?.line, 4, "a value beyond 32 bits")
        XCTAssertEqual(problem(axes + "Q: what\n")?.line, 4, "not evemu's")
        XCTAssertEqual(problem("N: Pen\nA: 00 0 99999999999 0 0 10\nA: 01 0 1000 0 0 10\nE: 0.1 0 0 0\n")?.line, 2, "an axis beyond 32 bits")
        XCTAssertEqual(problem("N: Pen\nA: zz 0 1 0 0\n")?.line, 2, "an axis code not in hex")
        XCTAssertTrue(problem(axes)?.message.contains("no events") ?? false, "a description alone is not a recording")
        XCTAssertTrue(problem("N: Pen\nA: 18 0 1000 0 0 0\nE: 0.1 0 0 0\n")?.message.contains("not a tablet") ?? false)
        XCTAssertNotNil(try? Self.capture(axes + "E: 0.100000 0003 0000 0500\r\nE: 0.1 0000 0000 0000 # SYN\n"), "CRLF and comments are fine")
        // Indented, as a recording pasted into a bug report or a wiki often is.
        let indented = axes.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n    E: 0.1 0003 0000 0500\n\tE: 0.1 0000 0000 0000\n"
        XCTAssertEqual((try? Self.capture(indented))?.events.count, 2)
    }

    /// A device's measures beyond what a session keeps (an axis of two billion units with no
    /// resolution, a tilt of as many degrees) are left out, and what is imported reads back;
    /// the same for a `libinput record` capture, whose numbers are not all integers.
    func testNoCaptureMakesASessionThatDoesNotReadBack() throws {
        let huge = "N: Pen\nA: 00 -2147483648 2147483647 0 0 0\nA: 01 0 1000 0 0 0\nA: 18 -2147483648 2147483647 0 0 0\n"
            + "A: 1a -2147483648 2147483647 0 0 0\nA: 1b 0 10 0 0 0\n"
            + "E: 0.1 0001 014a 0001\nE: 0.1 0003 0018 -2000000000\nE: 0.1 0004 0000 -2147483648\nE: 0.1 0000 0000 0000\n"
            + "E: 0.2 0003 0000 2147483647\nE: 0.2 0003 001a 2147483647\nE: 0.2 0000 0000 0000\n"
        let (session, summary) = try Self.capture(huge).session(document: Viewport(width: 1280, height: 800))
        XCTAssertEqual(summary.strokes, 1)
        guard case .device(let device) = session.events.first?.event else { return XCTFail("a device line") }
        XCTAssertNil(device.details.tiltRange)
        XCTAssertNil(device.details.pressureLevels)
        XCTAssertEqual(device.details.serial, 2_147_483_648)
        XCTAssertEqual(try SessionCoding.parse(SessionCoding.encode(session), file: "huge").events, session.events)

        let absinfo = "devices:\n- node: /dev/input/event3\n  evdev:\n    absinfo:\n      0: [0, 1000, 0, 0, 0]\n      1: [0, 1000, 0, 0, 0]\n"
        for bad in ["      24: [0, 1e300, 0, 0, 0]\n  events:\n  - evdev:\n    - [0, 0, 3, 0, 5]\n",
                    "  events:\n  - evdev:\n    - [0, 0, 1e300, 0, 5]\n", "  events:\n  - evdev:\n    - [0, 0.5, 3, 0, 5]\n"] {
            XCTAssertThrowsError(try Self.capture(absinfo + bad), bad)
        }
    }

    /// A tool number the kernel or the X server sends as a signed 32-bit value is the number it
    /// stands for; 0 is no tool, and what is beyond 32 bits is none.
    func testToolNumbersAreUnsigned32Bit() {
        XCTAssertEqual(DeviceDetails.toolNumber(-1_719_661_677), 2_575_305_619)
        XCTAssertEqual(DeviceDetails.toolNumber(2050), 2050)
        XCTAssertEqual(DeviceDetails.toolNumber(-1), 4_294_967_295)
        XCTAssertNil(DeviceDetails.toolNumber(0))
        XCTAssertNil(DeviceDetails.toolNumber(4_294_967_296))
        XCTAssertNil(DeviceDetails.toolNumber(-2_147_483_649))
    }
}
