import ArgumentParser
import ForceCore
import ForceFiles
import ForcePlatform
import Foundation
import SDLHost

/// Reading and writing session files for the commands.
enum SessionFile {
    /// 60 s: how far past the last event `--at` may reach (render's and check's).
    static let slackAfterEnd = 60.0

    /// Why `times` (`--at`) cannot be drawn from `session`, whose events end at `duration`:
    /// frames after the end show the final state, far after it they only burn time (and a
    /// check would record a golden of a time the session never reaches). Nil when all can.
    static func timePastTheEnd(_ times: [Double], duration: Double, session: String) -> String? {
        guard let late = times.first(where: { $0 > duration + slackAfterEnd }) else { return nil }
        return String(format: "%@: --at %g is more than %g s past the session's end (%.3f s)", session, late, slackAfterEnd, duration)
    }

    /// What a first pass over a session file learns: the header, how many events follow and
    /// the last one's time, and the events themselves when they fitted `keptEventBytes`.
    struct Summary {
        var header: Session
        var eventCount: Int
        var duration: Double
        var captions: [Player.TimedCaption] = []
        /// The events the first pass kept, if they fitted.
        var events: KeptEvents?

        /// The events from the first: those the first pass kept, the first time (the replay
        /// then frees them as it reads them), else the file read again (parsed ahead on a
        /// thread of its own).
        func replayEvents(of file: SessionFileReader) -> any TimedEventSource {
            if let packed = events?.take() { packed.events() } else { PrefetchedEvents(file) }
        }
    }

    /// Events the first pass kept, handed out once: the one replay that takes them holds the
    /// only copy, so each megabyte it has replayed is freed while the ink it draws grows.
    final class KeptEvents {
        private var packed: PackedEvents?

        init(_ packed: PackedEvents) { self.packed = packed }

        /// The events, the first time; nil after.
        func take() -> PackedEvents? {
            var taken: PackedEvents?
            swap(&taken, &packed)
            return taken
        }
    }

    /// 128 MiB: the first pass keeps the events when they take at most this packed (about 3
    /// million pen samples with force), and the replay then reads them from memory instead of
    /// parsing the file a second time. A longer session is read again.
    static let keptEventBytes = 128 << 20

    /// Reads a whole session into memory (a replay in the window, Open Recent), streaming the
    /// file through the parser.
    static func read(_ path: String, strictTime: Bool = false) throws(SessionFileError) -> Session {
        var events: [TimedEvent] = []
        let file = try SessionFileReader(path: path)
        file.strictTime = strictTime
        let parser = try file.parseAll { line in
            if case .event(let e) = line { events.append(e) }
        }
        if let note = parser.timeNote { printProblem("\(note)") }
        guard var session = parser.header else { throw .invalid(SessionError(file: path, line: 1, message: "empty file", isAboutTheWholeFile: true)) }
        session.events = events
        session.checkpointChecks = parser.checkpointChecks
        return session
    }

    /// `read` for the window (Open Recent, a file dropped on it, `run --open`): a bad line is
    /// thrown as the `SessionError` itself, so the window can say which line in its status. A
    /// `.yml` or `.yaml` file is a tablet's `libinput record` capture, an `.evemu` or `.events`
    /// file its evemu recording (`forcecanvas import`), fitted into `document`.
    /// A Xournal++ document's session comes with what of it is not drawn (`XoppDocument.leftOut`);
    /// a PDF opens as its pages, to be drawn on (`PDFDocument`).
    static func readForWindow(_ path: String, document: Viewport = Viewport(width: 1280, height: 800)) throws -> LoadedSession {
        switch windowKind(of: path) {
        case .capture:
            return LoadedSession(try readCapture(path, document: document))
        case .pdf:
            let (session, summary) = try readPDF(path)
            return LoadedSession(session, leftOut: PDFDocument.leftOut(summary))
        case .foreign(let kind):
            throw SessionError(file: path, line: 1, message: "\(kind.phrase): the window opens \(windowOpens)", isAboutTheWholeFile: true)
        case .xournal:
            let (session, summary) = try readXournal(path)
            return LoadedSession(session, leftOut: XoppDocument.leftOut(summary))
        case .session:
            switch Result(catching: { () throws(SessionFileError) -> Session in try read(path) }) {
            case .success(let session): return LoadedSession(session)
            case .failure(.invalid(let error)): throw error
            case .failure(let error): throw error
            }
        }
    }

    /// What the window takes a file for, in the order it asks (`readForWindow`; `render`
    /// imports the same documents and captures first).
    enum WindowKind: Equatable {
        /// A tablet's capture, by its name (`captureSuffixes`).
        case capture
        /// A PDF, by its name or its bytes (a PDF saved without its extension).
        case pdf
        /// A file of another kind its bytes name (an image, an archive): refused.
        case foreign(FileSignature)
        /// A Xournal++ document, by its name or its bytes.
        case xournal
        /// Anything else is read as a session.
        case session
    }

    /// The kind of file at `path` (its first bytes, `firstBytes`, read unless given).
    static func windowKind(of path: String, firstBytes given: [UInt8]? = nil) -> WindowKind {
        if captureSuffixes.contains(where: path.hasSuffix) { return .capture }
        let first = given ?? firstBytes(of: path)
        if isPDF(path, firstBytes: first) { return .pdf }
        if let kind = FileSignature(first), !kind.mayBeImported { return .foreign(kind) }
        if isXournal(path, firstBytes: first) { return .xournal }
        return .session
    }

    /// Writes `session` to `path` whole or not at all, line by line in blocks (never the whole
    /// file as one string): what `import` writes, and `render` of a document reads.
    static func write(_ session: Session, to path: String) throws(FileProblem) {
        try WholeFile.write(to: path) { (write: (String) throws(FileProblem) -> Void) throws(FileProblem) in
            try write(SessionCoding.headerLine(session) + "\n")
            for e in session.events { try write(SessionCoding.line(e) + "\n") }
        }
    }

    /// The names a tablet's capture goes by: `libinput record`'s YAML, an evemu recording.
    static let captureSuffixes = [".yml", ".yaml", ".evemu", ".events"]

    /// What the window opens, as its messages say it.
    static let windowOpens = "sessions, Xournal++ documents, PDFs and tablet captures"

    /// The first `count` bytes of the file at `path` (fewer for a shorter file; none for one that
    /// cannot be opened as a regular file, whose reader then says why).
    static func firstBytes(of path: String, count: Int = 16) -> [UInt8] {
        guard let (fd, _) = try? FileKind.openRegular(path) else { return [] }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, count) }
        return Array(bytes.prefix(max(0, n)))
    }

    /// A PDF: `.pdf`, or (when they are known) bytes that begin `%PDF-`.
    static func isPDF(_ path: String, firstBytes bytes: [UInt8] = []) -> Bool {
        path.lowercased().hasSuffix(".pdf") || PDFDocument.isPDF(bytes)
    }

    /// A PDF as a session of its pages (`PDFDocument.session`); a problem is a `SessionError`
    /// of its first line.
    static func readPDF(_ path: String) throws(SessionError) -> (Session, PDFDocument.Summary) {
        do {
            return try PDFDocument.session(of: path, title: Wording.stem(path))
        } catch {
            throw SessionError(file: path, line: 1, message: error.message, isAboutTheWholeFile: true)
        }
    }

    /// Where a Xournal++ document's pictures are kept once imported or opened, each in a file
    /// named by its bytes (`XoppDocument.keep(picture:in:)`): `$XDG_DATA_HOME/forcecanvas/pictures`
    /// (`~/.local/share/…`); nil when nothing says where home is (its pictures are then left out).
    static var picturesFolder: String? { UserFolders().dataHome.map { $0 + "/forcecanvas/pictures" } }

    /// A ForceCanvas session: its first line a JSON object naming the format
    /// `"forcecanvas-session"` (what `import` has nothing to do with).
    static func isSession(firstBytes bytes: [UInt8]) -> Bool {
        let line = bytes.prefix(InputLimits.maximumLineBytes).prefix { $0 != UInt8(ascii: "\n") }
        guard line.first == UInt8(ascii: "{") else { return false }
        return String(decoding: line, as: UTF8.self).contains("\"\(Session.formatName)\"")
    }

    /// A Xournal++ document: `.xopp` or `.xoj`, or (when they are known) gzip, zip (a package)
    /// or XML bytes.
    static func isXournal(_ path: String, firstBytes bytes: [UInt8] = []) -> Bool {
        path.hasSuffix(".xopp") || path.hasSuffix(".xoj") || bytes.starts(with: [0x1F, 0x8B]) || bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
            || bytes.starts(with: Array("<?xml".utf8))
    }

    /// A Xournal++ document as a session (`XoppDocument.session`); a problem is a
    /// `SessionError` of its first line.
    static func readXournal(_ path: String) throws(SessionError) -> (Session, XoppDocument.Summary) {
        let data: Data
        do { data = try FileKind.readWhole(path) } catch { throw SessionError(file: path, line: 1, message: error.reason, isAboutTheWholeFile: true) }
        let name = Wording.stem(path)
        do {
            return try XoppDocument.session(from: [UInt8](data), title: name, source: path, pictures: picturesFolder)
        } catch {
            throw SessionError(file: path, line: 1, message: error.message, isAboutTheWholeFile: true)
        }
    }

    /// A tablet's `libinput record` capture or evemu recording as a session on `document`; a problem is a
    /// `SessionError` naming its line.
    static func readCapture(_ path: String, document: Viewport) throws(SessionError) -> Session {
        let data: Data
        do { data = try FileKind.readWhole(path) } catch { throw SessionError(file: path, line: 1, message: error.reason, isAboutTheWholeFile: true) }
        let record: TabletCapture
        do { record = try TabletCapture(bytes: [UInt8](data)) } catch {
            throw SessionError(file: path, line: error.line, message: error.message)
        }
        return record.session(document: document).0
    }

    /// Checks every line of an open file, keeping its events when they fit `keptEventBytes`
    /// (the first pass of `render`).
    static func scan(_ file: SessionFileReader) throws(SessionFileError) -> Summary {
        let scan = try file.scan(keeping: keptEventBytes)
        if let note = scan.timeNote { printProblem("\(note)") }
        return Summary(header: scan.header, eventCount: scan.eventCount, duration: scan.duration, captions: scan.captions,
                       events: scan.events.map(KeptEvents.init))
    }

    /// Loads a session, or prints `FILE:LINE: what is wrong` and exits with status 1.
    static func load(_ path: String, strictTime: Bool = false) throws -> Session {
        do {
            return try read(path, strictTime: strictTime)
        } catch {
            printProblem(error.description)
            throw ExitCode.failure
        }
    }
}

/// One line on stderr; never traps, whatever stderr is (`StandardError`).
func printError(_ message: String) {
    StandardError.write(message)
}

/// A problem on stderr in the one style of every command (`problemLine`).
func printProblem(_ message: String) {
    StandardError.write(problemLine(message))
}

/// `message` in the one style of every command's problems: `forcecanvas: what went wrong`.
func problemLine(_ message: String) -> String {
    message.hasPrefix("forcecanvas: ") ? message : "forcecanvas: " + message
}
