import ForceCore
import ForcePlatform
import Foundation

/// Why a session file could not be used, as one line for the user.
public enum SessionFileError: Error, CustomStringConvertible {
    /// The file cannot be opened or read (missing, a folder, no permission, an I/O error).
    case unreadable(path: String)
    /// A line is wrong: `FILE:LINE: what is wrong`.
    case invalid(SessionError)
    /// The file changed while it was being read twice (`render`'s two passes).
    case changed(path: String)
    /// The path names something other than a file (a folder, a FIFO, a device, a socket).
    case notAFile(path: String, kind: FileKind)
    /// A line passed `InputLimits.maximumLineBytes`: refused without reading the rest.
    case lineTooLong(path: String, line: Int)

    public var description: String {
        switch self {
        case .unreadable(let path): return "\(path): cannot read the file"
        case .invalid(let error): return error.description
        case .changed(let path): return "\(path): the file changed while it was being read; nothing was written"
        case .notAFile(let path, let kind): return "\(path): \(kind.phrase), not a file; nothing was read from it"
        case .lineTooLong(let path, let line):
            return "\(path):\(line): the line is longer than \(InputLimits.maximumLineBytes >> 20) MiB, the limit for a line; "
                + "this is not a session (or it is damaged)"
        }
    }
}

/// A session file open for reading, read in blocks (`LineReader`), never whole. The file stays
/// open between passes, so a second pass reads the same file even if it is replaced meanwhile.
public final class SessionFileReader {
    /// The file's path, as errors name it.
    public let path: String
    let descriptor: Int32
    /// Size and modification time when opened, to notice a change between passes.
    private let opened: (size: Int, modified: timespec)

    /// Opens `path` for reading.
    public init(path: String) throws(SessionFileError) {
        self.path = path
        let fd: Int32, info: stat
        do throws(FileKind.Refusal) {
            (fd, info) = try FileKind.openRegular(path)
        } catch {
            switch error {
            case .unreadable: throw .unreadable(path: path)
            case .notAFile(let kind): throw .notAFile(path: path, kind: kind)
            }
        }
        descriptor = fd
        opened = (Int(info.st_size), info.st_mtim)
    }

    deinit { close(descriptor) }

    /// The file's size when it was opened.
    var size: Int { opened.size }

    /// The lines of bytes `range` alone (`range` starts at a line start) of the open file
    /// `descriptor`, read with `pread`, so several threads may read ranges of a file at once.
    static func lines(inBytes range: Range<Int>, of descriptor: Int32, path: String,
                      blockSize: Int = LineReader<SessionFileError>.defaultBlockSize) -> LineReader<SessionFileError> {
        var at = range.lowerBound
        return LineReader(blockSize: blockSize, longLines: .refuse { .lineTooLong(path: path, line: $0) }) { (buffer) throws(SessionFileError) -> Int in
            let wanted = min(buffer.count, range.upperBound - at)
            guard wanted > 0 else { return 0 }
            while true {
                let n = pread(descriptor, buffer.baseAddress, wanted, off_t(at))
                if n >= 0 {
                    at += n
                    return n
                }
                if errno != EINTR { throw .unreadable(path: path) }
            }
        }
    }

    /// The file's lines from the start (`blockSize` bytes a read). A line longer than
    /// `InputLimits.maximumLineBytes` is refused (`lineTooLong`) unless `skippingLongLines`
    /// (the journal, which keeps what follows a damaged line).
    public func lines(blockSize: Int = LineReader<SessionFileError>.defaultBlockSize,
                      skippingLongLines: Bool = false) throws(SessionFileError) -> LineReader<SessionFileError> {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw .unreadable(path: path) }
        let path = path
        let policy: LineReader<SessionFileError>.LongLines = skippingLongLines ? .skip : .refuse { .lineTooLong(path: path, line: $0) }
        return LineReader(blockSize: blockSize, longLines: policy) { [self] (buffer) throws(SessionFileError) -> Int in
            while true {
                let n = read(descriptor, buffer.baseAddress, buffer.count)
                if n >= 0 { return n }
                if errno != EINTR { throw .unreadable(path: path) }
            }
        }
    }

    /// Whether `parseAll` refuses an event earlier than the one before (`--strict-time`)
    /// rather than moving it forward (`SessionParser.strictTime`). The second pass of a
    /// two-pass reader moves them either way: the first has refused them when strict.
    public var strictTime = false

    /// Reads every line through a fresh parser, handing each parsed line to `body`; returns the
    /// parser at the end (header, event count, duration, times moved forward). The first bad
    /// line throws.
    @discardableResult
    public func parseAll(blockSize: Int = LineReader<SessionFileError>.defaultBlockSize,
                  _ body: (SessionParser.Line) -> Void = { _ in }) throws(SessionFileError) -> SessionParser {
        var parser = SessionParser(file: path)
        parser.strictTime = strictTime
        let reader = try lines(blockSize: blockSize)
        while try reader.nextLine({ (bytes, number) throws(SessionFileError) -> Void in
            body(try parser.parseFileLine(bytes, number: number))
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
                try parser.parseFileLine(bytes, number: number)
            }
            switch line {
            case nil: return nil
            case .event(let e)?: return e
            case .header?, .blank?: continue
            }
        }
    }
}

extension SessionParser {
    /// `parse` as a file's readers call it: a wrong line is the file's error
    /// (`SessionFileError.invalid`).
    mutating func parseFileLine(_ bytes: UnsafeBufferPointer<UInt8>, number: Int) throws(SessionFileError) -> Line {
        do throws(SessionError) { return try parse(bytes, number: number) } catch { throw .invalid(error) }
    }
}
