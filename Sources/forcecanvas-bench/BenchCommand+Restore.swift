import ForceCommands
import ForceCore
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
        let journalDir = dir + "/state/forcecanvas/journal"
        try FileManager.default.createDirectory(atPath: journalDir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let doc = DocumentGenerator(strokes: Self.restoreStrokes, pointsPerStroke: Self.documentPoints, viewport: Self.viewport)
        let source = dir + "/journal.jsonl"
        _ = try Self.write(doc, to: source)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = dir + "/state"
        let arguments = ["run", "--exit-after-frames", "3", "--size", "\(Self.viewport.width)x\(Self.viewport.height)"]
        func start(withJournal: Bool) throws -> ChildUsage {
            var best: ChildUsage?
            for _ in 0..<Self.restoreRuns {
                // Each start finds the same journal (a clean exit compacts it) or none.
                try? FileManager.default.removeItem(atPath: journalDir)
                try FileManager.default.createDirectory(atPath: journalDir, withIntermediateDirectories: true)
                if withJournal { try FileManager.default.copyItem(atPath: source, toPath: journalDir + "/canvas.jsonl") }
                let u = try ChildUsage.measure(binary, arguments, environment: environment)
                best = best.map { ChildUsage(cpu: min($0.cpu, u.cpu), peakBytes: min($0.peakBytes, u.peakBytes)) } ?? u
            }
            guard let best else { throw BenchFailure("no start measured") }
            return best
        }
        let empty = try start(withJournal: false)
        let full = try start(withJournal: true)
        let points = Double(doc.strokes * doc.pointsPerStroke)
        print(String(format: "   empty start: %.0f ms CPU · peak %.1f MB", empty.cpu * 1000, Double(empty.peakBytes) / 1e6))
        print(String(format: "   %d-point journal: %.0f ms CPU · peak %.1f MB", Int(points), full.cpu * 1000, Double(full.peakBytes) / 1e6))
        print(String(format: "   %.1f bytes of peak memory a restored point (target at most 64) · %.2f× the CPU of an empty start (target at most 1.5×)",
                     Double(full.peakBytes - empty.peakBytes) / points, full.cpu / empty.cpu))
        print("")
    }
}

/// A child process's own CPU time and peak resident memory (`wait4`'s rusage: this child's
/// alone, not every child's so far).
struct ChildUsage {
    var cpu: Double
    var peakBytes: Int

    static func measure(_ program: String, _ arguments: [String], environment: [String: String]) throws -> ChildUsage {
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, envp)
        guard spawned == 0 else { throw BenchFailure("\(program): cannot start (\(String(cString: strerror(spawned))))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchFailure("\(program): wait4 failed") }
        }
        guard status == 0 else { throw BenchFailure("\(program) \(arguments.joined(separator: " ")): exit status \(status)") }
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return ChildUsage(cpu: cpu, peakBytes: usage.ru_maxrss * 1024)
    }
}
