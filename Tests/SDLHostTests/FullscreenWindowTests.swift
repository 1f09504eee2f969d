import ForceCore
import Foundation
@testable import SDLHost
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
        let env = display.environment(state: dir + "/state")

        // --fullscreen: the frame is the display's size, and the recording says the device is.
        let shot = dir + "/full.png", recording = dir + "/full.jsonl"
        let full = try Binary.forcecanvas(["run", "--fresh", "--fullscreen", "--record", recording, "--exit-after-frames", "90",
                                           "--snapshot", shot], environment: env)
        XCTAssertEqual(full.status, 0, full.stderr)
        let pixels = try XCTUnwrap(PNGPixels(path: shot))
        XCTAssertEqual([pixels.width, pixels.height], [1600, 1000])
        let session = try SessionCoding.parse(try String(contentsOfFile: recording, encoding: .utf8), file: recording)
        let sizes = session.resizes
        XCTAssertEqual(sizes.last, [1600, 1000], "the device is the display: \(sizes)")

        // A display that is not there is named with the ones that are.
        let missing = try Binary.forcecanvas(["run", "--fresh", "--display", "2", "--exit-after-frames", "5"], environment: env)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("--display: there is no display 2: the displays are 0: "), missing.stderr)
        XCTAssertTrue(missing.stderr.contains(" 1600x1000"), missing.stderr)
        let devices = try Binary.forcecanvas(["devices"], environment: env)
        XCTAssertTrue(devices.stdout.contains("Displays (run --display N):\n  0: "), devices.stdout)

        // F11 in a window: fullscreen, then the window again.
        let (p, window) = try display.launch(["--fresh", "--size", "800x600"], environment: env)
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
        let env = display.environment(state: dir + "/state")
        let devices = try Binary.forcecanvas(["devices"], environment: env)
        XCTAssertTrue(devices.stdout.contains("  0: screen 1024x768\n  1: screen 800x600"), devices.stdout)
        // Display 0 is openbox's: its window is the screen less the frame openbox draws around
        // it (a 20 pt title bar, borders); openbox manages only X screen 0.
        for (index, size) in [(1, [800, 600]), (0, [1022, 743])] {
            let shot = "\(dir)/display-\(index).png"
            let r = try Binary.forcecanvas(["run", "--fresh", "--display", "\(index)", "--size", "2000x2000", "--exit-after-frames", "20",
                                            "--snapshot", shot, "-v"], environment: env)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stderr.contains("the window is on display \(index)"), r.stderr)
            let pixels = try XCTUnwrap(PNGPixels(path: shot))
            XCTAssertEqual([pixels.width, pixels.height], size, "display \(index): the window and its frame fit it")
        }
    }

    /// Fullscreen on a bare X server (a kiosk, Xvfb: no window manager acts on SDL's request).
    /// The window fills the display, panels open into it and ink is drawn with the GL presenter,
    /// which copies changed rects to the window alone; F11 gives the window its size back. Before,
    /// the server kept the window at its windowed size while SDL took it for the display's: the
    /// first frame copied in part (H opening the dock) reached past the window, and the X error
    /// ended the program.
    func testFullscreenWithoutAWindowManagerFillsTheDisplayAndSurvivesFramesShownInPart() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let display = try PrivateDisplay(width: 1600, height: 1000, windowManager: [])
        defer { display.stop() }
        let env = display.environment(state: dir + "/state")
        let log = dir + "/stderr.txt"
        let (p, window) = try display.launch(["--fresh", "--fullscreen", "--presenter", "gl", "--size", "800x600", "-v"],
                                             environment: env, stderr: log)
        func geometry() throws -> String { try display.xdotool(["getwindowgeometry", window]).stdout }
        func stderr() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        let full = try geometry()
        XCTAssertTrue(full.contains("Geometry: 1600x1000"), "fullscreen fills the display: \(full)")
        // Panels open (the dock takes its room from the device), then a stroke near the top
        // left and one near the bottom right: frames shown in part all over the window.
        for key in ["h", "k", "g"] {
            _ = try display.xdotool(["key", "--window", window, key])
            Thread.sleep(forTimeInterval: 0.3)
        }
        for (from, to) in [((40, 60), (400, 90)), ((700, 900), (1100, 980))] {
            _ = try display.xdotool(["mousemove", "\(from.0)", "\(from.1)", "mousedown", "1"])
            for k in 1...12 {
                let x = from.0 + (to.0 - from.0) * k / 12, y = from.1 + (to.1 - from.1) * k / 12
                _ = try display.xdotool(["mousemove", "\(x)", "\(y)"])
                Thread.sleep(forTimeInterval: 0.02)
            }
            _ = try display.xdotool(["mouseup", "1"])
            Thread.sleep(forTimeInterval: 0.3)
        }
        XCTAssertTrue(p.isRunning, "the window survives frames shown in part: \(stderr())")
        _ = try display.xdotool(["key", "--window", window, "F11"])
        Thread.sleep(forTimeInterval: 1.0)
        let back = try geometry()
        XCTAssertTrue(back.contains("Geometry: 800x600"), "F11 gives the window back: \(back)")
        _ = try display.xdotool(["key", "--window", window, "F11"])
        Thread.sleep(forTimeInterval: 1.0)
        let again = try geometry()
        XCTAssertTrue(again.contains("Geometry: 1600x1000"), "F11 again fills the display: \(again)")
        _ = try display.xdotool(["key", "--window", window, "ctrl+q"])
        Binary.waitForExit(p)
        XCTAssertEqual(p.terminationStatus, 0, stderr())
        XCTAssertFalse(stderr().contains("X Error"), stderr())
        XCTAssertTrue(stderr().contains("presenter gl:") && stderr().contains("changed rects shown alone"),
                      "the GL presenter showed frames in part: \(stderr())")
    }

    /// The player in fullscreen on a screen of other proportions (a lesson's 1280×888 frame and
    /// strip on 1600×1000): with either presenter the frame is scaled to the screen's height,
    /// centred, with black margins. Before, the GL presenter stretched the frame's base to the
    /// whole window under a strip of the frame's size, and the software one left the margins
    /// with whatever the window held.
    func testAFullscreenPlayerIsCentredWithBlackMargins() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let display = try PrivateDisplay(width: 1600, height: 1000, windowManager: [])
        defer { display.stop() }
        let env = display.environment(state: dir + "/state")
        for presenter in ["gl", "software"] {
            let (p, window) = try display.launch(["--lesson", "2", "--fullscreen", "--presenter", presenter], environment: env)
            Thread.sleep(forTimeInterval: 1.5)
            let shot = "\(dir)/\(presenter).png"
            XCTAssertEqual(try Binary.run("/usr/bin/env", ["DISPLAY=\(display.name)", "import", "-window", "root", shot]).status, 0)
            _ = try display.xdotool(["key", "--window", window, "ctrl+q"])
            Binary.waitForExit(p)
            let pixels = try XCTUnwrap(PNGPixels(path: shot))
            XCTAssertEqual([pixels.width, pixels.height], [1600, 1000])
            // The frame's columns along three rows: where they start and end.
            for y in [100, 500, 980] {
                let lit = (0..<pixels.width).filter { pixels.luminance(x: $0, y: y) > 0 }
                let first = try XCTUnwrap(lit.first, "\(presenter): row \(y) is all black")
                let last = try XCTUnwrap(lit.last)
                XCTAssertGreaterThan(first, 50, "\(presenter): a black margin at the left (row \(y))")
                XCTAssertEqual(Double(first), Double(pixels.width - 1 - last), accuracy: 2, "\(presenter): centred (row \(y))")
                XCTAssertEqual(lit.count, last - first + 1, "\(presenter): no black column within the frame (row \(y))")
            }
        }
    }

    /// The player reads the pointer through the letterbox's origin and scale: a press at a
    /// point of the window is the frame's point under it.
    func testThePlayerReadsThePointerThroughTheLetterbox() throws {
        let origin = Letterbox.origin(frame: (1441, 1000), window: (1600, 1000))
        XCTAssertEqual(origin.x, 79)
        XCTAssertEqual(origin.y, 0)
        XCTAssertEqual(Letterbox.origin(frame: (800, 600), window: (800, 600)).x, 0)
        XCTAssertEqual(Letterbox.origin(frame: (900, 700), window: (800, 600)).y, 0, "a frame larger than its window is not moved")
        var p = PlayerSession(player: Player(session: try Fixtures.session("golden-point-types.jsonl")), name: "t",
                              overwrite: false)
        p.scale = 1000.0 / 888
        p.origin = Point(x: Double(origin.x), y: Double(origin.y))
        let at = p.unscaled(Point(x: 79 + 640 * p.scale, y: 444 * p.scale))
        XCTAssertEqual(at.x, 640, accuracy: 1e-9)
        XCTAssertEqual(at.y, 444, accuracy: 1e-9)
    }
}
