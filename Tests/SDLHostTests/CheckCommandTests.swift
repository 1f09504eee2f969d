import TestSupport
import CairoRender
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// `forcecanvas check` through the built binary: exit statuses, update modes, the report and
/// JUnit, parallel jobs, and bad input.
final class CheckCommandTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try Binary.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// A bundled session copied into the test's folder (optionally changed), so it keeps its name.
    func session(_ name: String, replacing: String? = nil, with: String = "") throws -> String {
        let text = try String(contentsOf: Binary.repository.appendingPathComponent("Assets/Sessions/\(name)"), encoding: .utf8)
        if let replacing { XCTAssertTrue(text.contains(replacing), "\(name) holds \(replacing)") }
        let path = "\(dir)/\(name)"
        try (replacing.map { text.replacingOccurrences(of: $0, with: with) } ?? text).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func check(_ sessions: [String], _ more: [String] = []) throws -> Binary.Result {
        try Binary.forcecanvas(["check"] + sessions + ["--goldens", "\(dir)/goldens"] + more)
    }

    func files(_ sub: String = "goldens") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "\(dir)/\(sub)")) ?? []).sorted()
    }

    /// The confirm scene's third notch at 0.3 s turned three notches instead of one.
    static let (notch, strongerNotch) = (#"{"t":0.3,"type":"wheel","dy":1}"#, #"{"t":0.3,"type":"wheel","dy":3}"#)

    /// A goldens folder that is a file is refused before anything runs; one that cannot be made
    /// (a file in its path) and a report's folder that cannot be made are said in plain words
    /// (they said "cannot create the goldens' folder" with no reason, listed the goldens as
    /// missing, and wrote fonts.json's failure twice over).
    func testGoldensAndReportFoldersThatCannotBeMadeAreSaid() throws {
        let confirm = try session("scene-confirm.jsonl")
        XCTAssertTrue(FileManager.default.createFile(atPath: "\(dir)/notes", contents: Data("x".utf8)))
        let file = try Binary.forcecanvas(["check", confirm, "--goldens", "\(dir)/notes"])
        XCTAssertEqual(file.status, 64)
        XCTAssertTrue(file.stderr.hasPrefix("forcecanvas: --goldens \(dir)/notes is not a folder\n"), file.stderr)
        XCTAssertEqual(file.stdout, "")

        let under = try Binary.forcecanvas(["check", confirm, "--goldens", "\(dir)/notes/goldens", "--update", "missing"])
        XCTAssertEqual(under.status, 1)
        XCTAssertTrue(under.stdout.contains("ERROR    scene-confirm: \(dir)/notes/goldens: cannot write: the folder cannot be made: a part of the path is not a folder"),
                      under.stdout)

        let report = try check([confirm], ["--update", "missing", "--report", "\(dir)/notes/report"])
        XCTAssertEqual(report.status, 1)
        XCTAssertEqual(report.stderr, "forcecanvas: \(dir)/notes/report: cannot write: the folder cannot be made: a part of the path is not a folder\n")
    }

    /// A session given twice is said so; two sessions of one name from two folders are refused
    /// (their goldens would share file names).
    func testASessionGivenTwiceOrTwoOfOneName() throws {
        let confirm = try session("scene-confirm.jsonl")
        let twice = try check([confirm, confirm])
        XCTAssertEqual(twice.status, 64)
        XCTAssertTrue(twice.stderr.hasPrefix("forcecanvas: \(confirm) is given twice\n"), twice.stderr)
        try FileManager.default.createDirectory(atPath: "\(dir)/other", withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: confirm, toPath: "\(dir)/other/scene-confirm.jsonl")
        let named = try check([confirm, "\(dir)/other/scene-confirm.jsonl"])
        XCTAssertEqual(named.status, 64)
        XCTAssertTrue(named.stderr.hasPrefix("forcecanvas: \(confirm) and \(dir)/other/scene-confirm.jsonl are both named scene-confirm"), named.stderr)
    }

    func testMissingThenRecordedThenPassing() throws {
        let confirm = try session("scene-confirm.jsonl"), pressure = try session("golden-pressure.jsonl")
        let missing = try check([confirm, pressure])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stdout.split(separator: "\n").filter { $0.hasPrefix("MISSING  ") }.count, 5, missing.stdout)
        XCTAssertTrue(missing.stderr.contains("\(dir)/goldens: no such folder, so every golden is missing:"), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("\(dir)/goldens/scene-confirm-selected.png  \(dir)/goldens/scene-confirm-selected.state.json"))
        XCTAssertTrue(missing.stderr.contains("--update missing"), missing.stderr)

        let recorded = try check([confirm, pressure], ["--update", "missing"])
        XCTAssertEqual(recorded.status, 0, recorded.stdout + recorded.stderr)
        // fonts.json: the fonts the goldens were made with (those of the bundled goldens here).
        XCTAssertEqual(files(), ["fonts.json", "golden-pressure-end.png", "golden-pressure-end.state.json", "golden-pressure.trace",
                                 "scene-confirm-confirmed.png", "scene-confirm-confirmed.state.json", "scene-confirm-deleted.png",
                                 "scene-confirm-deleted.state.json", "scene-confirm-selected.png", "scene-confirm-selected.state.json",
                                 "scene-confirm-updating.png", "scene-confirm-updating.state.json", "scene-confirm.trace"])
        XCTAssertEqual(FileManager.default.contents(atPath: "\(dir)/goldens/fonts.json"),
                       FileManager.default.contents(atPath: Binary.repository.path + "/Tests/Goldens/fonts.json"))
        let state = try String(contentsOfFile: "\(dir)/goldens/scene-confirm-selected.state.json", encoding: .utf8)
        XCTAssertTrue(state.contains("\"ConfirmButton\": {\n    \"intention\": 1,"), state)
        XCTAssertTrue(state.contains("\"state\": \"selected\""), state)

        let pass = try check([confirm, pressure])
        XCTAssertEqual(pass.status, 0, pass.stdout)
        let lines = pass.stdout.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.hasPrefix("PASS     ") }.count, 5, pass.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("PASS     golden-pressure/end  pixels ok: 0 px differ (0.000%), worst distance 0.000") })
        XCTAssertTrue(lines.last?.hasPrefix("5 checkpoints in 2 sessions") ?? false, pass.stdout)
        XCTAssertFalse(pass.stdout.contains("FONTS DIFFER"), pass.stdout)

        // Goldens made with another file of DejaVu Sans: said first, in one line, and in the report.
        let record = "\(dir)/goldens/fonts.json"
        let fonts = try String(contentsOfFile: record, encoding: .utf8)
        try fonts.replacingOccurrences(of: #""file":"DejaVuSans.ttf","hash":""#, with: #""file":"DejaVuSans.ttf","hash":"0"#)
            .write(toFile: record, atomically: true, encoding: .utf8)
        let differ = try check([confirm, pressure], ["--report", "\(dir)/report"])
        XCTAssertEqual(differ.status, 0, "the pixels still pass: \(differ.stdout)")
        XCTAssertTrue(differ.stdout.hasPrefix("FONTS DIFFER from the goldens' (fonts.json): here DejaVu Sans Book (DejaVuSans.ttf "),
                      differ.stdout)
        XCTAssertEqual(differ.stdout.split(separator: "\n").filter { $0.contains("FONTS DIFFER") }.count, 1)
        let report = try String(contentsOfFile: "\(dir)/report/index.html", encoding: .utf8)
        XCTAssertTrue(report.contains("FONTS DIFFER from the goldens"), "the report says it too")
    }

    func testAChangedSessionFailsNamesItsFirstDivergenceAndUpdateModesRecordOnPurpose() throws {
        let original = try session("scene-confirm.jsonl")
        XCTAssertEqual(try check([original], ["--update", "missing"]).status, 0)
        let before = files().map { FileManager.default.contents(atPath: "\(dir)/goldens/\($0)") }
        let changed = try session("scene-confirm.jsonl", replacing: Self.notch, with: Self.strongerNotch)
        XCTAssertEqual(changed, original, "the same name, so the same goldens")

        let fail = try check([changed])
        XCTAssertEqual(fail.status, 1)
        let lines = fail.stdout.split(separator: "\n").map(String.init)
        let updating = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("FAIL     scene-confirm/updating  pixels FAIL: ") }, fail.stdout)
        XCTAssertTrue(lines[updating].contains("state FAIL: ConfirmButton.intention: 0.5 → 0.7"), lines[updating])
        XCTAssertTrue(lines[updating + 1].hasPrefix("         first divergence at t = 0.300 s, frame 18: ConfirmButton.intention (0.2 → 0.4)"),
                      lines[updating + 1])
        XCTAssertTrue(lines.contains { $0.hasPrefix("PASS     scene-confirm/selected") }, "later checkpoints catch up")
        XCTAssertTrue(fail.stderr.contains("To see what differs, give --report DIR"), "where to look: \(fail.stderr)")

        XCTAssertEqual(try check([changed], ["--update", "missing"]).status, 1, "missing does not re-record a failure")
        XCTAssertEqual(files().map { FileManager.default.contents(atPath: "\(dir)/goldens/\($0)") }, before, "nothing written")

        let update = try check([changed], ["--update", "changed"])
        XCTAssertEqual(update.status, 0, update.stdout)
        XCTAssertTrue(update.stdout.contains("UPDATED  scene-confirm/updating  re-recorded; it was: pixels FAIL"), update.stdout)
        XCTAssertTrue(update.stdout.contains("1 updated"), update.stdout)
        XCTAssertEqual(try check([changed]).status, 0, "the re-recorded goldens pass")

        let all = try check([changed], ["--update", "all"])
        XCTAssertEqual(all.status, 0)
        XCTAssertTrue(all.stdout.contains("4 passed, 1 trace written"), all.stdout)
    }

    func testTheReportAndJUnitShowTheFailure() throws {
        let original = try session("scene-confirm.jsonl")
        XCTAssertEqual(try check([original], ["--update", "missing"]).status, 0)
        let changed = try session("scene-confirm.jsonl", replacing: Self.notch, with: Self.strongerNotch)
        let r = try check([changed], ["--report", "\(dir)/report", "--junit", "\(dir)/junit.xml"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("The failing frames, their goldens and their differences are in \(dir)/report/images"), r.stderr)
        XCTAssertEqual(files("report/images"), ["scene-confirm-updating.actual.png", "scene-confirm-updating.before.png",
                                                "scene-confirm-updating.diff.png", "scene-confirm-updating.diverged.png",
                                                "scene-confirm-updating.expected.png"])
        let html = try String(contentsOfFile: "\(dir)/report/index.html", encoding: .utf8)
        for text in ["<table class=\"results\">", "FAIL</td><td><a href=\"#scene-confirm--updating\">scene-confirm/updating</a>",
                     "type=\"range\"", "onion skin", "<code>ConfirmButton.intention</code>: <span class=\"was\">0.5</span> → <span class=\"now\">0.7</span>", "first divergence at t = 0.300 s, frame 18",
                     "frame 17: the last whose state matched", "<details class=\"passed\"><summary>3 checkpoints passed</summary>"] {
            XCTAssertTrue(html.contains(text), text)
        }
        XCTAssertFalse(html.contains("http://") || html.contains("https://") || html.contains("<script src") || html.contains("<link"),
                       "self-contained: nothing from the network")
        for src in html.components(separatedBy: "src=\"").dropFirst().map({ String($0.prefix { $0 != "\"" }) }) {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/report/\(src)"), src)
        }

        let xml = try String(contentsOfFile: "\(dir)/junit.xml", encoding: .utf8)
        XCTAssertTrue(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"forcecanvas check\" tests=\"4\" failures=\"1\" errors=\"0\""), xml)
        XCTAssertEqual(xml.components(separatedBy: "<testcase ").count - 1, 4)
        XCTAssertEqual(xml.components(separatedBy: "<failure ").count - 1, 1)
        XCTAssertTrue(xml.contains("<testcase classname=\"scene-confirm\" name=\"updating\""), xml)
        XCTAssertTrue(xml.contains("diff image: \(dir)/report/images/scene-confirm-updating.diff.png"), xml)
        XCTAssertTrue(xml.contains("golden image: \(dir)/goldens/scene-confirm-updating.png"), xml)
        let parser = XMLParser(data: Data(xml.utf8))
        XCTAssertTrue(parser.parse(), "well-formed XML: \(String(describing: parser.parserError))")
    }

    /// Sessions run in parallel; the output (but the timing) and every file are the same for any number of jobs.
    func testParallelJobsGiveTheSameResultsAsOne() throws {
        let names = ["scene-confirm.jsonl", "scene-home.jsonl", "golden-pressure.jsonl", "golden-point-types.jsonl", "idle-far-end.jsonl"]
        let paths = try names.map { try session($0) }
        XCTAssertEqual(try check(paths, ["--update", "missing", "--jobs", "3"]).status, 0)
        let recordedWithThree = files().map { FileManager.default.contents(atPath: "\(dir)/goldens/\($0)") }
        try FileManager.default.removeItem(atPath: "\(dir)/goldens")
        XCTAssertEqual(try check(paths, ["--update", "missing", "--jobs", "1"]).status, 0)
        XCTAssertEqual(files().map { FileManager.default.contents(atPath: "\(dir)/goldens/\($0)") }, recordedWithThree,
                       "the same goldens, byte for byte")
        _ = try session("scene-home.jsonl", replacing: #"{"t":0.3,"type":"wheel","dy":1}"#, with: #"{"t":0.3,"type":"wheel","dy":-1}"#)
        func run(_ jobs: Int) throws -> (Int32, [Substring]) {
            let r = try check(paths, ["--jobs", "\(jobs)", "--junit", "\(dir)/j\(jobs).xml"])
            return (r.status, r.stdout.split(separator: "\n").dropLast())   // the last line has the time
        }
        let one = try run(1), four = try run(4)
        XCTAssertEqual(one.0, 1)
        XCTAssertEqual(four.0, 1)
        XCTAssertEqual(one.1, four.1)
        XCTAssertTrue(one.1.contains { $0.hasPrefix("FAIL     scene-home/left-icon") }, one.1.joined(separator: "\n"))
        func withoutTimes(_ path: String) throws -> String {
            try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: #"time="[0-9.]+""#, with: "", options: .regularExpression)
        }
        XCTAssertEqual(try withoutTimes("\(dir)/j1.xml"), try withoutTimes("\(dir)/j4.xml"))
    }

    func testBadInput() throws {
        let pressure = try session("golden-pressure.jsonl"), confirm = try session("scene-confirm.jsonl")
        // A golden of another size: recorded at 450x230, checked at the session's 900x460.
        XCTAssertEqual(try check([pressure], ["--update", "missing", "--size", "450x230"]).status, 0)
        let size = try check([pressure])
        XCTAssertEqual(size.status, 1)
        XCTAssertTrue(size.stdout.contains("FAIL     golden-pressure/end  pixels FAIL: size differs: expected 450x230, actual 900x460"),
                      size.stdout)

        // A corrupt PNG and a damaged state file: the file and why.
        XCTAssertEqual(try check([confirm], ["--update", "missing"]).status, 0)
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: "\(dir)/goldens/scene-confirm-updating.png"))
        let png = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/goldens/scene-confirm-selected.png"))
        try png.prefix(png.count / 2).write(to: URL(fileURLWithPath: "\(dir)/goldens/scene-confirm-selected.png"))
        try "{".write(toFile: "\(dir)/goldens/scene-confirm-deleted.state.json", atomically: true, encoding: .utf8)
        let corrupt = try check([confirm])
        XCTAssertEqual(corrupt.status, 1)
        XCTAssertTrue(corrupt.stdout.contains(
            "pixels: \(dir)/goldens/scene-confirm-updating.png: not a PNG (it does not begin with the PNG signature)"), corrupt.stdout)
        XCTAssertTrue(corrupt.stdout.contains("pixels: \(dir)/goldens/scene-confirm-selected.png: corrupt PNG"), corrupt.stdout)
        XCTAssertTrue(corrupt.stdout.contains("state: \(dir)/goldens/scene-confirm-deleted.state.json: not valid JSON"), corrupt.stdout)

        // A session that does not parse: FILE:LINE, and the others still run.
        let broken = "\(dir)/broken.jsonl"
        try """
            {"format":"forcecanvas-session","version":1,"width":200,"height":100}
            {"t":0.5,"type":"checkpoint","name":"one"}
            {"t":0.6,"type":"checkpoint","name":"one"}
            """.write(toFile: broken, atomically: true, encoding: .utf8)
        let mixed = try check([broken, pressure, "\(dir)/nothing.jsonl"], ["--update", "all"])
        XCTAssertEqual(mixed.status, 1)
        XCTAssertTrue(mixed.stdout.contains("ERROR    broken: \(broken):3: checkpoint \"one\" is already named on line 2: names must be unique"),
                      mixed.stdout)
        XCTAssertTrue(mixed.stdout.contains("ERROR    nothing: \(dir)/nothing.jsonl: cannot read the file"), mixed.stdout)
        XCTAssertTrue(mixed.stdout.contains("UPDATED  golden-pressure/end  re-recorded; it was: pixels FAIL: size differs"),
                      "the other session ran: \(mixed.stdout)")
    }

    func testUsageErrorsAreStatus64() throws {
        let pressure = try session("golden-pressure.jsonl")
        let cases: [[String]] = [
            ["check", "--goldens", dir],
            ["check", pressure],
            ["check", pressure, "--goldens", dir, "--update", "sometimes"],
            ["check", pressure, "--goldens", dir, "--threshold", "2"],
            ["check", pressure, "--goldens", dir, "--max-diff-ratio", "-0.1"],
            ["check", pressure, "--goldens", dir, "--jobs", "0"],
            ["check", pressure, pressure, "--goldens", dir],
        ]
        for args in cases {
            let r = try Binary.forcecanvas(args)
            XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)")
        }
    }

    func testAdHocTimesAndHeaderTolerances() throws {
        let pressure = try session("golden-pressure.jsonl")
        let r = try check([pressure], ["--at", "0.5", "1.25", "--update", "missing"])
        XCTAssertEqual(r.status, 0, r.stdout)
        XCTAssertTrue(files().contains("golden-pressure-t0.500.png") && files().contains("golden-pressure-t1.250.state.json"), "\(files())")
        // A session allowing 40 % of its pixels to differ passes a golden of another frame.
        XCTAssertEqual(try check([pressure], ["--update", "missing"]).status, 0)
        try FileManager.default.removeItem(atPath: "\(dir)/goldens/golden-pressure-end.png")
        try FileManager.default.copyItem(atPath: "\(dir)/goldens/golden-pressure-t1.250.png", toPath: "\(dir)/goldens/golden-pressure-end.png")
        XCTAssertTrue(try check([pressure]).stdout.contains("FAIL     golden-pressure/end  pixels FAIL"))
        let loose = try session("golden-pressure.jsonl", replacing: #""options":{}"#,
                                with: #""options":{},"check":{"threshold":0.1,"maxDiffRatio":0.4}"#)
        let r2 = try check([loose])
        XCTAssertEqual(r2.status, 0, r2.stdout)
        XCTAssertTrue(r2.stdout.contains("allowed 165600 (threshold 0.1)"), r2.stdout)
        XCTAssertTrue(try check([loose], ["--max-diff-ratio", "0"]).stdout.contains("PASS"), "the session's own tolerance wins")
    }

    /// A time far past a session's end is that session's error, as render says it: no golden
    /// is recorded of a time the session never reaches (check recorded one at 99999 s).
    func testATimeFarPastTheEndIsTheSessionsError() throws {
        let pressure = try session("golden-pressure.jsonl")
        let r = try check([pressure], ["--at", "1", "99999", "--update", "missing"])
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertTrue(r.stdout.contains("--at 99999 is more than 60 s past the session's end"), r.stdout)
        XCTAssertEqual(files().filter { $0.hasPrefix("golden-pressure-t") }, [], "nothing recorded, not even the time in reach")
        let render = try Binary.forcecanvas(["render", pressure, "--at", "99999", "--out", "\(dir)/frames"])
        XCTAssertEqual(render.status, 1)
        XCTAssertTrue(render.stderr.hasPrefix("forcecanvas: \(pressure): --at 99999 is more than 60 s past the session's end"), render.stderr)
        XCTAssertEqual(try check([pressure], ["--at", "30", "--update", "missing"]).status, 0, "within 60 s: the final state")
    }
}
