#if canImport(Glibc)
import Glibc
#endif

/// A file operation that failed, said in plain words ("the disk is full") with the file it
/// concerns; never a raw framework error.
public struct FileProblem: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file or folder.
    public var path: String
    /// The system's error number (`errno`).
    public var code: Int32

    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    /// Not an `errno`: what is at the path is not a regular file (a FIFO, a device, a socket).
    public static let notARegularFile: Int32 = -1

    /// The current `errno` for `path`.
    public static func last(_ path: String) -> FileProblem { FileProblem(path: path, code: errno) }

    /// What went wrong, in words a user acts on.
    public var reason: String {
        switch code {
        case ENOSPC: return "the disk is full"
        case EDQUOT: return "the disk quota is used up"
        case EROFS: return "the disk is read-only"
        case EACCES, EPERM: return "there is no permission to write there"
        case ENOENT: return "the folder does not exist"
        case ENOTDIR: return "a part of the path is not a folder"
        case EISDIR: return "it is a folder"
        case EEXIST: return "a file of that name already exists"
        case EIO: return "the disk reported an input/output error"
        case ENAMETOOLONG: return "the name is too long"
        case EMFILE, ENFILE: return "too many files are open"
        case EFBIG: return "the file is too large"
        case Self.notARegularFile: return "it is not a regular file (a FIFO, a device or a socket)"
        case ENXIO: return "it is a FIFO or a device nobody reads"
        default: return String(cString: strerror(code)).lowercased()
        }
    }

    /// `PATH: reason`.
    public var description: String { "\(path): \(reason)" }
}
