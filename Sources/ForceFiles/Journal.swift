import ForceCore
import Foundation

/// The autosave journal: every window session written as it happens, in the session format, to
/// `$XDG_STATE_HOME/forcecanvas/journal/canvas.jsonl`, so that the next start brings the canvas
/// back (strokes, undo history, scene, options) after a crash, `kill -9` or a power cut.
///
/// Each running window holds one slot (`canvas.jsonl`, `canvas-2.jsonl`, … up to
/// `maximumSlots`) through a lock file, so two windows never write one journal; a slot's lock
/// goes with its process, however it ends. On a clean exit the journal is compacted into a
/// session that redraws the canvas (`Session.resuming`), so it never grows without bound.
public final class Journal {
    /// 8 windows at once keep their own journals; a ninth runs without one (and says so).
    public static let maximumSlots = 8

    /// The journal folder.
    public let directory: String
    /// 1 for `canvas.jsonl`, n for `canvas-n.jsonl`.
    public let slot: Int
    private let lock: Int32

    private init(directory: String, slot: Int, lock: Int32) {
        self.directory = directory
        self.slot = slot
        self.lock = lock
    }

    deinit { close(lock) }

    /// The journal file.
    public var path: String { "\(directory)/\(name).jsonl" }
    /// Where a `--fresh` start keeps the canvas it replaced (one generation).
    public var previousPath: String { "\(directory)/\(name).previous.jsonl" }
    /// Where a journal with a damaged line is kept before it is cut back to its valid lines.
    public var damagedPath: String { "\(directory)/\(name).damaged.jsonl" }
    private var name: String { slot == 1 ? "canvas" : "canvas-\(slot)" }

    /// Takes the first free slot in `directory` (created if missing); nil when every slot is
    /// held by another running window.
    public static func open(directory: String) throws(FileProblem) -> Journal? {
        try Folder.create(directory)
        for slot in 1...maximumSlots {
            let lockPath = "\(directory)/\(slot == 1 ? "canvas" : "canvas-\(slot)").lock"
            let fd = Glibc.open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw FileProblem.last(lockPath) }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return Journal(directory: directory, slot: slot, lock: fd) }
            Glibc.close(fd)
        }
        return nil
    }

    /// Starts an empty journal with `header`. A journal left with ink in it is kept as
    /// `previousPath` (replacing an older one) rather than destroyed.
    public func startFresh(header: Session) throws(FileProblem) -> SessionWriter {
        var info = stat()
        if stat(path, &info) == 0, info.st_size > 0 {
            guard rename(path, previousPath) == 0 else { throw FileProblem.last(previousPath) }
        }
        return try SessionWriter(path: path, mode: .replace, header: header, policy: .retry)
    }

    /// Continues the journal after `restored`'s valid lines. A journal with a damaged line is
    /// first copied to `damagedPath`, so cutting it back destroys nothing.
    public func continuing(after restored: JournalRestore) throws(FileProblem) -> SessionWriter {
        if restored.isDamaged {
            guard let bytes = FileManager.default.contents(atPath: path) else { throw FileProblem.last(path) }
            var copy = try LineFile(path: damagedPath, mode: .replace)
            defer { copy.close() }
            try copy.append(Array(bytes))
        }
        return try SessionWriter(continuing: path, size: restored.validBytes, policy: .retry)
    }

    /// Replaces the journal by a session that redraws `state` (call it after the journal's
    /// writer closed): written under a temporary name, synced, then renamed into place, so a
    /// failure leaves the full journal as it was.
    public func compact(_ state: AppState) throws(FileProblem) {
        try WholeFile.write(Array(SessionCoding.encode(Session.resuming(state)).utf8), to: path)
    }
}
