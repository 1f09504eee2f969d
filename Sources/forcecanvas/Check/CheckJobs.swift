import Foundation
import Synchronization

/// Runs session checks on `jobs` threads, each taking the next session until none is left.
/// Every job has its own replay, renderer and Cairo surfaces (Cairo and Pango are safe with
/// one context per thread); they share only the read-only settings and this queue.
final class CheckJobs: Sendable {
    /// 8 MiB: a job's stack, as the main thread's (Foundation's default for new threads is smaller).
    static let stackSize = 8 << 20

    private let scans: [SessionScan]
    private let settings: CheckSettings
    private let queue: Mutex<(next: Int, results: [SessionResult?])>
    private let finished = DispatchSemaphore(value: 0)

    init(_ scans: [SessionScan], settings: CheckSettings) {
        self.scans = scans
        self.settings = settings
        queue = Mutex((0, Array(repeating: nil, count: scans.count)))
    }

    /// Checks every session; `done` hears each result in the sessions' order as soon as it and
    /// all before it are done (so the output is the same for any number of jobs), and
    /// `progress` hears (sessions done, sessions in all) after each one.
    func run(jobs: Int, done: (SessionResult) -> Void, progress: (Int, Int) -> Void) -> [SessionResult] {
        guard !scans.isEmpty else { return [] }
        for _ in 0..<min(jobs, scans.count) {
            let thread = Thread { [self] in work() }
            thread.stackSize = Self.stackSize
            thread.start()
        }
        var shown = 0
        for count in 1...scans.count {
            finished.wait()
            let ready = queue.withLock { q in q.results[shown...].prefix { $0 != nil }.compactMap { $0 } }
            progress(count, scans.count)
            for r in ready { done(r) }
            shown += ready.count
        }
        return queue.withLock { q in q.results.compactMap { $0 } }
    }

    private func work() {
        while true {
            let index: Int? = queue.withLock { q in
                guard q.next < scans.count else { return nil }
                q.next += 1
                return q.next - 1
            }
            guard let index else { return }
            let result = CheckSession(scan: scans[index], settings: settings).run()
            queue.withLock { q in q.results[index] = result }
            finished.signal()
        }
    }
}
