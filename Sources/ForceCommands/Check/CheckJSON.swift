import ForceCore
import ForcePlatform
import Foundation

/// `check --json FILE`: every checkpoint's result for scripts and dashboards. The schema
/// (`"schema": 1`) is documented in the README; fields that do not apply are left out.
struct CheckJSON: Codable, Equatable {
    struct Images: Codable, Equatable {
        var golden: String
        var goldenState: String
        /// In the report's folder, relative to it (only for failures, with `--report` or `--junit`).
        var expected: String?
        var actual: String?
        var diff: String?
        var before: String?
        var diverged: String?
    }

    struct Divergence: Codable, Equatable {
        var frame: Int
        var time: Double
        var lastMatchingFrame: Int?
        var description: String
        var changes: [Change]
    }

    /// A state value that changed: its path, the golden's value and the new one (a key left out:
    /// no such field on that side).
    struct Change: Codable, Equatable {
        var path: String
        var expected: StateValue?
        var actual: StateValue?

        init(_ c: StateChange) {
            path = c.path
            expected = c.expected
            actual = c.actual
        }

        var stateChange: StateChange { StateChange(path: path, expected: expected, actual: actual) }

        enum CodingKeys: String, CodingKey { case path, expected, actual }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            path = try c.decode(String.self, forKey: .path)
            func value(_ key: CodingKeys) throws -> StateValue? {
                guard c.contains(key) else { return nil }
                if try c.decodeNil(forKey: key) { return .null }
                if let b = try? c.decode(Bool.self, forKey: key) { return .flag(b) }
                if let n = try? c.decode(Double.self, forKey: key) { return .number(n) }
                return .text(try c.decode(String.self, forKey: key))
            }
            expected = try value(.expected)
            actual = try value(.actual)
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(path, forKey: .path)
            func put(_ v: StateValue?, _ key: CodingKeys) throws {
                switch v {
                case nil: break
                case .text(let s)?: try c.encode(s, forKey: key)
                case .number(let n)?: try c.encode(n, forKey: key)
                case .flag(let b)?: try c.encode(b, forKey: key)
                case .null?: try c.encodeNil(forKey: key)
                }
            }
            try put(expected, .expected)
            try put(actual, .actual)
        }
    }

    struct CheckpointEntry: Codable, Equatable {
        /// `SESSION/CHECKPOINT`.
        var id: String
        var name: String
        /// The session line naming it (absent for the implicit `end` and `--at` times).
        var line: Int?
        var time: Double
        var frame: Int
        /// pass, fail, missing, recorded or updated.
        var status: String
        /// The golden's and the new image's sizes, `WxH` (when the golden was read).
        var expectedSize: String?
        var actualSize: String?
        var pixelsDiffering: Int?
        var ratio: Double?
        /// The pixels compared (masked ones are not) and the threshold they were compared with.
        var totalPixels: Int?
        var threshold: Double?
        var worstDistance: Double?
        var allowedPixels: Int?
        var maskedPixels: Int?
        var antialiasedPixels: Int?
        var pixelProblem: String?
        /// Empty when the state is the golden's.
        var stateChanges: [Change]?
        var stateProblem: String?
        var firstDivergence: Divergence?
        /// Why there is no first divergence to show.
        var divergenceNote: String?
        /// Goldens `--update` wrote.
        var wrote: [String]?
        var images: Images
        /// The command that re-records only this checkpoint.
        var accept: String?
    }

    struct SessionEntry: Codable, Equatable {
        var path: String
        var name: String
        var seconds: Double
        var error: String?
        var traceProblem: String?
        var wroteTrace: String?
        var checkpoints: [CheckpointEntry]
    }

    struct Summary: Codable, Equatable {
        var checkpoints: Int
        var passed: Int
        var failed: Int
        var missing: Int
        var recorded: Int
        var updated: Int
        /// Sessions not checked: unreadable, or asked for a time far past their end (the name
        /// is schema 1's).
        var unreadableSessions: Int
    }

    /// The summary's name in a `--report` folder (what `check merge` reads).
    static let reportFileName = "results.json"

    var schema = 1
    var passed: Bool
    var goldens: String
    var seconds: Double
    var summary: Summary
    var sessions: [SessionEntry]
    /// Goldens no checkpoint produced (listed only when every checkpoint was checked).
    var obsolete: [String]
    /// The fonts differ from those the goldens were made with.
    var fontsNote: String?
    /// `--shard I/N`: which part of the suite this is.
    var shard: String?

    init(results: [SessionResult], goldens: String, seconds: Double, obsolete: [String], fontsNote: String? = nil, shard: String? = nil) {
        self.fontsNote = fontsNote
        self.shard = shard
        let tally = CheckTally(results)
        func count(_ v: Verdict) -> Int { tally.counts[v] ?? 0 }
        passed = !results.contains(where: \.fails)
        self.goldens = goldens
        self.seconds = seconds
        self.obsolete = obsolete
        summary = Summary(checkpoints: tally.checkpoints, passed: count(.pass), failed: count(.fail), missing: count(.missing),
                          recorded: count(.recorded), updated: count(.updated), unreadableSessions: tally.errors)
        sessions = results.map { r in
            SessionEntry(path: r.path, name: r.name, seconds: r.seconds, error: r.error, traceProblem: r.traceProblem,
                         wroteTrace: r.wroteTrace, checkpoints: r.checkpoints.map(Self.entry))
        }
    }

    static func entry(_ c: CheckpointResult) -> CheckpointEntry {
        let d = c.divergence.map {
            Divergence(frame: $0.frame, time: $0.time, lastMatchingFrame: $0.lastMatchingFrame, description: $0.description,
                       changes: $0.changes.map(Change.init))
        }
        let images = Images(golden: c.goldenImage, goldenState: c.goldenState, expected: c.artifacts.expected,
                            actual: c.artifacts.actual, diff: c.artifacts.diff, before: c.artifacts.before,
                            diverged: c.artifacts.diverged)
        return CheckpointEntry(
            id: c.id, name: c.checkpoint.name, line: c.checkpoint.line > 0 ? c.checkpoint.line : nil, time: c.checkpoint.time,
            frame: c.frame, status: c.verdict.rawValue, expectedSize: c.pixels?.expectedSize.description,
            actualSize: c.pixels?.actualSize.description, pixelsDiffering: c.pixels?.differentPixels, ratio: c.pixels?.ratio,
            totalPixels: c.pixels?.totalPixels, threshold: c.pixels?.tolerance.threshold,
            worstDistance: c.pixels?.worstDistance, allowedPixels: c.pixels?.allowedPixels, maskedPixels: c.pixels?.maskedPixels,
            antialiasedPixels: c.pixels?.antialiasedPixels, pixelProblem: c.pixelProblem,
            stateChanges: c.stateChanges?.map(Change.init), stateProblem: c.stateProblem, firstDivergence: d,
            divergenceNote: c.divergenceNote, wrote: c.wrote.isEmpty ? nil : c.wrote, images: images,
            accept: c.verdict.fails ? c.accept : nil)
    }

    var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // The encoder cannot fail on these plain values.
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// GitHub Actions: with `GITHUB_ACTIONS=true`, each failure as an `::error` annotation on the
/// checkpoint's line of its session, and a Markdown table in `$GITHUB_STEP_SUMMARY`.
enum CheckGitHub {
    /// The workflow commands, one per failing checkpoint (and per unreadable session or trace).
    static func annotations(_ results: [SessionResult]) -> [String] {
        var out: [String] = []
        for r in results {
            if let error = r.error { out.append("::error file=\(property(r.path)),title=\(property("session not checked"))::\(message(error))") }
            if let problem = r.traceProblem { out.append("::error file=\(property(r.path)),line=1,title=\(property("golden trace"))::\(message(problem))") }
            for c in r.checkpoints where c.verdict.fails {
                let line = max(1, c.checkpoint.line)
                let title = "\(c.id) \(c.verdict == .missing ? "has no golden" : "differs")"
                var text = "\(c.pixelsText) · \(c.stateText)"
                if let d = c.divergence { text += "\n" + d.description }
                if let accept = c.accept { text += "\naccept: " + accept }
                out.append("::error file=\(property(r.path)),line=\(line),title=\(property(title))::\(message(text))")
            }
        }
        return out
    }

    /// The step summary: the totals, then a row per checkpoint that did not pass.
    static func summary(_ results: [SessionResult], seconds: Double) -> String {
        let all = results.flatMap(\.checkpoints)
        let failing = all.filter { $0.verdict != .pass }
        let bad = results.contains(where: \.fails)
        var out = "### forcecanvas check: \(bad ? "failed" : "passed")\n\n"
        let tally = CheckTally(results)
        out += tally.scope + String(format: ", %.1f s: ", seconds) + tally.verdicts(separator: ", ") + "\n\n"
        let errors = results.filter { $0.error != nil || $0.traceProblem != nil }
        guard !failing.isEmpty || !errors.isEmpty else { return out }
        out += "| checkpoint | status | pixels | state | first divergence |\n|---|---|---|---|---|\n"
        for r in errors {
            out += "| `\(cell(r.name))` | error | \(cell(r.error ?? r.traceProblem ?? "")) | | |\n"
        }
        for c in failing {
            let pixels = c.pixels.map { String(format: "%d px (%.3f%%)", $0.differentPixels, $0.ratio * 100) } ?? (c.pixelProblem ?? "")
            out += "| `\(cell(c.id))` | \(c.verdict.rawValue) | \(cell(pixels)) | \(cell(c.stateText)) | \(cell(c.divergence?.description ?? "")) |\n"
        }
        return out + "\n"
    }

    /// A workflow command's message: `%`, CR and LF escaped.
    static func message(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value: the message's escapes, and `:` and `,`.
    static func property(_ s: String) -> String {
        message(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// A Markdown table cell: no line breaks, pipes escaped.
    static func cell(_ s: String) -> String {
        s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
