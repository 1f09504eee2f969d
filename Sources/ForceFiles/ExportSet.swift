import ForcePlatform
import CairoRender
import ForceCore
import Foundation
import Synchronization

/// One Ctrl+S export: the ink as PNG, SVG and PDF, a `.jsonl` session that redraws it and a
/// Xournal++ document (`.xopp`), as a set that is all or nothing. Every file is written under a
/// temporary name and synced, and only when all five are whole are they linked to their names
/// together; a name that exists
/// is never replaced (a counter follows the second: `forcecanvas-20250101-120000-2.png`).
/// Every format holds the same ink, the stroke being drawn included.
public enum ExportSet {
    /// The file kinds of a set, in the order they are written.
    public static let extensions = Exporter.Format.allCases.map(\.rawValue) + ["jsonl", "xopp"]
    /// 1000 sets in one second is more than a key can repeat.
    static let maximumCounter = 1000
    /// Numbers this process's temporary files, so two sets written at once never share one.
    private static let sequence = Atomic<Int>(0)

    /// An export that did not happen, in plain words ("the disk is full: nothing was exported").
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// Why, as a user reads it.
        public var reason: String
        /// The file or folder concerned.
        public var path: String
        public var description: String { "\(reason): nothing was exported" }
    }

    /// Writes the set into `directory` (created if missing) named after `date`; returns the
    /// path without extension (`DIR/forcecanvas-YYYYMMDD-HHMMSS[-N]`). `progress` hears of
    /// each file as it starts: its place in `extensions`.
    public static func write(_ ink: InkLayer, viewport: Viewport, options: Options, directory: String,
                             date: Date = Date(), progress: (Int) -> Void = { _ in }) throws(Failure) -> String {
        do {
            try Folder.create(directory)
        } catch {
            throw Failure(reason: error.reason, path: error.path)
        }
        let stamp = timestamp(date)
        let job = sequence.wrappingAdd(1, ordering: .relaxed).oldValue
        let temporaries = extensions.map { PartialFiles.temporary(for: "\(directory)/export-\(stamp)-\(job).\($0)") }
        defer { for t in temporaries { _ = unlink(t) } }
        var redrawing = Session.redrawing(ink.visibleStrokes, viewport: viewport, options: options, paper: ink.paper)
        // A canvas drawn beyond the screen opens whole (Ctrl+0's view), as its PNG shows it.
        if ink.paper.isEmpty, ink.exportArea(home: viewport.bounds) != viewport.bounds {
            redrawing.events.append(TimedEvent(time: redrawing.events.last?.time ?? 0, event: .view(.fit)))
        }
        let session = SessionCoding.encode(redrawing)
        for (i, format) in Exporter.Format.allCases.enumerated() {
            progress(i)
            try writeFile(temporaries[i]) { sink in
                do { try Exporter.write(ink, viewport: viewport, format: format, to: sink) } catch { return false }
                return true
            }
        }
        progress(extensions.count - 2)
        try writeFile(temporaries[extensions.count - 2]) { sink in
            Array(session.utf8).withUnsafeBytes { sink($0) }
        }
        progress(extensions.count - 1)
        try writeFile(temporaries[extensions.count - 1]) { sink in
            guard let xopp = XoppDocument.gzipped(ink, viewport: viewport) else { return false }
            return xopp.withUnsafeBytes { sink($0) }
        }
        return try link(temporaries, as: "\(directory)/forcecanvas-\(stamp)")
    }

    /// Links every temporary file to `base` + its extension, or to `base-2`, `base-3`, … when
    /// one of those names exists: all of a set or none.
    private static func link(_ temporaries: [String], as base: String) throws(Failure) -> String {
        for counter in 1...maximumCounter {
            let name = counter == 1 ? base : "\(base)-\(counter)"
            var linked: [String] = []
            var clash = false
            for (temporary, ext) in zip(temporaries, extensions) {
                let final = "\(name).\(ext)"
                if Glibc.link(temporary, final) == 0 {
                    linked.append(final)
                    continue
                }
                let code = errno
                // Without hard links (FAT, some network folders): look, then rename.
                if code == EPERM || code == ENOTSUP || code == EMLINK || code == EXDEV, access(final, F_OK) != 0,
                   rename(temporary, final) == 0 {
                    linked.append(final)
                    continue
                }
                for f in linked { _ = unlink(f) }
                guard code == EEXIST || (code != ENOENT && access(final, F_OK) == 0) else {
                    throw Failure(reason: FileProblem(path: final, code: code).reason, path: final)
                }
                clash = true
                break
            }
            if !clash { return name }
        }
        throw Failure(reason: "\(maximumCounter) exports were already made in this second", path: base)
    }

    /// Creates `path` (a new file), hands `produce` a sink that writes to it, then syncs it.
    private static func writeFile(_ path: String, _ produce: (@escaping Exporter.Sink) -> Bool) throws(Failure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(reason: FileProblem.last(path).reason, path: path) }
        defer { close(fd) }
        let problem = ProblemBox()
        let ok = produce { bytes in
            guard let base = bytes.baseAddress else { return true }
            var done = 0
            while done < bytes.count {
                let n = Glibc.write(fd, base + done, bytes.count - done)
                if n > 0 {
                    done += n
                } else if n < 0, errno == EINTR {
                    continue
                } else {
                    problem.code = n < 0 ? errno : ENOSPC
                    return false
                }
            }
            return true
        }
        if let code = problem.code { throw Failure(reason: FileProblem(path: path, code: code).reason, path: path) }
        guard ok else { throw Failure(reason: "the drawing could not be turned into a file", path: path) }
        guard fsync(fd) == 0 else { throw Failure(reason: FileProblem.last(path).reason, path: path) }
    }

    /// The first write error a sink met.
    private final class ProblemBox: @unchecked Sendable {
        var code: Int32?
    }

    /// `YYYYMMDD-HHMMSS` in local time.
    static func timestamp(_ date: Date) -> String { Wording.dateFormatter("yyyyMMdd-HHmmss").string(from: date) }
}
