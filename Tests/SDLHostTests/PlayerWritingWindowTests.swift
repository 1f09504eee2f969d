import TestSupport
import CSDL2
import ForceCore
import Foundation
@testable import SDLHost
import XCTest

/// Issue 22, captions written in the player: in a real window, C and text typed through SDL's
/// text input (Chinese included) add a caption at the playhead, P makes it pause, F5 adds a
/// checkpoint, Ctrl+Q while typing keeps the text; every edit is in the user's lessons at once,
/// and `forcecanvas lessons` lists the lesson as theirs.
final class PlayerWritingWindowTests: XCTestCase {
    static let lessons = Binary.repository.appendingPathComponent("Assets/Lessons").path

    func testACaptionTypedInTheWindowIsSavedAsTheUsersLesson() throws {
        try Binary.requireDisplay()
        var env = Binary.isolatedEnvironment()
        let data = try XCTUnwrap(env["XDG_DATA_HOME"])
        let saved = "\(data)/forcecanvas/lessons/5-peek-and-pop.jsonl"
        let (process, window) = try Binary.launchWindow(["--lesson", "5"], environment: env)
        func key(_ k: String) throws { try Binary.xdotool(["key", "--window", window, k, "sleep", "0.4"]) }
        func type(_ text: String) throws {
            try Binary.xdotool(["type", "--window", window, "--delay", "40", text])
            Thread.sleep(forTimeInterval: 0.3)
        }
        // Chinese comes as X keys whose keysyms are the characters, as an input method hands
        // them over: four spare keycodes are given them for the test (xdotool's own remapping
        // of a key per character races the server's mapping notice on a busy machine).
        let chinese = [(252, "U770B"), (253, "U8FD9"), (254, "U4E2A"), (255, "U73AF")]  // 看这个环
        let keymap = try Binary.run("/usr/bin/env", ["xmodmap", "-pke"]).stdout.split(separator: "\n")
            .filter { line in chinese.contains { line.hasPrefix("keycode \($0.0) =") } }
        for (code, sym) in chinese { try Binary.run("/usr/bin/env", ["xmodmap", "-e", "keycode \(code) = \(sym)"]) }
        defer { for line in keymap { _ = try? Binary.run("/usr/bin/env", ["xmodmap", "-e", String(line)]) } }
        Thread.sleep(forTimeInterval: 0.3)
        func typeChinese() throws {
            for (_, sym) in chinese { try Binary.xdotool(["key", "--window", window, sym, "sleep", "0.1"]) }
            Thread.sleep(forTimeInterval: 0.3)
        }
        // Two frames on: the caption goes at 2/60 s, after the lesson's first one.
        try key("Right")
        try key("Right")
        try key("c")
        try type("Watch the ring ")
        try typeChinese()
        try key("Return")
        XCTAssertTrue(FileManager.default.fileExists(atPath: saved), "the first edit saved the lesson in the user's folder")
        var session = try SessionCoding.parse(String(contentsOfFile: saved, encoding: .utf8), file: saved)
        let original = try SessionCoding.parse(String(contentsOfFile: "\(Self.lessons)/5-peek-and-pop.jsonl", encoding: .utf8), file: "5")
        XCTAssertEqual(session.events.count, original.events.count + 1)
        let captions = session.events.compactMap { if case .caption(let c) = $0.event { c.text } else { nil } }
        let added = try XCTUnwrap(session.events.first { if case .caption(let c) = $0.event { c.text.contains("看这个环") } else { false } },
                                  "\(captions)")
        XCTAssertEqual(added.event, .caption(Caption(text: "Watch the ring 看这个环")), "typed through SDL's text input, Chinese included")
        XCTAssertEqual(added.time, 0.033333, "at the playhead (frame 2), in whole microseconds")
        try key("p")
        try key("F5")
        try key("Return")
        session = try SessionCoding.parse(String(contentsOfFile: saved, encoding: .utf8), file: saved)
        XCTAssertTrue(session.events.contains { $0.event == .caption(Caption(text: "Watch the ring 看这个环", pause: true)) }, "P: it pauses")
        XCTAssertTrue(session.events.contains { $0.event == .checkpoint("checkpoint-1") && $0.time == 0.033333 }, "F5, Return: a checkpoint")
        // The window closes while a caption is typed: it is kept.
        try key("c")
        try type("kept")
        try key("ctrl+q")
        Binary.waitForExit(process)
        session = try SessionCoding.parse(String(contentsOfFile: saved, encoding: .utf8), file: saved)
        XCTAssertTrue(session.events.contains { $0.event == .caption(Caption(text: "kept")) }, "nothing typed is lost")
        // The replay is the lesson's: every event but the captions and checkpoints is as it was.
        func plain(_ s: Session) -> [TimedEvent] {
            s.events.filter { if case .caption = $0.event { false } else if case .checkpoint = $0.event { false } else { true } }
        }
        XCTAssertEqual(plain(session), plain(original))
        env["DISPLAY"] = nil
        let list = try Binary.forcecanvas(["lessons"], environment: env)
        XCTAssertEqual(list.status, 0, list.stderr)
        let line = try XCTUnwrap(list.stdout.split(separator: "\n").first { $0.hasPrefix("5-peek-and-pop") })
        XCTAssertTrue(line.hasSuffix("(yours)"), "the edited copy comes in the bundled one's place: \(line)")
        XCTAssertEqual(list.stdout.split(separator: "\n").filter { $0.hasPrefix("5-") }.count, 1)
    }

    /// Composition from an input method arrives as SDL_TEXTEDITING while text is typed, and
    /// only then; the keys that write a lesson are the player's only.
    func testCompositionAndTheWritingKeys() {
        var t = EventTranslator()
        var e = SDL_Event()
        e.type = SDL_TEXTEDITING.rawValue
        withUnsafeMutableBytes(of: &e.edit.text) { raw in
            for (i, b) in Array("zhong".utf8).enumerated() { raw[i] = b }
        }
        XCTAssertEqual(t.translate(&e), [], "no text is typed: nothing")
        t.picker = .naming
        XCTAssertEqual(t.translate(&e), [.picker(.composing("zhong"))])
        var live = EventTranslator()
        var c = SDLEvents.keyDown(SDLK_c)
        XCTAssertEqual(live.translate(&c), [.input(.command(.clear))], "C clears a live canvas")
        var player = EventTranslator()
        player.inPlayer = true
        c = SDLEvents.keyDown(SDLK_c)
        XCTAssertEqual(player.translate(&c), [.writing(.newCaption)])
        var save = SDLEvents.keyDown(SDLK_s, KMOD_LCTRL)
        XCTAssertEqual(player.translate(&save), [.writing(.saveAs)])
        var f5 = SDLEvents.keyDown(SDLK_F5)
        XCTAssertEqual(player.translate(&f5), [.writing(.newCheckpoint)])
        var space = SDLEvents.keyDown(SDLK_SPACE)
        XCTAssertEqual(player.translate(&space), [.player(.playPause)])
    }
}
