import ArgumentParser
import ForceCore
import ForcePlatform
import Foundation

/// `--mask X,Y,W,H`: a rectangle in frame points.
enum MaskOption {
    static func parse(_ argument: String) throws -> Rect {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3],
              [x, y, w, h].allSatisfy({ $0.isFinite && abs($0) <= InputLimits.maximumCoordinate }) else {
            throw ValidationError("--mask \"\(argument)\" is not a rectangle: expected X,Y,WIDTH,HEIGHT in points (e.g. 0,0,200,40)")
        }
        guard w > 0, h > 0 else { throw ValidationError("--mask \(argument) is empty: width and height must be more than 0") }
        return Rect(x: x, y: y, width: w, height: h)
    }
}

extension CheckReport {
    /// `--report`, `--junit` and `--json` of `check` and `check merge`: a file path that is a
    /// folder, a device or one of the `inputs` (a session, a shard's results), or a report
    /// folder holding someone else's files, is a usage error.
    static func refuseOutputs(report: String?, junit: String?, json: String?, reading inputs: [String]) throws {
        for (option, path) in [("--junit", junit), ("--json", json)] {
            if let path, let kind = FileKind.of(path) { throw ValidationError("\(option) \(path): \(kind.phrase), not a file it can write") }
            if let path, let input = inputs.first(where: { OutputFiles.sameFile(path, $0) }) {
                throw ValidationError("\(option) \(path) is \(input == path ? "" : "the same file as \(input), ")a file check reads: name another file to write")
            }
        }
        if let dir = report, let problem = folderProblem(dir) { throw ValidationError("--report \(dir): \(problem)") }
    }

    /// Why `check --report` must not write into `dir`, or nil: it may be absent, empty, or an
    /// earlier report (its `index.html` and `images/`); anything else there is the user's.
    static func folderProblem(_ dir: String) -> String? {
        if let kind = FileKind.of(dir), kind != .folder { return "\(kind.phrase), not a folder" }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: dir, isDirectory: &isFolder), !isFolder.boolValue {
            return "a file, not a folder"
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir), !names.isEmpty else { return nil }
        let others = names.filter { $0 != "index.html" && $0 != "images" && $0 != CheckJSON.reportFileName }.sorted()
        guard others.isEmpty else {
            return "the folder holds \(others.prefix(3).joined(separator: ", "))\(others.count > 3 ? " …" : ""), not an earlier report: give an empty or new folder"
        }
        if names.contains("index.html") {
            let head = (try? FileKind.readWhole(dir + "/index.html", limit: 64 << 20)).map { String(decoding: $0.prefix(4096), as: UTF8.self) } ?? ""
            guard head.contains("<title>forcecanvas check") else {
                return "its index.html is not a forcecanvas check report: give an empty or new folder"
            }
        }
        return nil
    }
}

extension CheckGitHub {
    /// Appends `text` to the step summary file (GitHub gives its path); a failure is a warning.
    static func append(_ text: String, to path: String) {
        if access(path, F_OK) != 0 { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            printProblem("warning: \(path) ($GITHUB_STEP_SUMMARY): cannot write the step summary")
            return
        }
        defer { try? handle.close() }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            printProblem("warning: \(path) ($GITHUB_STEP_SUMMARY): cannot write the step summary (\(error.localizedDescription))")
        }
    }
}
