import ArgumentParser
import ForceCore
import Foundation

/// Reading and writing session files for the commands.
enum SessionFile {
    /// Loads a session, or prints `FILE:LINE: what is wrong` and exits with status 1.
    static func load(_ path: String) throws -> Session {
        guard let data = FileManager.default.contents(atPath: path) else {
            printError("\(path): cannot read the file")
            throw ExitCode.failure
        }
        guard let text = String(data: data, encoding: .utf8) else {
            printError("\(path):1: not UTF-8 text")
            throw ExitCode.failure
        }
        do {
            return try SessionCoding.parse(text, file: path)
        } catch {
            printError(error.description)
            throw ExitCode.failure
        }
    }
}

/// Writes a session while it happens: the header first, then event lines, flushed once a frame
/// so a crash loses at most one frame of input.
final class SessionRecorder {
    private let handle: FileHandle
    private var pending = ""

    init(path: String, header: Session) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let h = FileHandle(forWritingAtPath: path)
        else {
            printError("\(path): cannot create the recording")
            throw ExitCode.failure
        }
        handle = h
        pending = SessionCoding.headerLine(header) + "\n"
        flush()
    }

    func record(_ e: TimedEvent) { pending += SessionCoding.line(e) + "\n" }

    func flush() {
        guard !pending.isEmpty else { return }
        handle.write(Data(pending.utf8))
        pending = ""
    }

    func close() {
        flush()
        try? handle.close()
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
