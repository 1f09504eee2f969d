@testable import SDLHost
import XCTest

/// Raw pressure and tilt → the core's force and orientation, by hand-computed values.
final class PenAxisMappingTests: XCTestCase {
    func testPressureIsRawMinusMinimumOfTheSpan() throws {
        let f = try XCTUnwrap(PenAxisMapping.force(raw: 32768, min: 0, max: 65535))
        XCTAssertEqual(f.raw / f.maximum, 0.5, accuracy: 1e-4)
        let offset = try XCTUnwrap(PenAxisMapping.force(raw: 150, min: 100, max: 300))
        XCTAssertEqual(offset.raw, 50)
        XCTAssertEqual(offset.maximum, 200)
        XCTAssertNil(PenAxisMapping.force(raw: 5, min: 0, max: 0), "empty range")
        XCTAssertNil(PenAxisMapping.force(raw: 5, min: 10, max: 0), "inverted range")
        XCTAssertNil(PenAxisMapping.force(raw: 5, min: 0, max: .infinity))
        XCTAssertEqual(PenAxisMapping.force(raw: .nan, min: 0, max: 10)?.raw, 0)
    }

    func testTiltUnitsFollowTheAxisRange() {
        let wacom = ValuatorAxis(number: 3, label: "Abs Tilt X", min: -64, max: 63, resolution: 57)
        XCTAssertEqual(PenAxisMapping.tiltDegrees(raw: 40, axis: wacom), 40, "within ±90: degrees")
        let perRadian = ValuatorAxis(number: 3, label: "Abs Tilt X", min: -1000, max: 1000, resolution: 1000)
        XCTAssertEqual(PenAxisMapping.tiltDegrees(raw: 500, axis: perRadian), 0.5 * 180 / .pi, accuracy: 1e-12)
        let unitless = ValuatorAxis(number: 3, label: "Abs Tilt X", min: 0, max: 1000)
        XCTAssertEqual(PenAxisMapping.tiltDegrees(raw: 1000, axis: unitless), 64)
        XCTAssertEqual(PenAxisMapping.tiltDegrees(raw: 500, axis: unitless), 0)
        XCTAssertEqual(PenAxisMapping.tiltDegrees(raw: 5000, axis: perRadian), 90, "clamped")
        XCTAssertEqual(PenAxisMapping.tiltDegrees(raw: .nan, axis: wacom), 0)
    }

    func testOrientationByHand() {
        func check(_ tx: Double, _ ty: Double, altitude: Double, azimuth: Double, line: UInt = #line) {
            let o = PenAxisMapping.orientation(tiltX: tx, tiltY: ty)
            XCTAssertEqual(o.altitude, altitude, accuracy: 1e-12, line: line)
            XCTAssertEqual(o.azimuth, azimuth, accuracy: 1e-12, line: line)
        }
        check(0, 0, altitude: .pi / 2, azimuth: 0)
        check(45, 0, altitude: .pi / 4, azimuth: 0)
        check(-45, 0, altitude: .pi / 4, azimuth: .pi)
        check(0, 60, altitude: .pi / 6, azimuth: .pi / 2)
        check(45, 45, altitude: atan(1 / 2.0.squareRoot()), azimuth: .pi / 4)
        check(90, 0, altitude: 0, azimuth: 0)
        let flat = PenAxisMapping.orientation(tiltX: 500, tiltY: -.infinity)
        XCTAssertTrue((0...(Double.pi / 2)).contains(flat.altitude))
        XCTAssertFalse(flat.azimuth.isNaN)
    }
}
