import ArgumentParser
import ForceCore
import ForceFiles
import Foundation

/// Reading and writing session files for the commands.
enum SessionFile {
    /// What a first pass over a session file learns: the header, how many events follow and
    /// the last one's time.
    struct Summary {
        var header: Session
        var eventCount: Int
        var duration: Double
    }

    /// Reads a whole session into memory (a replay in the window, Open Recent), streaming the
    /// file through the parser.
    static func read(_ path: String, strictTime: Bool = false) throws(SessionFileError) -> Session {
        var events: [TimedEvent] = []
        let file = try SessionFileReader(path: path)
        file.strictTime = strictTime
        let parser = try file.parseAll { line in
            if case .event(let e) = line { events.append(e) }
        }
        if let note = parser.timeNote { printError("forcecanvas: \(note)") }
        guard var session = parser.header else { throw .invalid(SessionError(file: path, line: 1, message: "empty file")) }
        session.events = events
        return session
    }

    /// `read` for the window's Open Recent: a bad line is thrown as the `SessionError` itself,
    /// so the window can say which line in its status.
    static func readForWindow(_ path: String) throws -> Session {
        do {
            return try read(path)
        } catch .invalid(let error) {
            throw error
        }
    }

    /// Checks every line of an open file without keeping its events (the first pass of `render`).
    static func scan(_ file: SessionFileReader) throws(SessionFileError) -> Summary {
        let parser = try file.parseAll()
        if let note = parser.timeNote { printError("forcecanvas: \(note)") }
        guard let header = parser.header else { throw .invalid(SessionError(file: file.path, line: 1, message: "empty file")) }
        return Summary(header: header, eventCount: parser.eventCount, duration: parser.duration)
    }

    /// Loads a session, or prints `FILE:LINE: what is wrong` and exits with status 1.
    static func load(_ path: String, strictTime: Bool = false) throws -> Session {
        do {
            return try read(path, strictTime: strictTime)
        } catch {
            printError(error.description)
            throw ExitCode.failure
        }
    }
}

/// One line on stderr; never traps, whatever stderr is (`StandardError`).
func printError(_ message: String) {
    StandardError.write(message)
}
