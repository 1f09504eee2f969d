import TestSupport
import CSDL2
@testable import CairoRender
import ForceCore
import Foundation
@testable import SDLHost
import XCTest

/// F5 while recording adds a checkpoint, which `forcecanvas check` then snapshots; and the
/// check report seen in a real headless browser.
final class CheckpointWindowTests: XCTestCase {
    func testF5IsTheCheckpointKeyOnceAPress() {
        XCTAssertEqual(KeyMap.action(sym: SDL_Keycode(SDLK_F5.rawValue), modifiers: 0), .checkpoint)
        var translator = EventTranslator()
        var e = SDL_Event()
        e.type = SDL_KEYDOWN.rawValue
        e.key.keysym.sym = SDL_Keycode(SDLK_F5.rawValue)
        XCTAssertEqual(translator.translate(&e), [.checkpoint])
        e.key.repeat = 1
        XCTAssertEqual(translator.translate(&e), [], "a held key adds one checkpoint, not one per repeat")
        XCTAssertTrue(HelpContent.sections(own: CanvasScene.help).contains { $0.entries.contains { $0.key == "F5" } }, "the help lists it")
    }

    func testF5WhileRecordingAddsCheckpointsThatCheckSnapshots() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (process, window) = try Binary.launchWindow(["--size", "640x400", "--record", "\(dir)/f5.jsonl"])
        var drag = ["mousemove", "--window", window, "100", "200", "mousedown", "1"]
        for x in stride(from: 110, through: 400, by: 10) { drag += ["mousemove", "--window", window, "\(x)", "200", "sleep", "0.01"] }
        try Binary.xdotool(drag + ["mouseup", "1", "sleep", "0.1", "key", "--window", window, "F5", "sleep", "0.5",
                                   "key", "--window", window, "F5", "sleep", "0.2"])
        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)

        let text = try String(contentsOfFile: "\(dir)/f5.jsonl", encoding: .utf8)
        let names = try SessionCoding.parse(text, file: "f5.jsonl").events.compactMap { e -> String? in
            if case .checkpoint(let name) = e.event { return name } else { return nil }
        }
        XCTAssertEqual(names, ["checkpoint-1", "checkpoint-2"])
        let record = try Binary.forcecanvas(["check", "\(dir)/f5.jsonl", "--goldens", "\(dir)/goldens", "--update", "missing"])
        XCTAssertEqual(record.status, 0, record.stdout + record.stderr)
        let check = try Binary.forcecanvas(["check", "\(dir)/f5.jsonl", "--goldens", "\(dir)/goldens"])
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertTrue(check.stdout.contains("PASS     f5/checkpoint-1") && check.stdout.contains("PASS     f5/checkpoint-2"), check.stdout)
        // The flash is the window's feedback only: the checkpoint's golden shows the stroke, no veil.
        let golden = try RGBAImage.readPNG("\(dir)/goldens/f5-checkpoint-1.png")
        XCTAssertTrue(golden.pixel(x: 3, y: 200) != (51, 140, 255, 255), "no flash border in the golden")
    }

    /// Chromium, headless, opens the report of a failing check: the page draws (a screenshot
    /// with the red FAIL badge and the images) and its inline script sets up the slider.
    func testTheReportInAHeadlessBrowser() throws {
        let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let chromium else { throw MissingPrerequisite("chromium is not installed (./run.sh test installs it)") }
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let source = Binary.repository.appendingPathComponent("Assets/Sessions/scene-confirm.jsonl").path
        let text = try String(contentsOfFile: source, encoding: .utf8)
        try text.write(toFile: "\(dir)/scene-confirm.jsonl", atomically: true, encoding: .utf8)
        XCTAssertEqual(try Binary.forcecanvas(["check", "\(dir)/scene-confirm.jsonl", "--goldens", "\(dir)/g", "--update", "missing"]).status, 0)
        try text.replacingOccurrences(of: #"{"t":0.3,"type":"wheel","dy":1}"#, with: #"{"t":0.3,"type":"wheel","dy":3}"#)
            .write(toFile: "\(dir)/scene-confirm.jsonl", atomically: true, encoding: .utf8)
        let r = try Binary.forcecanvas(["check", "\(dir)/scene-confirm.jsonl", "--goldens", "\(dir)/g", "--report", "\(dir)/report"])
        XCTAssertEqual(r.status, 1)

        let page = "file://\(dir)/report/index.html"
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(dir)/profile"]
        let shot = try Binary.run(chromium, flags + ["--window-size=1400,1800", "--screenshot=\(dir)/shot.png", page])
        XCTAssertEqual(shot.status, 0, shot.stderr)
        let image = try RGBAImage.readPNG("\(dir)/shot.png")
        XCTAssertEqual(image.width, 1400)
        var badge = 0, diffRed = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                if p.0 == 0xb3 && p.1 == 0x26 && p.2 == 0x1e { badge += 1 }   // the FAIL badge and left rule
                if p.0 > 240 && p.1 < 20 && p.2 < 20 { diffRed += 1 }        // red in the diff image
            }
        }
        XCTAssertGreaterThan(badge, 500, "the FAIL badge is drawn")
        XCTAssertGreaterThan(diffRed, 20, "the diff image is shown")
        let dom = try Binary.run(chromium, flags + ["--dump-dom", page])
        XCTAssertTrue(dom.stdout.contains("<div class=\"stack\" style=\"--pos: 50%; --alpha: 0.5;\">"), "the slider's script ran")
    }
}
