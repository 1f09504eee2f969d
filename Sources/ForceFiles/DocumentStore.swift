import ForceCore
import ForcePlatform
import Foundation

/// The documents folder, `$XDG_STATE_HOME/forcecanvas/documents/`: every canvas the user
/// started is a document there, kept until the user deletes it and empties the trash.
///
/// A document `ID` is three files: its journal `ID.jsonl` (the session format: replayed, it
/// redraws the canvas), its card `ID.json` (name, when it was created, and the strokes and
/// points it held when a window last left it) and its thumbnail `ID.png`. A window holds the
/// document it shows through `ID.lock` (`Journal`). Deleting moves the three files into
/// `trash/`, the card noting when; the trash keeps them until it is emptied, or for
/// `trashDays`. Nothing else removes a document.
public struct DocumentStore: Sendable {
    /// 30: the days a deleted document stays in the trash.
    public static let trashDays = 30.0
    /// 160 × 100 pixels: a thumbnail (the device's screen, scaled to fit).
    public static let thumbnailSize = (width: 160, height: 100)

    /// The documents folder.
    public let directory: String
    /// Where deleted documents wait: `directory/trash`.
    public var trash: String { directory + "/trash" }

    public init(directory: String) { self.directory = directory }

    /// One document as the picker shows it.
    public struct Document: Equatable, Sendable {
        public var id: String
        public var name: String
        public var created: Date
        /// When its journal was last written.
        public var modified: Date
        /// The strokes and points it held when a window last left it (nil: not known yet).
        public var strokes: Int?
        public var points: Int?
        /// The journal's bytes.
        public var bytes: Int
        /// When it was deleted (documents in the trash only).
        public var trashed: Date?
        /// Its journal.
        public var path: String
        /// Its thumbnail, when one was written.
        public var thumbnail: String?
    }

    /// What `ID.json` holds.
    struct Card: Codable, Equatable {
        var name: String
        var created: Double
        var strokes: Int?
        var points: Int?
        var trashed: Double?
    }

    // MARK: Paths

    func journal(_ id: String, inTrash: Bool = false) -> String { "\(inTrash ? trash : directory)/\(id).jsonl" }
    func card(_ id: String, inTrash: Bool = false) -> String { "\(inTrash ? trash : directory)/\(id).json" }
    func thumbnail(_ id: String, inTrash: Bool = false) -> String { "\(inTrash ? trash : directory)/\(id).png" }
    func lock(_ id: String) -> String { "\(directory)/\(id).lock" }

    /// Whether `name` is a document's journal's file name (`ID.jsonl`, the ID without dots:
    /// a damaged original set aside, `ID.damaged-DATE.jsonl`, is not a document).
    static func id(ofJournal name: String) -> String? {
        guard name.hasSuffix(".jsonl") else { return nil }
        let id = String(name.dropLast(6))
        return id.isEmpty || id.contains(".") || id.hasPrefix(".") ? nil : id
    }

    // MARK: Listing

    /// The documents, the most recently written first.
    public func list() -> [Document] { documents(inTrash: false) }

    /// The documents in the trash, the most recently deleted first.
    public func listTrash() -> [Document] {
        documents(inTrash: true).sorted { ($0.trashed ?? $0.modified) > ($1.trashed ?? $1.modified) }
    }

    /// Document `id`, or nil when it is not in the folder.
    public func document(_ id: String, inTrash: Bool = false) -> Document? {
        let path = journal(id, inTrash: inTrash)
        var info = stat()
        guard stat(path, &info) == 0, FileKind(mode: info.st_mode) == nil else { return nil }
        let modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        let c = readCard(id, inTrash: inTrash) ?? Card(name: Self.defaultName(created: modified), created: modified.timeIntervalSince1970)
        let thumb = thumbnail(id, inTrash: inTrash)
        return Document(id: id, name: c.name, created: Date(timeIntervalSince1970: c.created), modified: modified,
                        strokes: c.strokes, points: c.points, bytes: Int(info.st_size), trashed: c.trashed.map { Date(timeIntervalSince1970: $0) },
                        path: path, thumbnail: access(thumb, R_OK) == 0 && FileKind.of(thumb) == nil ? thumb : nil)
    }

    private func documents(inTrash: Bool) -> [Document] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: inTrash ? trash : directory) else { return [] }
        return names.compactMap { Self.id(ofJournal: $0) }.compactMap { document($0, inTrash: inTrash) }
            .sorted { $0.modified != $1.modified ? $0.modified > $1.modified : $0.id > $1.id }
    }

    // MARK: Cards

    func readCard(_ id: String, inTrash: Bool = false) -> Card? {
        guard let bytes = try? FileKind.readWhole(card(id, inTrash: inTrash), limit: 1 << 16) else { return nil }
        return try? JSONDecoder().decode(Card.self, from: bytes)
    }

    func writeCard(_ c: Card, _ id: String, inTrash: Bool = false) throws(FileProblem) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(c) else { throw FileProblem(path: card(id, inTrash: inTrash), code: EINVAL) }
        try WholeFile.write(Array(data) + [0x0A], to: card(id, inTrash: inTrash))
    }

    /// "Drawing of 25 Nov 2026, 15:20:07" ("绘画 2026年11月25日 15:20:07" in Chinese): the name a
    /// new document gets, in the interface's language (in the same digits and calendar in
    /// every language).
    public static func defaultName(created: Date) -> String {
        switch Translation.language {
        case .english: defaultNamePrefix + nameFormat.string(from: created)
        case .simplifiedChinese: chineseNamePrefix + chineseNameFormat.string(from: created)
        }
    }

    /// Whether `name` is one the user did not choose (a default name, in either language).
    public static func isDefaultName(_ name: String) -> Bool {
        name.hasPrefix(defaultNamePrefix) || name.hasPrefix(chineseNamePrefix)
    }

    /// "Drawing of ": how a name the user did not choose begins.
    public static let defaultNamePrefix = "Drawing of "
    static let chineseNamePrefix = "绘画 "

    static let nameFormat = Wording.dateFormatter("d MMM yyyy, HH:mm:ss")
    static let chineseNameFormat = Wording.dateFormatter("yyyy年M月d日 HH:mm:ss")

    private static let idFormat = Wording.dateFormatter("yyyyMMdd'T'HHmmss'Z'", utc: true)

    // MARK: Changes

    /// A new document's ID (its creation time; `-2`, `-3`, … when that is taken, here or in the
    /// trash), with its card written; its journal is the caller's to write.
    public func create(name: String? = nil, at date: Date = Date()) throws(FileProblem) -> String {
        try Folder.create(directory)
        let stamp = Self.idFormat.string(from: date)
        var n = 1
        var id = stamp
        while [journal(id), card(id), lock(id), journal(id, inTrash: true)].contains(where: Self.exists) {
            n += 1
            id = "\(stamp)-\(n)"
        }
        try writeCard(Card(name: name ?? Self.defaultName(created: date), created: date.timeIntervalSince1970), id)
        return id
    }

    /// Gives document `id` a new name (blank names are refused: the old one stays).
    public func rename(_ id: String, to name: String) throws(FileProblem) {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, var c = readCard(id) ?? document(id).map({ Card(name: $0.name, created: $0.created.timeIntervalSince1970) })
        else { throw FileProblem(path: card(id), code: trimmed.isEmpty ? EINVAL : ENOENT) }
        c.name = String(trimmed.prefix(200))
        try writeCard(c, id)
    }

    /// Records what document `id` holds (when a window leaves it): the counts on its card and
    /// its thumbnail (`thumbnail` draws it; a thumbnail that cannot be written is left out).
    public func note(_ id: String, strokes: Int, points: Int, thumbnail draw: ((String) throws -> Void)? = nil) throws(FileProblem) {
        guard var c = readCard(id) ?? document(id).map({ Card(name: $0.name, created: $0.created.timeIntervalSince1970) })
        else { throw FileProblem(path: card(id), code: ENOENT) }
        c.strokes = strokes
        c.points = points
        try writeCard(c, id)
        if let draw { try? draw(thumbnail(id)) }
    }

    /// A copy of document `id` under a new ID, named "NAME copy"; returns the new ID.
    public func duplicate(_ id: String) throws(FileProblem) -> String {
        guard let original = document(id) else { throw FileProblem(path: journal(id), code: ENOENT) }
        let copy = try create(name: original.name + " copy")
        do {
            try WholeFile.copy(from: journal(id), to: journal(copy))
        } catch {
            _ = unlink(card(copy))
            throw error
        }
        if var c = readCard(copy) {
            (c.strokes, c.points) = (original.strokes, original.points)
            try? writeCard(c, copy)
        }
        if original.thumbnail != nil { try? WholeFile.copy(from: thumbnail(id), to: thumbnail(copy)) }
        return copy
    }

    /// Moves document `id` to the trash, noting when. A document another window shows is
    /// refused (`EBUSY`): it is that window's to close first.
    public func moveToTrash(_ id: String, at date: Date = Date()) throws(FileProblem) {
        guard document(id) != nil else { throw FileProblem(path: journal(id), code: ENOENT) }
        guard !isHeld(id) else { throw FileProblem(path: journal(id), code: EBUSY) }
        try Folder.create(trash)
        var c = readCard(id) ?? Card(name: document(id)?.name ?? id, created: date.timeIntervalSince1970)
        c.trashed = date.timeIntervalSince1970
        try writeCard(c, id, inTrash: true)
        guard Glibc.rename(journal(id), journal(id, inTrash: true)) == 0 else {
            let problem = FileProblem.last(journal(id, inTrash: true))
            _ = unlink(card(id, inTrash: true))
            throw problem
        }
        _ = unlink(card(id))
        _ = Glibc.rename(thumbnail(id), thumbnail(id, inTrash: true))
        _ = unlink(lock(id))
        _ = unlink(InkSnapshot.path(forJournal: journal(id)))
    }

    /// Brings document `id` back from the trash (the undo of `moveToTrash`).
    public func restoreFromTrash(_ id: String) throws(FileProblem) {
        guard document(id, inTrash: true) != nil else { throw FileProblem(path: journal(id, inTrash: true), code: ENOENT) }
        guard access(journal(id), F_OK) != 0 else { throw FileProblem(path: journal(id), code: EEXIST) }
        var c = readCard(id, inTrash: true) ?? Card(name: id, created: Date().timeIntervalSince1970)
        c.trashed = nil
        try writeCard(c, id)
        guard Glibc.rename(journal(id, inTrash: true), journal(id)) == 0 else {
            let problem = FileProblem.last(journal(id))
            _ = unlink(card(id))
            throw problem
        }
        _ = unlink(card(id, inTrash: true))
        _ = Glibc.rename(thumbnail(id, inTrash: true), thumbnail(id))
    }

    /// Removes the documents in the trash for good (those deleted before `before`, or all);
    /// returns how many went.
    @discardableResult
    public func emptyTrash(deletedBefore before: Date? = nil) -> Int {
        var removed = 0
        for d in listTrash() where before == nil || (d.trashed ?? d.modified) < before! {
            for path in [journal(d.id, inTrash: true), card(d.id, inTrash: true), thumbnail(d.id, inTrash: true)] { _ = unlink(path) }
            removed += 1
        }
        return removed
    }

    /// Removes what has been in the trash longer than `trashDays`.
    @discardableResult
    public func purgeTrash(now: Date = Date()) -> Int {
        emptyTrash(deletedBefore: now.addingTimeInterval(-Self.trashDays * 86_400))
    }

    /// Whether a running window holds document `id`.
    public func isHeld(_ id: String) -> Bool {
        let fd = Glibc.open(lock(id), O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { Glibc.close(fd) }
        return flock(fd, LOCK_EX | LOCK_NB) != 0
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
}
