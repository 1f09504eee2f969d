#if canImport(Glibc)
import ForcePlatform
import Glibc
#endif

/// A small file replaced as a whole: written under a temporary name, synced, then renamed over
/// the old one, so a reader sees the old file or the new one, never half of either.
public enum WholeFile {
    /// Writes `bytes` to `path`, creating its folder if missing.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileProblem) {
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex { try Folder.create(String(path[..<slash])) }
        let temporary = PartialFiles.temporary(for: path)
        var file = try LineFile(path: temporary, mode: .replace)
        do {
            try file.append(bytes)
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
