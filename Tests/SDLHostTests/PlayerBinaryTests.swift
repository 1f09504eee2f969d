import TestSupport
import CSDL2
import CairoRender
import ForceCore
import ForceFiles
import Foundation
@testable import SDLHost
import XCTest

/// The player, the lessons and video export through the real binary: `render --video` checked
/// with ffprobe, its errors, `lessons`, `run --lesson`, and the player's keys in the window
/// (pausing, stepping, and "continue drawing from here" forking a recording).
final class PlayerBinaryTests: XCTestCase {
    static let sessions = Binary.repository.appendingPathComponent("Assets/Sessions").path
    static let lessons = Binary.repository.appendingPathComponent("Assets/Lessons").path

    func requireFFmpeg() throws {
        let found = ["/usr/bin/ffprobe", "/usr/local/bin/ffprobe"].contains { FileManager.default.isExecutableFile(atPath: $0) }
        if !found { throw MissingPrerequisite("ffmpeg is not installed (./run.sh installs it)") }
    }

    /// ffprobe's frame count and duration of a video.
    func probe(_ path: String) throws -> (frames: Int, duration: Double, width: Int, height: Int) {
        let r = try Binary.run("/usr/bin/env", ["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
                                                "-show_entries", "stream=nb_read_frames,width,height:format=duration",
                                                "-of", "default=noprint_wrappers=1", path])
        XCTAssertEqual(r.status, 0, r.stderr)
        var values: [String: String] = [:]
        for line in r.stdout.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        return (Int(values["nb_read_frames"] ?? "") ?? -1, Double(values["duration"] ?? "") ?? -1,
                Int(values["width"] ?? "") ?? -1, Int(values["height"] ?? "") ?? -1)
    }

    func testVideosHaveEveryFrameAtTheirRateAndSpeed() throws {
        try requireFFmpeg()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let session = "\(Self.sessions)/scene-confirm.jsonl"   // 2.0 s
        let mp4 = try Binary.forcecanvas(["render", session, "--video", "\(dir)/c.mp4", "--size", "640x400"])
        XCTAssertEqual(mp4.status, 0, mp4.stderr)
        XCTAssertEqual(mp4.stdout, "\(dir)/c.mp4\n")
        var v = try probe("\(dir)/c.mp4")
        XCTAssertEqual(v.frames, 121, "2 s at 60 fps, the last event's frame included")
        XCTAssertEqual(v.duration, 121.0 / 60, accuracy: 0.02)
        XCTAssertEqual(v.width, 640)
        XCTAssertEqual(v.height, 400)

        let slow = try Binary.forcecanvas(["render", session, "--video", "\(dir)/slow.webm", "--speed", "0.5", "--fps", "30",
                                           "--size", "320x200"])
        XCTAssertEqual(slow.status, 0, slow.stderr)
        v = try probe("\(dir)/slow.webm")
        XCTAssertEqual(v.frames, 121, "2 s at 0.5× is 4 s of video: 120 frames at 30 fps, and the last")
        XCTAssertEqual(v.duration, 121.0 / 30, accuracy: 0.05)

        let gif = try Binary.forcecanvas(["render", "\(Self.lessons)/8-edge-protection.jsonl", "--video", "\(dir)/l.gif",
                                          "--fps", "10", "--size", "320x200", "--speed", "4"])
        XCTAssertEqual(gif.status, 0, gif.stderr)
        XCTAssertGreaterThan(try probe("\(dir)/l.gif").frames, 10)
        // A session that resizes its window keeps the video's first size (cut or padded).
        try [#"{"format":"forcecanvas-session","version":1,"width":320,"height":200}"#,
             #"{"t":0.1,"type":"down","x":50,"y":100,"source":"mouse"}"#, #"{"t":0.3,"type":"up","x":250,"y":100,"source":"mouse"}"#,
             #"{"t":0.5,"type":"resize","width":400,"height":300}"#, #"{"t":0.9,"type":"move","x":350,"y":250,"source":"mouse"}"#]
            .joined(separator: "\n").write(toFile: "\(dir)/resize.jsonl", atomically: true, encoding: .utf8)
        let resized = try Binary.forcecanvas(["render", "\(dir)/resize.jsonl", "--video", "\(dir)/r.mp4"])
        XCTAssertEqual(resized.status, 0, resized.stderr)
        v = try probe("\(dir)/r.mp4")
        XCTAssertEqual([v.frames, v.width, v.height], [55, 320, 200])
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".") }
        XCTAssertEqual(left, [], "no temporary file is left")
    }

    /// A lesson's video can be followed: every caption on screen at least its reading time (in
    /// the strip below the frame and as a subtitle track, and in sidecars), and the pointer
    /// drawn where the press is.
    func testLessonVideosKeepTheirCaptionsLongEnoughAndShowThePointer() throws {
        try requireFFmpeg()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lesson = "\(Self.lessons)/5-peek-and-pop.jsonl"
        let r = try Binary.forcecanvas(["render", lesson, "--video", "\(dir)/l.mp4", "--size", "640x400", "--fps", "20"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "\(dir)/l.mp4\n\(dir)/l.srt\n\(dir)/l.vtt\n")
        // Its progress, in a log (stderr is a pipe here): a line at each tenth of its 600 or
        // more frames, the last with all of them, then what it wrote.
        let log = r.stderr.split(separator: "\n")
        let progress = log.filter { $0.hasPrefix("rendering: ") }
        XCTAssertTrue((1...10).contains(progress.count), r.stderr)
        let counts = progress.last?.dropFirst("rendering: ".count).split(separator: " ").prefix(4).map(String.init)
        XCTAssertEqual(counts?.count, 4, r.stderr)
        XCTAssertEqual(counts?[1], "of", r.stderr)
        XCTAssertEqual(counts?[0], counts?[2], "the last line has every frame done: \(r.stderr)")
        XCTAssertGreaterThanOrEqual(Int(counts?[2] ?? "") ?? 0, 600, r.stderr)
        XCTAssertEqual(counts?[3], "frames", r.stderr)
        XCTAssertEqual(log.last?.hasPrefix("forcecanvas: \(dir)/l.mp4: "), true, r.stderr)
        let v = try probe("\(dir)/l.mp4")
        XCTAssertEqual(v.height, 400 + 48, "the strip below the frame (96 pt at the frame's scale 0.5)")
        XCTAssertGreaterThan(v.duration, 30, "eight captions read at 17 characters a second; the session is 4.4 s")
        let streams = try Binary.run("/usr/bin/env", ["ffprobe", "-v", "error", "-show_entries", "stream=codec_type,codec_name", "-of", "csv=p=0", "\(dir)/l.mp4"])
        XCTAssertEqual(streams.stdout, "h264,video\nmov_text,subtitle\n")
        // The track's cues, read back by ffmpeg: one per caption, each on screen its reading time.
        let track = try Binary.run("/usr/bin/env", ["ffmpeg", "-v", "error", "-i", "\(dir)/l.mp4", "-map", "0:s", "-f", "srt", "-"])
        XCTAssertEqual(track.status, 0, track.stderr)
        let cues = Self.cues(srt: track.stdout)
        XCTAssertEqual(cues.count, 8)
        for c in cues {
            XCTAssertGreaterThanOrEqual(c.end - c.start, max(1.5, Double(c.text.count) / 17) - 0.01, c.text)
        }
        XCTAssertEqual(Self.cues(srt: try String(contentsOfFile: "\(dir)/l.srt", encoding: .utf8)).map(\.text), cues.map(\.text))
        XCTAssertTrue(try String(contentsOfFile: "\(dir)/l.vtt", encoding: .utf8).hasPrefix("WEBVTT\n\n00:00:00.000 --> "))
        // The sidecars, as the video, are never replaced unasked.
        XCTAssertEqual(try Binary.forcecanvas(["render", lesson, "--video", "\(dir)/l.mp4"]).status, 64)
        try FileManager.default.removeItem(atPath: "\(dir)/l.mp4")
        XCTAssertEqual(try Binary.forcecanvas(["render", lesson, "--video", "\(dir)/l.mp4", "--size", "320x200", "--fps", "5"]).status, 64,
                       "l.srt is there")

        // Only the track: the frame without a strip; WebM carries WebVTT.
        let bare = try Binary.forcecanvas(["render", lesson, "--video", "\(dir)/b.webm", "--size", "640x400", "--fps", "5", "--burn-captions", "none"])
        XCTAssertEqual(bare.status, 0, bare.stderr)
        XCTAssertEqual(try probe("\(dir)/b.webm").height, 400)
        let webm = try Binary.run("/usr/bin/env", ["ffprobe", "-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", "\(dir)/b.webm"])
        XCTAssertEqual(webm.stdout, "vp9\nwebvtt\n")

        // The pointer: a press held at (200, 150) with force 0.8, then a hover at (300, 150).
        try [#"{"format":"forcecanvas-session","version":2,"width":400,"height":300,"scene":"confirm"}"#,
             #"{"t":0.1,"type":"down","x":200,"y":150,"force":0.8,"maxForce":1,"source":"pen"}"#,
             #"{"t":0.9,"type":"up","x":200,"y":150,"source":"pen"}"#, #"{"t":1.2,"type":"move","x":300,"y":150,"source":"pen"}"#,
             #"{"t":1.5,"type":"move","x":300,"y":150,"source":"pen"}"#].joined(separator: "\n")
            .write(toFile: "\(dir)/press.jsonl", atomically: true, encoding: .utf8)
        for style in ["ring", "none"] {
            let out = "\(dir)/p-\(style).mp4"
            XCTAssertEqual(try Binary.forcecanvas(["render", "\(dir)/press.jsonl", "--video", out, "--fps", "10", "--pointer", style]).status, 0)
            for (t, name) in [("0.5", "pressed"), ("1.4", "hover")] {
                let png = "\(dir)/\(style)-\(name).png"
                let grab = try Binary.run("/usr/bin/env", ["ffmpeg", "-v", "error", "-ss", t, "-i", out, "-frames:v", "1", png])
                XCTAssertEqual(grab.status, 0, grab.stderr)
            }
        }
        let pressed = try RGBAImage.decodePNG(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/ring-pressed.png")))
        let plain = try RGBAImage.decodePNG(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/none-pressed.png")))
        // The ring at force 0.8 has a radius of 10 + 24 × 0.8 ≈ 29 pt: orange there, not without it.
        let p = pressed.pixel(x: 200 + 29, y: 150), q = plain.pixel(x: 200 + 29, y: 150)
        XCTAssertTrue(p.0 > 200 && p.1 > 60 && p.1 < 170 && p.2 < 90, "orange ring: \(p)")
        XCTAssertFalse(q.0 > 200 && q.1 > 60 && q.1 < 170 && q.2 < 90, "no ring: \(q)")
        let hover = try RGBAImage.decodePNG(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/ring-hover.png")))
        let h = hover.pixel(x: 310, y: 150), n = try RGBAImage.decodePNG(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/none-hover.png"))).pixel(x: 310, y: 150)
        XCTAssertNotEqual(h.0 / 16, n.0 / 16, "the hover ring is drawn: \(h) against \(n)")
    }

    /// SubRip cues: (start, end, text) in seconds.
    static func cues(srt: String) -> [(start: Double, end: Double, text: String)] {
        func seconds(_ s: Substring) -> Double {
            let p = s.replacingOccurrences(of: ",", with: ".").split(separator: ":").compactMap { Double($0) }
            return p.count == 3 ? p[0] * 3600 + p[1] * 60 + p[2] : -1
        }
        return srt.replacingOccurrences(of: "\r", with: "").components(separatedBy: "\n\n").compactMap { block in
            let lines = block.split(separator: "\n")
            guard lines.count >= 3, let arrow = lines[1].range(of: " --> ") else { return nil }
            return (seconds(lines[1][..<arrow.lowerBound]), seconds(lines[1][arrow.upperBound...]), lines[2...].joined(separator: "\n"))
        }
    }

    func testVideoErrorsSayWhatToDoAndLeaveNothing() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let session = "\(Self.sessions)/scene-confirm.jsonl"
        var env = Binary.isolatedEnvironment()
        env["FORCECANVAS_FFMPEG"] = "\(dir)/no-such-ffmpeg"
        let missing = try Binary.forcecanvas(["render", session, "--video", "\(dir)/a.mp4"], environment: env)
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "forcecanvas: FORCECANVAS_FFMPEG=\(dir)/no-such-ffmpeg is not a program ffmpeg can be run from\n")
        env["FORCECANVAS_FFMPEG"] = nil
        env["PATH"] = dir
        let none = try Binary.forcecanvas(["render", session, "--video", "\(dir)/a.mp4"], environment: env)
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.contains("install ffmpeg: apt-get install ffmpeg"), none.stderr)

        // An ffmpeg that reads a little, complains and fails.
        let fake = "\(dir)/fake-ffmpeg"
        try "#!/bin/sh\nhead -c 1000 >/dev/null\necho 'Unknown encoder libx264' >&2\nexit 1\n".write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        env["FORCECANVAS_FFMPEG"] = fake
        let failed = try Binary.forcecanvas(["render", session, "--video", "\(dir)/b.mp4", "--size", "320x200"], environment: env)
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stderr.contains("ffmpeg failed: Unknown encoder libx264"), failed.stderr)

        let format = try Binary.forcecanvas(["render", session, "--video", "\(dir)/c.avi"])
        XCTAssertEqual(format.status, 1)
        XCTAssertTrue(format.stderr.contains("name the output .mp4, .webm or .gif"), format.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), ["fake-ffmpeg"], "no video, no temporary file")

        // A lesson's video has subtitle sidecars: a video that fails leaves none of them (they
        // were left, and the next try was refused: "e.srt exists"; the failing ffmpeg is tried
        // twice for that), and a container ffmpeg is not told how to write is said before
        // anything (it was "e.srt exists").
        let lesson = Binary.repository.appendingPathComponent("Assets/Lessons/1-coalesced-and-predicted.jsonl").path
        for (ffmpeg, output, said) in [("\(dir)/no-such-ffmpeg", "e.mp4", "is not a program"), (fake, "e.mp4", "ffmpeg failed: Unknown encoder"),
                                       (fake, "e.mp4", "ffmpeg failed: Unknown encoder"), (fake, "e.avi", "name the output .mp4, .webm or .gif")] {
            env["FORCECANVAS_FFMPEG"] = ffmpeg
            let r = try Binary.forcecanvas(["render", lesson, "--video", "\(dir)/\(output)", "--size", "320x200"], environment: env)
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertTrue(r.stderr.contains(said), "\(output) with \(ffmpeg): \(r.stderr)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), ["fake-ffmpeg"], "no video, no sidecar, no temporary file")
        }

        let usage = try Binary.forcecanvas(["render", session, "--video", "\(dir)/d.mp4", "--at", "1"])
        XCTAssertEqual(usage.status, 64)
        let speed = try Binary.forcecanvas(["render", session, "--video", "\(dir)/d.mp4", "--speed", "9"])
        XCTAssertEqual(speed.status, 64)
        XCTAssertTrue(speed.stderr.contains("--speed 9.0 is out of range"), speed.stderr)
    }

    /// A video on a full disk says so in ForceCanvas's words (with ffmpeg's line after them)
    /// and leaves nothing: no video, no sidecar, no temporary file. ffmpeg, when the disk fills
    /// as it writes the trailer, says so and exits with 0: the cut-off file (4 KiB here) took
    /// the video's name and render said it had written it.
    func testAVideoOnAFullDiskSaysSoAndLeavesNothing() throws {
        let disk = try SmallDisk()
        // Room for the two sidecars (a 4 KiB page each), not for the video.
        disk.fill(leaving: 12 * 1024)
        let lesson = Binary.repository.appendingPathComponent("Assets/Lessons/1-coalesced-and-predicted.jsonl").path
        let r = try Binary.forcecanvas(["render", lesson, "--video", "\(disk.path)/lesson.mp4", "--size", "320x200"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("forcecanvas: cannot write the video: the disk is full (ffmpeg: "), r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk.path), ["filler"])
    }

    func testLessonsAreListedAndFoundByNameOrNumber() throws {
        let list = try Binary.forcecanvas(["lessons"])
        XCTAssertEqual(list.status, 0, list.stderr)
        let names = list.stdout.split(separator: "\n").filter { $0.first?.isNumber ?? false }
        XCTAssertGreaterThanOrEqual(names.count, 8, list.stdout)
        XCTAssertTrue(list.stdout.contains("5-peek-and-pop"), list.stdout)
        var env = Binary.isolatedEnvironment()
        env["DISPLAY"] = nil
        let unknown = try Binary.forcecanvas(["run", "--lesson", "no-such-lesson"], environment: env)
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.contains("no lesson \"no-such-lesson\"") && unknown.stderr.contains("5-peek-and-pop"), unknown.stderr)
        let both = try Binary.forcecanvas(["run", "--lesson", "5", "--replay", "x.jsonl"], environment: env)
        XCTAssertEqual(both.status, 64)
        // Any unique part of a name (or title); a part of several names them.
        let several = try Binary.forcecanvas(["run", "--lesson", "pre"], environment: env)
        XCTAssertEqual(several.status, 64)
        XCTAssertTrue(several.stderr.contains("\"pre\" is part of ") && several.stderr.contains(": say which"), several.stderr)
        try Binary.requireDisplay()
        var shown = Binary.isolatedEnvironment()
        shown["DISPLAY"] = ProcessInfo.processInfo.environment["DISPLAY"]
        let peek = try Binary.forcecanvas(["run", "--lesson", "peek", "--exit-after-frames", "3"], environment: shown)
        XCTAssertEqual(peek.status, 0, peek.stderr)
    }

    func testThePlayerKeys() {
        func action(_ key: SDL_KeyCode, shift: Bool = false) -> KeyAction? {
            KeyMap.action(sym: SDL_Keycode(key.rawValue), modifiers: shift ? UInt16(KMOD_LSHIFT.rawValue) : 0)
        }
        XCTAssertEqual(action(SDLK_SPACE), .player(.playPause))
        XCTAssertEqual(action(SDLK_0), .player(.resetSpeed))
        // The speed keys by the text typed, whatever key types them (`EventTranslatorTests`):
        // "=" is Shift+0 in Germany, which reset the speed.
        XCTAssertNil(action(SDLK_0, shift: true), "Shift+0: \"=\" in Germany, \")\" in the US")
        for (key, name) in [(SDLK_MINUS, "-"), (SDLK_EQUALS, "="), (SDLK_PLUS, "+"), (SDLK_KP_PLUS, "keypad +"), (SDLK_COMMA, "<")] {
            XCTAssertNil(action(key, shift: name == "<"), "\(name): by its text")
        }
        for (text, key) in [("<", PlayerKey.slower), ("-", .slower), (">", .faster), ("=", .faster), ("+", .faster), ("0", .resetSpeed)] {
            XCTAssertEqual(EventTranslator.typedCommands[text], .player(key), text)
        }
        XCTAssertEqual(action(SDLK_LEFT), .player(.frameBack))
        XCTAssertEqual(action(SDLK_RIGHT, shift: true), .player(.eventForward))
        XCTAssertEqual(action(SDLK_HOME), .player(.start))
        XCTAssertEqual(action(SDLK_END), .player(.end))
        XCTAssertEqual(action(SDLK_RETURN), .player(.takeOver))
        XCTAssertEqual(action(SDLK_m), .command(.toggleDiagram))
        XCTAssertEqual(action(SDLK_t), .command(.toggleTrail))
        XCTAssertEqual(KeyMap.action(sym: SDL_Keycode(SDLK_o.rawValue), modifiers: UInt16(KMOD_LCTRL.rawValue)), .player(.lessons))
    }

    /// `--size` is the player's window, never the replay's screen: the frame and strip are
    /// scaled to fit (half of 1280 × 888 here), and a fork from it records the session's own
    /// 1280 × 800 screen.
    func testSizeScalesThePlayerNotTheReplay() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let env = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": "\(dir)/state"]) { $1 }
        let source = "\(Self.sessions)/scene-confirm.jsonl"
        let fork = "\(dir)/fork.jsonl"
        let (process, window) = try Binary.launchWindow(["--replay", source, "--size", "640x444", "--record", fork,
                                                         "--snapshot", "\(dir)/shot.png"], environment: env)
        let geometry = try Binary.xdotool(["getwindowgeometry", window]).stdout
        XCTAssertTrue(geometry.contains("640x444"), "the frame and strip at half size: \(geometry)")
        try Binary.xdotool(["key", "--window", window, "End", "sleep", "0.3", "key", "--window", window, "Return", "sleep", "0.5"])
        process.terminate()
        Binary.waitForExit(process)
        let replayed = try SessionCoding.parse(String(contentsOfFile: source, encoding: .utf8), file: "source")
        let forked = try SessionCoding.parse(String(contentsOfFile: fork, encoding: .utf8), file: "fork")
        XCTAssertEqual(forked.viewport, replayed.viewport, "the replay's own screen, not --size")
        XCTAssertEqual(Fixtures.finalState(forked).screenSize, Fixtures.finalState(replayed).screenSize)
    }

    /// The player in the window: it opens below its strip, pauses on Space, steps, and Return
    /// continues drawing from there into a new recording that starts with the replay's events.
    func testTheWindowPlaysPausesAndForksARecording() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let source = "\(Self.sessions)/scene-confirm.jsonl"
        let fork = "\(dir)/fork.jsonl"
        let env = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": "\(dir)/state"]) { $1 }
        let (process, window) = try Binary.launchWindow(["--replay", source, "--record", fork, "--snapshot", "\(dir)/shot.png"], environment: env)
        let geometry = try Binary.xdotool(["getwindowgeometry", window]).stdout
        XCTAssertTrue(geometry.contains("1280x888"), "the frame and the player's strip: \(geometry)")
        try Binary.xdotool(["key", "--window", window, "End", "sleep", "0.3", "key", "--window", window, "Left", "sleep", "0.2",
                            "key", "--window", window, "Return", "sleep", "0.5"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: fork), "Return started the recording")
        // Drawing goes on: a stroke on the canvas after a switch (Tab through the scenes).
        try Binary.xdotool(["key", "--window", window, "1", "sleep", "0.2", "mousemove", "--window", window, "700", "300",
                            "mousedown", "1", "mousemove", "--window", window, "800", "320", "sleep", "0.05",
                            "mousemove", "--window", window, "900", "340", "mouseup", "1", "sleep", "0.3"])
        process.terminate()
        Binary.waitForExit(process)
        let replayed = try SessionCoding.parse(String(contentsOfFile: source, encoding: .utf8), file: "source")
        let forked = try SessionCoding.parse(String(contentsOfFile: fork, encoding: .utf8), file: "fork")
        XCTAssertEqual(forked.viewport, replayed.viewport, "the fork has the replay's header")
        let prefix = replayed.events.filter { $0.time <= ReplaySchedule.time(ofFrame: ReplaySchedule.frame(atOrAfter: replayed.duration) - 1) }
        XCTAssertEqual(Array(forked.events.prefix(prefix.count)), prefix, "the replay's events up to the frame on screen come first")
        XCTAssertTrue(forked.events.dropFirst(prefix.count).contains { if case .command(.sceneCanvas) = $0.event { return true }; return false },
                      "then what was done after: \(forked.events.suffix(6))")
        XCTAssertTrue(forked.events.contains { e in
            if case .pointer(let p) = e.event { return p.phase == .down && p.location.x == 700 } else { return false }
        })
        XCTAssertTrue(zip(forked.events, forked.events.dropFirst()).allSatisfy { $0.time <= $1.time }, "times go on from the replay's")
        XCTAssertLessThan(forked.duration, replayed.duration + 30, "no gap of the window's own clock")
        // The fork is a new document too, named after the replay, its journal holding the same
        // events (the blank canvas under the player was not kept).
        let documents = DocumentStore(directory: "\(dir)/state/forcecanvas/documents").list()
        XCTAssertEqual(documents.count, 1, "\(documents.map(\.name))")
        XCTAssertTrue(documents.first?.name.hasPrefix("scene-confirm from ") == true, "\(documents.map(\.name))")
        let path = try XCTUnwrap(documents.first?.path)
        let journal = try SessionCoding.parse(String(contentsOfFile: path, encoding: .utf8), file: path)
        XCTAssertEqual(Fixtures.finalState(journal).ink.strokes.count, Fixtures.finalState(forked).ink.strokes.count)
        XCTAssertGreaterThan(Fixtures.finalState(journal).ink.strokes.count, 0)
    }

    /// Return goes on from what the viewer sees: the text size of `--ui-scale`, the debug
    /// drawing of `--debug` and a panel opened in the player are recorded as their keys at the
    /// fork, so the drawing and its replay show them (a presenter continuing at 2× went on at 1×).
    func testContinuingKeepsTheViewersTextSizeAndPanels() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let source = "\(Self.sessions)/scene-confirm.jsonl"
        let fork = "\(dir)/fork.jsonl"
        let env = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": "\(dir)/state", "XDG_CONFIG_HOME": "\(dir)/config"]) { $1 }
        let (process, window) = try Binary.launchWindow(["--replay", source, "--record", fork, "--ui-scale", "2", "--debug"], environment: env)
        try Binary.xdotool(["key", "--window", window, "End", "sleep", "0.3", "key", "--window", window, "h", "sleep", "0.2",
                            "key", "--window", window, "Return", "sleep", "0.6"])
        process.terminate()
        Binary.waitForExit(process)
        let replayed = try SessionCoding.parse(String(contentsOfFile: source, encoding: .utf8), file: "source")
        let forked = try SessionCoding.parse(String(contentsOfFile: fork, encoding: .utf8), file: "fork")
        let commands = forked.events.dropFirst(replayed.events.count - 1).compactMap { e -> Command? in
            if case .command(let c) = e.event { return c } else { return nil }
        }
        XCTAssertEqual(commands.prefix(6), [.toggleDebug, .toggleHUD, .uiLarger, .uiLarger, .uiLarger, .uiLarger],
                       "\(forked.events.suffix(8))")
        let state = Fixtures.finalState(forked)
        XCTAssertEqual(state.options.uiScale, 2)
        XCTAssertTrue(state.options.showHUD)
        XCTAssertTrue(state.options.debug)
        XCTAssertEqual(Fixtures.finalState(replayed).options.uiScale, 1, "the session itself is at 1×")
    }
}
