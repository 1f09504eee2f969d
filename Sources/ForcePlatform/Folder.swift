#if canImport(Glibc)
import Glibc
#endif

/// Folders made as `mkdir -p` does, with the reason in plain words when that fails.
public enum Folder {
    /// 0o755: the owner writes, everyone reads and enters.
    static let permissions: mode_t = 0o755

    /// Creates `path` and any missing parents.
    public static func create(_ path: String) throws(FileProblem) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part
            if mkdir(prefix, permissions) != 0, errno != EEXIST { throw FileProblem.last(prefix) }
            prefix += "/"
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileProblem.last(path) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw FileProblem(path: path, code: ENOTDIR) }
    }

    /// Creates the folder a file at `path` goes into, and any missing parents: every writer of
    /// ForceCanvas's files makes its folder, as `render --out` makes its own.
    public static func createParent(of path: String) throws(FileProblem) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        try create(String(path[..<slash]))
    }
}
