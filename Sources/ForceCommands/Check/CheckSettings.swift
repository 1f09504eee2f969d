import ArgumentParser
import CairoRender
import ForceCore
import Foundation

/// Which goldens `check --update` writes.
enum UpdateMode: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Write nothing; a missing golden fails.
    case none
    /// Write goldens that do not exist yet; compare the rest.
    case missing
    /// Write missing goldens and re-record the ones that fail.
    case changed
    /// Re-record every golden.
    case all
    /// Write nothing; remove the goldens no checkpoint of the sessions given produced.
    case prune
}

/// Where a session's goldens live: `DIR/SESSION-NAME.png`, `DIR/SESSION-NAME.state.json`,
/// and one trace per session, `DIR/SESSION.trace`.
struct GoldenLayout: Sendable {
    let directory: String

    func image(_ session: String, _ checkpoint: String) -> String { "\(directory)/\(session)-\(checkpoint).png" }
    func state(_ session: String, _ checkpoint: String) -> String { "\(directory)/\(session)-\(checkpoint).state.json" }
    func trace(_ session: String) -> String { "\(directory)/\(session).trace" }
}

/// Everything a session's check needs besides its file (shared, read-only, by every job).
struct CheckSettings: Sendable {
    var goldens: GoldenLayout
    var update: UpdateMode
    /// The command line's tolerances (the session header's win over them).
    var tolerances: CheckTolerances
    var size: Size?
    var scale: Double?
    /// `--at`: these times instead of the session's checkpoints.
    var times: [Double]
    /// Where failing checkpoints' images go (the report's folder), if anywhere.
    var artifacts: ArtifactLayout?
    var shortcuts: ShortcutCatalog
    /// `--mask`: rectangles (frame points) masked in every checkpoint.
    var masks: [Rect] = []
    /// `--only`: globs on `SESSION/CHECKPOINT`; empty checks every checkpoint.
    var only: [String] = []

    /// The comparer's tolerance for a checkpoint: its own values, else its session header's,
    /// else the command line's, else the comparer's standard (a pixel limit given anywhere
    /// replaces the standard ratio).
    func tolerance(for checkpoint: Checkpoint, header: CheckTolerances) -> ImageComparer.Tolerance {
        let t = checkpoint.tolerances.over(header.over(tolerances))
        let standard = ImageComparer.Tolerance.standard
        if t.maxDiffPixels == nil && t.maxDiffRatio == nil {
            return ImageComparer.Tolerance(threshold: t.threshold ?? standard.threshold)
        }
        return ImageComparer.Tolerance(threshold: t.threshold ?? standard.threshold, maxDiffPixels: t.maxDiffPixels,
                                       maxDiffRatio: t.maxDiffRatio)
    }

    /// The checkpoints to check in a session: `--at` times (named `tSECONDS`), else the
    /// session's own, else its last frame (`end`).
    func checkpoints(of scan: SessionScan) -> [Checkpoint] {
        let all: [Checkpoint]
        if !times.isEmpty {
            all = times.map { Checkpoint(name: Self.adHocName($0), time: $0) }
        } else if !scan.checkpoints.isEmpty {
            all = scan.checkpoints
        } else {
            all = [Checkpoint(name: Checkpoint.implicitName, time: scan.duration)]
        }
        guard !only.isEmpty else { return all }
        return all.filter { c in only.contains { Glob.matches($0, "\(scan.name)/\(c.name)") } }
    }

    /// "t1.200": an `--at` time as a checkpoint name.
    static func adHocName(_ t: Double) -> String { "t" + String(format: "%.3f", t) }
}

/// The files of the report's folder: `DIR/images/SESSION-NAME.{expected,actual,diff,before,diverged}.png`.
struct ArtifactLayout: Sendable {
    let directory: String

    /// A file's path relative to the report (what the HTML and JUnit name).
    func relative(_ session: String, _ checkpoint: String, _ kind: String) -> String { "images/\(session)-\(checkpoint).\(kind).png" }
    func path(_ relative: String) -> String { "\(directory)/\(relative)" }
}

/// What the first pass over a session file learned.
struct SessionScan: Sendable {
    var path: String
    /// The file name without `.jsonl`: the goldens' prefix.
    var name: String
    var header: Session
    var duration: Double
    var checkpoints: [Checkpoint]
}

/// `--only`'s patterns: shell globs (`*`, `?`, `[…]`) on `SESSION/CHECKPOINT`; a pattern
/// without a `/` names sessions (`demo` is `demo/*`).
enum Glob {
    static func matches(_ pattern: String, _ id: String) -> Bool {
        let full = pattern.contains("/") ? pattern : pattern + "/*"
        return fnmatch(full, id, 0) == 0
    }
}

/// `--shard I/N`: part I (1-based) of N of a suite's sessions. The split is by cost (a
/// session's checkpoints times its pixels), largest first, each to the part with the least so
/// far (ties to the lower part; equal costs in the order of the sessions' names, not of the
/// command line, which a shell's glob sorts by locale): the same files give the same split on
/// every machine.
struct Shard: Equatable, Sendable, CustomStringConvertible {
    var index: Int
    var count: Int

    /// 1,000 parts at most.
    static let maximumCount = 1000

    static func parse(_ argument: String) throws -> Shard {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else {
            throw ValidationError("--shard \"\(argument)\" is not a part: expected I/N, e.g. 2/4")
        }
        guard (1...maximumCount).contains(n), (1...n).contains(i) else {
            throw ValidationError("--shard \(argument): N must be 1–\(maximumCount) and I 1–N")
        }
        return Shard(index: i, count: n)
    }

    var description: String { "\(index)/\(count)" }

    /// The indices (into `costs` and `names`) of the sessions in this part.
    func indices(of costs: [Int], names: [String]) -> [Int] {
        var load = [Int](repeating: 0, count: count)
        var mine: [Int] = []
        let order = costs.indices.sorted {
            costs[$0] != costs[$1] ? costs[$0] > costs[$1] : names[$0] != names[$1] ? names[$0].utf8.lexicographicallyPrecedes(names[$1].utf8) : $0 < $1
        }
        for i in order {
            var part = 0
            for p in load.indices where load[p] < load[part] { part = p }
            load[part] += max(1, costs[i])
            if part == index - 1 { mine.append(i) }
        }
        return mine.sorted()
    }
}
