import TestSupport
import Foundation
import XCTest

/// `forcecanvas devices` as a user runs it (under Xvfb: the virtual core devices and XTest).
final class DevicesCommandTests: XCTestCase {
    func testItListsTheVirtualCorePointer() throws {
        try Binary.requireDisplay()
        let r = try Binary.forcecanvas(["devices"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("X input devices on "), r.stdout)
        XCTAssertTrue(r.stdout.contains("Virtual core pointer"), r.stdout)
        XCTAssertTrue(r.stdout.contains("master pointer"), r.stdout)
        XCTAssertTrue(r.stdout.contains("no (no pressure axis)"), "the XTest pointer has no force, and says why")
        XCTAssertTrue(r.stdout.contains("SDL touch devices:"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Pressure emulator: force yes"), "the HUD's force without a pressure device is available")
        XCTAssertFalse(r.stdout.contains("-1…-1"), "ranges a device does not report are not shown as numbers")
        XCTAssertTrue(r.stdout.contains("no range reported"), r.stdout)
    }

    func testJSONParses() throws {
        try Binary.requireDisplay()
        let r = try Binary.forcecanvas(["devices", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let devices = try XCTUnwrap(root["devices"] as? [[String: Any]])
        let core = try XCTUnwrap(devices.first { $0["name"] as? String == "Virtual core pointer" })
        XCTAssertEqual(core["use"] as? String, "master pointer")
        XCTAssertEqual(core["kind"] as? String, "mouse")
        XCTAssertEqual(core["force"] as? Bool, false)
        XCTAssertNotNil(core["forceReason"] as? String)
        let axes = try XCTUnwrap(core["axes"] as? [[String: Any]])
        let x = try XCTUnwrap(axes.first)
        XCTAssertEqual(x["label"] as? String, "Rel X")
        // The XTest pointer reports no range: null, as the table's "no range reported", not -1.
        XCTAssertTrue(x["min"] is NSNull, "\(x)")
        XCTAssertTrue(x["max"] is NSNull, "\(x)")
        XCTAssertNotNil(root["touch"] as? [Any])
    }

    func testWithoutADisplayItSaysSoInOneLine() throws {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        let r = try Binary.forcecanvas(["devices"], environment: env)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("forcecanvas: no display"), r.stderr)
        XCTAssertEqual(r.stdout, "")
    }
}
