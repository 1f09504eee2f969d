import Foundation
import TestSupport
import XCTest

/// `check` for a real CI, through the built binary: masks and per-checkpoint tolerances,
/// approving one checkpoint, JSON and GitHub output, obsolete goldens, goldens that are not
/// files, output paths that are refused, bounded memory, `compare` and `render --overwrite`.
final class CheckCITests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try Binary.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// Two horizontal pen strokes on a 400×300 screen, the second at `y2`; checkpoints `a`
    /// (after the first stroke) and `both` (after the second), each line with `extra` keys.
    static func strokes(y2: Int, header: String = "", a: String = "", both: String = "") -> String {
        var lines = [#"{"format":"forcecanvas-session","version":2,"width":400,"height":300\#(header)}"#]
        var t = 0.0
        func stroke(_ y: Int) {
            lines.append(String(format: #"{"t":%.2f,"type":"down","x":50,"y":%d,"force":0.5,"maxForce":1,"source":"pen"}"#, t, y))
            t += 0.05
            for i in 0..<10 {
                lines.append(String(format: #"{"t":%.2f,"type":"move","x":%d,"y":%d,"force":0.5,"maxForce":1,"source":"pen"}"#, t, 60 + i * 20, y))
                t += 0.02
            }
            lines.append(String(format: #"{"t":%.2f,"type":"up","x":250,"y":%d,"source":"pen"}"#, t, y))
            t += 0.05
        }
        stroke(50)
        lines.append(String(format: #"{"t":%.3f,"type":"checkpoint","name":"a"%@}"#, t - 0.025, a))
        stroke(y2)
        lines.append(String(format: #"{"t":%.2f,"type":"checkpoint","name":"both"%@}"#, t + 0.1, both))
        return lines.joined(separator: "\n") + "\n"
    }

    @discardableResult
    func write(_ text: String, _ name: String = "s.jsonl") throws -> String {
        let path = "\(dir)/\(name)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func check(_ arguments: [String], environment: [String: String] = [:]) throws -> Binary.Result {
        var env = Binary.isolatedEnvironment()
        env["GITHUB_ACTIONS"] = nil
        env.merge(environment) { $1 }
        return try Binary.forcecanvas(["check"] + arguments + ["--goldens", "\(dir)/g"], environment: env)
    }

    /// Records the goldens of the session with the second stroke at y 150, then moves it to 170.
    func recordThenMoveTheSecondStroke(header: String = "", a: String = "", both: String = "") throws -> String {
        let path = try write(Self.strokes(y2: 150))
        let recorded = try check([path, "--update", "missing"])
        XCTAssertEqual(recorded.status, 0, recorded.stdout + recorded.stderr)
        try write(Self.strokes(y2: 170, header: header, a: a, both: both))
        return path
    }

    func testMasksAndPerCheckpointTolerances() throws {
        let path = try recordThenMoveTheSecondStroke()
        let moved = try check([path, "--report", "\(dir)/report"])
        XCTAssertEqual(moved.status, 1, moved.stdout)
        XCTAssertTrue(moved.stdout.contains("PASS     s/a "), moved.stdout)
        XCTAssertTrue(moved.stdout.contains("FAIL     s/both "), moved.stdout)

        // --mask, a header mask and a checkpoint's own mask each hide the moved stroke (y 140…180).
        let option = try check([path, "--mask", "0,120,400,80"])
        XCTAssertEqual(option.status, 0, option.stdout)
        XCTAssertTrue(option.stdout.contains("32000 px masked"), option.stdout)
        try write(Self.strokes(y2: 170, header: #","mask":[[0,120,400,80]]"#))
        XCTAssertEqual(try check([path]).status, 0)
        try write(Self.strokes(y2: 170, both: #","mask":[[0,120,400,40],[0,160,400,40]]"#))
        let own = try check([path])
        XCTAssertEqual(own.status, 0, own.stdout)
        // A mask elsewhere does not help.
        try write(Self.strokes(y2: 170))
        XCTAssertEqual(try check([path, "--mask", "0,0,400,100"]).status, 1)

        // A checkpoint's own tolerance wins over the header's and the command line's.
        try write(Self.strokes(y2: 170, header: #","check":{"maxDiffPixels":0}"#, both: #","maxDiffPixels":100000"#))
        let tolerant = try check([path, "--max-diff-pixels", "0"])
        XCTAssertEqual(tolerant.status, 0, tolerant.stdout)
        XCTAssertTrue(tolerant.stdout.contains("allowed 100000"), tolerant.stdout)

        // The report's diff of a masked failure shows the hatching and says so.
        try write(Self.strokes(y2: 170, both: #","mask":[[0,0,100,100]]"#))
        let report = try check([path, "--report", "\(dir)/report2"])
        XCTAssertEqual(report.status, 1)
        let html = try String(contentsOfFile: "\(dir)/report2/index.html", encoding: .utf8)
        XCTAssertTrue(html.contains("px masked (hatched in the diff), never compared"), html)
    }

    func testOnlyApprovesOneCheckpointAndTheReportShowsTheCommand() throws {
        let path = try write(Self.strokes(y2: 150))
        XCTAssertEqual(try check([path, "--update", "missing"]).status, 0)
        // Both checkpoints change: the first stroke moves too.
        try write(Self.strokes(y2: 170).replacingOccurrences(of: #""y":50,"#, with: #""y":60,"#))
        let failing = try check([path, "--report", "\(dir)/r"])
        XCTAssertEqual(failing.stdout.components(separatedBy: "FAIL     ").count - 1, 2, failing.stdout)
        let html = try String(contentsOfFile: "\(dir)/r/index.html", encoding: .utf8)
        let accept = "forcecanvas check \(path) --goldens \(dir)/g --only s/both --update changed"
        XCTAssertTrue(html.contains(accept), html)

        let before = FileManager.default.contents(atPath: "\(dir)/g/s-a.png")
        let one = try check([path, "--only", "s/both", "--update", "changed"])
        XCTAssertEqual(one.status, 0, one.stdout + one.stderr)
        XCTAssertTrue(one.stdout.contains("UPDATED  s/both"), one.stdout)
        XCTAssertFalse(one.stdout.contains("s/a"), "only the one checkpoint is checked")
        XCTAssertEqual(FileManager.default.contents(atPath: "\(dir)/g/s-a.png"), before, "the other golden is untouched")
        let after = try check([path])
        XCTAssertTrue(after.stdout.contains("FAIL     s/a"), after.stdout)
        XCTAssertTrue(after.stdout.contains("PASS     s/both"), after.stdout)
        // The report's heading counts as the terminal does, in the singular for one: it said
        // "1 checkpoints in 1 sessions, …: 1 fail".
        let single = try check([path, "--only", "s/a", "--report", "\(dir)/r1"])
        XCTAssertTrue(single.stdout.contains("1 checkpoint in 1 session · "), single.stdout)
        let heading = try String(contentsOfFile: "\(dir)/r1/index.html", encoding: .utf8)
        XCTAssertTrue(heading.contains(#"<p class="summary bad">1 checkpoint in 1 session, "#), heading)
        XCTAssertTrue(heading.contains(" s: 1 failed</p>"), heading)
        // Globs, session names, and a pattern that matches nothing (a usage error, never "nothing checked").
        XCTAssertTrue(try check([path, "--only", "s/b*"]).stdout.contains("PASS     s/both"))
        XCTAssertEqual(try check([path, "--only", "s"]).stdout.components(separatedBy: "\n").filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }.count, 2)
        let none = try check([path, "--only", "s/bth"])
        XCTAssertEqual(none.status, 64)
        XCTAssertTrue(none.stderr.contains("--only s/bth matches no checkpoint (they are SESSION/CHECKPOINT: s/a, s/both)"), none.stderr)
    }

    func testJSONSummaryAndGitHubActionsOutput() throws {
        let path = try recordThenMoveTheSecondStroke()
        let summaryPath = "\(dir)/step-summary.md"
        let r = try check([path, "--json", "\(dir)/out.json"], environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summaryPath])
        XCTAssertEqual(r.status, 1)
        // The annotation points at the checkpoint's line: 27 (the header, 12 lines a stroke, checkpoint a, 12 more).
        XCTAssertTrue(r.stdout.contains("::error file=\(path),line=27,title=s/both differs::pixels FAIL: "), r.stdout)
        XCTAssertTrue(r.stdout.contains("%0Aaccept: forcecanvas check"), "line breaks escaped for the workflow command")
        let summary = try String(contentsOfFile: summaryPath, encoding: .utf8)
        XCTAssertTrue(summary.hasPrefix("### forcecanvas check: failed\n\n2 checkpoints in 1 session, "), summary)
        XCTAssertTrue(summary.contains(" s: 1 passed, 1 failed\n"), summary)
        XCTAssertTrue(summary.contains("| `s/both` | fail | "), summary)

        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(dir)/out.json"))) as? [String: Any])
        XCTAssertEqual(json["schema"] as? Int, 1)
        XCTAssertEqual(json["passed"] as? Bool, false)
        let counts = try XCTUnwrap(json["summary"] as? [String: Int])
        XCTAssertEqual(counts["checkpoints"], 2)
        XCTAssertEqual(counts["failed"], 1)
        let sessions = try XCTUnwrap(json["sessions"] as? [[String: Any]])
        let checkpoints = try XCTUnwrap(sessions.first?["checkpoints"] as? [[String: Any]])
        XCTAssertEqual(checkpoints.map { $0["id"] as? String }, ["s/a", "s/both"])
        let both = checkpoints[1]
        XCTAssertEqual(both["status"] as? String, "fail")
        XCTAssertEqual(both["line"] as? Int, 27)
        XCTAssertGreaterThan(both["pixelsDiffering"] as? Int ?? 0, 1000)
        XCTAssertGreaterThan(both["worstDistance"] as? Double ?? 0, 0.5)
        XCTAssertEqual(both["stateChanges"] as? [String], [])
        XCTAssertEqual((both["images"] as? [String: String])?["golden"], "\(dir)/g/s-both.png")
        XCTAssertEqual(both["accept"] as? String, "forcecanvas check \(path) --goldens \(dir)/g --only s/both --update changed")
        XCTAssertNil(checkpoints[0]["accept"], "a passing checkpoint has nothing to accept")

        // Without GITHUB_ACTIONS there are no workflow commands.
        XCTAssertFalse(try check([path]).stdout.contains("::error"))
    }

    func testObsoleteGoldensAreListedAndOnlyThemPruned() throws {
        let path = try write(Self.strokes(y2: 150))
        XCTAssertEqual(try check([path, "--update", "missing"]).status, 0)
        // Checkpoint "a" renamed "first": its goldens are obsolete.
        try write(Self.strokes(y2: 150).replacingOccurrences(of: #""name":"a""#, with: #""name":"first""#))
        XCTAssertEqual(try check([path, "--update", "missing"]).status, 0)
        try "x".write(toFile: "\(dir)/g/notes.txt", atomically: true, encoding: .utf8)
        let listed = try check([path])
        XCTAssertEqual(listed.status, 0, "a warning, not a failure")
        XCTAssertTrue(listed.stderr.contains("warning: 2 goldens no checkpoint produced (remove them with --update prune, giving every session):\n  \(dir)/g/s-a.png\n  \(dir)/g/s-a.state.json"), listed.stderr)
        XCTAssertEqual(try check([path, "--only", "s/first"]).stderr, "", "a partial check lists nothing")
        let refused = try check([path, "--update", "prune", "--only", "s/first"])
        XCTAssertEqual(refused.status, 64)

        let pruned = try check([path, "--update", "prune"])
        XCTAssertEqual(pruned.status, 0, pruned.stdout + pruned.stderr)
        XCTAssertTrue(pruned.stdout.contains("PRUNED   \(dir)/g/s-a.png"), pruned.stdout)
        let left = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/g").sorted()
        XCTAssertEqual(left, ["fonts.json", "notes.txt", "s-both.png", "s-both.state.json", "s-first.png", "s-first.state.json", "s.trace"])
        XCTAssertEqual(try check([path]).stderr, "")
    }

    func testGoldensThatAreNotFilesAreNamedAndNeverReplaced() throws {
        let path = try write(Self.strokes(y2: 150))
        XCTAssertEqual(try check([path, "--update", "missing"]).status, 0)
        let fm = FileManager.default
        // A loop of links where the image should be, a folder where the state should be.
        try fm.removeItem(atPath: "\(dir)/g/s-a.png")
        try fm.createSymbolicLink(atPath: "\(dir)/g/s-a.png", withDestinationPath: "\(dir)/g/s-a.png")
        try fm.removeItem(atPath: "\(dir)/g/s-both.state.json")
        try fm.createDirectory(atPath: "\(dir)/g/s-both.state.json", withIntermediateDirectories: false)
        for mode in ["none", "missing", "changed", "all"] {
            let r = try check([path, "--update", mode])
            XCTAssertEqual(r.status, 1, mode)
            XCTAssertTrue(r.stdout.contains("\(dir)/g/s-a.png: a loop of symbolic links, not a golden (it is never replaced"), r.stdout)
            XCTAssertTrue(r.stdout.contains("\(dir)/g/s-both.state.json: a folder, not a golden"), r.stdout)
        }
        XCTAssertEqual(try fm.destinationOfSymbolicLink(atPath: "\(dir)/g/s-a.png"), "\(dir)/g/s-a.png", "the link is still there")
        var isFolder: ObjCBool = false
        XCTAssertTrue(fm.fileExists(atPath: "\(dir)/g/s-both.state.json", isDirectory: &isFolder) && isFolder.boolValue)
    }

    func testAMissingOrUnreadableTraceFailsAndUpdateWritesIt() throws {
        let path = try write(Self.strokes(y2: 150))
        XCTAssertEqual(try check([path, "--update", "missing"]).status, 0)
        try FileManager.default.removeItem(atPath: "\(dir)/g/s.trace")
        let missing = try check([path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stdout.contains("FAIL     s.trace  no golden trace \(dir)/g/s.trace (record it with --update missing)"), missing.stdout)
        XCTAssertEqual(try check([path, "--update", "missing"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/g/s.trace"))

        try "garbage".write(toFile: "\(dir)/g/s.trace", atomically: true, encoding: .utf8)
        let garbage = try check([path, "--junit", "\(dir)/j.xml"])
        XCTAssertEqual(garbage.status, 1)
        XCTAssertTrue(garbage.stdout.contains("FAIL     s.trace  \(dir)/g/s.trace"), garbage.stdout)
        XCTAssertTrue(try String(contentsOfFile: "\(dir)/j.xml", encoding: .utf8).contains(#"name="(trace)""#))
        XCTAssertEqual(try check([path, "--update", "changed"]).status, 0)
        XCTAssertEqual(try check([path]).status, 0)
    }

    func testOutputPathsThatAreFoldersOrSomeoneElsesAreRefused() throws {
        let path = try write(Self.strokes(y2: 150))
        let fm = FileManager.default
        try fm.createDirectory(atPath: "\(dir)/folder", withIntermediateDirectories: false)
        for option in ["--junit", "--json"] {
            let r = try check([path, option, "\(dir)/folder"])
            XCTAssertEqual(r.status, 64, option)
            XCTAssertTrue(r.stderr.contains("\(option) \(dir)/folder: a folder, not a file it can write"), r.stderr)
        }
        try fm.createDirectory(atPath: "\(dir)/site", withIntermediateDirectories: false)
        try "<title>My site</title>".write(toFile: "\(dir)/site/index.html", atomically: true, encoding: .utf8)
        let site = try check([path, "--report", "\(dir)/site"])
        XCTAssertEqual(site.status, 64)
        XCTAssertTrue(site.stderr.contains("--report \(dir)/site: its index.html is not a forcecanvas check report"), site.stderr)
        XCTAssertEqual(try String(contentsOfFile: "\(dir)/site/index.html", encoding: .utf8), "<title>My site</title>")
        try "x".write(toFile: "\(dir)/folder/notes.txt", atomically: true, encoding: .utf8)
        XCTAssertTrue(try check([path, "--report", "\(dir)/folder"]).stderr.contains("holds notes.txt, not an earlier report"))
        // An earlier report is replaced.
        XCTAssertEqual(try check([path, "--update", "missing", "--report", "\(dir)/r"]).status, 0)
        XCTAssertEqual(try check([path, "--report", "\(dir)/r"]).status, 0)
    }

    /// 200 checkpoints hold no more memory than 10: each frame is compared and dropped.
    func testPeakMemoryDoesNotGrowWithTheNumberOfCheckpoints() throws {
        func session(_ checkpoints: Int) -> String {
            var lines = [#"{"format":"forcecanvas-session","version":2,"width":1280,"height":800}"#]
            for i in 0..<checkpoints {
                let t = Double(i) * 0.05
                lines.append(String(format: #"{"t":%.3f,"type":"down","x":%d,"y":%d,"force":0.5,"maxForce":1,"source":"pen"}"#, t, 20 + i * 6 % 1200, 20 + i % 700))
                lines.append(String(format: #"{"t":%.3f,"type":"up","x":%d,"y":%d,"source":"pen"}"#, t + 0.02, 40 + i * 6 % 1200, 30 + i % 700))
                lines.append(String(format: #"{"t":%.3f,"type":"checkpoint","name":"c%d"}"#, t + 0.03, i))
            }
            return lines.joined(separator: "\n") + "\n"
        }
        func peak(_ checkpoints: Int) throws -> Double {
            let path = try write(session(checkpoints), "m\(checkpoints).jsonl")
            XCTAssertEqual(try check([path, "--update", "missing", "--jobs", "1"]).status, 0)
            let r = try check([path, "--jobs", "1", "--report-peak-memory"])
            XCTAssertEqual(r.status, 0, r.stdout)
            let line = try XCTUnwrap(r.stderr.split(separator: "\n").first { $0.hasPrefix("peak-resident-bytes ") })
            return try XCTUnwrap(Double(line.dropFirst("peak-resident-bytes ".count)))
        }
        let ten = try peak(10), twoHundred = try peak(200)
        // A frame is 4 MB: holding them all would add 760 MB.
        XCTAssertLessThanOrEqual(twoHundred, ten * 1.5, "10 checkpoints: \(Int(ten) >> 20) MiB, 200: \(Int(twoHundred) >> 20) MiB")
    }

    func testCompareCommand() throws {
        let path = try recordThenMoveTheSecondStroke()
        let render = try Binary.forcecanvas(["render", path, "--out", "\(dir)/now", "--at", "2"])
        XCTAssertEqual(render.status, 0, render.stderr)
        let golden = "\(dir)/g/s-both.png", now = "\(dir)/now/s-t2.000.png"
        let same = try Binary.forcecanvas(["compare", golden, golden])
        XCTAssertEqual(same.status, 0)
        XCTAssertTrue(same.stdout.hasPrefix("SAME      \(golden) · \(golden): 0 px differ"), same.stdout)
        let different = try Binary.forcecanvas(["compare", golden, now, "--diff", "\(dir)/d.png", "--json", "\(dir)/c.json"])
        XCTAssertEqual(different.status, 1)
        XCTAssertTrue(different.stdout.hasPrefix("DIFFERENT \(golden) · \(now): "), different.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/d.png"))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(dir)/c.json"))) as? [String: Any])
        XCTAssertEqual(json["same"] as? Bool, false)
        XCTAssertGreaterThan(json["pixelsDiffering"] as? Int ?? 0, 1000)
        // Masked (pixels: the frames are at scale 1) it is the same; allowed enough pixels too.
        XCTAssertEqual(try Binary.forcecanvas(["compare", golden, now, "--mask", "0,120,400,80"]).status, 0)
        XCTAssertEqual(try Binary.forcecanvas(["compare", golden, now, "--max-diff-ratio", "0.5"]).status, 0)
        // The outputs are never replaced unasked; a bad image is a failure (1); usage is 64.
        XCTAssertEqual(try Binary.forcecanvas(["compare", golden, now, "--diff", "\(dir)/d.png"]).status, 64)
        XCTAssertEqual(try Binary.forcecanvas(["compare", golden, now, "--diff", "\(dir)/d.png", "--overwrite"]).status, 1)
        let bad = try Binary.forcecanvas(["compare", golden, path])
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(bad.stdout, "", "no answer: neither SAME nor DIFFERENT")
        XCTAssertTrue(bad.stderr.hasPrefix("forcecanvas: ") && bad.stderr.contains("\(path): not a PNG"), bad.stderr)
        XCTAssertEqual(try Binary.forcecanvas(["compare", golden]).status, 64)
        XCTAssertEqual(try Binary.forcecanvas(["compare", golden, now, "--threshold", "2"]).status, 64)
    }

    func testRenderNeverReplacesAFileUnlessOverwrite() throws {
        let path = try write(Self.strokes(y2: 150))
        XCTAssertEqual(try Binary.forcecanvas(["render", path, "--out", dir, "--at", "1"]).status, 0)
        let again = try Binary.forcecanvas(["render", path, "--out", dir, "--at", "1"])
        XCTAssertEqual(again.status, 64)
        XCTAssertTrue(again.stderr.contains("\(dir)/s-t1.000.png exists: render never replaces a file unless --overwrite is given"), again.stderr)
        XCTAssertEqual(try Binary.forcecanvas(["render", path, "--out", dir, "--at", "1", "--overwrite"]).status, 0)
        try "keep".write(toFile: "\(dir)/v.mp4", atomically: true, encoding: .utf8)
        let video = try Binary.forcecanvas(["render", path, "--video", "\(dir)/v.mp4"])
        XCTAssertEqual(video.status, 64)
        XCTAssertEqual(try String(contentsOfFile: "\(dir)/v.mp4", encoding: .utf8), "keep")
        XCTAssertEqual(try Binary.forcecanvas(["render", path, "--svg", dir]).status, 64, "a folder is never written over")
    }

    func testShardsSplitTheSuiteAlikeEverywhereAndMergeIntoOneReport() throws {
        var paths: [String] = []
        for (i, y) in [150, 160, 170, 180, 190].enumerated() {
            paths.append(try write(Self.strokes(y2: y), "s\(i).jsonl"))
        }
        XCTAssertEqual(try check(paths + ["--update", "missing"]).status, 0)
        try write(Self.strokes(y2: 120), "s3.jsonl")   // s3 now fails
        func ids(_ r: Binary.Result) -> Set<String> {
            Set(r.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }.map { String($0.split(separator: " ", omittingEmptySubsequences: true)[1]) })
        }
        let one = try check(paths + ["--shard", "1/2", "--report", "\(dir)/p1"])
        let two = try check(paths + ["--shard", "2/2", "--report", "\(dir)/p2"])
        XCTAssertTrue(one.stdout.hasPrefix("shard 1/2: "), one.stdout)
        XCTAssertTrue(ids(one).isDisjoint(with: ids(two)))
        XCTAssertEqual(ids(one).union(ids(two)).count, 10, "every checkpoint in one part or the other")
        XCTAssertFalse(ids(one).isEmpty || ids(two).isEmpty)
        // The command line's order (a shell's glob sorts by locale) does not change the split.
        XCTAssertEqual(ids(try check(paths.reversed() + ["--shard", "1/2"])), ids(one))

        let merged = try Binary.forcecanvas(["check", "merge", "\(dir)/p1", "\(dir)/p2", "--report", "\(dir)/all", "--junit", "\(dir)/all.xml",
                                             "--json", "\(dir)/all.json"])
        XCTAssertEqual(merged.status, 1, "s3 fails: " + merged.stdout + merged.stderr)
        XCTAssertTrue(merged.stdout.contains("10 checkpoints in 5 sessions"), merged.stdout)
        let html = try String(contentsOfFile: "\(dir)/all/index.html", encoding: .utf8)
        for i in 0..<5 { XCTAssertTrue(html.contains("s\(i)/both"), "s\(i) in the merged report") }
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/all/images/s3-both.diff.png"), "the failing part's images came along")
        let xml = try String(contentsOfFile: "\(dir)/all.xml", encoding: .utf8)
        XCTAssertTrue(xml.contains(#"<testsuites name="forcecanvas check" tests="10" failures="1""#), xml)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(dir)/all.json"))) as? [String: Any])
        XCTAssertEqual((json["summary"] as? [String: Int])?["checkpoints"], 10)
        // The merged summary says what each part said (the first divergence, the state, the pixels).
        let part = try String(contentsOfFile: "\(dir)/p\(ids(one).contains("s3/both") ? 1 : 2)/results.json", encoding: .utf8)
        let again = try String(contentsOfFile: "\(dir)/all/results.json", encoding: .utf8)
        XCTAssertTrue(again.contains("\"pixelsDiffering\"") && part.contains("\"s3/both\""))

        let twice = try Binary.forcecanvas(["check", "merge", "\(dir)/p1", "\(dir)/p1", "--json", "\(dir)/x.json"])
        XCTAssertEqual(twice.status, 1)
        XCTAssertTrue(twice.stderr.contains("is in both \(dir)/p1 and \(dir)/p1"), twice.stderr)
        let none = try Binary.forcecanvas(["check", "merge", "\(dir)/p1"])
        XCTAssertEqual(none.status, 64, "nothing to write")
        let bad = try Binary.forcecanvas(["check", "merge", "\(dir)/s0.jsonl", "--json", "\(dir)/y.json"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("\(dir)/s0.jsonl: not a check summary"), bad.stderr)
        XCTAssertEqual(try check(paths + ["--shard", "3/2"]).status, 64)
    }
}
