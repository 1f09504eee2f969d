import ArgumentParser
import CairoRender
import ForceCore
import ForceFiles
import ForcePlatform
import Foundation

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Replay a session headlessly and write PNG frames, or a video (--video).",
        discussion: """
            Replays SESSION through the same core and renderer as the window, on a virtual 60 fps \
            clock, and writes DIR/NAME-tSECONDS.png for each --at time (default: the last frame). \
            Frames where nothing happens are jumped over, so long pauses cost nothing. \
            The same session always gives byte-identical PNGs. With --video OUT.mp4 (or .webm, \
            .gif) every frame goes to ffmpeg at --fps, the session played at --speed, captions \
            shown as subtitles; the video appears only once it is whole. A Xournal++ document, \
            a PDF or a tablet's capture is imported first, as `forcecanvas import` would (a \
            capture fitted into 1280x800), and rendered under its own name.
            """)

    @Argument(help: "The session file (.jsonl), or a Xournal++ document (.xopp), PDF or tablet capture to import first.")
    var session: String

    @Option(name: .customLong("out"), help: "Folder for the PNG frames (created if missing); or, for one frame, the PNG file itself (a name ending in .png).")
    var outDirectory: String?

    /// `--out NAME.png` that is not a folder: the one frame's file.
    var outFile: String? {
        guard let out = outDirectory, out.lowercased().hasSuffix(".png"), FileKind.of(out) != .folder else { return nil }
        return out
    }

    @Option(help: ArgumentHelp("Write a video instead of PNG frames (.mp4, .webm or .gif), through ffmpeg.", valueName: "OUT.mp4"))
    var video: String?

    @Option(help: "The video's session speed, \(PlaybackSpeed.range.lowerBound)–\(PlaybackSpeed.range.upperBound) (default 1).")
    var speed: Double?

    @Option(name: .customLong("reading-rate"), help: "Characters a second a viewer reads captions at: each stays on screen at least that long, and 1.5 s (default 17; a Chinese character counts 17/9: 9 a second).")
    var readingRate: Double?

    @Option(name: .customLong("burn-captions"), help: "strip: captions written in a strip below the frame (and the subtitle track); none: only the track.")
    var burnCaptions: BurnCaptions = .strip

    @Option(help: "ring: the pointer drawn in the video (a ring growing with the force while pressed); none: not drawn.")
    var pointer: PointerStyle = .ring

    @Option(help: "The video's frames per second (default 60).")
    var fps: Double?

    @Option(name: .customLong("at"), parsing: .upToNextOption, help: "Times in seconds to write a frame at.")
    var times: [Double] = []

    @Option(help: ArgumentHelp("Frame size: the session's screen scaled to fit it, its aspect kept (the replay is the session's): \(Size.rangeHelp).", valueName: "WxH"),
            transform: Size.parse)
    var size: Size?

    @Option(help: "HiDPI scale, overriding the session's.")
    var scale: Double?

    @Option(help: ArgumentHelp("Write the drawing at the session's end as a Xournal++ document.", valueName: "FILE.xopp"))
    var xopp: String?

    @Option(help: ArgumentHelp("Write the drawing at the session's end as SVG (every stroke a vector path).", valueName: "FILE.svg"))
    var svg: String?

    @Option(help: ArgumentHelp("Write the drawing at the session's end as PDF (a document's pages, one PDF page each).", valueName: "FILE.pdf"))
    var pdf: String?

    @Flag(help: "Replace files that exist (the frames, the video, the drawings); without it render refuses them.")
    var overwrite = false

    @OptionGroup var canvas: CanvasOptionGroup

    @Option(help: "Info.plist with ForceCanvas's static quick actions (default: the installed one, or the source tree's).")
    var infoPlist: String?

    /// 600 frames (10 s of session at 60 fps): a render or a video at least this long shows
    /// its progress; a shorter one says only what it wrote.
    static let progressFrames = 600

    func validate() throws {
        let drawings = [xopp, svg, pdf].compactMap { $0 }
        if video == nil, outDirectory == nil, drawings.isEmpty {
            throw ValidationError("give --out DIR for PNG frames, --video OUT.mp4, or --xopp, --svg, --pdf FILE for the drawing")
        }
        if video != nil, outDirectory != nil || !times.isEmpty {
            throw ValidationError("--video writes a video of the whole session: --out and --at are for PNG frames")
        }
        if video == nil, speed != nil || fps != nil || readingRate != nil || burnCaptions != .strip || pointer != .ring {
            throw ValidationError("--speed, --fps, --reading-rate, --burn-captions and --pointer go with --video OUT.mp4")
        }
        if let readingRate, !VideoTimeline.readingRateRange.contains(readingRate) {
            throw ValidationError("--reading-rate \(readingRate) is out of range: \(VideoTimeline.readingRateRange.lowerBound)–\(VideoTimeline.readingRateRange.upperBound) characters a second")
        }
        if let speed, !PlaybackSpeed.range.contains(speed) {
            throw ValidationError("--speed \(speed) is out of range: \(PlaybackSpeed.range.lowerBound)–\(PlaybackSpeed.range.upperBound)")
        }
        if let fps, !VideoReplay.framesPerSecondRange.contains(fps) {
            throw ValidationError("--fps \(fps) is out of range: \(VideoReplay.framesPerSecondRange.lowerBound)–\(VideoReplay.framesPerSecondRange.upperBound)")
        }
        for t in times where !(t.isFinite && t >= 0) { throw ValidationError("--at times must be 0 or more seconds, not \(t)") }
        if let out = outDirectory, FileKind.of(out) != .folder, let option = Self.optionWriting(out) {
            // A folder named "drawing.pdf" full of PNGs is never what was meant.
            throw ValidationError("--out is the folder for PNG frames (or one frame's .png): to write \(out), give \(option) \(out)")
        }
        if let outFile, times.count > 1 {
            throw ValidationError("--out \(outFile) names one PNG file, and \(times.count) times were given: give a folder for several frames")
        }
        let range = Viewport.scaleRange
        if let scale, !range.contains(scale) {
            throw ValidationError("--scale \(scale) is out of range: it must be \(range.lowerBound)–\(range.upperBound)")
        }
        for path in ([video] + drawings).compactMap({ $0 }) { try refuseExisting(path) }
        let writers = Self.optionsByExtension.merging(["png": "--out"]) { $1 }
        for (option, path, written) in [("--xopp", xopp, ["xopp"]), ("--svg", svg, ["svg"]), ("--pdf", pdf, ["pdf"]),
                                         ("--video", video, ["mp4", "webm", "gif"])] {
            if let path { try OutputFiles.refuseMisnamed(path, option: option, writes: written, others: writers) }
        }
        // `--out frame.jpg`: a frame is a PNG (a folder of that name was made, PNGs in it).
        if let out = outDirectory, FileKind.of(out) != .folder, Self.optionWriting(out) == nil {
            try OutputFiles.refuseMisnamed(out, option: "--out", writes: ["png"])
        }
    }

    /// The option that writes each kind of file render writes but PNG frames, by extension.
    static let optionsByExtension = ["pdf": "--pdf", "svg": "--svg", "xopp": "--xopp", "mp4": "--video", "webm": "--video", "gif": "--video"]

    /// The option that writes a file named like `path` (`--pdf` for a .pdf, `--video` for an
    /// .mp4), when it is not a PNG frame's.
    static func optionWriting(_ path: String) -> String? {
        optionsByExtension[(path as NSString).pathExtension.lowercased()]
    }

    /// A file render would write (`OutputFiles.refuse`): never a folder, a device or the
    /// session it reads, and never a file that exists unless `--overwrite` (as `run --record`).
    func refuseExisting(_ path: String) throws {
        try OutputFiles.refuse(path, overwrite: overwrite, inputs: [session], command: "render")
    }

    /// For `bench`: print the process's peak resident bytes (VmHWM) on stderr at the end.
    @Flag(help: .hidden)
    var reportPeakMemory = false

    func run() throws {
        try Resources.fonts()
        canvas.startTranslation()
        let imported = try importIfNeeded()
        defer { removeImported(imported) }
        if let video {
            print(try renderVideo(video))
        } else if outDirectory != nil {
            for path in try render() { print(path) }
        }
        for path in try writeDrawings() { print(path) }
        if reportPeakMemory { printError("peak-resident-bytes \(PeakMemory.residentBytes() ?? 0)") }
    }

    /// Renders the requested frames and returns the PNGs written. Pass 1 checks every line (a
    /// bad one stops everything before a pixel is drawn), learns the duration and keeps the
    /// events packed when they fit `SessionFile.keptEventBytes`; pass 2 replays them, or reads
    /// the file again for a longer session. The PNGs are written under temporary names and
    /// renamed only when all of them are done.
    func render(reportingProgress: Bool = true) throws -> [String] {
        do {
            let file = try SessionFileReader(path: readable)
            file.strictTime = canvas.strictTime
            let summary = try SessionFile.scan(file)
            return try render(file, summary, reportingProgress: reportingProgress)
        } catch let error as SessionFileError {
            printProblem(error.description)
            throw ExitCode.failure
        } catch let error as RenderError {
            printError(UserMessage(error).log)
            throw ExitCode.failure
        }
    }

    /// Says which PDF or images under the session's pages cannot be read (the pages are drawn
    /// in their colour), if any: once a run, by what draws the pages first.
    func sayUnreadableBackgrounds(under paper: [PaperPage]) {
        if let missing = XoppDocument.unreadableBackgrounds(under: paper) { printProblem("\(session): \(missing)") }
    }

    /// The session's header with `--size`, `--scale` and the ink's options applied (the frames
    /// show the others over the replay: `CanvasOptionGroup.replayView`). The parser
    /// refused sizes that do not fit, but the flags are combined here, so they are checked again:
    /// `drawnAs` names what would be too large ("canvas", "video").
    func header(of summary: SessionFile.Summary, drawnAs what: String) throws -> Session {
        var s = summary.header
        sayUnreadableBackgrounds(under: s.paper)
        s.viewport = Size.frame(of: s.viewport, size: size, scale: scale)
        s.options = canvas.applyInk(to: s.options)
        guard Viewport.fits(width: s.viewport.width, height: s.viewport.height, scale: s.viewport.scale) else {
            printProblem("a \(s.viewport.width)x\(s.viewport.height) \(what) at scale \(s.viewport.scale) needs more than "
                       + "\(Viewport.maximumPixelSide) pixels a side; lower --size or --scale")
            throw ExitCode.failure
        }
        return s
    }

    private func render(_ file: SessionFileReader, _ summary: SessionFile.Summary, reportingProgress: Bool) throws -> [String] {
        let outDir = outFile.map { ($0 as NSString).deletingLastPathComponent }.map { $0.isEmpty ? "." : $0 } ?? outDirectory ?? "."
        PartialFiles.removeLeftovers(in: outDir)
        let s = try header(of: summary, drawnAs: "canvas")
        // Idle time is jumped over, so a far end is fast (the parser refused times past the
        // replay clock's reach, `InputLimits.maximumTime`).
        var replay = HeadlessReplay(header: s, duration: summary.duration,
                                    shortcuts: try ShortcutFiles.load(infoPlist: infoPlist, dynamic: false)) {
            summary.replayEvents(of: file)
        }
        replay.view = canvas.replayView
        let requested = times.isEmpty ? [summary.duration] : times
        if let late = SessionFile.timePastTheEnd(requested, duration: summary.duration, session: session) {
            printProblem(late)
            throw ExitCode.failure
        }
        var names: [Int: [String]] = [:]
        let base = Wording.stem(session)
        for t in requested {
            names[HeadlessReplay.frame(at: t), default: []].append(outFile ?? "\(outDir)/\(base)-t\(String(format: "%.3f", t)).png")
        }
        do {
            for path in names.values.joined().sorted() { try refuseExisting(path) }
        } catch let error as ValidationError {
            printProblem("\(error.message)")
            throw ExitCode.validationFailure
        }
        do {
            try Folder.create(outDir)
        } catch {
            printProblem("cannot create the folder \(error)")
            throw ExitCode.failure
        }
        var written: [String] = []
        let temporary = { (path: String) in PartialFiles.temporary(for: path) }
        // The headless presenter writes each frame's PNGs under temporary names.
        replay.outputs = names.mapValues { $0.map(temporary) }
        // A replay of 10 s or more shows its progress (`ProgressBar`: a bar on a terminal,
        // else a line at each tenth and at least one a minute, not one per second of the session).
        var bar: ProgressBar?
        do {
            try replay.run(frames: Set(names.keys), progress: { frame, last in
                guard reportingProgress, last >= Self.progressFrames, frame > 0 else { return }
                if bar == nil { bar = ProgressBar(total: last, label: "frames") }
                bar?.update(frame)
            }) { frame, _, _ in written += names[frame] ?? [] }
            if let total = bar?.total { bar?.update(total) }
            bar?.finish()
            try file.checkUnchanged()
            for path in written where rename(temporary(path), path) != 0 {
                throw RenderError.write(path, String(cString: strerror(errno)))
            }
        } catch {
            for path in names.values.joined() { try? FileManager.default.removeItem(atPath: temporary(path)) }
            throw error
        }
        return written
    }
}

extension RenderCommand {
    /// `--xopp`, `--svg`, `--pdf`: the ink at the session's end (replayed without drawing), each
    /// file written whole under a temporary name or not at all. Returns the paths written.
    func writeDrawings() throws -> [String] {
        let wanted: [(String, String)] = [("xopp", xopp), ("svg", svg), ("pdf", pdf)].compactMap { kind, path in path.map { (kind, $0) } }
        guard !wanted.isEmpty else { return [] }
        let state: AppState
        do {
            let file = try SessionFileReader(path: readable)
            file.strictTime = canvas.strictTime
            let summary = try SessionFile.scan(file)
            var replay = StateReplay(header: summary.header, shortcuts: try ShortcutFiles.load(infoPlist: infoPlist, dynamic: false))
            var events = summary.replayEvents(of: file)
            while let e = try events.next() { replay.handle(e) }
            try file.checkUnchanged()
            state = replay.finish()
        } catch let error as SessionFileError {
            printProblem(error.description)
            throw ExitCode.failure
        }
        // An SVG or a PDF draws the pages' PDF and images: one that cannot be read is said, as
        // the frames say it (once: not again after them). A .xopp only names them.
        if video == nil, outDirectory == nil, wanted.contains(where: { $0.0 != "xopp" }) {
            sayUnreadableBackgrounds(under: state.display.ink.paper)
        }
        // The session's own ink style; the drawing in document coordinates (no zoom or pan).
        var ink = state.display.ink
        ink.view = .identity
        var written: [String] = []
        for (kind, path) in wanted {
            do {
                switch kind {
                case "xopp":
                    let name = Wording.stem(session)
                    guard let bytes = XoppDocument.gzipped(ink, viewport: state.screenSize, title: name) else {
                        printProblem("\(path): the drawing could not be compressed")
                        throw ExitCode.failure
                    }
                    try WholeFile.write(bytes, to: path)
                default:
                    try Exporter.export(ink, viewport: state.screenSize, format: kind == "svg" ? .svg : .pdf, to: path)
                }
                written.append(path)
            } catch let error as FileProblem {
                printError(UserMessage(error).log)
                throw ExitCode.failure
            } catch let error as RenderError {
                printError(UserMessage(error).log)
                throw ExitCode.failure
            }
        }
        return written
    }
}
