import ArgumentParser
import ForceCore
import ForceFiles
import ForcePlatform
import Foundation
import SDLHost
import Synchronization

/// `render` of what the window opens besides sessions: a Xournal++ document, a PDF or a tablet's
/// capture is imported as `forcecanvas import` would (a capture fitted into 1280×800), into a
/// session named as the file in a folder of its own, which the render reads and then deletes.
/// Its frames and drawings are named after the file (`notes.xopp` gives `notes-t0.000.png`).
extension RenderCommand {
    /// The file the render reads: the session given, or the one imported from it.
    var readable: String { ImportedForRender.sessions.withLock { $0[session] } ?? session }

    /// Whether `path` is something the render imports first rather than reads as a session:
    /// what the window takes for a capture, a PDF or a Xournal++ document
    /// (`SessionFile.windowKind`), unless its first line is a session's header (a capture's
    /// name alone makes it one).
    static func isImported(_ path: String) -> Bool {
        let first = SessionFile.firstBytes(of: path)
        switch SessionFile.windowKind(of: path, firstBytes: first) {
        case .capture: return true
        case .pdf, .xournal: return !SessionFile.isSession(firstBytes: first)
        case .foreign, .session: return false
        }
    }

    /// Imports `session` when it is a document or a capture (`isImported`), saying on stderr
    /// what of it is not drawn; returns the folder to delete when the render is done.
    func importIfNeeded() throws -> String? {
        guard Self.isImported(session) else { return nil }
        let loaded: LoadedSession
        do {
            loaded = try SessionFile.readForWindow(session)
        } catch {
            printProblem("\(error)")
            throw ExitCode.failure
        }
        if !loaded.leftOut.isEmpty { printProblem("\(session): " + loaded.leftOut.joined(separator: " · ")) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("forcecanvas-render-\(UUID().uuidString)").path
        let path = folder + "/" + Wording.stem(session) + ".jsonl"
        do throws(FileProblem) {
            // The folder alone, private: a `$TMPDIR` that does not exist is said, not made.
            guard mkdir(folder, 0o700) == 0 else { throw FileProblem(path: folder, code: errno) }
            try SessionFile.write(loaded.session, to: path)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            printProblem("\(session): cannot write the session imported from it: \(error.reason) (\(path); TMPDIR says where)")
            throw ExitCode.failure
        }
        ImportedForRender.sessions.withLock { $0[session] = path }
        return folder
    }

    /// Deletes what `importIfNeeded` wrote.
    func removeImported(_ folder: String?) {
        guard let folder else { return }
        ImportedForRender.sessions.withLock { _ = $0.removeValue(forKey: session) }
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// The sessions `render` imported, by the path given (one render a process; a table, so the
/// command's options stay only what its command line gave).
private enum ImportedForRender {
    static let sessions = Mutex<[String: String]>([:])
}
