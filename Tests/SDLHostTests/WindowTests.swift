import TestSupport
import CairoRender
@testable import SDLHost
import ForceCore
import Foundation
import XCTest

/// The real window under Xvfb, driven through XTest with xdotool.
final class WindowTests: XCTestCase {
    func launch(_ arguments: [String], stderr: String? = nil) throws -> (Process, String) {
        try Binary.launchWindow(arguments, stderr: stderr)
    }

    /// A window that never comes says why, as soon as the program has ended: how it ended and
    /// what it wrote, not a bare "did not appear within 20 s" (which a crash, a refused display
    /// and a slow map all read as).
    func testAWindowThatNeverComesSaysWhyTheProgramEnded() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertThrowsError(try launch(["--size", "bogus"], stderr: dir + "/stderr.txt")) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("forcecanvas ended before its window appeared"), message)
            XCTAssertTrue(message.contains("(exit status 64)"), message)
            XCTAssertTrue(message.contains("\"bogus\" is not a size"), message)
        }
    }

    /// Dark pixels in column `x` near the stroke's row (y = 300, away from the gauge): the
    /// stroke's thickness there.
    func thickness(_ pixels: PNGPixels, x: Int) -> Int {
        (250..<350).filter { y in pixels.luminance(x: x, y: y) < 100 }.count
    }

    func testWheelNotchesWidenTheStrokeAndButtonsStillArrive() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (process, window) = try launch(["--size", "800x600", "--record", "\(dir)/rec.jsonl", "--snapshot", "\(dir)/shot.png"])

        // Press, drag right at the starting pressure, five wheel notches up, drag on, release.
        var drag = ["mousemove", "--window", window, "100", "300", "mousedown", "1"]
        for x in stride(from: 105, through: 350, by: 5) { drag += ["mousemove", "--window", window, "\(x)", "300", "sleep", "0.01"] }
        try Binary.xdotool(drag)
        try Binary.xdotool(["click", "--repeat", "5", "--delay", "40", "4"])
        drag = []
        for x in stride(from: 355, through: 650, by: 5) { drag += ["mousemove", "--window", window, "\(x)", "300", "sleep", "0.01"] }
        try Binary.xdotool(drag + ["mouseup", "1"])
        Thread.sleep(forTimeInterval: 0.4)
        process.terminate()  // SIGTERM: the window writes its snapshot and closes cleanly
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)

        let shot = try XCTUnwrap(PNGPixels(path: "\(dir)/shot.png"))
        XCTAssertEqual(shot.width, 800)
        let before = thickness(shot, x: 220), after = thickness(shot, x: 520)
        XCTAssertGreaterThan(before, 4, "a stroke at the starting pressure")
        XCTAssertGreaterThan(after, before + 4, "wider after five notches: \(before) px → \(after) px")

        // SDL's own button events still arrived, with the wheel between them.
        let text = try String(contentsOfFile: "\(dir)/rec.jsonl", encoding: .utf8)
        let session = try SessionCoding.parse(text, file: "rec.jsonl")
        let kinds: [String] = session.events.compactMap {
            switch $0.event {
            case .pointer(let p) where p.phase == .down: return "down"
            case .pointer(let p) where p.phase == .up: return "up"
            case .wheel(let dy) where dy > 0: return "wheel"
            default: return nil
            }
        }
        XCTAssertEqual(kinds, ["down"] + Array(repeating: "wheel", count: 5) + ["up"])
    }

    func testWithTheXInput2SelectionInstalledXTestClicksStillDraw() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (process, window) = try launch(["--size", "800x600", "--verbose", "--record", "\(dir)/rec.jsonl",
                                            "--snapshot", "\(dir)/shot.png"], stderr: "\(dir)/stderr.txt")
        var drag = ["mousemove", "--window", window, "100", "300", "mousedown", "1"]
        for x in stride(from: 110, through: 500, by: 10) { drag += ["mousemove", "--window", window, "\(x)", "300", "sleep", "0.01"] }
        try Binary.xdotool(drag + ["mouseup", "1"])
        Thread.sleep(forTimeInterval: 0.4)
        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)

        // The pen source ran in the real window: XInput 2 selected on the slave pointers (Xvfb's
        // mouse and the XTest pointer), hierarchy changes on the root.
        let log = try String(contentsOfFile: "\(dir)/stderr.txt", encoding: .utf8)
        XCTAssertTrue(log.contains("selection installed; pens: none; other pointers: 2"), log)

        // SDL's own button events still arrived: one mouse stroke, recorded and drawn.
        let session = try SessionCoding.parse(try String(contentsOfFile: "\(dir)/rec.jsonl", encoding: .utf8), file: "rec.jsonl")
        let phases: [String] = session.events.compactMap {
            if case .pointer(let p) = $0.event, p.phase != .move { return "\(p.source.rawValue) \(p.phase.rawValue)" }
            return nil
        }
        XCTAssertEqual(phases, ["mouse down", "mouse up"])
        let shot = try XCTUnwrap(PNGPixels(path: "\(dir)/shot.png"))
        XCTAssertGreaterThan(thickness(shot, x: 300), 2, "the stroke is on screen")
    }

    func testExitAfterFramesWritesTheFrame() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Binary.forcecanvas(["run", "--size", "640x360", "--exit-after-frames", "20", "--snapshot", "\(dir)/f.png", "--hud"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let shot = try XCTUnwrap(PNGPixels(path: "\(dir)/f.png"))
        XCTAssertEqual(shot.width, 640 + 472, "the device's 640 pt and the HUD's dock beside it")
        XCTAssertEqual(shot.height, 360)
    }

    /// A DISPLAY no server answers (a server gone, an old ssh session's): said, and the program
    /// ends with an error, where SDL's fallback to its offscreen driver ran a window no one saw.
    func testADisplayThatDoesNotAnswerIsSaid() throws {
        var environment = Binary.isolatedEnvironment()
        environment["DISPLAY"] = ":187"
        environment["WAYLAND_DISPLAY"] = nil
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X187"), "display :187 is free")
        let r = try Binary.forcecanvas(["run", "--fresh", "--exit-after-frames", "3"], environment: environment)
        XCTAssertNotEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("cannot open X display \":187\": is the X server (or XWayland) running?"), r.stderr)
        // SDL's offscreen driver asked for by name is the caller's choice.
        XCTAssertNil(WindowApp.unseenDriver("offscreen", environment: ["SDL_VIDEODRIVER": "offscreen", "DISPLAY": ":187"]))
        XCTAssertNil(WindowApp.unseenDriver("x11", environment: ["DISPLAY": ":0"]))
        XCTAssertEqual(WindowApp.unseenDriver("offscreen", environment: ["WAYLAND_DISPLAY": "wayland-1"]), .cannotOpenDisplay("wayland-1"))
        XCTAssertEqual(WindowApp.unseenDriver("offscreen", environment: [:]), .noDisplay)
    }

    /// The harness: Ctrl+Q closes the window before its release is sent, which then goes to no
    /// window (xdotool's `--delay` makes that sure); the next window still quits on Ctrl+Q, as
    /// the X server holds no key down. (Without `Binary.xdotool`'s release, the second window
    /// got autorepeated q's and never a Ctrl+Q: the picker's test hung so, 3 times in about 190 runs.)
    func testAKeyThatClosesAWindowLeavesNoKeyHeldForTheNext() throws {
        try Binary.requireDisplay()
        XCTAssertEqual(Binary.keysSentToAWindow(["mousemove", "--window", "7", "1", "2", "key", "--window", "7", "--delay", "9", "ctrl+q",
                                                  "key", "x", "sleep", "1", "key", "--clearmodifiers", "--window", "7", "a", "b"]),
                       ["ctrl+q", "a", "b"])
        let (first, window) = try Binary.launchWindow(["--fresh", "--size", "640x480"])
        try Binary.xdotool(["key", "--window", window, "--delay", "2000", "ctrl+q"])
        Binary.waitForExit(first)
        XCTAssertEqual(first.terminationStatus, 0)
        let (second, next) = try Binary.launchWindow(["--fresh", "--size", "640x480"])
        try Binary.xdotool(["key", "--window", next, "ctrl+q"])
        Binary.waitForExit(second, timeout: 10)
        XCTAssertEqual(second.terminationStatus, 0)
    }
}

/// A decoded PNG, enough to measure strokes.
struct PNGPixels {
    let width: Int
    let height: Int
    private let argb: [UInt32]

    init?(path: String) {
        guard let surface = try? ImageSurface.readPNG(path), let data = surface.data else { return nil }
        let width = surface.pixelWidth, height = surface.pixelHeight
        self.width = width
        self.height = height
        var px = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            (data + y * surface.stride).withMemoryRebound(to: UInt32.self, capacity: width) { row in
                for x in 0..<width { px[y * width + x] = row[x] }
            }
        }
        argb = px
    }

    /// The pixel's red, green and blue, 0xRRGGBB.
    func rgb(x: Int, y: Int) -> UInt32 { argb[y * width + x] & 0xFF_FFFF }

    /// The pixel over white: its red, green and blue, 0xRRGGBB (the PNG's colours are read
    /// premultiplied by their alpha).
    func rgbOverWhite(x: Int, y: Int) -> UInt32 {
        let v = argb[y * width + x], clear = 0xFF - (v >> 24)
        return (v >> 16 & 0xFF + clear) << 16 | (v >> 8 & 0xFF + clear) << 8 | (v & 0xFF + clear)
    }

    func luminance(x: Int, y: Int) -> Int {
        let v = argb[y * width + x]
        return (Int((v >> 16) & 0xff) * 3 + Int((v >> 8) & 0xff) * 6 + Int(v & 0xff)) / 10
    }
}
