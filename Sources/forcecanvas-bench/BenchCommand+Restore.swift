import ForceCommands
import ForceCore
import ForceFiles
import ForcePlatform
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Section 17: what a window start costs with a journal to restore.
extension BenchCommand {
    /// 100,020 points: 1,667 strokes of 60 (the issue's figure is per 100,000 points).
    static let restoreStrokes = 1_667
    /// Starts measured of each kind (the least CPU and the least peak count).
    static let restoreRuns = 3

    func printRestoreSection() throws {
        print("17. Restore: a window start (`run --exit-after-frames 3`, child processes) with a 100,000-point journal against an empty start")
        guard Environment.current[.display] != nil else {
            print("   skipped: no display (the window needs one; run under Xvfb)")
            print("")
            return
        }
        guard let binary = Self.forcecanvasExecutable() else { throw BenchFailure("no forcecanvas binary beside the bench") }
        // A binary left from another build would measure another program.
        let version = try Self.run(binary, ["--version"], captureOutput: true).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard version == ForceCanvasCommand.versionText else {
            throw BenchFailure("\(binary) is \(version), the bench is \(ForceCanvasCommand.versionText): build both (swift build -c release)")
        }
        let dir = NSTemporaryDirectory() + "forcecanvas-restore-\(getpid())"
        let journalDir = dir + "/state/forcecanvas/documents"
        try FileManager.default.createDirectory(atPath: journalDir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let doc = DocumentGenerator(strokes: Self.restoreStrokes, pointsPerStroke: Self.documentPoints, viewport: Self.viewport)
        let source = dir + "/journal.jsonl"
        _ = try Self.write(doc, to: source)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = dir + "/state"
        let arguments = ["run", "--exit-after-frames", "3", "--size", "\(Self.viewport.width)x\(Self.viewport.height)"]
        let id = "20260101T000000Z"
        let journalPath = journalDir + "/\(id).jsonl"
        enum Journal { case none, generated, compacted }
        /// The document as the kind says: none; the generated journal (never compacted: no
        /// snapshot); or that journal left as a window's clean exit leaves it (compacted, its
        /// card and thumbnail written) and read once (the start after that exit), so its ink
        /// snapshot is filled in.
        func prepare(_ kind: Journal) throws {
            try? FileManager.default.removeItem(atPath: journalDir)
            try FileManager.default.createDirectory(atPath: journalDir, withIntermediateDirectories: true)
            guard kind != .none else { return }
            try FileManager.default.copyItem(atPath: source, toPath: journalPath)
            guard kind == .compacted else { return }
            guard case .restored(let r) = ForceFiles.Journal.read(path: journalPath, fallbackHeader: doc.header),
                  let journal = try ForceFiles.Journal.open(directory: journalDir, id: id) else { throw BenchFailure("the journal did not restore") }
            // The clean exit: compacted, its card and thumbnail written.
            _ = DocumentDesk(current: journal).leave(r.state, changed: true)
            _ = ForceFiles.Journal.read(path: journalPath, fallbackHeader: doc.header)
        }
        func start(_ kind: Journal) throws -> ChildUsage {
            var best: ChildUsage?
            for _ in 0..<Self.restoreRuns {
                try prepare(kind)
                let u = try ChildUsage.measure(binary, arguments, environment: environment)
                best = best.map { ChildUsage(cpu: min($0.cpu, u.cpu), peakBytes: min($0.peakBytes, u.peakBytes)) } ?? u
            }
            guard let best else { throw BenchFailure("no start measured") }
            return best
        }
        let empty = try start(.none)
        let generated = try start(.generated)
        let compacted = try start(.compacted)
        let points = Double(doc.strokes * doc.pointsPerStroke)
        print(String(format: "   empty start: %.0f ms CPU · peak %.1f MB", empty.cpu * 1000, Double(empty.peakBytes) / 1e6))
        print(String(format: "   %d-point journal as written while drawing (every event replayed): %.0f ms CPU · peak %.1f MB · %.2f× the CPU",
                     Int(points), generated.cpu * 1000, Double(generated.peakBytes) / 1e6, generated.cpu / empty.cpu))
        print(String(format: "   the same, compacted at a clean exit (its ink snapshot in use): %.0f ms CPU · peak %.1f MB",
                     compacted.cpu * 1000, Double(compacted.peakBytes) / 1e6))
        print(String(format: "   %.1f bytes of peak memory a restored point (target at most 64) · %.2f× the CPU of an empty start (target at most 1.5×)",
                     Double(max(generated.peakBytes, compacted.peakBytes) - empty.peakBytes) / points, compacted.cpu / empty.cpu))
        print("")
    }
}

/// A child process's CPU time (its own: `RUSAGE_CHILDREN` before and after, the bench waiting
/// for one child at a time) and peak resident memory (its VmHWM, `--report-peak-memory`: not
/// `ru_maxrss`, which a spawned child takes over from its parent).
struct ChildUsage {
    var cpu: Double
    var peakBytes: Int

    static func measure(_ program: String, _ arguments: [String], environment: [String: String]) throws -> ChildUsage {
        let before = childrenCPU()
        guard let peak = BenchCommand.peakResident(program, arguments, environment: environment) else {
            throw BenchFailure("\(program) \(arguments.joined(separator: " ")): it failed or reported no peak memory")
        }
        return ChildUsage(cpu: childrenCPU() - before, peakBytes: peak)
    }

    /// User and system time of every child waited for so far, in seconds.
    static func childrenCPU() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
