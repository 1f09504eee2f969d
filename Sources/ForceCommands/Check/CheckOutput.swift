import ForcePlatform
import Foundation

/// What `check` prints: a line per checkpoint on stdout as sessions finish (in the order
/// given), a progress line while it works when stdout is a terminal, then a summary; missing
/// goldens are listed on stderr with the command that records them.
final class CheckOutput {
    let showsProgress: Bool
    private var progressShown = false

    init(showsProgress: Bool) { self.showsProgress = showsProgress }

    /// ANSI: carriage return, then erase to the end of the line.
    static let clearLine = "\r\u{1B}[K"

    func progress(_ text: String) {
        guard showsProgress else { return }
        FileHandle.standardOutput.write(Data((Self.clearLine + text).utf8))
        progressShown = true
    }

    /// A line before the results (the fonts differing from the goldens').
    func note(_ line: String) {
        clearProgress()
        write(line)
    }

    func print(_ result: SessionResult) {
        clearProgress()
        for line in result.lines { write(line) }
    }

    /// One line on stdout, unbuffered (so it never interleaves with the progress line).
    private func write(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private func clearProgress() {
        guard progressShown else { return }
        FileHandle.standardOutput.write(Data(Self.clearLine.utf8))
        progressShown = false
    }

    func finish(_ results: [SessionResult], jobs: Int, seconds: Double, goldens: GoldenLayout, update: UpdateMode, sessions: [String],
                artifacts: ArtifactLayout? = nil) {
        clearProgress()
        let checkpoints = results.flatMap(\.checkpoints)
        let tally = CheckTally(results)
        write("\(tally.scope) · \(Wording.count(jobs, "job")) · " + String(format: "%.2f s: ", seconds) + tally.verdicts(separator: ", "))
        // Where to look at a failure: the lines above say how much differs, not what.
        if checkpoints.contains(where: { $0.verdict == .fail }) {
            if let artifacts {
                printError("The failing frames, their goldens and their differences are in \(artifacts.directory)/images")
            } else {
                printError("To see what differs, give --report DIR: the golden, this run's frame and their difference side by side "
                         + "(then, to accept the new frames on purpose, --update changed)")
            }
        }
        let missing = checkpoints.filter { $0.verdict == .missing }
        guard !missing.isEmpty else { return }
        var lines: [String] = []
        if !FileManager.default.fileExists(atPath: goldens.directory) {
            lines.append("\(goldens.directory): no such folder, so every golden is missing:")
        } else {
            lines.append("\(missing.count) checkpoint\(missing.count == 1 ? " has" : "s have") no golden:")
        }
        for c in missing {
            let files = [c.goldenImage, c.goldenState].filter { !FileManager.default.fileExists(atPath: $0) }
            lines.append("  " + files.joined(separator: "  "))
        }
        let quoted = sessions.map(Wording.shellQuoted).joined(separator: " ")
        lines.append("Record them (then look at them) with:  forcecanvas check \(quoted) --goldens \(Wording.shellQuoted(goldens.directory)) --update missing")
        printError(lines.joined(separator: "\n"))
    }

    /// The goldens no checkpoint produced, as a warning on stderr: those of the sessions checked
    /// (a checkpoint renamed or removed) and those of no session, one a line; those of other
    /// sessions (they have a trace here: a session removed, or one left off this command line)
    /// in one line naming the sessions.
    func obsolete(_ paths: [String], checked: [String], goldens: GoldenLayout) {
        guard !paths.isEmpty else { return }
        let names = paths.map(Wording.fileName)
        let others = Set(names.filter { $0.hasSuffix(".trace") }.map { String($0.dropLast(".trace".count)) }).subtracting(checked)
        let owners = (Set(checked).union(others)).sorted { $0.count > $1.count }
        var listed: [String] = [], elsewhere: [String: Int] = [:]
        for (path, name) in zip(paths, names) {
            let owner = owners.first { name == $0 + ".trace" || name.hasPrefix($0 + "-") }
            if let owner, others.contains(owner) { elsewhere[owner, default: 0] += 1 } else { listed.append(path) }
        }
        var lines: [String] = []
        if !listed.isEmpty {
            lines.append("warning: \(Wording.count(listed.count, "golden")) no checkpoint produced (remove \(listed.count == 1 ? "it" : "them") with --update prune, giving every session):")
            lines += listed.map { "  " + $0 }
        }
        if !elsewhere.isEmpty {
            let count = elsewhere.values.reduce(0, +), sessions = elsewhere.keys.sorted()
            let shown = sessions.prefix(5).joined(separator: ", ") + (sessions.count > 5 ? ", …" : "")
            lines.append("note: \(Wording.count(count, "golden")) in \(goldens.directory) belong to \(Wording.count(sessions.count, "session")) not given here (\(shown)); "
                         + "if \(sessions.count == 1 ? "it was" : "they were") removed, --update prune with every session removes them")
        }
        printError(lines.joined(separator: "\n"))
    }
}
