import ArgumentParser
import CairoRender
import ForceCore

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

    /// The comparer's tolerance for a session: its header's values, else the command line's,
    /// else the comparer's standard (a pixel limit given anywhere replaces the standard ratio).
    func tolerance(for header: CheckTolerances) -> ImageComparer.Tolerance {
        let t = header.over(tolerances)
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
        if !times.isEmpty { return times.map { Checkpoint(name: Self.adHocName($0), time: $0) } }
        if !scan.checkpoints.isEmpty { return scan.checkpoints }
        return [Checkpoint(name: Checkpoint.implicitName, time: scan.duration)]
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
