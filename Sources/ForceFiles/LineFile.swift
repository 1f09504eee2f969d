import ForcePlatform
#if canImport(Glibc)
import Glibc
#endif

/// A file that grows by whole lines only: a write that fails part-way (a full disk, an I/O
/// error) is cut back to the last whole line, so the file is always valid up to its end.
/// Writes go straight to the descriptor (`write(2)`), never through `FileHandle`, whose
/// `write` traps on an error.
public struct LineFile: Sendable {
    /// How the file is opened.
    public enum Mode: Sendable {
        /// A new file; an existing one is refused (`EEXIST`), never touched.
        case createNew
        /// A new file, replacing an existing one (the user said `--overwrite`).
        case replace
        /// An existing file, cut to its first `size` bytes (whole lines) and continued.
        case continuing(size: Int)

        /// Whether the open makes the file (rather than continuing one that was there).
        public var createsFile: Bool {
            if case .continuing = self { return false }
            return true
        }
    }

    public let path: String
    private let descriptor: Int32
    /// The bytes of whole lines in the file: where the next write starts.
    public private(set) var size: Int
    /// Whether a failed write could not be cut back (the file may end in a torn line): no
    /// more writes are made.
    public private(set) var isBroken = false

    /// 0o644: the owner writes, everyone reads, as an editor saves.
    static let permissions: mode_t = 0o644

    /// Opens `path` in `mode`.
    public init(path: String, mode: Mode) throws(FileProblem) {
        self.path = path
        var flags = O_WRONLY
        switch mode {
        case .createNew: flags |= O_CREAT | O_EXCL
        case .replace: flags |= O_CREAT | O_TRUNC
        case .continuing: break
        }
        // Never blocks (a FIFO without a reader would hang the open) and writes regular files only.
        let fd: Int32
        do throws(FileKind.Refusal) {
            fd = try FileKind.openRegular(path, flags: flags, permissions: Self.permissions).descriptor
        } catch {
            switch error {
            case .unreadable(let code): throw FileProblem(path: path, code: code)
            case .notAFile: throw FileProblem(path: path, code: FileProblem.notARegularFile)
            }
        }
        descriptor = fd
        size = 0
        if case .continuing(let kept) = mode {
            guard ftruncate(fd, off_t(kept)) == 0 else {
                let problem = FileProblem.last(path)
                Glibc.close(fd)
                throw problem
            }
            size = kept
        }
    }

    /// Appends `bytes` (whole lines) at the end of the whole lines. On failure the file is cut
    /// back to its size before, and the problem thrown.
    public mutating func append(_ bytes: [UInt8]) throws(FileProblem) {
        guard !isBroken else { throw FileProblem(path: path, code: EIO) }
        var written = 0
        var failure: Int32?
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            while written < raw.count {
                let n = pwrite(descriptor, base + written, raw.count - written, off_t(size + written))
                if n > 0 {
                    written += n
                } else if n < 0, errno == EINTR {
                    continue
                } else {
                    // A write of 0 bytes makes no progress: treat it as a full disk.
                    failure = n < 0 ? errno : ENOSPC
                    return
                }
            }
        }
        if let failure {
            if ftruncate(descriptor, off_t(size)) != 0 { isBroken = true }
            throw FileProblem(path: path, code: failure)
        }
        size += written
    }

    /// Asks the system to put the written lines on the disk (`fdatasync`).
    public func sync() throws(FileProblem) {
        guard fdatasync(descriptor) == 0 else { throw FileProblem.last(path) }
    }

    /// Closes the file.
    public func close() { _ = Glibc.close(descriptor) }
}
