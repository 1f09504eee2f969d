import ArgumentParser
import ForceCore
import ForcePlatform
import Foundation

/// `forcecanvas check merge DIR…`: the parts of a sharded check (each `--report DIR` folder,
/// which holds `results.json`, or a `--json` file) as one report, one JUnit file and one summary.
struct CheckMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the reports of a check's shards (--shard I/N) into one.",
        discussion: """
            Each PART is a shard's --report folder (its results.json and images/) or a --json \
            file. The merged report copies the failing checkpoints' images. A session checked \
            by two parts is an error. Exit status: 0 all passed, 1 any failed (or a part cannot \
            be read), 64 usage errors.
            """)

    @Argument(help: ArgumentHelp("The shards' report folders or JSON summaries.", valueName: "PART"))
    var parts: [String] = []

    @Option(name: .customLong("report"), help: "Write the merged HTML report (index.html and images) into this folder.")
    var reportDirectory: String?

    @Option(name: .customLong("junit"), help: "Write the merged JUnit XML here.")
    var junitPath: String?

    @Option(name: .customLong("json"), help: "Write the merged JSON summary here.")
    var jsonPath: String?

    func validate() throws {
        guard !parts.isEmpty else { throw ValidationError("give the shards' report folders (or --json files)") }
        guard reportDirectory != nil || junitPath != nil || jsonPath != nil else {
            throw ValidationError("give --report DIR, --junit FILE or --json FILE for the merged results")
        }
        let read = parts.map { FileKind.of($0) == .folder ? $0 + "/" + CheckJSON.reportFileName : $0 }
        try CheckReport.refuseOutputs(report: reportDirectory, junit: junitPath, json: jsonPath, reading: read)
    }

    func run() throws {
        var results: [SessionResult] = []
        var sources: [String: String] = [:]
        var seconds = 0.0, goldens = "", fontsNote: String?, obsolete: [String] = []
        var folders: [String] = []
        for part in parts {
            var isFolder: ObjCBool = false
            let folderGiven = FileManager.default.fileExists(atPath: part, isDirectory: &isFolder) && isFolder.boolValue
            let file = folderGiven ? part + "/" + CheckJSON.reportFileName : part
            let summary: CheckJSON
            do throws(FileReadError) { summary = try CheckJSON.read(file) } catch {
                printProblem("\(error.description)")
                throw ExitCode.failure
            }
            for r in summary.results {
                if let other = sources[r.name] {
                    printProblem("session \(r.name) is in both \(other) and \(part): merge the parts of one sharded check")
                    throw ExitCode.failure
                }
                sources[r.name] = part
                results.append(r)
                folders.append((file as NSString).deletingLastPathComponent)
            }
            // The parts ran side by side: the merged check took as long as the longest.
            seconds = max(seconds, summary.seconds)
            goldens = goldens.isEmpty ? summary.goldens : goldens
            fontsNote = fontsNote ?? summary.fontsNote
            obsolete += summary.obsolete
        }
        var artifacts: ArtifactLayout?
        if let dir = reportDirectory {
            artifacts = ArtifactLayout(directory: dir)
        } else if let junitPath {
            artifacts = ArtifactLayout(directory: ((junitPath as NSString).deletingLastPathComponent as NSString).appendingPathComponent("check-artifacts"))
        }
        let output = CheckOutput(showsProgress: false)
        for r in results { output.print(r) }
        output.finish(results, jobs: parts.count, seconds: seconds, goldens: GoldenLayout(directory: goldens), update: .none,
                      sessions: results.map(\.path), artifacts: artifacts)
        if let layout = artifacts { try copyImages(results, from: folders, to: layout) }
        let merged = CheckJSON(results: results, goldens: goldens, seconds: seconds, obsolete: obsolete, fontsNote: fontsNote)
        if let dir = reportDirectory {
            try CheckSession.writeOrFail(dir + "/index.html") {
                CheckReport(results: results, goldens: GoldenLayout(directory: goldens), seconds: seconds, fontsNote: fontsNote).html
            }
            try CheckSession.writeOrFail(dir + "/" + CheckJSON.reportFileName) { merged.text }
        }
        if let junitPath { try CheckSession.writeOrFail(junitPath) { CheckJUnit(results: results, seconds: seconds, artifacts: artifacts).xml } }
        if let jsonPath { try CheckSession.writeOrFail(jsonPath) { merged.text } }
        if results.contains(where: \.fails) { throw ExitCode.failure }
    }

    /// Copies each failing checkpoint's images from its part's folder into the merged one.
    private func copyImages(_ results: [SessionResult], from folders: [String], to layout: ArtifactLayout) throws {
        let fm = FileManager.default
        for (r, folder) in zip(results, folders) {
            for c in r.checkpoints {
                let a = c.artifacts
                for relative in [a.expected, a.actual, a.diff, a.before, a.diverged].compactMap({ $0 }) {
                    let from = folder + "/" + relative, to = layout.path(relative)
                    guard (from as NSString).standardizingPath != (to as NSString).standardizingPath else { continue }
                    do {
                        try fm.createDirectory(atPath: (to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                        if fm.fileExists(atPath: to) { try fm.removeItem(atPath: to) }
                        try fm.copyItem(atPath: from, toPath: to)
                    } catch {
                        printProblem("cannot copy \(from) to \(to) (\(error.localizedDescription))")
                        throw ExitCode.failure
                    }
                }
            }
        }
    }
}
