import ForceCore
import ForcePlatform
import Foundation

/// The autosave journal of one document (`DocumentStore`): every window session written as it
/// happens, in the session format, to `$XDG_STATE_HOME/forcecanvas/documents/ID.jsonl`, so that
/// the next start brings the canvas back (strokes, undo history, scene, options) after a crash,
/// `kill -9` or a power cut.
///
/// A running window holds the document it shows through a lock file (`ID.lock`), so two
/// windows never write one journal; the lock goes with its process, however it ends. On a
/// clean exit, or when the window moves to another document, the journal is compacted into a
/// session that redraws the canvas (`Session.resuming`), so it never grows without bound.
public final class Journal {
    /// The documents folder.
    public let directory: String
    /// The document's ID (`DocumentStore`).
    public let id: String
    private let lock: Int32

    private init(directory: String, id: String, lock: Int32) {
        self.directory = directory
        self.id = id
        self.lock = lock
    }

    deinit { close(lock) }

    /// The journal file.
    public var path: String { "\(directory)/\(id).jsonl" }
    /// The store the document is in.
    public var store: DocumentStore { DocumentStore(directory: directory) }

    /// A name in the documents folder for a journal set aside, `ID.KIND-DATE.jsonl` (with
    /// `-2`, `-3`, … when that is taken): each one kept, never one written over another, and
    /// never listed as a document of its own.
    func asideName(_ kind: String, at date: Date = Date()) -> String {
        let stamp = Self.stampFormat.string(from: date)
        var n = 1
        while true {
            let candidate = "\(directory)/\(id).\(kind)-\(stamp)\(n == 1 ? "" : "-\(n)").jsonl"
            if access(candidate, F_OK) != 0 { return candidate }
            n += 1
        }
    }

    private static let stampFormat = Wording.dateFormatter("yyyy-MM-dd'T'HH-mm-ss")

    /// Moves the journal aside under `asideName(kind)` when it holds anything, or when what is
    /// at its path is not a file at all (a FIFO would block the writer's open); returns where.
    func setAside(_ kind: String) throws(FileProblem) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_size > 0 || FileKind(mode: info.st_mode) != nil else { return nil }
        let aside = asideName(kind)
        guard rename(path, aside) == 0 else { throw FileProblem.last(aside) }
        return aside
    }

    /// Takes the most recently written document no other window holds (the folder is created
    /// if missing); a new document when every one is held or there is none.
    public static func open(directory: String) throws(FileProblem) -> Journal {
        try Folder.create(directory)
        for d in DocumentStore(directory: directory).list() {
            if let j = try open(directory: directory, id: d.id) { return j }
        }
        return try create(directory: directory)
    }

    /// Takes document `id`; nil when another window holds it.
    public static func open(directory: String, id: String) throws(FileProblem) -> Journal? {
        let lockPath = DocumentStore(directory: directory).lock(id)
        let fd = Glibc.open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileProblem.last(lockPath) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            Glibc.close(fd)
            return nil
        }
        return Journal(directory: directory, id: id, lock: fd)
    }

    /// A new document (named `name`, or after its creation time), held by this window; its
    /// journal is written by `startFresh` or `compact`.
    public static func create(directory: String, name: String? = nil) throws(FileProblem) -> Journal {
        let store = DocumentStore(directory: directory)
        for _ in 0..<100 {
            let id = try store.create(name: name)
            if let j = try open(directory: directory, id: id) { return j }
        }
        throw FileProblem(path: directory, code: EBUSY)
    }

    /// Starts an empty journal with `header`. What the journal held is set aside as
    /// `ID.unreadable-DATE.jsonl` (a journal that could not be read is never destroyed); returns
    /// the writer and where the old journal went.
    public func startFresh(header: Session) throws(FileProblem) -> (writer: SessionWriter, keptAs: String?) {
        let kept = try setAside("unreadable")
        return (try SessionWriter(path: path, mode: .replace, header: header, policy: .retry), kept)
    }

    /// What taking up a journal gave (`resume`).
    public struct Resumed {
        /// The canvas it held, when it held one (even when it cannot be continued).
        public var restored: JournalRestore?
        /// The writer that goes on with it; nil when `problem` stopped it.
        public var writer: SessionWriter?
        /// Why it cannot be written: while continuing a restored canvas, or starting afresh.
        public var problem: FileProblem?
        /// Why it could not be read, and where what it held was set aside.
        public var unreadable: (reason: String, keptAs: String?)?
    }

    /// Reads the journal and takes it up: a restored canvas is continued (`continuing`), an
    /// unreadable or empty journal started afresh (`startFresh`). The canvas comes back even
    /// when the journal cannot be written.
    public func resume(fallbackHeader: Session, shortcuts: ShortcutCatalog = ShortcutCatalog()) -> Resumed {
        var out = Resumed()
        do throws(FileProblem) {
            switch read(fallbackHeader: fallbackHeader, shortcuts: shortcuts) {
            case .restored(var restored):
                defer { out.restored = restored }
                out.writer = try continuing(after: &restored, fallbackHeader: fallbackHeader, shortcuts: shortcuts)
            case .unusable(let reason):
                let started = try startFresh(header: fallbackHeader)
                out.writer = started.writer
                out.unreadable = (reason, started.keptAs)
            case .empty:
                out.writer = try startFresh(header: fallbackHeader).writer
            }
        } catch {
            out.problem = error
        }
        return out
    }

    /// A writer that goes on after the journal's `bytes` valid bytes.
    public func continuing(bytes: Int) throws(FileProblem) -> SessionWriter {
        try SessionWriter(continuing: path, size: bytes, policy: .retry)
    }

    /// Continues the journal after `restored`'s valid lines. A journal with a damaged line is
    /// first set aside as `canvas.damaged-DATE.jsonl` (its own name: a second damage never
    /// overwrites the first), then replaced by a session that redraws the restored canvas, read
    /// back so that the state and the file agree (`restored` becomes that state; the undo
    /// history is not kept, as at a clean exit). If the new journal cannot be written, the
    /// original goes back where it was.
    public func continuing(after restored: inout JournalRestore, fallbackHeader: Session,
                           shortcuts: ShortcutCatalog = ShortcutCatalog()) throws(FileProblem) -> SessionWriter {
        guard restored.isDamaged else { return try SessionWriter(continuing: path, size: restored.validBytes, policy: .retry) }
        let aside = asideName("damaged")
        guard rename(path, aside) == 0 else { throw FileProblem.last(aside) }
        do {
            try compact(restored.state)
        } catch {
            _ = rename(aside, path)
            throw error
        }
        guard case .restored(let again) = read(fallbackHeader: fallbackHeader, shortcuts: shortcuts), !again.isDamaged else {
            _ = rename(aside, path)
            throw FileProblem(path: path, code: EIO)
        }
        restored.state = again.state
        restored.validBytes = again.validBytes
        restored.keptAs = aside
        return try SessionWriter(continuing: path, size: again.validBytes, policy: .retry)
    }

    /// Replaces the journal by a session that redraws `state` (call it after the journal's
    /// writer closed): written under a temporary name, synced, then renamed into place, so a
    /// failure leaves the full journal as it was. The ink snapshot is written pending: the
    /// header and redrawing lines' bytes and hash, for the next restore to fill in.
    public func compact(_ state: AppState) throws(FileProblem) {
        var bytes = 0, lines = 0
        var pending: InkSnapshot?
        // Line by line, in blocks: a drawing of a million points never becomes one string.
        try WholeFile.write(to: path) { (write: (String) throws(FileProblem) -> Void) throws(FileProblem) in
            var failure: FileProblem?
            func line(_ text: String) {
                guard failure == nil else { return }
                let utf8 = (text + "\n").utf8
                if pending == nil {
                    bytes += utf8.count
                    lines += 1
                }
                do throws(FileProblem) { try write(text + "\n") } catch { failure = error }
            }
            line(SessionCoding.headerLine(Session.resumingHeader(state)))
            Session.forEachResumingEvent(state, redrawn: { end, count in
                pending = InkSnapshot(prefixBytes: bytes, prefixLines: lines, prefixHash: 0, endTime: end, events: count)
            }) { e in line(SessionCoding.line(e)) }
            if let failure { throw failure }
        }
        let snapshot = InkSnapshot.path(forJournal: path)
        // The prefix's hash is read back from what was written (the bytes the next start reads).
        if var pending, state.ink.live == nil, let hash = InkSnapshot.hash(of: path, bytes: pending.prefixBytes) {
            pending.prefixHash = hash
            pending.write(nil, to: snapshot)
        } else {
            _ = unlink(snapshot)
        }
    }
}
