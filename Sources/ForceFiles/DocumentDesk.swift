import CairoRender
import ForceCore
import ForcePlatform
import Foundation

/// The document a window shows, and the moves between documents: leaving one (compacted,
/// its card and thumbnail noted), starting a new one (Ctrl+N, continue-from-here, a drawing
/// opened), opening one from the picker. The window writes the journal through the writers
/// handed back; nothing here runs per frame.
public final class DocumentDesk {
    public let store: DocumentStore
    /// The document on screen, held by this window.
    public private(set) var current: Journal

    public init(current: Journal) {
        self.current = current
        self.store = current.store
    }

    /// What opening a document gave: the canvas to show (nil: it starts empty), the writer that
    /// goes on with its journal, and one status line when something about it must be said.
    public struct Opened {
        public var state: AppState?
        public var writer: SessionWriter
        public var status: String?
    }

    /// Leaves the document on screen, its journal's writer already closed: a journal with
    /// changes is compacted into a session that redraws `state`, and the card and thumbnail
    /// note what it holds. A document nothing was ever drawn in (no strokes, nothing to undo
    /// or redo, no pages) and never named is removed rather than listed when `removeIfBlank` (a window
    /// moving to another document; at exit it is kept, with the window's size and panels).
    /// Returns what went wrong, in words.
    @discardableResult
    public func leave(_ state: AppState, changed: Bool, removeIfBlank: Bool = true) -> String? {
        let ink = state.ink
        let id = current.id
        // (A document the user named is kept, blank or not.)
        let named = store.readCard(id).map { !DocumentStore.isDefaultName($0.name) } ?? false
        if removeIfBlank, !named, ink.strokes.isEmpty, ink.live == nil, !ink.canUndo, !ink.canRedo, state.paper.isEmpty {
            for path in [current.path, store.card(id), store.thumbnail(id), store.lock(id), InkSnapshot.path(forJournal: current.path)] {
                _ = unlink(path)
            }
            return nil
        }
        // Nothing changed and the card and thumbnail say what it holds: nothing to write.
        if !changed, let d = store.document(id), d.strokes != nil, d.thumbnail != nil { return nil }
        var problem: String?
        if changed {
            do { try current.compact(state) } catch { problem = "the journal was not compacted (\(error))" }
        }
        do { try note(state) } catch { problem = problem ?? "the document's card was not written (\(error))" }
        return problem
    }

    /// Writes what the document on screen holds as `state`: the strokes and points on its
    /// card, and its thumbnail.
    public func note(_ state: AppState) throws(FileProblem) {
        let ink = state.ink
        try store.note(current.id, strokes: ink.strokes.count + (ink.live == nil ? 0 : 1),
                       points: ink.finishedPointCount + (ink.live?.realCount ?? 0)) { path in
            try Self.writeThumbnail(state, to: path)
        }
    }

    /// Writes `state`'s thumbnail (its ink on the device's screen) to `path`.
    public static func writeThumbnail(_ state: AppState, to path: String) throws {
        try Exporter.thumbnail(state.display.ink, viewport: state.screenSize, width: DocumentStore.thumbnailSize.width,
                               height: DocumentStore.thumbnailSize.height, to: path)
    }

    /// Starts a new document named `name` whose journal begins as `session` (its header and
    /// events written now); it becomes the document on screen. On failure the document on
    /// screen stays what it was.
    public func startNew(_ session: Session, name: String? = nil) throws(FileProblem) -> SessionWriter {
        let journal = try Journal.create(directory: store.directory, name: name)
        do {
            let writer = try SessionWriter(path: journal.path, mode: .replace, header: session, policy: .retry)
            for e in session.events { writer.record(e) }
            current = journal
            return writer
        } catch {
            for path in [journal.path, store.card(journal.id), store.lock(journal.id)] { _ = unlink(path) }
            throw error
        }
    }

    /// Opens document `id` as the document on screen: its canvas restored (a damaged line
    /// costs its event, as at a start), its journal continued. Nil when another window holds it.
    public func open(_ id: String, fallbackHeader: Session, shortcuts: ShortcutCatalog) throws(FileProblem) -> Opened? {
        guard let journal = try Journal.open(directory: store.directory, id: id) else { return nil }
        let resumed = journal.resume(fallbackHeader: fallbackHeader, shortcuts: shortcuts)
        if let problem = resumed.problem { throw problem }
        guard let writer = resumed.writer else { throw FileProblem(path: journal.path, code: EIO) }
        var status: String?
        if let r = resumed.restored, r.isDamaged || r.tornLine != nil { status = r.status }
        if let u = resumed.unreadable {
            status = "The document could not be read (\(u.reason))" + (u.keptAs.map { "; it is kept as \($0)" } ?? "")
        }
        current = journal
        return Opened(state: resumed.restored?.state, writer: writer, status: status)
    }
}

extension DocumentStore {
    /// Moves the journals of the folder ForceCanvas kept before documents
    /// (`…/forcecanvas/journal/`: `canvas.jsonl`, `canvas-N.jsonl` and the canvases set aside
    /// there) into the documents folder, one document each, named for what they were; the old
    /// folder's lock files go, and the folder too once empty. Returns how many moved.
    @discardableResult
    public func migrate(fromJournalFolder old: String) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: old) else { return 0 }
        var moved = 0
        for name in names.sorted() where name.hasPrefix("canvas") && name.hasSuffix(".jsonl") {
            let path = old + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, FileKind(mode: info.st_mode) == nil, info.st_size > 0 else { continue }
            let date = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec))
            let stem = String(name.dropLast(6))
            let title: String
            if let dot = stem.firstIndex(of: ".") {
                let kind = stem[stem.index(after: dot)...].prefix { $0 != "-" }
                title = (kind == "damaged" ? "Damaged original kept " : "Canvas kept ") + DocumentStore.shortDate(date)
            } else {
                title = "Canvas of " + DocumentStore.shortDate(date)
            }
            guard let id = try? create(name: title, at: date) else { continue }
            if Glibc.rename(path, journal(id)) == 0 {
                moved += 1
            } else {
                _ = unlink(card(id))
            }
        }
        for name in names where name.hasSuffix(".lock") { _ = unlink(old + "/" + name) }
        _ = rmdir(old)
        return moved
    }

    /// "25 Nov 2026, 15:20:07", in the same digits and calendar in every language.
    public static func shortDate(_ date: Date) -> String { nameFormat.string(from: date) }
}
