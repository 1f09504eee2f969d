import TestSupport
import ForceCore
import Foundation
import XCTest

/// The dock of panels in the real window: it opens beside the device's screen (the window
/// grows), never over the ink, and what the window records never depends on it.
final class DockWindowTests: XCTestCase {
    func testTheDockOpensBesideTheInkAndTheRecordingDoesNotDependOnIt() throws {
        let w = try RecordedWindow(size: "1000x600")
        // A stroke across the left part of the window, where a dock inside used to be.
        try w.drag(y: 300, from: 60, to: 900)
        try Binary.xdotool(["key", "--window", w.window, "h", "key", "--window", w.window, "k"])
        Thread.sleep(forTimeInterval: 1)
        let geometry = try Binary.xdotool(["getwindowgeometry", w.window]).stdout
        XCTAssertTrue(geometry.contains("Geometry: 1472x600"), "the window grew by the dock's 472 pt: \(geometry)")
        // Presses on the dock (the curve panel, the HUD) and a second stroke on the device.
        try Binary.xdotool(["mousemove", "--window", w.window, "1200", "300", "click", "1", "mousemove", "--window", w.window, "1300", "500", "click", "1"])
        try w.drag(y: 450, from: 60, to: 900)
        let session = try w.finish()

        let shot = try XCTUnwrap(PNGPixels(path: w.shot))
        XCTAssertEqual(shot.width, 1472)
        for y in [300, 450] {
            for x in stride(from: 80, through: 880, by: 100) {
                XCTAssertLessThan((y - 6...y + 6).map { shot.luminance(x: x, y: $0) }.min() ?? 255, 100, "ink at \(x), \(y) is in view")
            }
        }

        // The recording is version 2 and holds no sample of the dock; it replays to the same two
        // strokes with any panel open or none.
        XCTAssertEqual(session.version, 2)
        XCTAssertEqual(session.viewport.width, 1000)
        let pointers = session.events.compactMap { if case .pointer(let p) = $0.event { return p } else { return nil } }
        XCTAssertFalse(pointers.contains { $0.location.x >= 1000 }, "no sample of the dock is recorded")
        var plain = session
        plain.options = plain.options.withoutPanels
        var everything = session
        everything.options.showHUD = true
        everything.options.showCurve = true
        everything.options.showEventLog = true
        everything.options.debug = true
        let strokes = { (s: Session) in Fixtures.finalState(s).ink.strokes.map { $0.points.filter(\.isReal).map(\.preciseLocation) } }
        XCTAssertEqual(strokes(plain).count, 2)
        XCTAssertEqual(strokes(plain), strokes(session))
        XCTAssertEqual(strokes(plain), strokes(everything))
    }

    /// A canvas restored with its dock open comes back at the same device size, the dock
    /// beside it again (the window's size is not taken for the device's).
    func testARestoredCanvasWithTheDockOpenKeepsItsSize() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var env = Binary.isolatedEnvironment()
        env["XDG_STATE_HOME"] = dir + "/state"
        for (i, arguments) in [["--size", "1000x600", "--hud"], [], []].enumerated() {
            let r = try Binary.forcecanvas(["run", "--exit-after-frames", "10", "--snapshot", "\(dir)/\(i).png"] + arguments, environment: env)
            XCTAssertEqual(r.status, 0, r.stderr)
            let shot = try XCTUnwrap(PNGPixels(path: "\(dir)/\(i).png"))
            XCTAssertEqual([shot.width, shot.height], [1000 + 472, 600], "start \(i)")
        }
    }

    /// The flags given to a restored canvas win over the options it was left with, and are
    /// kept by its journal: `--ui-scale 1.5` makes its dock (open since the first start) 1.5×
    /// as wide, the next start without flags keeps that, and `--ui-scale 1` takes it back.
    /// Before, a restored canvas kept its own options and the flags were dropped unsaid.
    func testFlagsGivenToARestoredCanvasWinOverItsOptions() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var env = Binary.isolatedEnvironment()
        env["XDG_STATE_HOME"] = dir + "/state"
        let starts: [(arguments: [String], width: Int)] = [
            (["--size", "600x400", "--hud"], 600 + 472), (["--ui-scale", "1.5"], 600 + 708), ([], 600 + 708),
            (["--ui-scale", "1"], 600 + 472),
        ]
        for (i, start) in starts.enumerated() {
            let r = try Binary.forcecanvas(["run", "--exit-after-frames", "10", "--snapshot", "\(dir)/\(i).png"] + start.arguments,
                                           environment: env)
            XCTAssertEqual(r.status, 0, r.stderr)
            let shot = try XCTUnwrap(PNGPixels(path: "\(dir)/\(i).png"))
            XCTAssertEqual([shot.width, shot.height], [start.width, 400], "start \(i): \(start.arguments)")
        }
    }

    /// A window that cannot grow (a window manager that keeps every window at the screen's
    /// size, as a kiosk, a tiling manager or a maximized window does): after half a second the
    /// device gives the dock its room, recorded as a resize, and takes it back when the dock
    /// closes; the frames fit the window SDL was told it has.
    func testAWindowThatCannotGrowGivesTheDockRoomFromTheDevice() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let display = try PrivateDisplay(width: 1600, height: 1000, windowManager: ["matchbox-window-manager", "-use_titlebar", "no"])
        defer { display.stop() }
        let env = display.environment(state: dir + "/state")
        let recording = dir + "/rec.jsonl"
        let (p, window) = try display.launch(["--size", "800x600", "--record", recording], environment: env)
        let session = try display.press(["h", "h", "ctrl+q"], in: window, of: p, pause: 1.2, recording: recording)
        XCTAssertEqual(session.resizes, [[1600, 1000], [1128, 1000], [1600, 1000]],
                       "the screen the manager gave, less the dock's 472 pt while it is open, then whole again")
    }

    /// A window the display cannot hold with the dock beside it (640 pt on an 800 pt display):
    /// it grows as far as the display lets it, the device takes what is left (the tabs narrowed
    /// to fit it, clear of the help's "?"), and when the dock closes the device gets its 640 pt
    /// back and the window its size. Before, the window stayed at 640 pt, the device got 168 pt
    /// under the tabs, and closing the dock left a window 168 pt wide.
    func testAWindowOnASmallDisplayGrowsToItAndGetsItsSizeBack() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let display = try PrivateDisplay(width: 800, height: 600, windowManager: ["openbox"])
        defer { display.stop() }
        let env = display.environment(state: dir + "/state")
        let recording = dir + "/rec.jsonl"
        let (p, window) = try display.launch(["--fresh", "--size", "640x480", "--record", recording], environment: env)
        func width() throws -> String {
            let g = try display.xdotool(["getwindowgeometry", window]).stdout
            return g.split(separator: "\n").first { $0.contains("Geometry:") }.map { String($0.split(separator: " ").last ?? "") } ?? g
        }
        _ = try display.xdotool(["key", "--window", window, "h"])
        Thread.sleep(forTimeInterval: 1.2)
        XCTAssertEqual(try width(), "798x480", "the window grows to the display's width less openbox's 1 pt borders")
        _ = try display.xdotool(["key", "--window", window, "h"])
        Thread.sleep(forTimeInterval: 1.2)
        XCTAssertEqual(try width(), "640x480", "the window gets its size back")
        let session = try display.press(["ctrl+q"], in: window, of: p, pause: 0, recording: recording)
        XCTAssertEqual(session.resizes, [[326, 480], [640, 480]], "the window's 798 pt less the dock's 472 while it is open, then 640 again")
    }

    /// A 640 pt window in the middle of a 1280 pt screen: the dock grows it to 1112 pt, which
    /// went 152 pt past the screen's right edge (the help, centred on the window, was cut
    /// there). It moves left as far as it must, with a window manager and without one.
    func testAWindowThatGrowsNearTheScreensEdgeStaysOnIt() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for manager in [[], ["openbox"]] {
            let display = try PrivateDisplay(width: 1280, height: 800, windowManager: manager)
            defer { display.stop() }
            let env = display.environment(state: dir + "/state-\(manager.count)")
            let (p, window) = try display.launch(["--fresh", "--size", "640x480"], environment: env)
            defer {
                p.terminate()
                Binary.waitForExit(p)
            }
            func frame() throws -> (x: Int, width: Int) {
                let g = try display.xdotool(["getwindowgeometry", window]).stdout
                func numbers(_ label: String, _ separator: Character) -> [Int] {
                    let line = g.split(separator: "\n").first { $0.contains(label) } ?? ""
                    let value = line.split(separator: " ").dropFirst().first ?? ""
                    return value.split(separator: separator).compactMap { Int($0) }
                }
                return (numbers("Position:", ",").first ?? -1, numbers("Geometry:", "x").first ?? -1)
            }
            let before = try frame()
            XCTAssertEqual(before.width, 640, "\(manager)")
            XCTAssertGreaterThan(before.x + 1112, 1280, "\(manager): placed where the grown window would not fit")
            _ = try display.xdotool(["key", "--window", window, "h"])
            Thread.sleep(forTimeInterval: 1.2)
            let grown = try frame()
            XCTAssertEqual(grown.width, 1112, "\(manager): the dock's 472 pt beside the device")
            XCTAssertLessThanOrEqual(grown.x + grown.width, 1280, "\(manager): on the screen, at \(grown.x)")
            XCTAssertGreaterThanOrEqual(grown.x, 0, "\(manager)")
        }
    }
}

extension DockWindowTests {
    /// A window as large as its display (640×480, `--size 640x480`) under a window manager: the
    /// manager's title bar pushed it 20 pt down and its last 20 pt, the gauge's last line and the
    /// home indicator, went below the screen. It is made smaller by the frame once the manager
    /// has framed it, the device takes that size (recorded as a resize), and the whole window is
    /// on the screen.
    func testAWindowAsLargeAsItsDisplayKeepsItsFrameOnTheScreen() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let display = try PrivateDisplay(width: 640, height: 480, windowManager: ["openbox"])
        defer { display.stop() }
        let recording = dir + "/rec.jsonl"
        let (p, window) = try display.launch(["--fresh", "--size", "640x480", "--record", recording],
                                             environment: display.environment(state: dir + "/state"))
        Thread.sleep(forTimeInterval: 1.5)
        let placed = try display.placement(of: window)
        XCTAssertNotNil(placed, "xwininfo reads the window")
        if let placed {
            XCTAssertGreaterThan(placed.y, 0, "framed: a title bar above the window")
            XCTAssertLessThanOrEqual(placed.y + placed.height, 480, "the window's bottom on the screen: \(placed)")
            XCTAssertLessThanOrEqual(placed.x + placed.width, 640, "the window's right edge on the screen: \(placed)")
        }
        let session = try display.press(["ctrl+q"], in: window, of: p, pause: 0, recording: recording)
        XCTAssertEqual(session.resizes.count, 1, "the device takes the window's size once: \(session.resizes)")
        if let resize = session.resizes.first, let placed {
            XCTAssertEqual(resize, [placed.width, placed.height], "the device is the window")
        }
    }

    /// A projector's 1024×768 display with the text at 2× (`--ui-scale 2`): the dock would be
    /// 944 pt wide and leave the device 80 pt. Its text takes steps smaller instead, recorded as
    /// Shift+U is, until the device keeps 320 pt (1.25×: 590 pt of dock, 432 of device beside 2 pt of borders), and the
    /// device gets its size back when the dock closes.
    func testADockWithLargerTextLeavesTheDeviceRoomOnAProjector() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let display = try PrivateDisplay(width: 1024, height: 768, windowManager: ["openbox"])
        defer { display.stop() }
        let recording = dir + "/rec.jsonl"
        let (p, window) = try display.launch(["--fresh", "--size", "1000x700", "--ui-scale", "2", "--record", recording],
                                             environment: display.environment(state: dir + "/state"))
        let session = try display.press(["h", "h", "ctrl+q"], in: window, of: p, pause: 1.5, recording: recording)
        XCTAssertEqual(session.commands, [.toggleHUD, .uiSmaller, .uiSmaller, .uiSmaller, .toggleHUD])
        XCTAssertEqual(session.resizes, [[432, 700], [1000, 700]], "1024 pt less openbox's borders and the dock at 1.25×, then the device's own 1000 again")
    }
}

/// An Xvfb display of its own with a window manager on it, for a test that must not change the
/// shared display (every window there would be managed).
struct PrivateDisplay {
    let name: String
    private let server: Process
    private let manager: Process?

    /// Screen 0 of `width`×`height`, then `more` screens (X screens 1, 2, …: SDL lists each as a
    /// display), with `windowManager` on it (none when it is empty: a kiosk's bare X server).
    init(width: Int, height: Int, more: [(width: Int, height: Int)] = [], windowManager: [String]) throws {
        guard let number = (60...89).first(where: { !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock") }) else {
            throw MissingPrerequisite("no free X display number in 60–89")
        }
        name = ":\(number)"
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["Xvfb", name, "-screen", "0", "\(width)x\(height)x24"]
            + more.enumerated().flatMap { ["-screen", "\($0.offset + 1)", "\($0.element.width)x\($0.element.height)x24"] }
            // Without `-noreset` the server resets when its last client leaves, and a keyboard
            // layout set by `setxkbmap` (a client that leaves at once) went with it.
            + ["-nolisten", "tcp", "-noreset"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
            guard Date() < deadline, server.isRunning else {
                server.terminate()
                throw MissingPrerequisite("Xvfb \(name) did not start (./run.sh test installs xvfb)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        guard let command = windowManager.first else {
            manager = nil
            return
        }
        let manager = Process()
        manager.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        manager.arguments = windowManager
        manager.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": name]) { $1 }
        manager.standardOutput = FileHandle.nullDevice
        manager.standardError = FileHandle.nullDevice
        try manager.run()
        Thread.sleep(forTimeInterval: 0.5)
        guard manager.isRunning else {
            server.terminate()
            throw MissingPrerequisite("\(command) did not start (./run.sh test installs it)")
        }
        self.manager = manager
    }

    func xdotool(_ arguments: [String]) throws -> Binary.Result {
        try Binary.xdotool(arguments, display: name)
    }

    /// Where `window` is on the screen and its size, as `xwininfo` reads them (xdotool's
    /// position of a framed window counts the frame twice).
    func placement(of window: String) throws -> (x: Int, y: Int, width: Int, height: Int)? {
        let info = try Binary.run("/usr/bin/env", ["DISPLAY=\(name)", "xwininfo", "-id", window]).stdout
        func value(_ label: String) -> Int? {
            info.split(separator: "\n").first { $0.contains(label) }.flatMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }
        }
        guard let x = value("Absolute upper-left X"), let y = value("Absolute upper-left Y"),
              let w = value("Width"), let h = value("Height") else { return nil }
        return (x, y, w, h)
    }

    /// An isolated environment on this display, its state in `state` (a fresh canvas).
    func environment(state: String) -> [String: String] {
        var env = Binary.isolatedEnvironment()
        env["XDG_STATE_HOME"] = state
        env["DISPLAY"] = name
        return env
    }

    /// Runs `forcecanvas run` with `arguments` in `environment` (its DISPLAY this one), its
    /// error output to the file `stderr` (to a file of its own without one, read back when the
    /// window does not come), and waits for its window: the process and the window's id.
    func launch(_ arguments: [String], environment: [String: String], stderr: String? = nil) throws -> (Process, String) {
        let errors = stderr ?? Binary.scratchRoot + "/window-\(UUID().uuidString).stderr"
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        defer { if stderr == nil { try? FileManager.default.removeItem(atPath: errors) } }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Binary.path)
        p.arguments = ["run"] + arguments
        p.environment = environment
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle(forWritingAtPath: errors)
        try p.run()
        return (p, try Binary.waitForWindow(of: p, display: name, stderr: errors))
    }

    /// Presses `keys` in `window`, at least `pause` seconds apart and each once the window has
    /// settled after the one before, the last one quitting it (Ctrl+Q); waits for `process` to
    /// end, and returns what it recorded in `recording`.
    func press(_ keys: [String], in window: String, of process: Process, pause: Double, recording: String) throws -> Session {
        for (i, key) in keys.enumerated() {
            _ = try xdotool(["key", "--window", window, key])
            Thread.sleep(forTimeInterval: pause)
            if i < keys.count - 1, process.isRunning { try settle(window) }
        }
        Binary.waitForExit(process)
        XCTAssertEqual(process.terminationStatus, 0)
        return try SessionCoding.parse(try String(contentsOfFile: recording, encoding: .utf8), file: recording)
    }

    /// Waits until `window`'s place and size read the same three times 0.2 s apart (at most
    /// 10 s): a key that resizes the window (the dock, the text's steps) has been handled, and the
    /// window manager has placed it. Under load a key sent while the manager still moved a
    /// resized window was lost (1 run in 35 with both cores busy; none in 30 since).
    func settle(_ window: String) throws {
        let deadline = Date().addingTimeInterval(10)
        var last = try placement(of: window), same = 0
        while same < 2, Date() < deadline, last != nil {
            Thread.sleep(forTimeInterval: 0.2)
            let now = try placement(of: window)
            if let a = now, let b = last, a == b { same += 1 } else { same = 0 }
            last = now
        }
    }

    func stop() {
        manager?.terminate()
        server.terminate()
        manager?.waitUntilExit()
        server.waitUntilExit()
    }
}

extension Session {
    /// The device's sizes the recording holds, in order (`[width, height]`).
    var resizes: [[Int]] {
        events.compactMap { e -> [Int]? in if case .resize(let v) = e.event { return [v.width, v.height] } else { return nil } }
    }

    /// The commands the recording holds, in order.
    var commands: [Command] {
        events.compactMap { e -> Command? in if case .command(let c) = e.event { return c } else { return nil } }
    }
}
