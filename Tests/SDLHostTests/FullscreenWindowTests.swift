import ForceCore
import Foundation
import TestSupport
import XCTest

/// Fullscreen and the display a window opens on, on a 1600×1000 screen of its own.
final class FullscreenWindowTests: XCTestCase {
    func testFullscreenFillsTheDisplayAndF11GivesTheWindowBack() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Openbox: a window manager that honours fullscreen and gives a window its size back.
        let display = try PrivateDisplay(width: 1600, height: 1000, windowManager: ["openbox"])
        defer { display.stop() }
        var env = Binary.isolatedEnvironment()
        env["XDG_STATE_HOME"] = dir + "/state"
        env["DISPLAY"] = display.name

        // --fullscreen: the frame is the display's size, and the recording says the device is.
        let shot = dir + "/full.png", recording = dir + "/full.jsonl"
        let full = try Binary.forcecanvas(["run", "--fresh", "--fullscreen", "--record", recording, "--exit-after-frames", "90",
                                           "--snapshot", shot], environment: env)
        XCTAssertEqual(full.status, 0, full.stderr)
        let pixels = try XCTUnwrap(PNGPixels(path: shot))
        XCTAssertEqual([pixels.width, pixels.height], [1600, 1000])
        let session = try SessionCoding.parse(try String(contentsOfFile: recording, encoding: .utf8), file: recording)
        let sizes = session.events.compactMap { e -> [Int]? in if case .resize(let v) = e.event { return [v.width, v.height] } else { return nil } }
        XCTAssertEqual(sizes.last, [1600, 1000], "the device is the display: \(sizes)")

        // A display that is not there is named with the ones that are.
        let missing = try Binary.forcecanvas(["run", "--fresh", "--display", "2", "--exit-after-frames", "5"], environment: env)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("--display: there is no display 2: the displays are 0: "), missing.stderr)
        XCTAssertTrue(missing.stderr.contains(" 1600x1000"), missing.stderr)
        let devices = try Binary.forcecanvas(["devices"], environment: env)
        XCTAssertTrue(devices.stdout.contains("Displays (run --display N):\n  0: "), devices.stdout)

        // F11 in a window: fullscreen, then the window again.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Binary.path)
        p.arguments = ["run", "--fresh", "--size", "800x600"]
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        let window = try display.waitForWindow(pid: p.processIdentifier)
        func geometry() throws -> String { try display.xdotool(["getwindowgeometry", window]).stdout }
        _ = try display.xdotool(["key", "--window", window, "F11"])
        Thread.sleep(forTimeInterval: 1.0)
        let fullGeometry = try geometry()
        XCTAssertTrue(fullGeometry.contains("Geometry: 1600x1000"), fullGeometry)
        _ = try display.xdotool(["key", "--window", window, "F11"])
        Thread.sleep(forTimeInterval: 1.0)
        let back = try geometry()
        _ = try display.xdotool(["key", "--window", window, "ctrl+q"])
        Binary.waitForExit(p)
        XCTAssertTrue(back.contains("Geometry: 800x600"), "F11 again gives the window back: \(back)")
    }

    /// Two displays (two X screens of one Xvfb, as SDL lists them): `devices` names both with
    /// their sizes, and `--display N` sizes the window for that display, never larger than it.
    /// (SDL 2.26 maps every window on the default X screen, so where it appears on the second
    /// screen cannot be seen here; its size, the display's, can.)
    func testDisplayChoiceWithTwoScreens() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let display = try PrivateDisplay(width: 1024, height: 768, more: [(800, 600)], windowManager: ["openbox"])
        defer { display.stop() }
        var env = Binary.isolatedEnvironment()
        env["XDG_STATE_HOME"] = dir + "/state"
        env["DISPLAY"] = display.name
        let devices = try Binary.forcecanvas(["devices"], environment: env)
        XCTAssertTrue(devices.stdout.contains("  0: screen 1024x768\n  1: screen 800x600"), devices.stdout)
        for (index, size) in [(1, [800, 600]), (0, [1024, 768])] {
            let shot = "\(dir)/display-\(index).png"
            let r = try Binary.forcecanvas(["run", "--fresh", "--display", "\(index)", "--size", "2000x2000", "--exit-after-frames", "20",
                                            "--snapshot", shot, "-v"], environment: env)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stderr.contains("the window is on display \(index)"), r.stderr)
            let pixels = try XCTUnwrap(PNGPixels(path: shot))
            XCTAssertEqual([pixels.width, pixels.height], size, "display \(index): the window fits it")
        }
    }
}
