import TestSupport
import ForceCore
import Foundation
import XCTest

/// The scenes in the real window under Xvfb: a wheel-emulated force press on a message row
/// peeks and then pops; a launch through a quick action is handled once.
final class SceneWindowTests: XCTestCase {
    func testAWheelPressOnARowPeeksThenPops() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (process, window) = try Binary.launchWindow([
            "--scene", "messages", "--size", "1280x800", "--record", "\(dir)/rec.jsonl", "--snapshot", "\(dir)/shot.png",
        ])
        // Row 3 (Alan Turing) at y 260…336. A click is a light press (0); eight notches make 0.8.
        try Binary.xdotool(["mousemove", "--window", window, "600", "300", "sleep", "0.2", "mousedown", "1", "sleep", "0.2"])
        try Binary.xdotool(["click", "--repeat", "8", "--delay", "80", "4"])
        try Binary.xdotool(["sleep", "0.3", "mouseup", "1", "sleep", "0.6"])
        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)

        // The recording replays through the core to the popped detail view, with the callbacks
        // in UIKit's order. Frames tick as in a replay: the notches' force eases in at frame ticks.
        let text = try String(contentsOfFile: "\(dir)/rec.jsonl", encoding: .utf8)
        let session = try SessionCoding.parse(text, file: "rec.jsonl")
        XCTAssertEqual(session.scene, .messages)
        var state = session.initialState()
        var events = session.events[...]
        // Every callback line, in order (the log panel keeps only the last few).
        var log: [String] = []
        var logged = 0.0
        for k in 0...ReplaySchedule.frame(atOrAfter: session.duration + 1) {
            let t = ReplaySchedule.time(ofFrame: k)
            while let next = events.first?.time, next <= t {
                state.handle(events.removeFirst())
            }
            state.advance(to: t)
            for entry in state.eventLog.entries where entry.time > logged { log.append(entry.text) }
            logged = state.eventLog.entries.last?.time ?? logged
        }
        XCTAssertEqual(state.scenes.messages.detail?.row.sender, "Alan Turing")
        let peek = log.firstIndex(of: "didUpdatePreviewTransition(1.00, ended: true)")
        let pop = log.firstIndex(of: "didUpdateCommitTransition(1.00, ended: true)")
        XCTAssertNotNil(peek, "\(log)")
        XCTAssertNotNil(pop, "\(log)")
        if let peek, let pop { XCTAssertLessThan(peek, pop) }
        XCTAssertFalse(log.contains("didCancel"))

        // On screen: the detail view's title (the sender, centred in the title bar), where the
        // list shows nothing but white.
        let shot = try XCTUnwrap(PNGPixels(path: "\(dir)/shot.png"))
        let dark = (600..<680).flatMap { x in (66..<86).map { (x, $0) } }.filter { shot.luminance(x: $0.0, y: $0.1) < 80 }
        XCTAssertGreaterThan(dark.count, 40, "the sender's name in the detail view's title bar")
    }

    func testALaunchShortcutIsHandledOnceAndAnUnknownOneIsIgnored() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let env = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": dir]) { $1 }
        let r = try Binary.forcecanvas(["run", "--shortcut", "com.forcecanvas.confirm-demo", "--exit-after-frames", "10",
                                        "--record", "\(dir)/rec.jsonl", "--size", "800x600"], environment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        let session = try SessionCoding.parse(try String(contentsOfFile: "\(dir)/rec.jsonl", encoding: .utf8), file: "rec")
        let shortcuts = session.events.filter { if case .shortcut = $0.event { return true } else { return false } }
        XCTAssertEqual(shortcuts.count, 1)
        var state = session.initialState()
        for e in session.events { state.handle(e) }
        XCTAssertEqual(state.scene, .confirm)

        let unknown = try Binary.forcecanvas(["run", "--shortcut", "com.example.old", "--exit-after-frames", "5",
                                              "--size", "800x600"], environment: env)
        XCTAssertEqual(unknown.status, 0, unknown.stderr)
    }

    func testAMalformedInfoPlistIsReportedAndHomeStillOpens() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>UIApplicationShortcutItems</key><array>
            <dict><key>UIApplicationShortcutItemType</key><string>com.forcecanvas.new-canvas</string>
                  <key>UIApplicationShortcutItemTitle</key><string>New Canvas</string></dict>
            <dict><key>UIApplicationShortcutItemType</key><string>com.forcecanvas.peek-demo</string></dict>
            </array></dict></plist>
            """
        try plist.write(toFile: "\(dir)/Info.plist", atomically: true, encoding: .utf8)
        let session = Binary.repository.appendingPathComponent("Assets/Sessions/scene-home.jsonl").path
        let r = try Binary.forcecanvas(["render", session, "--out", dir, "--at", "0.6", "--info-plist", "\(dir)/Info.plist"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("\(dir)/Info.plist: UIApplicationShortcutItems[1]: missing required key UIApplicationShortcutItemTitle"),
                      r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/scene-home-t0.600.png"))

        try "not a plist".write(toFile: "\(dir)/Info.plist", atomically: true, encoding: .utf8)
        let bad = try Binary.forcecanvas(["render", session, "--out", dir, "--at", "0.6", "--info-plist", "\(dir)/Info.plist", "--overwrite"])
        XCTAssertEqual(bad.status, 0, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("\(dir)/Info.plist"), bad.stderr)
    }
}
