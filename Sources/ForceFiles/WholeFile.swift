#if canImport(Glibc)
import ForcePlatform
import Glibc
#endif

/// A small file replaced as a whole: written under a temporary name, synced, then renamed over
/// the old one, so a reader sees the old file or the new one, never half of either.
public enum WholeFile {
    /// Writes what `produce` hands its writer, text after text, to `path` (through a 64 KiB
    /// buffer: never the whole file in memory), under the same temporary name and rename.
    public static func write(to path: String, _ produce: ((String) throws(FileProblem) -> Void) throws(FileProblem) -> Void) throws(FileProblem) {
        try replacing(path) { (file: inout LineFile) throws(FileProblem) in
            var buffer: [UInt8] = []
            buffer.reserveCapacity(blockSize + 4096)
            try produce { (text: String) throws(FileProblem) in
                buffer.append(contentsOf: text.utf8)
                if buffer.count >= blockSize {
                    try file.append(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            if !buffer.isEmpty { try file.append(buffer) }
        }
    }

    /// 64 KiB: what a streamed write hands the disk at a time.
    static let blockSize = 64 * 1024

    /// Writes `bytes` to `path`, creating its folder if missing.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileProblem) {
        try replacing(path) { (file: inout LineFile) throws(FileProblem) in try file.append(bytes) }
    }

    /// Copies the regular file `from` to `path` block by block (never whole in memory), under
    /// the same temporary name and rename.
    public static func copy(from source: String, to path: String) throws(FileProblem) {
        let fd: Int32
        do throws(FileKind.Refusal) {
            fd = try FileKind.openRegular(source).descriptor
        } catch {
            switch error {
            case .unreadable(let code): throw FileProblem(path: source, code: code)
            case .notAFile: throw FileProblem(path: source, code: EINVAL)
            }
        }
        defer { close(fd) }
        try replacing(path) { (file: inout LineFile) throws(FileProblem) in
            var block = [UInt8](repeating: 0, count: blockSize)
            while true {
                let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, blockSize) }
                if n < 0, errno == EINTR { continue }
                guard n >= 0 else { throw FileProblem.last(source) }
                if n == 0 { return }
                try file.append(Array(block[0..<n]))
            }
        }
    }

    /// Creates `path`'s folder if missing, lets `fill` write the temporary file, syncs it and
    /// renames it over `path`; on any failure the temporary file goes and `path` is untouched.
    private static func replacing(_ path: String, _ fill: (inout LineFile) throws(FileProblem) -> Void) throws(FileProblem) {
        try Folder.createParent(of: path)
        let temporary = PartialFiles.temporary(for: path)
        var file = try LineFile(path: temporary, mode: .replace)
        do {
            try fill(&file)
            try file.sync()
            file.close()
        } catch {
            file.close()
            _ = unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let problem = FileProblem.last(path)
            _ = unlink(temporary)
            throw problem
        }
    }
}
