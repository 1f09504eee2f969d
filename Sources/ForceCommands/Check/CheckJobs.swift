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
    /// The sessions' indices, costliest first, so no job is left with a long one at the end
    /// (the output keeps the sessions' order).
    private let order: [Int]
    private let queue: Mutex<(next: Int, results: [SessionResult?])>
    private let finished = DispatchSemaphore(value: 0)

    init(_ scans: [SessionScan], settings: CheckSettings) {
        self.scans = scans
        self.settings = settings
        let cost = scans.map { s in settings.checkpoints(of: s).count * s.header.viewport.pixelWidth * s.header.viewport.pixelHeight }
        order = scans.indices.sorted { cost[$0] != cost[$1] ? cost[$0] > cost[$1] : $0 < $1 }
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
                guard q.next < order.count else { return nil }
                q.next += 1
                return order[q.next - 1]
            }
            guard let index else { return }
            let result = CheckSession(scan: scans[index], settings: settings).run()
            queue.withLock { q in q.results[index] = result }
            finished.signal()
        }
    }
}
