import ArgumentParser
import ForceCore
import ForcePlatform
import Foundation

/// Goldens that no checkpoint of the sessions given produced: a checkpoint renamed or removed,
/// a session deleted. Listed as a warning after a check of the whole suite; `--update prune`
/// removes exactly these.
enum ObsoleteGoldens {
    /// The golden files in the goldens' folder (its top level: `.png`, `.state.json`, `.trace`)
    /// that none of `scans` would write; empty unless `complete` (every checkpoint of every
    /// session was checked, so the list is the whole truth).
    static func find(_ scans: [SessionScan], settings: CheckSettings, complete: Bool) -> [String] {
        guard complete else { return [] }
        var produced: Set<String> = []
        var all = settings
        all.only = []
        for scan in scans {
            produced.insert(settings.goldens.trace(scan.name))
            for c in all.checkpoints(of: scan) {
                produced.insert(settings.goldens.image(scan.name, c.name))
                produced.insert(settings.goldens.state(scan.name, c.name))
            }
        }
        let dir = settings.goldens.directory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return [] }
        return names.sorted().compactMap { name in
            guard !name.hasPrefix("."), [".png", ".state.json", ".trace"].contains(where: name.hasSuffix) else { return nil }
            let path = "\(dir)/\(name)"
            return produced.contains(path) ? nil : path
        }
    }

    /// Removes `paths` (regular files and links only: anything else is named and left), says
    /// what went, and returns what is still there.
    static func remove(_ paths: [String], output: CheckOutput) throws -> [String] {
        var left: [String] = []
        for path in paths {
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let kind = info.st_mode & S_IFMT
            guard kind == S_IFREG || kind == S_IFLNK else {
                printProblem("\(path): \(FileKind(mode: info.st_mode)?.phrase ?? "not a file"), left where it is")
                left.append(path)
                continue
            }
            if unlink(path) == 0 {
                output.note("PRUNED   \(path)")
            } else {
                printProblem("\(path): cannot remove (\(String(cString: strerror(errno))))")
                left.append(path)
            }
        }
        if !left.isEmpty { throw ExitCode.failure }
        return left
    }
}
