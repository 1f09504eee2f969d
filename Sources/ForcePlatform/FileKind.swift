import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a path names, when it is not a regular file: every reader of ForceCanvas refuses these
/// with a message rather than blocking on a FIFO, reading a device without end, or failing
/// with a bare "cannot read".
public enum FileKind: Equatable, Sendable {
    case folder, fifo, characterDevice, blockDevice, socket, other

    /// "a folder", "a FIFO (named pipe)", …
    public var phrase: String {
        switch self {
        case .folder: return "a folder"
        case .fifo: return "a FIFO (named pipe)"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .socket: return "a socket"
        case .other: return "not a regular file"
        }
    }

    /// The kind of a `stat` mode that is not a regular file; nil for a regular file.
    public init?(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: self = .folder
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }

    /// Why `openRegular` refused.
    public enum Refusal: Error, Equatable {
        /// Missing, no permission, an I/O error: `errno` says which.
        case unreadable(Int32)
        case notAFile(FileKind)
    }

    /// Opens `path` — for reading, or with the `flags` and `permissions` of a writer — if it is
    /// a regular file. The open never blocks (`O_NONBLOCK`: a FIFO with no writer or no reader
    /// would wait forever), and what it opened is checked before a byte is read or written; the
    /// descriptor returned blocks again, as a regular file's reads and writes do. Returns it
    /// with what `fstat` said of it.
    public static func openRegular(_ path: String, flags: Int32 = O_RDONLY,
                                   permissions: mode_t = 0) throws(Refusal) -> (descriptor: Int32, info: stat) {
        let fd = open(path, flags | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, permissions)
        guard fd >= 0 else { throw .unreadable(errno) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw .unreadable(code)
        }
        if let kind = FileKind(mode: info.st_mode) {
            close(fd)
            throw .notAFile(kind)
        }
        let status = fcntl(fd, F_GETFL)
        if status >= 0 { _ = fcntl(fd, F_SETFL, status & ~O_NONBLOCK) }
        return (fd, info)
    }

    /// The kind of what `path` names if it exists and is not a regular file (nil for a regular
    /// file or nothing at all): for the writers that must not replace a folder or a device.
    public static func of(_ path: String) -> FileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileKind(mode: info.st_mode)
    }

    /// Why `readWhole` refused, in words: `PATH: …`.
    public struct ReadProblem: Error, CustomStringConvertible, Equatable {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// 64 MiB: the largest file read whole (settings, quick actions, a golden PNG, a state
    /// snapshot, a shader are all far smaller); a larger one is refused before it is read.
    public static let maximumWholeFileBytes = 64 << 20

    /// The bytes of the small regular file at `path`, read whole: a folder, a FIFO, a device or
    /// a file over `limit` bytes is refused with its reason, never read (a settings path
    /// pointing at `/dev/zero` costs nothing).
    public static func readWhole(_ path: String, limit: Int = maximumWholeFileBytes) throws(ReadProblem) -> Data {
        let fd: Int32, info: stat
        do throws(Refusal) {
            (fd, info) = try openRegular(path)
        } catch {
            switch error {
            case .unreadable(let code):
                throw ReadProblem(path: path, reason: code == ENOENT ? "no such file" : String(cString: strerror(code)).lowercased())
            case .notAFile(let kind): throw ReadProblem(path: path, reason: "\(kind.phrase), not a file")
            }
        }
        defer { close(fd) }
        guard Int(info.st_size) <= limit else {
            throw ReadProblem(path: path, reason: "the file is \(Int(info.st_size) >> 20) MiB, more than the \(limit >> 20) MiB a file of this kind may be")
        }
        // The size may grow while it is read: read up to the limit and one byte more.
        var data = Data(count: Int(info.st_size) + 1)
        var total = 0
        while true {
            if total == data.count {
                guard data.count <= limit else {
                    throw ReadProblem(path: path, reason: "the file grew past the \(limit >> 20) MiB a file of this kind may be")
                }
                data.count = min(limit + 1, data.count * 2)
            }
            let n = data.withUnsafeMutableBytes { raw in
                read(fd, raw.baseAddress.map { $0 + total }, raw.count - total)
            }
            if n > 0 { total += n; continue }
            if n == 0 { break }
            if errno == EINTR { continue }
            throw ReadProblem(path: path, reason: String(cString: strerror(errno)).lowercased())
        }
        data.count = total
        return data
    }
}
