import ForceCore
import Foundation
import TestSupport
import XCTest

/// The window on a full disk (a 64 KiB tmpfs): the recording stops with a message and stays a
/// valid session, Ctrl+S exports nothing and says why, the journal warns and catches up once
/// there is room again — and the window keeps drawing throughout.
final class FullDiskWindowTests: XCTestCase {
    func drag(_ window: String, y: Int) throws {
        var steps = ["mousemove", "--window", window, "100", "\(y)", "mousedown", "1"]
        for x in stride(from: 110, through: 600, by: 7) { steps += ["mousemove", "--window", window, "\(x)", "\(y)", "sleep", "0.005"] }
        try Binary.xdotool(steps + ["mouseup", "1"])
    }

    func testRecordingExportAndJournalFailCleanlyAndTheWindowRunsOn() throws {
        try Binary.requireDisplay()
        let disk = try SmallDisk()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let env = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": "\(disk.path)/state"]) { $1 }
        let recording = "\(disk.path)/rec.jsonl"
        let (process, window) = try Binary.launchWindow(
            ["--size", "800x600", "--record", recording, "--export-dir", "\(disk.path)/exports", "--snapshot", "\(dir)/shot.png"],
            stderr: "\(dir)/stderr.txt", environment: env)
        try drag(window, y: 150)
        Thread.sleep(forTimeInterval: 0.3)

        disk.fill()
        try drag(window, y: 300)
        try Binary.xdotool(["key", "--window", window, "ctrl+s"])
        Thread.sleep(forTimeInterval: 1.5)
        XCTAssertTrue(process.isRunning, "the window runs on")

        disk.free()
        Thread.sleep(forTimeInterval: 1.5)  // the journal tries again every second
        try drag(window, y: 450)
        Thread.sleep(forTimeInterval: 0.3)
        try Binary.xdotool(["key", "--window", window, "ctrl+q"])
        Binary.waitForExit(process)
        XCTAssertEqual(process.terminationStatus, 0)

        let log = try String(contentsOfFile: "\(dir)/stderr.txt", encoding: .utf8)
        XCTAssertTrue(log.contains("Recording stopped: the disk is full; rec.jsonl keeps what was recorded until then"), log)
        XCTAssertTrue(log.contains("export failed: the disk is full: nothing was exported"), log)
        XCTAssertNotNil(log.range(of: "autosave: \(disk.path)/state/forcecanvas/documents/[0-9TZ-]+\\.jsonl: the disk is full", options: .regularExpression), log)
        XCTAssertTrue(log.contains("autosave works again"), log)

        // The recording: whole lines, a valid session, the first stroke in it.
        let data = try XCTUnwrap(FileManager.default.contents(atPath: recording))
        XCTAssertEqual(data.last, UInt8(ascii: "\n"))
        let session = try SessionCoding.parse(String(decoding: data, as: UTF8.self), file: recording)
        XCTAssertTrue(session.events.contains { if case .pointer(let p) = $0.event { return p.phase == .up } else { return false } })
        // No export, not even part of one.
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: "\(disk.path)/exports")) ?? [], [])
        // All three strokes were drawn, and the journal lost none of them.
        let shot = try XCTUnwrap(PNGPixels(path: "\(dir)/shot.png"))
        for y in [150, 300, 450] { XCTAssertLessThan(shot.luminance(x: 350, y: y), 100, "stroke at y \(y) on screen") }
        let restore = try Binary.forcecanvas(["run", "--exit-after-frames", "5"], environment: env)
        XCTAssertTrue(restore.stderr.contains("restored 3 strokes"), restore.stderr)
    }
}

/// Ctrl+S in the real window while a stroke is still being drawn, twice within a second.
final class ExportWindowTests: XCTestCase {
    func testTwoExportsMakeTwoSetsThatHoldTheLiveStroke() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (process, window) = try Binary.launchWindow(["--size", "800x600", "--export-dir", "\(dir)/exports"])
        var steps = ["mousemove", "--window", window, "100", "300", "mousedown", "1"]
        for x in stride(from: 110, through: 500, by: 10) { steps += ["mousemove", "--window", window, "\(x)", "300", "sleep", "0.01"] }
        try Binary.xdotool(steps)
        try Binary.xdotool(["key", "--window", window, "ctrl+s"])
        try Binary.xdotool(["key", "--window", window, "ctrl+s"])
        Thread.sleep(forTimeInterval: 1)
        try Binary.xdotool(["mouseup", "1"])
        try Binary.xdotool(["key", "--window", window, "ctrl+q"])
        Binary.waitForExit(process)
        XCTAssertEqual(process.terminationStatus, 0)

        let names = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/exports").sorted()
        XCTAssertEqual(names.count, 10, "two whole sets: \(names)")
        XCTAssertEqual(Set(names.map { ($0 as NSString).pathExtension }), ["png", "svg", "pdf", "jsonl", "xopp"])
        for jsonl in names where jsonl.hasSuffix(".jsonl") {
            let s = try SessionCoding.parse(try String(contentsOfFile: "\(dir)/exports/\(jsonl)", encoding: .utf8), file: jsonl)
            let downs = s.events.filter { if case .pointer(let p) = $0.event { return p.phase == .down } else { return false } }
            XCTAssertEqual(downs.count, 1, "\(jsonl) redraws the stroke that was being drawn")
        }
    }

    /// Without --export-dir, Ctrl+S writes into the pictures folder's ForceCanvas/ (as
    /// user-dirs.dirs names it); the config file's export-dir wins over that, `~/` its home.
    func testExportsGoToThePicturesFolderUnlessTheConfigSaysElsewhere() throws {
        try Binary.requireDisplay()
        let home = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/.config", withIntermediateDirectories: true)
        try "XDG_PICTURES_DIR=\"$HOME/Bilder\"\n".write(toFile: home + "/.config/user-dirs.dirs", atomically: true, encoding: .utf8)
        try "export-dir = ~/Drawn\n".write(toFile: home + "/drawn.conf", atomically: true, encoding: .utf8)
        var environment = Binary.isolatedEnvironment()
        environment["HOME"] = home
        environment["XDG_CONFIG_HOME"] = nil
        environment["XDG_PICTURES_DIR"] = nil
        for (arguments, folder) in [([String](), home + "/Bilder/ForceCanvas"), (["--config", home + "/drawn.conf"], home + "/Drawn")] {
            let (process, window) = try Binary.launchWindow(["--size", "800x600", "--fresh"] + arguments, environment: environment)
            var steps = ["mousemove", "--window", window, "100", "300", "mousedown", "1"]
            for x in stride(from: 110, through: 300, by: 20) { steps += ["mousemove", "--window", window, "\(x)", "300", "sleep", "0.01"] }
            try Binary.xdotool(steps + ["mouseup", "1"])
            try Binary.xdotool(["key", "--window", window, "ctrl+s"])
            Thread.sleep(forTimeInterval: 1)
            try Binary.xdotool(["key", "--window", window, "ctrl+q"])
            Binary.waitForExit(process)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            XCTAssertEqual(Set(names.map { ($0 as NSString).pathExtension }), ["png", "svg", "pdf", "jsonl", "xopp"], "\(folder): \(names)")
        }
    }
}
