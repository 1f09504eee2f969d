import ForceCore
import ForcePlatform
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A session file written while it happens (a recording, the autosave journal): the header
/// first, then one line per event, handed to a `LineWriter` so the frame loop never waits on
/// the disk. A stroke's end is written (and synced) at once.
public final class SessionWriter: Sendable {
    public let path: String
    private let writer: LineWriter
    /// The latest time written: a session's times never go back (a late SDL event stamped a
    /// millisecond before a pen sample already written would make the file unreadable).
    private let latest = Mutex(0.0)


    /// Opens `path` in `mode` with `header` as its first line. A writer that stops on a failure
    /// (a recording) writes the header before returning, so a file that cannot be written is
    /// known at once; one that retries (the journal) hands it to its thread like any line, so a
    /// disk full at the start is a warning that clears once there is room, not a lost journal.
    public init(path: String, mode: LineFile.Mode, header: Session, policy: LineWriter.Policy) throws(FileProblem) {
        // A new file goes into its folder, made if missing (`--record takes/today/peek.jsonl`).
        if mode.createsFile { try Folder.createParent(of: path) }
        var file = try LineFile(path: path, mode: mode)
        let headerLine = SessionCoding.headerLine(header)
        if case .stop = policy {
            do {
                try file.append(Array((headerLine + "\n").utf8))
            } catch {
                // A file without its header is not a session: none is left behind (it would
                // also stop the next `--record` to that name).
                file.close()
                if mode.createsFile { _ = unlink(path) }
                throw error
            }
        }
        self.path = path
        writer = LineWriter(file: file, policy: policy)
        if case .retry = policy { writer.append(headerLine) }
    }

    /// Continues the session file at `path` after its first `size` bytes (whole lines).
    public init(continuing path: String, size: Int, policy: LineWriter.Policy) throws(FileProblem) {
        let file = try LineFile(path: path, mode: .continuing(size: size))
        self.path = path
        writer = LineWriter(file: file, policy: policy)
    }

    /// Adds an event, at no earlier a time than the one before; a pointer lifting or cancelled
    /// is written at once.
    public func record(_ event: TimedEvent) {
        let time = latest.withLock { t in
            if event.time > t { t = event.time }
            return t
        }
        writer.append(SessionCoding.line(TimedEvent(time: time, event: event.event)))
        if case .pointer(let p) = event.event, p.phase == .up || p.phase == .cancel { writer.flushSoon() }
    }

    /// The problem of the last failed write, while writes fail.
    public var failure: FileProblem? { writer.failure }

    /// Whether writing stopped after a failure (`LineWriter.Policy.stop`).
    public var isStopped: Bool { writer.isStopped }

    /// Writes what is waiting and closes the file; returns the problem if that failed.
    @discardableResult
    public func close() -> FileProblem? { writer.close() }
}
