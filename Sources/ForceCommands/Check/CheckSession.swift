import ArgumentParser
import ForcePlatform
import CairoRender
import ForceCore
import ForceFiles
import Foundation

/// Checks one session against its goldens: one replay for every checkpoint's image and state
/// and the trace, the comparisons, `--update`'s writes, and, for a failure, the first frame
/// whose state left the golden trace. Runs on any thread: it shares nothing but `settings`.
struct CheckSession {
    let scan: SessionScan
    let settings: CheckSettings

    func run() -> SessionResult {
        let started = Date()
        var result = SessionResult(path: scan.path, name: scan.name)
        if let late = SessionFile.timePastTheEnd(settings.times, duration: scan.duration, session: scan.path) {
            result.error = late
            result.seconds = Date().timeIntervalSince(started)
            return result
        }
        do {
            let file = try SessionFileReader(path: scan.path)
            let golden = goldenTrace()
            var header = scan.header
            header.viewport = Size.frame(of: header.viewport, size: settings.size, scale: settings.scale)
            let frameScale = header.viewport.scale
            let replay = HeadlessReplay(header: header, duration: scan.duration, shortcuts: settings.shortcuts) { try SessionFileEvents(file) }
            let checkpoints = CheckpointReplay(replay: replay, name: scan.name)
            let wanted = settings.checkpoints(of: scan)
            // Each checkpoint is compared (and its images written) as its frame is drawn, then
            // dropped: a session of 1,000 checkpoints holds one frame at a time.
            let trace = try checkpoints.run(wanted) { capture, traceSoFar in
                let tolerance = settings.tolerance(for: capture.checkpoint, header: scan.header.check)
                let masks = (settings.masks + scan.header.masks + capture.checkpoint.masks).compactMap {
                    PixelRect(covering: $0, scale: frameScale, width: capture.image.pixelWidth, height: capture.image.pixelHeight)
                }
                let comparer = ImageComparer(tolerance: tolerance, masks: masks)
                result.checkpoints.append(try check(capture, comparer: comparer, trace: traceSoFar, golden: golden))
            }
            try file.checkUnchanged()
            // In the session's order (`--at` times may be given in any order).
            let order = Dictionary(wanted.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
            result.checkpoints.sort { order[$0.checkpoint.name, default: 0] < order[$1.checkpoint.name, default: 0] }
            try addDivergenceImages(&result, checkpoints)
            result.wroteTrace = try updateTrace(trace, golden: golden)
            if result.wroteTrace == nil, case .failure(let problem)? = golden { result.traceProblem = problem.description }
            if golden == nil, result.wroteTrace == nil, !wanted.isEmpty {
                result.traceProblem = "no golden trace \(settings.goldens.trace(scan.name)) (record it with --update missing)"
            }
        } catch let error as SessionFileError {
            result.error = error.description
        } catch let error as RenderError {
            result.error = error.description
        } catch {
            result.error = "\(error)"
        }
        result.seconds = Date().timeIntervalSince(started)
        return result
    }

    // MARK: One checkpoint

    /// What is at a golden's path.
    enum GoldenFile: Equatable {
        /// Nothing: `--update missing` may write it.
        case absent
        /// A regular file (or a link to one).
        case file
        /// Something no check reads and no update replaces: a link that leads nowhere, a folder, a device.
        case problem(String)

        var isProblem: Bool { if case .problem = self { true } else { false } }
    }

    /// What is at `path`, a link followed only when it leads to something.
    static func golden(at path: String) -> GoldenFile {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .absent }
        if info.st_mode & S_IFMT == S_IFLNK {
            var target = stat()
            guard stat(path, &target) == 0 else {
                let why = errno == ELOOP ? "a loop of symbolic links" : "a symbolic link to nothing"
                return .problem("\(path): \(why), not a golden (it is never replaced: remove it or point it at a file)")
            }
            info = target
        }
        if let kind = FileKind(mode: info.st_mode) {
            return .problem("\(path): \(kind.phrase), not a golden (it is never replaced: move it away)")
        }
        return .file
    }

    private func check(_ capture: CheckpointCapture, comparer: ImageComparer, trace: StateTrace,
                       golden: Result<StateTrace, FileReadError>?) throws -> CheckpointResult {
        let name = capture.checkpoint.name
        let imagePath = settings.goldens.image(scan.name, name), statePath = settings.goldens.state(scan.name, name)
        var r = CheckpointResult(session: scan.name, checkpoint: capture.checkpoint, frame: capture.frame, verdict: .pass,
                                 goldenImage: imagePath, goldenState: statePath)
        let imageFile = Self.golden(at: imagePath), stateFile = Self.golden(at: statePath)
        let imageMissing = imageFile == .absent, stateMissing = stateFile == .absent
        var expectedImage: ImageSurface?
        switch imageFile {
        case .absent: r.pixelProblem = "no golden \(imagePath)"
        case .problem(let why): r.pixelProblem = why
        case .file:
            do {
                let expected = try ImageSurface.readPNGFile(imagePath)
                expectedImage = expected
                r.pixels = comparer.compare(expected, capture.image).0
            } catch {
                r.pixelProblem = error.description
            }
        }
        switch stateFile {
        case .absent: r.stateProblem = "no golden \(statePath)"
        case .problem(let why): r.stateProblem = why
        case .file:
            do throws(FileReadError) {
                let expected = try StateSnapshot(json: try CheckSession.text(statePath), file: statePath)
                r.stateChanges = capture.state.changes(from: expected)
            } catch {
                r.stateProblem = error.description
            }
        }
        r.protected = imageFile.isProblem || stateFile.isProblem
        let passed = r.pixelsPassed && r.statePassed
        if !passed, !imageMissing || !stateMissing { describeDivergence(&r, trace: trace, golden: golden) }
        try decide(&r, capture, passed: passed, imageMissing: imageMissing, stateMissing: stateMissing)
        if r.verdict != .pass && r.verdict != .recorded, let layout = settings.artifacts {
            // The diff image is drawn only here: a passing check never pays for it.
            let diff = expectedImage.flatMap { comparer.compare($0, capture.image, diff: true).1 }
            try writeArtifacts(&r, layout, expected: expectedImage, actual: capture.image, diff: diff)
        }
        return r
    }

    /// The verdict, and the goldens `--update` writes.
    private func decide(_ r: inout CheckpointResult, _ capture: CheckpointCapture, passed: Bool,
                        imageMissing: Bool, stateMissing: Bool) throws {
        let missing = imageMissing || stateMissing
        if r.protected {
            r.verdict = .fail
            return
        }
        switch settings.update {
        case .none, .prune:
            // Missing only when nothing that does exist failed.
            let existingPass = (imageMissing || r.pixelsPassed) && (stateMissing || r.statePassed)
            r.verdict = passed ? .pass : (missing && existingPass ? .missing : .fail)
        case .missing:
            if imageMissing { try writeImage(&r, capture) }
            if stateMissing { try writeState(&r, capture) }
            let pixelsOK = imageMissing || r.pixelsPassed, stateOK = stateMissing || r.statePassed
            r.verdict = pixelsOK && stateOK ? (missing ? .recorded : .pass) : .fail
        case .changed, .all:
            guard !passed || settings.update == .all else { return }
            try writeImage(&r, capture)
            try writeState(&r, capture)
            r.verdict = passed ? .pass : (imageMissing && stateMissing ? .recorded : .updated)
        }
    }

    private func writeImage(_ r: inout CheckpointResult, _ capture: CheckpointCapture) throws {
        try createGoldenFolder()
        try capture.image.writePNG(to: r.goldenImage)
        r.wrote.append(r.goldenImage)
    }

    private func writeState(_ r: inout CheckpointResult, _ capture: CheckpointCapture) throws {
        try createGoldenFolder()
        try Self.write(capture.state.json, to: r.goldenState)
        r.wrote.append(r.goldenState)
    }

    private func createGoldenFolder() throws {
        try Self.createFolder(settings.goldens.directory)
    }

    /// Makes the folder `path` (as `mkdir -p` does), a failure said in plain words.
    static func createFolder(_ path: String) throws(RenderError) {
        do throws(FileProblem) { try Folder.create(path) } catch {
            throw RenderError.write(path, "the folder cannot be made: " + (error.path == path ? error.reason : error.description))
        }
    }

    /// Writes what `text` gives to `path`, making its folder; a failure is said on stderr and
    /// ends the command with status 1.
    static func writeOrFail(_ path: String, _ text: () throws -> String) throws {
        do {
            try CheckSession.write(try text(), to: path)
        } catch let error as RenderError {
            printProblem("\(error)")
            throw ExitCode.failure
        } catch {
            printProblem("\(path): cannot write (\(error))")
            throw ExitCode.failure
        }
    }

    /// Writes text into its folder (made if missing), atomically: a temporary file, synced and
    /// renamed into place (`WholeFile`).
    static func write(_ text: String, to path: String) throws(RenderError) {
        do throws(FileProblem) { try WholeFile.write(Array(text.utf8), to: path) } catch { throw RenderError.writing(path, error) }
    }

    // MARK: Trace and divergence

    /// The golden trace: nil when there is none, else it or why it cannot be read.
    private func goldenTrace() -> Result<StateTrace, FileReadError>? {
        let path = settings.goldens.trace(scan.name)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let text: String
        do throws(FileReadError) { text = try Self.text(path) } catch { return .failure(error) }
        return Result { () throws(FileReadError) in try StateTrace(text: text, file: path) }
    }

    private func describeDivergence(_ r: inout CheckpointResult, trace: StateTrace, golden: Result<StateTrace, FileReadError>?) {
        switch golden {
        case nil:
            r.divergenceNote = "no golden trace \(settings.goldens.trace(scan.name)) to find the first divergence (record it with --update)"
        case .failure(let error):
            r.divergenceNote = error.description
        case .success(let expected):
            if let d = StateTrace.firstDivergence(expected: expected, actual: trace, through: r.frame) {
                r.divergence = d
            } else {
                r.divergenceNote = "the state matched the golden trace at every frame up to this checkpoint: the difference is in the drawing, not in the state"
            }
        }
    }

    /// Writes the trace when `--update` asks for it; returns its path then.
    private func updateTrace(_ trace: StateTrace, golden: Result<StateTrace, FileReadError>?) throws -> String? {
        let path = settings.goldens.trace(scan.name)
        let write: Bool
        switch settings.update {
        case .none, .prune: write = false
        case .missing: write = golden == nil
        case .changed:
            if case .success(let old)? = golden { write = old.text != trace.text } else { write = true }
        case .all: write = true
        }
        guard write else { return nil }
        try createGoldenFolder()
        try Self.write(trace.text, to: path)
        return path
    }

    // MARK: Report images

    private func writeArtifacts(_ r: inout CheckpointResult, _ layout: ArtifactLayout, expected: ImageSurface?,
                                actual: ImageSurface, diff: RGBAImage?) throws {
        try Self.createFolder(layout.path("images"))
        func put(_ image: ImageSurface?, _ kind: String) throws -> String? {
            guard let image else { return nil }
            let relative = layout.relative(scan.name, r.checkpoint.name, kind)
            try image.writePNG(to: layout.path(relative))
            return relative
        }
        r.artifacts.expected = try put(expected, "expected")
        r.artifacts.actual = try put(actual, "actual")
        r.artifacts.diff = try put(diff?.surface(), "diff")
    }

    /// For each failure with a divergence: the last matching frame and the first diverging one.
    private func addDivergenceImages(_ result: inout SessionResult, _ replay: CheckpointReplay) throws {
        guard let layout = settings.artifacts else { return }
        let wanted = result.checkpoints.compactMap { $0.verdict == .pass ? nil : $0.divergence }
        guard !wanted.isEmpty else { return }
        let frames = Set(wanted.flatMap { d in [d.frame] + (d.lastMatchingFrame.map { [$0] } ?? []) })
        let images = try replay.images(ofFrames: frames)
        for i in result.checkpoints.indices {
            guard result.checkpoints[i].verdict != .pass, let d = result.checkpoints[i].divergence else { continue }
            let name = result.checkpoints[i].checkpoint.name
            if let f = d.lastMatchingFrame, let image = images[f] {
                let relative = layout.relative(scan.name, name, "before")
                try image.writePNG(to: layout.path(relative))
                result.checkpoints[i].artifacts.before = relative
            }
            if let image = images[d.frame] {
                let relative = layout.relative(scan.name, name, "diverged")
                try image.writePNG(to: layout.path(relative))
                result.checkpoints[i].artifacts.diverged = relative
            }
        }
    }

    /// A golden's text (a state snapshot, a trace), read whole within the limits every file has.
    static func text(_ path: String) throws(FileReadError) -> String {
        let data: Data
        do throws(FileKind.ReadProblem) { data = try FileKind.readWhole(path) } catch { throw FileReadError(file: path, reason: error.reason) }
        guard let text = String(data: data, encoding: .utf8) else { throw FileReadError(file: path, reason: "not UTF-8 text") }
        return text
    }
}
