import CairoRender
import ForceCore
import ForceFiles
import ForcePlatform
import Foundation

/// Bench section 13: the project's own checkpoints (the bundled sessions against their goldens,
/// both found by the resource locator), checked by `check` with one job and with one per core,
/// against the same frames rendered one after another by `render --at` (both commands run in
/// process as a user types them: both passes over the file, the replay, the PNG written), and
/// against the bare renders (a replay per checkpoint, no file written, nothing compared: less
/// than any check can do, since a check must at least decode its goldens).
extension BenchCommand {
    /// Timed runs of each way (the best one counts).
    static let checkRuns = 3

    /// A bundled session's header, length and the times of the frames `check` compares.
    struct CheckedSession {
        var path: String
        var header: Session
        var duration: Double
        /// Its checkpoints' times, or its end when it has none (`check`'s implicit `end`).
        var times: [Double]
    }

    func printCheckSection() throws {
        print("13. Checking the project's own checkpoints (the bundled sessions against their goldens)")
        let sessions: String, goldens: String, infoPlist: String
        do {
            sessions = try ResourceLocator.current.path(of: .sessions)
            goldens = try ResourceLocator.current.path(of: .goldens)
            infoPlist = try ResourceLocator.current.path(of: .infoPlist)
        } catch {
            print("   skipped: \(error)")
            return
        }
        let paths = try FileManager.default.contentsOfDirectory(atPath: sessions).filter { $0.hasSuffix(".jsonl") }.sorted()
            .map { "\(sessions)/\($0)" }
        let checked = try paths.map(Self.scan)
        let shortcuts = ShortcutCatalog(staticItems: ShortcutCatalog.staticItems(
            fromInfoPlist: FileManager.default.contents(atPath: infoPlist) ?? Data(), file: infoPlist).items)
        let checkpoints = checked.reduce(0) { $0 + $1.times.count }
        let cores = ProcessInfo.processInfo.activeProcessorCount

        // The frames alone, one replay each: the least any check has to do.
        let rendersOnly = try bestOf(Self.checkRuns) {
            for s in checked {
                for t in s.times { try Self.render(s, at: t, shortcuts: shortcuts) { _ in } }
            }
        }
        // What a regression engineer ran before `check`: `render --at T` for each checkpoint.
        let out = NSTemporaryDirectory() + "forcecanvas-bench-check-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let oneByOne = try bestOf(Self.checkRuns) {
            for s in checked {
                for t in s.times { try Self.inProcess(["render", s.path, "--out", out, "--at", "\(t)", "--overwrite"]) }
            }
        }
        var failing = false
        func check(jobs: Int) -> Double {
            bestOf(Self.checkRuns) {
                do {
                    try Self.inProcess(["check"] + paths + ["--goldens", goldens, "--jobs", "\(jobs)"])
                    failing = false
                } catch {
                    failing = true
                }
            }
        }
        let single = check(jobs: 1)
        let parallel = check(jobs: cores)
        print("   \(checkpoints) checkpoints in \(checked.count) sessions, \(cores) cores")
        print(String(format: "   render --at, one checkpoint after another (in process, PNGs written): %.2f s", oneByOne))
        print(String(format: "   the renders alone, one replay each (no PNG, no comparison): %.2f s", rendersOnly))
        print(String(format: "   check --jobs 1 (a replay per session; compared; states; traces): %.2f s · %.2f× one after another",
                     single, single / oneByOne))
        print(String(format: "   check --jobs %d: %.2f s · %.2f× one after another · %.2f× the renders alone · %.2f× --jobs 1",
                     cores, parallel, parallel / oneByOne, parallel / rendersOnly, parallel / single))
        if failing { print("   (some checkpoints did not pass: run `forcecanvas check` to see why)") }
        print("   target: check under 0.5× of the same renders one after another")
        print("")
    }

    /// A session's first pass: its header, length and the times `check` compares.
    static func scan(_ path: String) throws -> CheckedSession {
        let parser = try SessionFileReader(path: path).parseAll()
        guard let header = parser.header else { throw BenchFailure("\(path): empty file") }
        let times = parser.checkpoints.isEmpty ? [parser.duration] : parser.checkpoints.map(\.time)
        return CheckedSession(path: path, header: header, duration: parser.duration, times: times)
    }

    /// Replays `s` up to `time` alone and hands its frame to `body`.
    static func render(_ s: CheckedSession, at time: Double, shortcuts: ShortcutCatalog,
                       _ body: (ImageSurface) throws -> Void) throws {
        let file = try SessionFileReader(path: s.path)
        let replay = HeadlessReplay(header: s.header, duration: s.duration, shortcuts: shortcuts) { try SessionFileEvents(file) }
        try replay.run(frames: [HeadlessReplay.frame(at: time)]) { _, _, surface in try body(surface) }
    }
}
