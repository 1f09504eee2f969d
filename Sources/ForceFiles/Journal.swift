import ForceCore
import ForcePlatform
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
    private var name: String { slot == 1 ? "canvas" : "canvas-\(slot)" }
    /// The first slot's journal in `directory` (read without taking the slot, when the folder
    /// is read-only).
    public static func firstPath(in directory: String) -> String { "\(directory)/canvas.jsonl" }

    /// A name in the journal folder for a journal set aside, `canvas.KIND-DATE.jsonl` (with
    /// `-2`, `-3`, … when that is taken): each one kept, never one written over another.
    func asideName(_ kind: String, at date: Date = Date()) -> String {
        let stamp = Self.stampFormat.string(from: date)
        var n = 1
        while true {
            let candidate = "\(directory)/\(name).\(kind)-\(stamp)\(n == 1 ? "" : "-\(n)").jsonl"
            if access(candidate, F_OK) != 0 { return candidate }
            n += 1
        }
    }

    private static let stampFormat: DateFormatter = {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd'T'HH-mm-ss"
        return f
    }()

    /// The canvases kept aside in `directory` (`*.previous-DATE.jsonl`: a new canvas, a fresh
    /// start, a drawing opened over them), newest first: path, when it was kept, its bytes.
    public static func keptCanvases(in directory: String) -> [(path: String, date: Date, bytes: Int)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var out: [(path: String, date: Date, bytes: Int)] = []
        for name in names where name.hasPrefix("canvas") && name.contains(".previous-") && name.hasSuffix(".jsonl") {
            let path = directory + "/" + name
            var info = stat()
            guard stat(path, &info) == 0, FileKind(mode: info.st_mode) == nil else { continue }
            out.append((path, Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec)), Int(info.st_size)))
        }
        return out.sorted { $0.date != $1.date ? $0.date > $1.date : $0.path > $1.path }
    }

    /// Moves the journal aside under `asideName(kind)` when it holds anything, or when what is
    /// at its path is not a file at all (a FIFO would block the writer's open); returns where.
    func setAside(_ kind: String) throws(FileProblem) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_size > 0 || FileKind(mode: info.st_mode) != nil else { return nil }
        let aside = asideName(kind)
        guard rename(path, aside) == 0 else { throw FileProblem.last(aside) }
        return aside
    }

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

    /// Starts an empty journal with `header`. A journal with anything in it is set aside as
    /// `canvas.previous-DATE.jsonl` (a name of its own, never over an older one) rather than
    /// destroyed; returns the writer and where the old journal went.
    public func startFresh(header: Session) throws(FileProblem) -> (writer: SessionWriter, keptAs: String?) {
        let kept = try setAside("previous")
        return (try SessionWriter(path: path, mode: .replace, header: header, policy: .retry), kept)
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
    /// failure leaves the full journal as it was.
    public func compact(_ state: AppState) throws(FileProblem) {
        // Line by line, in blocks: a drawing of a million points never becomes one string.
        try WholeFile.write(to: path) { (write: (String) throws(FileProblem) -> Void) throws(FileProblem) in
            try write(SessionCoding.headerLine(Session.resumingHeader(state)) + "\n")
            var failure: FileProblem?
            Session.forEachResumingEvent(state) { e in
                guard failure == nil else { return }
                do throws(FileProblem) { try write(SessionCoding.line(e) + "\n") } catch { failure = error }
            }
            if let failure { throw failure }
        }
    }
}
