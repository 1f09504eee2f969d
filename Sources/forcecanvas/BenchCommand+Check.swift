import CairoRender
import ForceCore
import ForceFiles
import ForcePlatform
import Foundation

/// Bench section 13: the project's own checkpoints (Assets/Sessions against Tests/Goldens),
/// checked by `check` with one job and with one per core, against the same frames rendered one
/// after another by `render --at` (in process: both passes over the file, the replay, the PNG
/// written), and against the bare renders (a replay per checkpoint, no file written, nothing
/// compared: less than any check can do, since a check must at least decode its goldens).
extension BenchCommand {
    /// Timed runs of each way (the best one counts).
    static let checkRuns = 3

    func printCheckSection() throws {
        print("13. Checking the project's own checkpoints (Assets/Sessions against Tests/Goldens)")
        let sessions: String, goldens: String
        do {
            (sessions, goldens) = (try ResourceLocator.current.path(of: .sessions), try ResourceLocator.current.path(of: .goldens))
        } catch {
            print("   skipped: \(error)")
            return
        }
        let paths = try FileManager.default.contentsOfDirectory(atPath: sessions).filter { $0.hasSuffix(".jsonl") }.sorted()
            .map { "\(sessions)/\($0)" }
        let scans = try paths.map { path in try CheckCommand.scan(path) }
        let shortcuts = try ShortcutFiles.load(infoPlist: nil, dynamic: false)
        let settings = CheckSettings(goldens: GoldenLayout(directory: goldens), update: .none, tolerances: CheckTolerances(),
                                     size: nil, scale: nil, times: [], artifacts: nil, shortcuts: shortcuts)
        let checkpoints = scans.reduce(0) { $0 + settings.checkpoints(of: $1).count }
        let cores = ProcessInfo.processInfo.activeProcessorCount

        // The frames alone, one replay each: the least any check has to do.
        let rendersOnly = try bestOf(Self.checkRuns) {
            for scan in scans {
                for c in settings.checkpoints(of: scan) { try Self.render(c, of: scan, shortcuts: shortcuts) { _ in } }
            }
        }
        // What a regression engineer ran before `check`: `render --at T` for each checkpoint.
        let out = NSTemporaryDirectory() + "forcecanvas-bench-check-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let oneByOne = try bestOf(Self.checkRuns) {
            for scan in scans {
                for c in settings.checkpoints(of: scan) {
                    _ = try RenderCommand.parse([scan.path, "--out", out, "--at", "\(c.time)"]).render(reportingProgress: false)
                }
            }
        }
        var failures = 0
        func check(jobs: Int) -> Double {
            bestOf(Self.checkRuns) {
                let results = CheckJobs(scans, settings: settings).run(jobs: jobs, done: { _ in }, progress: { _, _ in })
                failures = results.filter(\.fails).count
            }
        }
        let single = check(jobs: 1)
        let parallel = check(jobs: cores)
        print("   \(checkpoints) checkpoints in \(scans.count) sessions, \(cores) cores")
        print(String(format: "   render --at, one checkpoint after another (in process, PNGs written): %.2f s", oneByOne))
        print(String(format: "   the renders alone, one replay each (no PNG, no comparison): %.2f s", rendersOnly))
        print(String(format: "   check --jobs 1 (a replay per session; compared; states; traces): %.2f s · %.2f× one after another",
                     single, single / oneByOne))
        print(String(format: "   check --jobs %d: %.2f s · %.2f× one after another · %.2f× the renders alone · %.2f× --jobs 1",
                     cores, parallel, parallel / oneByOne, parallel / rendersOnly, parallel / single))
        if failures > 0 { print("   (\(failures) sessions did not pass: run `forcecanvas check` to see why)") }
        print("   target: check under 0.5× of the same renders one after another")
        print("")
    }

    /// Replays `scan` up to checkpoint `c` alone and hands its frame to `body`.
    static func render(_ c: Checkpoint, of scan: SessionScan, shortcuts: ShortcutCatalog,
                       _ body: (ImageSurface) throws -> Void) throws {
        let file = try SessionFileReader(path: scan.path)
        let replay = HeadlessReplay(header: scan.header, duration: scan.duration, shortcuts: shortcuts) { try SessionFileEvents(file) }
        try replay.run(frames: [HeadlessReplay.frame(at: c.time)]) { _, _, surface in try body(surface) }
    }
}
