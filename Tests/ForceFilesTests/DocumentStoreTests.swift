import ForceCore
import ForcePlatform
@testable import ForceFiles
import Foundation
import TestSupport
import XCTest

/// The documents folder: every canvas a document with its journal, card and thumbnail; new,
/// rename, duplicate, delete to a trash that gives it back, emptied by hand or after 30 days;
/// the journal folder of older versions moved in; and the desk a window moves between
/// documents with, never losing the one it leaves.
final class DocumentStoreTests: XCTestCase {
    var dir = ""
    var store: DocumentStore { DocumentStore(directory: dir + "/documents") }

    override func setUpWithError() throws { dir = try temporaryFolder() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// A state with `strokes` short strokes on a 400 × 300 screen.
    func drawing(strokes: Int) -> AppState {
        var state = AppState(viewport: Viewport(width: 400, height: 300))
        for e in Fixtures.shortStrokes(strokes) { state.handle(e.event, at: e.time) }
        return state
    }

    func strokes(in path: String) throws -> Int {
        guard case .restored(let r) = Journal.read(path: path, fallbackHeader: Session(viewport: Viewport(width: 10, height: 10)))
        else { throw XCTSkip("not restored") }
        return r.strokeCount
    }

    func testNewRenameDuplicateAndTheirCards() throws {
        let id = try store.create(name: "Sketch", at: Date(timeIntervalSince1970: 1_700_000_000))
        XCTAssertEqual(id, "20231114T221320Z")
        XCTAssertEqual(try store.create(at: Date(timeIntervalSince1970: 1_700_000_000)), "20231114T221320Z-2", "a taken ID gets a number")
        let journal = try XCTUnwrap(try Journal.open(directory: store.directory, id: id))
        try journal.compact(drawing(strokes: 3))
        XCTAssertEqual(store.list().map(\.id), [id], "a document without a journal yet is not listed")
        try store.note(id, strokes: 3, points: 27)
        try store.rename(id, to: "  Portrait  ")
        XCTAssertThrowsError(try store.rename(id, to: "   "), "a blank name is refused")
        let d = try XCTUnwrap(store.document(id))
        XCTAssertEqual(d.name, "Portrait")
        XCTAssertEqual(d.strokes, 3)
        XCTAssertEqual(d.created, Date(timeIntervalSince1970: 1_700_000_000))
        let copy = try store.duplicate(id)
        XCTAssertEqual(store.document(copy)?.name, "Portrait copy")
        XCTAssertEqual(store.document(copy)?.strokes, 3)
        XCTAssertEqual(try strokes(in: store.journal(copy)), 3, "the copy redraws the same canvas")
        XCTAssertEqual(Set(store.list().map(\.id)), [id, copy])
    }

    func testDeleteMovesToTheTrashUndoBringsItBackAndEmptyingIsTheOnlyEnd() throws {
        let id = try store.create(name: "Keep me")
        try Journal.open(directory: store.directory, id: id).map { try $0.compact(drawing(strokes: 2)) }
        try store.moveToTrash(id, at: Date(timeIntervalSince1970: 1_000))
        XCTAssertEqual(store.list().map(\.id), [])
        let trashed = try XCTUnwrap(store.listTrash().first)
        XCTAssertEqual(trashed.name, "Keep me")
        XCTAssertEqual(trashed.trashed, Date(timeIntervalSince1970: 1_000))
        try store.restoreFromTrash(id)
        XCTAssertEqual(store.list().map(\.name), ["Keep me"])
        XCTAssertNil(store.list().first?.trashed)
        XCTAssertEqual(try strokes(in: store.journal(id)), 2)
        // Deleted again: 30 days later it is still there, a day more and it is gone.
        let deleted = Date(timeIntervalSince1970: 2_000_000)
        try store.moveToTrash(id, at: deleted)
        XCTAssertEqual(store.purgeTrash(now: deleted.addingTimeInterval(29.9 * 86_400)), 0)
        XCTAssertEqual(store.listTrash().count, 1)
        XCTAssertEqual(store.purgeTrash(now: deleted.addingTimeInterval(30.1 * 86_400)), 1)
        XCTAssertEqual(store.listTrash().count, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.trash), [], "journal, card and thumbnail went")
    }

    func testADocumentAnotherWindowShowsCannotBeDeleted() throws {
        let journal = try Journal.create(directory: store.directory)
        try journal.compact(drawing(strokes: 1))
        XCTAssertThrowsError(try store.moveToTrash(journal.id)) { error in
            XCTAssertEqual((error as? FileProblem)?.code, EBUSY)
        }
        withExtendedLifetime(journal) {}
    }

    func testTheOldJournalFolderBecomesDocuments() throws {
        let old = dir + "/journal"
        try FileManager.default.createDirectory(atPath: old, withIntermediateDirectories: true)
        let text = SessionCoding.encode(Session.resuming(drawing(strokes: 2)))
        for name in ["canvas.jsonl", "canvas-2.jsonl", "canvas.previous-2026-11-20T10-00-00.jsonl", "canvas.damaged-2026-11-21T10-00-00.jsonl"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: old + "/" + name, contents: Data(text.utf8)))
        }
        XCTAssertTrue(FileManager.default.createFile(atPath: old + "/canvas-3.jsonl", contents: Data()))
        XCTAssertTrue(FileManager.default.createFile(atPath: old + "/canvas.lock", contents: Data()))
        XCTAssertEqual(store.migrate(fromJournalFolder: old), 4, "an empty journal holds nothing to keep")
        let docs = store.list()
        XCTAssertEqual(docs.count, 4)
        XCTAssertEqual(docs.filter { $0.name.hasPrefix("Canvas kept ") }.count, 1)
        XCTAssertEqual(docs.filter { $0.name.hasPrefix("Damaged original kept ") }.count, 1)
        for d in docs { XCTAssertEqual(try strokes(in: d.path), 2) }
        XCTAssertEqual(store.migrate(fromJournalFolder: old), 0, "once")
    }

    /// The desk: Ctrl+N leaves the drawing as a document (compacted, counted, a thumbnail) and
    /// starts another; opening the first again gives it back; a blank document is not kept.
    func testTheDeskLeavesNothingBehind() throws {
        let desk = DocumentDesk(current: try Journal.open(directory: store.directory))
        let first = desk.current.id
        let state = drawing(strokes: 4)
        let writer = try desk.startNew(Session.resuming(AppState(viewport: Viewport(width: 400, height: 300))))
        writer.close()
        XCTAssertNotEqual(desk.current.id, first)
        // The first document, left with its drawing (the window's journal held it).
        do {
            let firstDesk = DocumentDesk(current: try XCTUnwrap(try Journal.open(directory: store.directory, id: first)))
            XCTAssertNil(firstDesk.leave(state, changed: true))
        }
        XCTAssertEqual(store.document(first)?.strokes, 4)
        XCTAssertEqual(store.document(first)?.points, state.ink.finishedPointCount)
        let thumbnail = try XCTUnwrap(store.document(first)?.thumbnail)
        XCTAssertEqual(FileManager.default.contents(atPath: thumbnail)?.prefix(4), Data([0x89, 0x50, 0x4E, 0x47]))
        // The second, blank, is removed when left; a blank one the user named is kept.
        let second = desk.current.id
        XCTAssertNil(desk.leave(AppState(viewport: Viewport(width: 400, height: 300)), changed: false))
        XCTAssertNil(store.document(second))
        let named = try desk.startNew(Session(viewport: Viewport(width: 400, height: 300)))
        named.close()
        try store.rename(desk.current.id, to: "Plan for Monday")
        XCTAssertNil(desk.leave(AppState(viewport: Viewport(width: 400, height: 300)), changed: false))
        XCTAssertEqual(store.document(desk.current.id)?.name, "Plan for Monday")
        // Opened again: the drawing is back and its journal goes on.
        let other = DocumentDesk(current: try Journal.create(directory: store.directory))
        let opened = try XCTUnwrap(try other.open(first, fallbackHeader: Session(viewport: Viewport(width: 10, height: 10)), shortcuts: ShortcutCatalog()),
                                   "held by nobody once the desk that left it is gone")
        XCTAssertEqual(opened.state?.ink.strokes.count, 4)
        opened.writer.close()
    }

    /// A new document is named in the interface's language; a blank one left with either
    /// language's default name is not kept (the user chose no name).
    func testDefaultNamesInChinese() throws {
        let locale = dir + "/locale"
        try FileManager.default.createDirectory(atPath: locale + "/zh_CN/LC_MESSAGES", withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: locale + "/zh_CN/LC_MESSAGES/forcecanvas.mo", contents: Data()))
        XCTAssertNil(Translation.start(.simplifiedChinese, localeFolder: locale))
        defer { Translation.start(.english, localeFolder: nil) }
        var date = DateComponents()
        (date.year, date.month, date.day, date.hour, date.minute, date.second) = (2026, 11, 25, 15, 20, 7)
        let created = try XCTUnwrap(Calendar.current.date(from: date))
        XCTAssertEqual(DocumentStore.defaultName(created: created), "绘画 2026年11月25日 15:20:07")
        XCTAssertTrue(DocumentStore.isDefaultName("绘画 2026年11月25日 15:20:07"))
        XCTAssertTrue(DocumentStore.isDefaultName("Drawing of 25 Nov 2026, 15:20:07"))
        XCTAssertFalse(DocumentStore.isDefaultName("Plan for Monday"))
        let desk = DocumentDesk(current: try Journal.open(directory: store.directory))
        let blank = try desk.startNew(Session(viewport: Viewport(width: 400, height: 300)))
        blank.close()
        XCTAssertTrue(try XCTUnwrap(store.document(desk.current.id)?.name).hasPrefix("绘画 "))
        XCTAssertNil(desk.leave(AppState(viewport: Viewport(width: 400, height: 300)), changed: false))
        XCTAssertNil(store.document(desk.current.id), "blank and named by default: not kept")
    }
}
