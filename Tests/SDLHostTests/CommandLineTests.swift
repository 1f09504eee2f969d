import CairoRender
import ForceCore
import TestSupport
import Foundation
import XCTest

/// The command line as a user meets it: bad input gets a clear message and loses nothing.
final class CommandLineTests: XCTestCase {
    func testAMalformedSessionLineIsNamedAndNoPNGIsWritten() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let session = """
            {"format":"forcecanvas-session","version":1,"width":200,"height":100}
            {"t":0,"type":"down","x":10,"y":10}
            {"t":0.1,"type":"move","x":"far","y":10}
            {"t":0.2,"type":"up","x":20,"y":10}
            """
        try session.write(toFile: "\(dir)/bad.jsonl", atomically: true, encoding: .utf8)
        let r = try Binary.forcecanvas(["render", "\(dir)/bad.jsonl", "--out", "\(dir)/out"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "forcecanvas: \(dir)/bad.jsonl:3: \"x\" must be a number\n")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: "\(dir)/out")) ?? []
        XCTAssertEqual(written, [], "no PNG, not even half of one")
    }

    func testAMissingSessionFileIsNamed() throws {
        let r = try Binary.forcecanvas(["render", "/nonexistent/s.jsonl", "--out", NSTemporaryDirectory()])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "forcecanvas: /nonexistent/s.jsonl: cannot read the file\n")
    }

    /// `--out drawing.pdf` (or .svg, .xopp, .mp4) names the option that writes it, where it
    /// made a folder of that name with PNGs in it; a folder that is already called so is still
    /// a folder for frames.
    func testOutNamedLikeAnotherOutputSaysWhichOptionWritesIt() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (name, option) in [("d.pdf", "--pdf"), ("d.SVG", "--svg"), ("d.xopp", "--xopp"), ("d.mp4", "--video")] {
            let r = try Binary.forcecanvas(["render", "\(dir)/s.jsonl", "--out", "\(dir)/\(name)"])
            XCTAssertEqual(r.status, 64, r.stderr)
            XCTAssertTrue(r.stderr.hasPrefix("forcecanvas: --out is the folder for PNG frames (or one frame's .png): to write \(dir)/\(name), give \(option) \(dir)/\(name)"), r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/\(name)"), "no folder made")
        }
        try FileManager.default.createDirectory(atPath: "\(dir)/frames.pdf", withIntermediateDirectories: false)
        let r = try Binary.forcecanvas(["render", "\(dir)/s.jsonl", "--out", "\(dir)/frames.pdf"])
        XCTAssertEqual(r.status, 1, "a folder is a folder, whatever its name: the missing session is said")
        XCTAssertTrue(r.stderr.contains("s.jsonl: cannot read the file"), r.stderr)
    }

    func testAnUnknownOptionIsAUsageError() throws {
        let r = try Binary.forcecanvas(["render", "x.jsonl", "--out", "o", "--sparkle"])
        XCTAssertEqual(r.status, 64, "EX_USAGE")
        XCTAssertTrue(r.stderr.contains("Unknown option '--sparkle'"), r.stderr)
        XCTAssertTrue(r.stderr.contains("Usage:"), r.stderr)
        let bad = try Binary.forcecanvas(["render", "x.jsonl", "--out", "o", "--renderer", "crayon"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("crayon"), bad.stderr)
    }

    /// One error style across the commands: a usage error is `forcecanvas: …` and the usage,
    /// status 64; a failure (a file that is not there) is one `forcecanvas: …` line, status 1;
    /// help is on stdout, status 0.
    func testEveryCommandEndsInTheOneStyle() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let usage: [[String]] = [["render", "s.jsonl", "--sparkle"], ["check", "--goldens", dir, "--jobs", "zero"],
                                 ["compare", "a.png"], ["diagram", "nope", "--png", "\(dir)/d.png"], ["devices", "--x"],
                                 ["lessons", "--x"], ["import", "a.xopp"], ["app-icon"], ["run", "--size", "10"], ["check", "merge"]]
        for args in usage {
            let r = try Binary.forcecanvas(args)
            XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("forcecanvas: "), "\(args): \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("Error: "), "\(args): \(r.stderr)")
        }
        let failures: [[String]] = [["render", "/nonexistent/s.jsonl", "--out", dir], ["compare", "/nonexistent/a.png", "/nonexistent/b.png"],
                                    ["import", "/nonexistent/a.xopp", "--out", "\(dir)/a.jsonl"]]
        for args in failures {
            let r = try Binary.forcecanvas(args)
            XCTAssertEqual(r.status, 1, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("forcecanvas: "), "\(args): \(r.stderr)")
        }
        // check reports an unreadable session in its report (a line, JUnit, JSON), status 1.
        let check = try Binary.forcecanvas(["check", "/nonexistent/s.jsonl", "--goldens", dir])
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stdout.contains("ERROR    s: /nonexistent/s.jsonl: cannot read the file"), check.stdout)
        for args in [["--help"], ["render", "--help"], ["help", "check"], ["--version"]] {
            let r = try Binary.forcecanvas(args)
            XCTAssertEqual(r.status, 0, "\(args)")
            XCTAssertFalse(r.stdout.isEmpty, "\(args): on stdout")
            XCTAssertEqual(r.stderr, "", "\(args)")
        }
    }

    /// A negative number after an option is that option's value, and its own check says what
    /// is wrong with it: ArgumentParser took `-1` for an option and said "Missing value for
    /// '--at <at>'". Every number option of every command (19), as a user types it (a space, no =).
    func testANegativeNumberIsTheOptionsValue() throws {
        let demo = Binary.repository.appendingPathComponent("Assets/Sessions/demo.jsonl").path
        let golden = Binary.repository.appendingPathComponent("Tests/Goldens/scene-confirm-selected.png").path
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cases: [(args: [String], says: String)] = [
            (["render", demo, "--at", "-1", "--out", dir], "--at times must be 0 or more seconds, not -1.0"),
            (["render", demo, "--at", "1", "-2.5", "3", "--out", dir], "--at times must be 0 or more seconds, not -2.5"),
            (["render", demo, "--speed", "-1", "--video", "\(dir)/v.mp4"], "--speed -1.0 is out of range"),
            (["render", demo, "--reading-rate", "-1", "--video", "\(dir)/v.mp4"], "--reading-rate -1.0 is out of range"),
            (["render", demo, "--fps", "-1", "--video", "\(dir)/v.mp4"], "--fps -1.0 is out of range"),
            (["render", demo, "--scale", "-1", "--out", dir], "--scale -1.0 is out of range"),
            (["check", demo, "--goldens", dir, "--threshold", "-0.5"], "--threshold must be between 0 and 1"),
            (["check", demo, "--goldens", dir, "--max-diff-pixels", "-1"], "--max-diff-pixels must be 0 or more"),
            (["check", demo, "--goldens", dir, "--max-diff-ratio", "-1"], "--max-diff-ratio must be between 0 and 1"),
            (["check", demo, "--goldens", dir, "--jobs", "-1"], "--jobs must be between 1 and 256"),
            (["check", demo, "--goldens", dir, "--at", "-1"], "--at times must be 0 or more seconds"),
            (["diagram", "ink", "--scale", "-1", "--png", "\(dir)/d.png"], "--scale must be 1–4"),
            (["check", demo, "--goldens", dir, "--scale", "-2"], "--scale -2.0 is out of range"),
            (["compare", golden, golden, "--threshold", "-1"], "--threshold must be between 0 and 1"),
            (["compare", golden, golden, "--max-diff-pixels", "-3"], "--max-diff-pixels must be 0 or more"),
            (["compare", golden, golden, "--max-diff-ratio", "-.5"], "--max-diff-ratio must be between 0 and 1"),
            (["run", "--display", "-1"], "--display must be a display's index"),
            (["run", "--speed", "-1e1"], "--speed -10.0 is out of range"),
            (["run", "--exit-after-frames", "-1"], "--exit-after-frames must be at least 1"),
            (["run", "--ui-scale", "-1"], "--ui-scale -1.0 is out of range"),
        ]
        for c in cases {
            let r = try Binary.forcecanvas(c.args)
            XCTAssertEqual(r.status, 64, "\(c.args): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("forcecanvas: \(c.says)"), "\(c.args): \(r.stderr)")
        }
        // After -- nothing is joined: a dash word there is the user's to mean.
        let after = try Binary.forcecanvas(["render", demo, "--at", "--", "-1"])
        XCTAssertEqual(after.status, 64)
        XCTAssertTrue(after.stderr.contains("Missing value for '--at"), after.stderr)
    }

    /// Every file a command writes goes into its folder, made if missing, as `render --out`
    /// always made its own: a PNG, SVG or PDF Cairo writes, a diff, a JSON result, a diagram, an
    /// icon (these said "error while writing to output stream" before). A folder that cannot be
    /// made is said with the part of the path that is in the way.
    func testEveryOutputGoesIntoItsFolderMadeIfMissing() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let demo = Binary.repository.appendingPathComponent("Assets/Sessions/demo.jsonl").path
        let golden = Binary.repository.appendingPathComponent("Tests/Goldens/scene-confirm-selected.png").path
        let runs: [(args: [String], writes: [String])] = [
            (["render", demo, "--svg", "\(dir)/a/d.svg", "--pdf", "\(dir)/b/c/d.pdf", "--xopp", "\(dir)/e/d.xopp"],
             ["a/d.svg", "b/c/d.pdf", "e/d.xopp"]),
            (["compare", golden, golden, "--diff", "\(dir)/f/diff.png", "--json", "\(dir)/g/h/result.json"], ["f/diff.png", "g/h/result.json"]),
            (["diagram", "ink", "--png", "\(dir)/i/ink.png", "--svg", "\(dir)/j/ink.svg", "--pdf", "\(dir)/k/ink.pdf"],
             ["i/ink.png", "j/ink.svg", "k/ink.pdf"]),
            (["app-icon", "\(dir)/l/m/icon.png"], ["l/m/icon.png"]),
            // A video without captions (none of their sidecars to make the folder first).
            (["render", demo, "--video", "\(dir)/n/o/demo.gif", "--size", "160x100", "--fps", "10"], ["n/o/demo.gif"]),
        ]
        for run in runs {
            let r = try Binary.forcecanvas(run.args)
            XCTAssertEqual(r.status, 0, "\(run.args): \(r.stderr)")
            for file in run.writes {
                let attributes = try FileManager.default.attributesOfItem(atPath: "\(dir)/\(file)")
                XCTAssertGreaterThan(attributes[.size] as? Int ?? 0, 0, file)
            }
        }
        XCTAssertTrue(FileManager.default.createFile(atPath: "\(dir)/notes", contents: Data("x".utf8)))
        let blocked = try Binary.forcecanvas(["diagram", "ink", "--png", "\(dir)/notes/ink.png"])
        XCTAssertEqual(blocked.status, 1)
        XCTAssertEqual(blocked.stderr, "forcecanvas: \(dir)/notes/ink.png: cannot write: its folder cannot be made: \(dir)/notes: a part of the path is not a folder\n")
    }

    /// What a reader is given is named: an image given to `render` or `import` as an image, a
    /// session given to `import` as a session (both were read as a tablet's capture: "no evdev
    /// events"); a Xournal++ package without its extension is known by its bytes.
    func testWhatAReaderIsGivenIsNamed() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let demo = Binary.repository.appendingPathComponent("Assets/Sessions/demo.jsonl").path
        let session = try Binary.forcecanvas(["import", demo, "--out", "\(dir)/demo.jsonl"])
        XCTAssertEqual(session.status, 1)
        XCTAssertEqual(session.stderr, "forcecanvas: \(demo) is a ForceCanvas session already: there is nothing to import (forcecanvas run --open opens it, render and check read it)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/demo.jsonl"))
        let image = Binary.repository.appendingPathComponent("Tests/Goldens/scene-confirm-selected.png").path
        let render = try Binary.forcecanvas(["render", image, "--out", "\(dir)/frames"])
        XCTAssertEqual(render.status, 1)
        XCTAssertEqual(render.stderr, "forcecanvas: \(image):1: a PNG image, not a session\n")
        let imported = try Binary.forcecanvas(["import", image, "--out", "\(dir)/s.jsonl"])
        XCTAssertEqual(imported.status, 1)
        XCTAssertEqual(imported.stderr, "forcecanvas: \(image) is a PNG image: import reads Xournal++ documents (.xopp), PDFs and tablet captures (`libinput record` .yml, evemu recordings)\n")
        let package = "\(dir)/notes.bin"
        try FileManager.default.copyItem(atPath: Binary.repository.appendingPathComponent("Tests/Fixtures/xournal-tools-package.xopp").path, toPath: package)
        let read = try Binary.forcecanvas(["import", package, "--out", "\(dir)/notes.jsonl"])
        XCTAssertEqual(read.status, 0, read.stderr)
        XCTAssertTrue(read.stdout.hasPrefix("\(dir)/notes.jsonl: Xournal++ · 2 pages"), read.stdout)
    }

    /// `--overwrite` replaces outputs, never the file a command reads, however it is named (a
    /// link, `./`): `render s.jsonl --svg s.jsonl --overwrite` replaced the session with its
    /// drawing, `import a.xopp --out a.xopp --overwrite` the document with a session, and
    /// `compare --diff` the golden it compared.
    func testNoCommandWritesOverTheFileItReads() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let session = "\(dir)/s.jsonl", document = "\(dir)/d.xopp", image = "\(dir)/i.png"
        try FileManager.default.copyItem(atPath: Binary.repository.appendingPathComponent("Assets/Sessions/demo.jsonl").path, toPath: session)
        try FileManager.default.copyItem(atPath: Binary.repository.appendingPathComponent("Tests/Fixtures/xournal-tools-package.xopp").path,
                                         toPath: document)
        try FileManager.default.copyItem(atPath: Binary.repository.appendingPathComponent("Tests/Goldens/scene-confirm-selected.png").path,
                                         toPath: image)
        try FileManager.default.createSymbolicLink(atPath: "\(dir)/link.jsonl", withDestinationPath: session)
        let before = try [session, document, image].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let refused: [(args: [String], said: String)] = [
            (["render", session, "--svg", session, "--overwrite"], "\(session) is the file render reads"),
            (["render", session, "--pdf", "\(dir)/link.jsonl", "--overwrite"], "\(dir)/link.jsonl is the same file as \(session), the file render reads"),
            (["render", session, "--video", "\(dir)/./s.jsonl", "--overwrite"], "\(dir)/./s.jsonl is the same file as \(session), the file render reads"),
            (["import", document, "--out", document, "--overwrite"], "\(document) is the file import reads"),
            (["compare", image, image, "--diff", image, "--overwrite"], "\(image) is the file compare reads"),
            (["compare", image, image, "--json", image, "--overwrite"], "\(image) is the file compare reads"),
            (["check", session, "--goldens", "\(dir)/g", "--junit", session], "--junit \(session) is a file check reads"),
            (["run", "--open", session, "--record", "\(dir)/link.jsonl", "--overwrite"], "--record and --open name the same file"),
        ]
        for (args, said) in refused {
            let r = try Binary.forcecanvas(args)
            XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("forcecanvas: \(said)"), "\(args): \(r.stderr)")
        }
        XCTAssertEqual(try [session, document, image].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }, before, "every input as it was")
    }

    /// An output named as another format is refused before anything is written: `--svg a.pdf`
    /// wrote an SVG named as a PDF, `diagram --png d.svg` a PNG named as an SVG, `--out f.jpg` a
    /// folder of PNGs named as a JPEG. A name without a known extension is taken as given.
    func testAnOutputNamedAsAnotherFormatIsRefused() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let demo = Binary.repository.appendingPathComponent("Assets/Sessions/demo.jsonl").path
        let image = Binary.repository.appendingPathComponent("Tests/Goldens/scene-confirm-selected.png").path
        let refused: [(args: [String], said: String)] = [
            (["render", demo, "--svg", "\(dir)/a.pdf"], "--svg \(dir)/a.pdf: --svg writes an SVG, and the name says a PDF: name it .svg (--pdf writes a PDF)"),
            (["render", demo, "--xopp", "\(dir)/a.jsonl"], "--xopp \(dir)/a.jsonl: --xopp writes a Xournal++ document, and the name says a session: name it .xopp"),
            (["render", demo, "--out", "\(dir)/f.jpg"], "--out \(dir)/f.jpg: --out writes a PNG image, and the name says a JPEG image: name it .png"),
            (["diagram", "ink", "--png", "\(dir)/d.svg"], "--png \(dir)/d.svg: --png writes a PNG image, and the name says an SVG: name it .png (--svg writes an SVG)"),
            (["compare", image, image, "--diff", "\(dir)/d.json"], "--diff \(dir)/d.json: --diff writes a PNG image, and the name says JSON: name it .png (--json writes JSON)"),
        ]
        for (args, said) in refused {
            let r = try Binary.forcecanvas(args)
            XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("forcecanvas: \(said)\n"), "\(args): \(r.stderr)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [], "nothing written")
        let plain = try Binary.forcecanvas(["diagram", "ink", "--svg", "\(dir)/diagram"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(try String(contentsOfFile: "\(dir)/diagram", encoding: .utf8).contains("<svg"))
    }

    /// `--lessons` naming no folder is said, where it listed the user's lessons alone (or none),
    /// as if the folder were empty.
    func testALessonsFolderThatIsNotThereIsSaid() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertTrue(FileManager.default.createFile(atPath: "\(dir)/a.jsonl", contents: Data()))
        for (args, problem) in [(["lessons", "--lessons", "\(dir)/missing"], "\(dir)/missing: no such folder"),
                                (["lessons", "--lessons", "\(dir)/a.jsonl"], "\(dir)/a.jsonl: not a folder"),
                                (["run", "--lesson", "3", "--lessons", "\(dir)/missing"], "\(dir)/missing: no such folder")] {
            let r = try Binary.forcecanvas(args)
            XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)")
            XCTAssertEqual(r.stderr, "forcecanvas: --lessons \(problem)\n", "\(args)")
            XCTAssertEqual(r.stdout, "", "\(args)")
        }
    }

    /// A mistyped command is named as a command, with the one meant, not as an argument of `run`.
    func testAnUnknownCommandIsNamedWithTheCommands() throws {
        let r = try Binary.forcecanvas(["rendr", "s.jsonl"])
        XCTAssertEqual(r.status, 64)
        XCTAssertEqual(r.stdout, "")
        XCTAssertTrue(r.stderr.hasPrefix("forcecanvas: unknown command \"rendr\" (did you mean \"render\"?); the commands are run, render, check,"), r.stderr)
        XCTAssertTrue(try Binary.forcecanvas(["zzz"]).stderr.contains("unknown command \"zzz\"; the commands are"))
        XCTAssertEqual(try Binary.forcecanvas(["--version"]).status, 0, "options still go to run")
    }

    func testWithoutADisplayTheWindowSaysSoInOneLine() throws {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        let r = try Binary.forcecanvas(["run"], environment: env)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("forcecanvas: no display"), r.stderr)
    }

    func testRenderingTheDemoTwiceGivesIdenticalBytes() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let demo = Binary.repository.appendingPathComponent("Assets/Sessions/demo.jsonl").path
        let a = try Binary.forcecanvas(["render", demo, "--out", "\(dir)/a", "--at", "1.5", "3"])
        let b = try Binary.forcecanvas(["render", demo, "--out", "\(dir)/b", "--at", "1.5", "3"])
        XCTAssertEqual(a.status, 0, a.stderr)
        XCTAssertEqual(b.status, 0, b.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/a").sorted()
        XCTAssertEqual(names, ["demo-t1.500.png", "demo-t3.000.png"])
        for n in names {
            XCTAssertEqual(FileManager.default.contents(atPath: "\(dir)/a/\(n)"), FileManager.default.contents(atPath: "\(dir)/b/\(n)"), n)
        }
    }

    /// `--out NAME.png` for one frame is that file, the bytes the folder form writes (before, it
    /// made a folder named NAME.png); several times need a folder, and a folder named so stays one.
    func testOutNamingAPNGIsTheOneFramesFile() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let demo = Binary.repository.appendingPathComponent("Assets/Sessions/demo.jsonl").path
        let folder = try Binary.forcecanvas(["render", demo, "--out", "\(dir)/frames", "--at", "1.5"])
        XCTAssertEqual(folder.status, 0, folder.stderr)
        let file = try Binary.forcecanvas(["render", demo, "--out", "\(dir)/new/shot.PNG", "--at", "1.5"])
        XCTAssertEqual(file.status, 0, file.stderr)
        XCTAssertEqual(file.stdout, "\(dir)/new/shot.PNG\n")
        XCTAssertEqual(FileManager.default.contents(atPath: "\(dir)/new/shot.PNG"), FileManager.default.contents(atPath: "\(dir)/frames/demo-t1.500.png"))
        let again = try Binary.forcecanvas(["render", demo, "--out", "\(dir)/new/shot.PNG", "--at", "1.5"])
        XCTAssertEqual(again.status, 64)
        XCTAssertTrue(again.stderr.contains("exists"), again.stderr)
        let several = try Binary.forcecanvas(["render", demo, "--out", "\(dir)/two.png", "--at", "1", "2"])
        XCTAssertEqual(several.status, 64)
        XCTAssertTrue(several.stderr.contains("give a folder for several frames"), several.stderr)
        try FileManager.default.createDirectory(atPath: "\(dir)/looks.png", withIntermediateDirectories: false)
        let named = try Binary.forcecanvas(["render", demo, "--out", "\(dir)/looks.png", "--at", "1", "2"])
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "\(dir)/looks.png").sorted(), ["demo-t1.000.png", "demo-t2.000.png"])
    }

    /// `render --ui-scale 3 --hud` of a lesson (a version 1 session, its dock inside the
    /// window) draws the view over the replay, not in it: the PNG is the session's own replay
    /// seen through that view, byte for byte. (Laid out at 3× in the replay itself, the
    /// lesson's press landed in the dock's band and the frame showed the button idle.)
    func testRenderFlagsAreAViewOverTheSessionsReplay() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lesson = Binary.repository.appendingPathComponent("Assets/Lessons/6-confirm-button.jsonl").path
        let r = try Binary.forcecanvas(["render", lesson, "--out", dir, "--at", "1", "--ui-scale", "3", "--hud"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let written = try RGBAImage.readPNG("\(dir)/6-confirm-button-t1.000.png")
        let session = try SessionCoding.parse(String(contentsOfFile: lesson, encoding: .utf8), file: lesson)
        var replay = HeadlessReplay(session: session, shortcuts: Fixtures.shortcuts)
        replay.view = PlayerView(uiScale: 3, showing: [.toggleHUD])
        var drawn: RGBAImage?
        try replay.run(frames: [HeadlessReplay.frame(at: 1)]) { _, state, surface in
            guard case .confirm(let confirm) = state.display.scene else { return XCTFail("lesson 6 is on Confirm") }
            XCTAssertEqual(confirm.stateName, "updating")
            drawn = RGBAImage(surface: surface)
        }
        XCTAssertTrue(drawn?.pixels == written.pixels, "the command's frame is the replay seen through the view")
    }

    /// `--size` and `--hud` choose the frame, not the replay: the demo at half size is the
    /// demo's frame scaled (same aspect: exactly 640×360; another aspect: fitted inside), and
    /// with the HUD the device's part of the frame is the same picture, the dock beside it.
    func testSizeAndPanelsChooseTheFrameNotTheReplay() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let demo = Binary.repository.appendingPathComponent("Assets/Sessions/demo.jsonl").path
        for (args, folder) in [([String](), "plain"), (["--size", "640x360"], "half"), (["--size", "1000x1000"], "square"), (["--hud"], "hud")] {
            let r = try Binary.forcecanvas(["render", demo, "--out", "\(dir)/\(folder)", "--at", "3"] + args)
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        let plain = try XCTUnwrap(PNGPixels(path: "\(dir)/plain/demo-t3.000.png"))
        let half = try XCTUnwrap(PNGPixels(path: "\(dir)/half/demo-t3.000.png"))
        let square = try XCTUnwrap(PNGPixels(path: "\(dir)/square/demo-t3.000.png"))
        let hud = try XCTUnwrap(PNGPixels(path: "\(dir)/hud/demo-t3.000.png"))
        XCTAssertEqual([plain.width, plain.height], [1280, 720])
        XCTAssertEqual([half.width, half.height], [640, 360])
        XCTAssertEqual(square.width, 1000)
        XCTAssertLessThanOrEqual(square.height, 563)
        XCTAssertEqual([hud.width, hud.height], [1280 + 472, 720])
        // The ink (dark pixels) of the half-size frame is where the full one has it, halved.
        var agree = 0, inked = 0
        for y in stride(from: 100, to: 620, by: 4) {
            for x in stride(from: 40, to: 1240, by: 4) where plain.luminance(x: x, y: y) < 60 {
                inked += 1
                if half.luminance(x: x / 2, y: y / 2) < 140 { agree += 1 }
            }
        }
        XCTAssertGreaterThan(inked, 100)
        XCTAssertGreaterThan(Double(agree) / Double(inked), 0.9, "the same ink, at half the size")
        // The HUD's frame: the device's part is pixel for pixel the plain frame but where the
        // plain frame's floating gauge was (the gauge moved into the dock).
        var differ = 0
        for y in stride(from: 0, to: 720, by: 2) {
            for x in stride(from: 0, to: 1280, by: 2) where x > 300 || y < 600 {
                if abs(plain.luminance(x: x, y: y) - hud.luminance(x: x, y: y)) > 8 { differ += 1 }
            }
        }
        XCTAssertEqual(differ, 0, "the replay is the same with the HUD")
    }
}
