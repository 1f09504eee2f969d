import ArgumentParser
import ForceCore
import SDLHost

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Open the ForceCanvas window (the default command).")

    @OptionGroup var canvas: CanvasOptionGroup

    @Option(help: "Window size in points, WxH.")
    var size = Size(width: 1280, height: 800)

    @Option(name: .customLong("record"), help: "Write every input event to this session file (.jsonl).")
    var recordPath: String?

    @Option(name: .customLong("replay"), help: "Play this session in the window in real time.")
    var replayPath: String?

    @Option(name: .customLong("snapshot"), help: "Write the frame on screen to this PNG when the window closes.")
    var snapshotPath: String?

    @Option(help: "Close the window after this many frames (with --snapshot: for tests).")
    var exitAfterFrames: Int?

    @Option(help: "Folder for Ctrl+S exports.")
    var exportDir = "forcecanvas-exports"

    @Option(help: "Pressure change per wheel notch or [ ] key, in (0, 1].")
    var pressureStep = PressureEmulator.defaultStep

    @Flag(name: .shortAndLong, help: "Log input setup (XInput 2 selection, pens found) on stderr.")
    var verbose = false

    func validate() throws {
        guard pressureStep > 0, pressureStep <= 1 else { throw ValidationError("--pressure-step must be in (0, 1]") }
        if let n = exitAfterFrames, n < 1 { throw ValidationError("--exit-after-frames must be at least 1") }
    }

    func run() throws {
        var config = WindowConfiguration()
        config.width = size.width
        config.height = size.height
        config.options = canvas.apply(to: Options())
        config.pressureStep = pressureStep
        config.snapshotPath = snapshotPath
        config.exitAfterFrames = exitAfterFrames
        config.exportDirectory = exportDir
        config.verbose = verbose
        if let replayPath { config.replay = try SessionFile.load(replayPath) }
        var recorder: SessionRecorder?
        if let recordPath {
            let header = Session(viewport: Viewport(width: size.width, height: size.height),
                                 options: config.options, pressureStep: pressureStep)
            let r = try SessionRecorder(path: recordPath, header: header)
            config.onEvent = { r.record($0) }
            config.onFrameEnd = { r.flush() }
            recorder = r
        }
        defer { recorder?.close() }
        do {
            try WindowApp(config).run()
        } catch let error as HostError {
            printError("forcecanvas: \(error)")
            throw ExitCode.failure
        }
    }
}
