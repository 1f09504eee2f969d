import ArgumentParser
import CairoRender
import ForceCore
import ForceFiles
import ForcePlatform
import Foundation

/// `forcecanvas check`: checking sessions (the default, `check SESSION… --goldens DIR`) and
/// merging the shards of a check (`check merge DIR…`).
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check sessions against golden images and states (visual regression); merge shards' results.",
        usage: """
            forcecanvas check SESSION.jsonl... --goldens DIR [options]   (see: forcecanvas check sessions --help)
              forcecanvas check merge DIR... [--report DIR] [--junit FILE] [--json FILE]
            """,
        subcommands: [CheckSessionsCommand.self, CheckMergeCommand.self],
        defaultSubcommand: CheckSessionsCommand.self)
}

struct CheckSessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "Check sessions against golden images and states (the default: `check SESSION...` is `check sessions SESSION...`).",
        discussion: """
            Replays each SESSION headlessly and compares every checkpoint (its "checkpoint" \
            events; without any, the last frame; with --at, those times) with its goldens: \
            DIR/SESSION-NAME.png (perceptual distance, anti-aliasing ignored) and \
            DIR/SESSION-NAME.state.json (the core's state, compared exactly). DIR/SESSION.trace \
            holds the state of every frame, so a failure names the first frame that went \
            differently. Tolerances: the session header's "check" object, else these options, \
            else threshold 0.1 and 0.02 % of the pixels. Exit status: 0 all pass, 1 any fail or \
            missing (or a session cannot be read), 64 usage errors. Re-record on purpose, after \
            looking at the report: --update changed (with --only SESSION/CHECKPOINT for one). \
            A checkpoint line may carry its own "threshold", "maxDiffPixels", "maxDiffRatio" and \
            "mask":[[x,y,w,h],…] (points); a header "mask" covers all its checkpoints. Goldens no \
            checkpoint produced are listed at the end; --update prune removes them.
            """)

    @Argument(help: "Session files (.jsonl).")
    var sessions: [String] = []

    @Option(name: .customLong("goldens"), help: "Folder of the golden files.")
    var goldensDirectory: String

    @Option(help: "Which goldens to write: none (missing ones fail), missing, changed (re-record failures), all, or prune (remove the goldens no checkpoint produced).")
    var update: UpdateMode = .none

    @Option(name: .customLong("only"), help: ArgumentHelp("Check (or --update) only the checkpoints matching this glob on SESSION/CHECKPOINT (a pattern without / names sessions); repeatable.", valueName: "PATTERN"))
    var only: [String] = []

    @Option(name: .customLong("mask"), help: ArgumentHelp("A region never compared, in frame points, in every checkpoint; repeatable.", valueName: "X,Y,W,H"),
            transform: MaskOption.parse)
    var masks: [Rect] = []

    @Option(help: "Per-pixel perceptual distance, 0…1, below which a pixel is the same (default 0.1).")
    var threshold: Double?

    @Option(name: .customLong("max-diff-pixels"), help: "How many pixels may differ.")
    var maxDiffPixels: Int?

    @Option(name: .customLong("max-diff-ratio"), help: "The share of pixels, 0…1, that may differ (default 0.0002).")
    var maxDiffRatio: Double?

    @Option(name: .customLong("report"), help: "Write a static HTML report (index.html and images) into this folder.")
    var reportDirectory: String?

    @Option(name: .customLong("json"), help: "Write a JSON summary of every checkpoint here (its schema is in the README).")
    var jsonPath: String?

    @Option(name: .customLong("junit"), help: "Write JUnit XML here: one testcase per checkpoint (without --report, failing images go to check-artifacts/ beside it).")
    var junitPath: String?

    @Option(help: ArgumentHelp("Check only part I of N of the sessions (1-based), split by cost the same way on every machine; merge the parts' reports with `check merge`.", valueName: "I/N"),
            transform: Shard.parse)
    var shard: Shard?

    @Option(help: "Sessions checked at once (default: the number of cores).")
    var jobs: Int?

    @Option(help: ArgumentHelp("Frame size: each session's screen scaled to fit it, its aspect kept (the replays are the sessions'): \(Size.rangeHelp).", valueName: "WxH"),
            transform: Size.parse)
    var size: Size?

    @Option(help: "HiDPI scale, overriding the sessions'.")
    var scale: Double?

    @Option(name: .customLong("at"), parsing: .upToNextOption, help: "Check these times (seconds) instead of the checkpoints.")
    var times: [Double] = []

    @Flag(help: "Fail a session whose time steps back (by default such an event is moved to 1 µs after the one before, and counted).")
    var strictTime = false

    @Option(help: "Info.plist with ForceCanvas's static quick actions (default: the installed one, or the source tree's).")
    var infoPlist: String?

    /// For `bench` and the memory test: print the process's peak resident bytes (VmHWM) on stderr at the end.
    @Flag(help: .hidden)
    var reportPeakMemory = false

    /// 256: more jobs than this only costs memory.
    static let maximumJobs = 256

    func validate() throws {
        guard !sessions.isEmpty else { throw ValidationError("give at least one session file") }
        if let t = threshold, !(0...1).contains(t) { throw ValidationError("--threshold must be between 0 and 1") }
        if let n = maxDiffPixels, n < 0 { throw ValidationError("--max-diff-pixels must be 0 or more") }
        if let r = maxDiffRatio, !(0...1).contains(r) { throw ValidationError("--max-diff-ratio must be between 0 and 1") }
        if let j = jobs, !(1...Self.maximumJobs).contains(j) { throw ValidationError("--jobs must be between 1 and \(Self.maximumJobs)") }
        let range = Viewport.scaleRange
        if let scale, !range.contains(scale) {
            throw ValidationError("--scale \(scale) is out of range: it must be \(range.lowerBound)–\(range.upperBound)")
        }
        for t in times where !(t.isFinite && t >= 0 && t <= ReplaySchedule.maximumTime) {
            throw ValidationError("--at times must be 0 or more seconds, not \(t)")
        }
        if update == .prune, !only.isEmpty || !times.isEmpty || shard != nil {
            throw ValidationError("--update prune needs the whole suite: it cannot be used with --only, --at or --shard")
        }
        for pattern in only where pattern.isEmpty { throw ValidationError("--only needs a pattern, SESSION/CHECKPOINT") }
        if access(goldensDirectory, F_OK) == 0, FileKind.of(goldensDirectory) != .folder {
            throw ValidationError("--goldens \(goldensDirectory) is not a folder")
        }
        try CheckReport.refuseOutputs(report: reportDirectory, junit: junitPath, json: jsonPath, reading: sessions)
        var seen: [String: String] = [:]
        for path in sessions {
            let name = Wording.stem(path)
            if let other = seen[name] {
                if OutputFiles.sameFile(other, path) { throw ValidationError("\(path) is given twice") }
                throw ValidationError("\(other) and \(path) are both named \(name): their goldens would share file names")
            }
            seen[name] = path
        }
    }

    func run() throws {
        defer { if reportPeakMemory { printError("peak-resident-bytes \(PeakMemory.residentBytes() ?? 0)") } }
        let started = Date()
        var results: [SessionResult?] = []
        var scans: [SessionScan] = []
        for path in sessions {
            do {
                scans.append(try Self.scan(path, strictTime: strictTime))
                results.append(nil)
            } catch {
                results.append(SessionResult(path: path, name: Wording.stem(path), error: error.description))
            }
        }
        try checkGoldenNames(scans)
        let settings = try makeSettings()
        try checkPatterns(scans, settings: settings)
        let output = CheckOutput(showsProgress: isatty(STDOUT_FILENO) == 1)
        if let shard {
            // This part's sessions, by cost; the unreadable ones are reported by part 1 alone.
            let cost = scans.map { s in settings.checkpoints(of: s).count * s.header.viewport.pixelWidth * s.header.viewport.pixelHeight }
            let mine = Set(shard.indices(of: cost, names: scans.map(\.name)))
            var kept: [SessionResult?] = [], keptScans: [SessionScan] = [], k = 0
            for r in results {
                if let r {
                    if shard.index == 1 { kept.append(r) }
                } else {
                    if mine.contains(k) {
                        kept.append(nil)
                        keptScans.append(scans[k])
                    }
                    k += 1
                }
            }
            output.note("shard \(shard): \(Wording.count(keptScans.count, "session")) of \(scans.count)")
            (results, scans) = (kept, keptScans)
        }
        // What a killed `check --update` left half-written.
        PartialFiles.removeLeftovers(in: goldensDirectory, recursive: true)
        let fonts = try Resources.fonts().faces()
        let fontsNote = GoldenFonts.difference(recorded: GoldenFonts.recorded(in: settings.goldens), current: fonts)
        let jobCount = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        if let fontsNote { output.note(fontsNote) }
        // Sessions that could not be read are reported first; the others still run.
        for r in results.compactMap({ $0 }) { output.print(r) }
        let checked = CheckJobs(scans, settings: settings).run(jobs: jobCount, done: output.print) { done, total in
            output.progress("checking: \(done) of \(total) sessions done")
        }
        var all: [SessionResult] = []
        var next = checked.makeIterator()
        for r in results { if let r { all.append(r) } else if let c = next.next() { all.append(c) } }
        for i in all.indices {
            for j in all[i].checkpoints.indices { all[i].checkpoints[j].accept = acceptCommand(all[i].path, all[i].checkpoints[j].id) }
        }
        let seconds = Date().timeIntervalSince(started)
        output.finish(all, jobs: jobCount, seconds: seconds, goldens: settings.goldens, update: update, sessions: sessions,
                      artifacts: settings.artifacts)
        var obsolete = ObsoleteGoldens.find(scans, settings: settings,
                                            complete: only.isEmpty && times.isEmpty && shard == nil && all.allSatisfy { $0.error == nil })
        if update == .prune {
            obsolete = try ObsoleteGoldens.remove(obsolete, output: output)
        } else {
            output.obsolete(obsolete, checked: scans.map(\.name), goldens: settings.goldens)
        }
        if update != .none, update != .prune {
            let wrote = all.flatMap(\.checkpoints).contains { $0.verdict == .recorded || $0.verdict == .updated }
            do { try GoldenFonts.record(fonts, in: settings.goldens, wroteGoldens: wrote) } catch let error as RenderError {
                printProblem("\(error)")
                throw ExitCode.failure
            } catch {
                printProblem("\(GoldenFonts.path(in: settings.goldens)): cannot write (\(error))")
                throw ExitCode.failure
            }
        }
        let summary = CheckJSON(results: all, goldens: settings.goldens.directory, seconds: seconds, obsolete: obsolete,
                                fontsNote: fontsNote, shard: shard?.description)
        if let dir = reportDirectory {
            try CheckSession.writeOrFail(dir + "/index.html") {
                CheckReport(results: all, goldens: settings.goldens, seconds: seconds, fontsNote: fontsNote).html
            }
            // What `check merge` reads: the report's results as data.
            try CheckSession.writeOrFail(dir + "/" + CheckJSON.reportFileName) { summary.text }
        }
        if let junitPath {
            try CheckSession.writeOrFail(junitPath) { CheckJUnit(results: all, seconds: seconds, artifacts: settings.artifacts).xml }
        }
        if let jsonPath {
            try CheckSession.writeOrFail(jsonPath) { summary.text }
        }
        let environment = ProcessInfo.processInfo.environment
        if environment["GITHUB_ACTIONS"] == "true" {
            for line in CheckGitHub.annotations(all) { print(line) }
            if let summary = environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
                CheckGitHub.append(CheckGitHub.summary(all, seconds: seconds), to: summary)
            }
        }
        if all.contains(where: \.fails) { throw ExitCode.failure }
    }

    /// The first pass over a session: every line checked, the checkpoints listed.
    static func scan(_ path: String, strictTime: Bool = false) throws(SessionFileError) -> SessionScan {
        let file = try SessionFileReader(path: path)
        file.strictTime = strictTime
        let parser = try file.parseAll()
        if let note = parser.timeNote { printProblem("\(note)") }
        guard let header = parser.header else { throw .invalid(SessionError(file: path, line: 1, message: "empty file", isAboutTheWholeFile: true)) }
        guard parser.duration <= ReplaySchedule.maximumTime else {
            throw .invalid(SessionError(file: path, line: 1, message: "the last event is beyond the replay clock's reach"))
        }
        return SessionScan(path: path, name: Wording.stem(path), header: header, duration: parser.duration,
                           checkpoints: parser.checkpoints)
    }

    /// An `--only` pattern that matches no checkpoint is a usage error: a misspelt one must not
    /// pass as "nothing checked".
    private func checkPatterns(_ scans: [SessionScan], settings: CheckSettings) throws {
        guard !only.isEmpty, !scans.isEmpty else { return }
        var all = settings
        all.only = []
        let ids = scans.flatMap { s in all.checkpoints(of: s).map { "\(s.name)/\($0.name)" } }
        for pattern in only where !ids.contains(where: { Glob.matches(pattern, $0) }) {
            let examples = ids.prefix(3).joined(separator: ", ")
            printProblem("--only \(pattern) matches no checkpoint (they are SESSION/CHECKPOINT: \(examples)\(ids.count > 3 ? ", …" : ""))")
            throw ExitCode.validationFailure
        }
    }

    /// Two sessions whose goldens would have the same file (`a-b` + `c` and `a` + `b-c`) are a usage error.
    private func checkGoldenNames(_ scans: [SessionScan]) throws {
        var owner: [String: String] = [:]
        for s in scans {
            let names = Set((times.isEmpty ? s.checkpoints.map(\.name) : times.map(CheckSettings.adHocName)) + [Checkpoint.implicitName])
            for n in names {
                let file = "\(s.name)-\(n)"
                if let other = owner[file], other != s.path {
                    printProblem("\(other) and \(s.path) would both write the golden \(file).png; rename a checkpoint")
                    throw ExitCode.validationFailure
                }
                owner[file] = s.path
            }
        }
    }

    private func makeSettings() throws -> CheckSettings {
        var artifacts: ArtifactLayout?
        if let dir = reportDirectory {
            artifacts = ArtifactLayout(directory: dir)
        } else if let junitPath {
            artifacts = ArtifactLayout(directory: ((junitPath as NSString).deletingLastPathComponent as NSString)
                .appendingPathComponent("check-artifacts"))
        }
        if let dir = artifacts?.directory {
            do { try CheckSession.createFolder(dir) } catch {
                printProblem("\(error)")
                throw ExitCode.failure
            }
        }
        return CheckSettings(
            goldens: GoldenLayout(directory: goldensDirectory), update: update,
            tolerances: CheckTolerances(threshold: threshold, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio),
            size: size, scale: scale, times: times, artifacts: artifacts,
            shortcuts: try ShortcutFiles.load(infoPlist: infoPlist, dynamic: false), masks: masks, only: only)
    }

    /// The command that re-records only the checkpoint `id` of the session at `path`.
    private func acceptCommand(_ path: String, _ id: String) -> String {
        "forcecanvas check \(Wording.shellQuoted(path)) --goldens \(Wording.shellQuoted(goldensDirectory)) --only \(Wording.shellQuoted(id)) --update changed"
    }

}
