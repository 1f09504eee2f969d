import ForceCore
import Foundation

/// Why a session file could not be used, as one line for the user.
public enum SessionFileError: Error, CustomStringConvertible {
    /// The file cannot be opened or read (missing, a folder, no permission, an I/O error).
    case unreadable(path: String)
    /// A line is wrong: `FILE:LINE: what is wrong`.
    case invalid(SessionError)
    /// The file changed while it was being read twice (`render`'s two passes).
    case changed(path: String)

    public var description: String {
        switch self {
        case .unreadable(let path): return "\(path): cannot read the file"
        case .invalid(let error): return error.description
        case .changed(let path): return "\(path): the file changed while it was being read; nothing was written"
        }
    }
}

/// A session file open for reading, read in blocks (`LineReader`), never whole. The file stays
/// open between passes, so a second pass reads the same file even if it is replaced meanwhile.
public final class SessionFileReader {
    /// The file's path, as errors name it.
    public let path: String
    private let descriptor: Int32
    /// Size and modification time when opened, to notice a change between passes.
    private let opened: (size: Int, modified: timespec)

    /// Opens `path` for reading.
    public init(path: String) throws(SessionFileError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(path: path) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else {
            close(fd)
            throw .unreadable(path: path)
        }
        descriptor = fd
        opened = (Int(info.st_size), info.st_mtim)
    }

    deinit { close(descriptor) }

    /// The file's lines from the start (`blockSize` bytes a read).
    public func lines(blockSize: Int = LineReader<SessionFileError>.defaultBlockSize) throws(SessionFileError) -> LineReader<SessionFileError> {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw .unreadable(path: path) }
        return LineReader(blockSize: blockSize) { [self] (buffer) throws(SessionFileError) -> Int in
            while true {
                let n = read(descriptor, buffer.baseAddress, buffer.count)
                if n >= 0 { return n }
                if errno != EINTR { throw .unreadable(path: path) }
            }
        }
    }

    /// Reads every line through a fresh parser, handing each parsed line to `body`; returns the
    /// parser at the end (header, event count, duration). The first bad line throws.
    @discardableResult
    public func parseAll(blockSize: Int = LineReader<SessionFileError>.defaultBlockSize,
                  _ body: (SessionParser.Line) -> Void = { _ in }) throws(SessionFileError) -> SessionParser {
        var parser = SessionParser(file: path)
        let reader = try lines(blockSize: blockSize)
        while try reader.nextLine({ (bytes, number) throws(SessionFileError) -> Void in
            do throws(SessionError) { body(try parser.parse(bytes, number: number)) } catch { throw .invalid(error) }
        }) != nil {}
        do { _ = try parser.finish() } catch { throw .invalid(error) }
        return parser
    }

    /// Throws when the file's size or modification time differ from when it was opened.
    public func checkUnchanged() throws(SessionFileError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, Int(info.st_size) == opened.size,
              info.st_mtim.tv_sec == opened.modified.tv_sec, info.st_mtim.tv_nsec == opened.modified.tv_nsec
        else { throw .changed(path: path) }
    }
}

/// The events of a session file, parsed one line at a time as a replay asks for them (the
/// second pass of `render`; the first has already checked every line).
public struct SessionFileEvents: TimedEventSource {
    private var parser: SessionParser
    private let reader: LineReader<SessionFileError>

    /// The events of `file`, from its first line.
    public init(_ file: SessionFileReader) throws(SessionFileError) {
        parser = SessionParser(file: file.path)
        reader = try file.lines()
    }

    /// The next event, parsed from the next lines.
    public mutating func next() throws -> TimedEvent? {
        while true {
            let line = try reader.nextLine { (bytes, number) throws(SessionFileError) -> SessionParser.Line in
                do throws(SessionError) { return try parser.parse(bytes, number: number) } catch { throw .invalid(error) }
            }
            switch line {
            case nil: return nil
            case .event(let e)?: return e
            case .header?, .blank?: continue
            }
        }
    }
}
