import ArgumentParser
import ForceCore
import SDLHost

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Open the ForceCanvas window (the default command).")

    @OptionGroup var canvas: CanvasOptionGroup

    @Option(help: "The scene to open: canvas, messages, home or confirm.")
    var scene: SceneKind = .canvas

    @Option(help: "Launch through a home-screen quick action (its type, e.g. com.forcecanvas.peek-demo); handled once.")
    var shortcut: String?

    @Option(help: "Info.plist with ForceCanvas's static quick actions (default: Assets/Info.plist).")
    var infoPlist: String?

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

    @OptionGroup(title: "Pressure") var pressure: SettingsOptionGroup

    @Flag(name: .shortAndLong, help: "Log input setup (XInput 2 selection, pens found) on stderr.")
    var verbose = false

    func validate() throws {
        if let n = exitAfterFrames, n < 1 { throw ValidationError("--exit-after-frames must be at least 1") }
    }

    func run() throws {
        let settings = try pressure.load()
        var config = WindowConfiguration()
        config.width = size.width
        config.height = size.height
        config.options = canvas.apply(to: Options())
        config.pressureStep = settings.pressureStep
        config.pressureEasing = settings.pressureEasing
        config.pressureCurve = settings.pressureCurve
        config.thresholds = try settings.thresholds()
        config.fallbackInterval = settings.fallbackInterval
        config.scene = scene
        config.shortcuts = ShortcutFiles.load(infoPlist: infoPlist, dynamic: true)
        config.launchShortcut = shortcut
        config.onShortcutsChanged = { ShortcutFiles.save($0) }
        config.snapshotPath = snapshotPath
        config.exitAfterFrames = exitAfterFrames
        config.exportDirectory = exportDir
        config.verbose = verbose
        if let replayPath { config.replay = try SessionFile.load(replayPath) }
        config.loadSession = { path in try SessionFile.readForWindow(path) }
        var recorder: SessionRecorder?
        if let recordPath {
            let header = Session(viewport: Viewport(width: size.width, height: size.height),
                                 options: config.options, pressureStep: settings.pressureStep,
                                 pressureEasing: settings.pressureEasing,
                                 pressureCurve: settings.pressureCurve, scene: scene,
                                 thresholds: try settings.thresholds(), fallbackInterval: settings.fallbackInterval)
            let r = try SessionRecorder(path: recordPath, header: header)
            config.onEvent = { r.record($0) }
            config.onFrameEnd = { r.flush() }
            config.recordsCheckpoints = true
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
