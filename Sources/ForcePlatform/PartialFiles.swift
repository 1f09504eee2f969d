import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The temporary files a write goes through before it is renamed into place (an export, a
/// golden, a compacted journal, a video). Each is hidden and names its writer's process,
/// `.NAME.forcecanvas-PID.partial`, so that the next start can remove what a killed writer left
/// (`kill -9` during Ctrl+S) without touching a file another running process is writing.
public enum PartialFiles {
    static let marker = ".forcecanvas-"
    static let suffix = ".partial"

    /// The temporary file for `path`, in its folder: `DIR/.NAME.forcecanvas-PID.partial`.
    public static func temporary(for path: String, process: Int32 = getpid()) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return "\(folder).\(name)\(marker)\(process)\(suffix)"
    }

    /// The process that wrote the temporary file `name` (a file name, no folder); nil when the
    /// name is not one of ForceCanvas's temporaries. Reads the names older versions made too
    /// (`.forcecanvas-STAMP-PID-JOB.EXT.partial`).
    static func writer(of name: String) -> Int32? {
        guard name.hasPrefix("."), name.hasSuffix(suffix) else { return nil }
        let stem = name.dropLast(suffix.count)
        if let range = stem.range(of: marker, options: .backwards), let pid = Int32(stem[range.upperBound...]) { return pid }
        if name.hasPrefix(marker) {
            let parts = stem.split(separator: "-")
            if parts.count >= 3, let pid = Int32(parts[parts.count - 2]) { return pid }
        }
        return nil
    }

    /// Removes ForceCanvas's temporary files in `directory` (and its subfolders when
    /// `recursive`) whose writer is no longer running; returns their paths.
    @discardableResult
    public static func removeLeftovers(in directory: String, recursive: Bool = false) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var removed: [String] = []
        for name in names {
            let path = directory + "/" + name
            if let pid = writer(of: name) {
                if !isRunning(pid), FileKind.of(path) == nil, unlink(path) == 0 { removed.append(path) }
            } else if recursive, FileKind.of(path) == .folder, !name.hasPrefix(".") {
                removed += removeLeftovers(in: path, recursive: true)
            }
        }
        return removed
    }

    /// Whether process `pid` exists (this one included; another user's counts too).
    static func isRunning(_ pid: Int32) -> Bool {
        pid == getpid() || (pid > 0 && (kill(pid, 0) == 0 || errno == EPERM))
    }
}
