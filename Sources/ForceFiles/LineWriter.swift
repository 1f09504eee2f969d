import Dispatch
import ForcePlatform
import Foundation
import Synchronization

/// Appends lines to a `LineFile` from a thread of its own, so the frame loop never waits on a
/// disk: the loop hands over lines (a copy into memory under a lock), the writer thread writes
/// them every `interval` and at once when asked (a stroke ended), as whole lines only.
///
/// A write that fails leaves the file valid up to its last whole line. Then, by `policy`, the
/// writer keeps the lines and tries again later (the journal: drawing goes on, nothing is
/// lost while the disk is full) or stops for good (a recording).
public final class LineWriter: Sendable {
    /// What a failed write leads to.
    public enum Policy: Sendable {
        /// Keep the lines and try again every `retryInterval`.
        case retry
        /// Stop: later lines are dropped; the file keeps what was written.
        case stop
    }

    /// 50 ms: lines reach the system at least this often, so a crash (even `kill -9`) loses at
    /// most the last 50 ms of input plus one write — under the 100 ms that SPEC 10 allows.
    public static let interval = 0.05
    /// 1 s between tries while writes fail (each try rewrites every waiting line).
    public static let retryInterval = 1.0

    private struct Shared {
        var pending: [UInt8] = []
        var failure: FileProblem?
        var stopped = false
        var closing = false
        var syncWanted = false
    }

    public let path: String
    private let policy: Policy
    private let shared = Mutex(Shared())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the writer thread on `file` (already holding whatever was written before).
    public init(file: LineFile, policy: Policy, interval: Double = LineWriter.interval) {
        path = file.path
        self.policy = policy
        let thread = Thread { [self] in run(file, interval: interval) }
        thread.name = "forcecanvas.writer"
        thread.start()
    }

    /// Hands over one line (without its line break). Never blocks on the disk.
    public func append(_ line: String) {
        shared.withLock { s in
            guard !s.stopped, !s.closing else { return }
            s.pending.append(contentsOf: line.utf8)
            s.pending.append(UInt8(ascii: "\n"))
        }
    }

    /// Writes what is waiting now and asks the system to keep it (`fdatasync`): a stroke ended.
    public func flushSoon() {
        shared.withLock { $0.syncWanted = true }
        wake.signal()
    }

    /// The problem of the last failed write, while writes fail (nil once one succeeds again).
    public var failure: FileProblem? { shared.withLock { $0.failure } }

    /// Whether the writer stopped after a failure (`Policy.stop`).
    public var isStopped: Bool { shared.withLock { $0.stopped } }

    /// Writes what is waiting, syncs, closes the file and ends the thread. Returns the problem
    /// if the last lines could not be written.
    @discardableResult
    public func close() -> FileProblem? {
        let first = shared.withLock { s -> Bool in
            defer { s.closing = true }
            return !s.closing
        }
        if first {
            wake.signal()
            finished.wait()
        }
        return failure
    }

    private func run(_ start: LineFile, interval: Double) {
        var file = start
        var nextTry = 0.0
        while true {
            _ = wake.wait(timeout: .now() + interval)
            let now = ProcessInfo.processInfo.systemUptime
            let (batch, closing, sync) = shared.withLock { s -> ([UInt8], Bool, Bool) in
                let waiting = s.failure != nil && now < nextTry && !s.closing
                let batch = waiting ? [] : s.pending
                if !waiting { s.pending = [] }
                defer { s.syncWanted = false }
                return (batch, s.closing, s.syncWanted)
            }
            if !batch.isEmpty {
                do {
                    try file.append(batch)
                    if sync || closing { try? file.sync() }
                    shared.withLock { $0.failure = nil }
                } catch {
                    nextTry = now + Self.retryInterval
                    let policy = self.policy
                    shared.withLock { s in
                        s.failure = error
                        switch policy {
                        case .retry: s.pending = batch + s.pending
                        case .stop:
                            s.stopped = true
                            s.pending = []
                        }
                    }
                }
            } else if sync {
                try? file.sync()
            }
            if closing {
                file.close()
                finished.signal()
                return
            }
        }
    }
}
