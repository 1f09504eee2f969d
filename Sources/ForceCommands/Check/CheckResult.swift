import CairoRender
import ForceCore
import ForcePlatform
import Foundation

/// The outcome of one checkpoint.
enum Verdict: String, Sendable {
    /// Pixels and state both match the goldens.
    case pass
    /// Pixels or state differ (or a golden is unreadable).
    case fail
    /// A golden does not exist (under `--update none`, or a check that had nothing to update).
    case missing
    /// New goldens were written (`--update missing|changed|all`).
    case recorded
    /// Failing goldens were re-recorded (`--update changed|all`).
    case updated

    /// Whether the command fails because of it.
    var fails: Bool { self == .fail || self == .missing }

    /// The word at the start of the stdout line.
    var label: String { rawValue.uppercased() }

    /// How a count of it is said: "3 passed", "1 failed", "2 missing".
    var counted: String {
        switch self {
        case .pass: "passed"
        case .fail: "failed"
        case .missing, .recorded, .updated: rawValue
        }
    }
}

/// What a check found, counted once for every place that says it: the terminal's last line, the
/// report's heading, CI's step summary and the `--json` summary.
struct CheckTally {
    let checkpoints: Int
    let sessions: Int
    /// How many checkpoints had each verdict (none: absent).
    let counts: [Verdict: Int]
    /// Sessions not checked: unreadable, or asked for a time far past their end.
    let errors: Int
    /// "3 passed", "1 failed", … for each verdict found, then the sessions not checked and the
    /// traces written.
    let parts: [String]

    init(_ results: [SessionResult]) {
        let all = results.flatMap(\.checkpoints)
        var counts: [Verdict: Int] = [:]
        for c in all { counts[c.verdict, default: 0] += 1 }
        var parts = [Verdict.pass, .fail, .missing, .recorded, .updated].compactMap { v in counts[v].map { "\($0) \(v.counted)" } }
        let errors = results.filter { $0.error != nil }.count
        if errors > 0 { parts.append(Wording.count(errors, "session") + " not checked") }
        let traces = results.compactMap(\.wroteTrace).count
        if traces > 0 { parts.append(Wording.count(traces, "trace") + " written") }
        checkpoints = all.count
        sessions = results.count
        self.counts = counts
        self.errors = errors
        self.parts = parts
    }

    /// "5 checkpoints in 2 sessions".
    var scope: String { "\(Wording.count(checkpoints, "checkpoint")) in \(Wording.count(sessions, "session"))" }

    /// The verdicts' counts joined by `separator`, or "nothing checked".
    func verdicts(separator: String) -> String { parts.isEmpty ? "nothing checked" : parts.joined(separator: separator) }
}

/// Images of a failing checkpoint in the report's folder (paths relative to it).
struct CheckpointArtifacts: Sendable {
    var expected: String?
    var actual: String?
    var diff: String?
    /// The last frame whose state matched the golden trace, and the first that did not.
    var before: String?
    var diverged: String?
}

/// Everything `check` found about one checkpoint.
struct CheckpointResult: Sendable {
    var session: String
    var checkpoint: Checkpoint
    var frame: Int
    var verdict: Verdict
    var goldenImage: String
    var goldenState: String
    /// The pixel comparison, when the golden image was read.
    var pixels: ImageComparison?
    /// Why pixels were not compared (missing, unreadable).
    var pixelProblem: String?
    /// The state's differences from the golden, when it was read (empty: the same).
    var stateChanges: [StateChange]?
    var stateProblem: String?
    var divergence: StateDivergence?
    /// Why there is no divergence to show (the state matched throughout, or no golden trace).
    var divergenceNote: String?
    /// Goldens written by `--update`.
    var wrote: [String] = []
    /// A golden's path holds something that is not a golden (a folder, a device, a broken
    /// link): never replaced, so the checkpoint fails whatever `--update` says.
    var protected = false
    /// The command that re-records only this checkpoint (shown under a failure).
    var accept: String?
    var artifacts = CheckpointArtifacts()

    var id: String { "\(session)/\(checkpoint.name)" }
    var pixelsPassed: Bool { pixels?.passed ?? false }
    var statePassed: Bool { stateChanges?.isEmpty ?? false }

    /// "pixels ok: 0 px differ (0.000%), worst distance 0.000" or the problem.
    var pixelsText: String {
        if let p = pixels { return (p.passed ? "pixels ok: " : "pixels FAIL: ") + p.summary }
        return "pixels: " + (pixelProblem ?? "not compared")
    }

    /// "state ok" or "state FAIL: ConfirmButton.state: selected → confirmed (+1 more)".
    var stateText: String {
        guard let changes = stateChanges else { return "state: " + (stateProblem ?? "not compared") }
        if changes.isEmpty { return "state ok" }
        let more = changes.count > 2 ? " (+\(changes.count - 2) more)" : ""
        return "state FAIL: " + changes.prefix(2).map(\.description).joined(separator: "; ") + more
    }

    /// The one stdout line.
    var line: String {
        let head = verdict.label.padding(toLength: 9, withPad: " ", startingAt: 0) + id
        switch verdict {
        case .recorded: return "\(head)  recorded \(wrote.joined(separator: ", "))"
        case .missing: return "\(head)  \(pixelsText) · \(stateText)"
        default:
            let was = verdict == .updated ? "  re-recorded; it was: " : "  "
            let rewritten = verdict == .pass && !wrote.isEmpty ? " · rewritten" : ""
            return head + was + "\(pixelsText) · \(stateText)" + rewritten
        }
    }
}

/// Everything `check` found about one session.
struct SessionResult: Sendable {
    var path: String
    var name: String
    /// The session could not be read or replayed: `FILE:LINE: what is wrong`.
    var error: String?
    var checkpoints: [CheckpointResult] = []
    /// The trace file written, if any.
    var wroteTrace: String?
    /// Why the golden trace is missing or unreadable (and `--update` did not write it): a failure.
    var traceProblem: String?
    var seconds = 0.0

    var fails: Bool { error != nil || traceProblem != nil || checkpoints.contains { $0.verdict.fails } }

    /// The stdout lines: one per checkpoint (and the divergence under a failing one).
    var lines: [String] {
        if let error { return ["ERROR    \(name): \(error)"] }
        var out: [String] = []
        for c in checkpoints {
            out.append(c.line)
            if c.verdict == .fail, let d = c.divergence { out.append("         " + d.description) }
        }
        if let traceProblem { out.append("FAIL     \(name).trace  \(traceProblem)") }
        return out
    }
}
