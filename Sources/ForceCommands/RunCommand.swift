import ArgumentParser
import ForceCore
import ForceFiles
import ForcePlatform
import Foundation
import SDLHost

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Open the ForceCanvas window (the default command).",
        discussion: """
            Every canvas is a document, journaled while you draw \
            ($XDG_STATE_HOME/forcecanvas/documents/) and back at the next start, after a crash \
            too. Ctrl+N, --fresh and --record start a new document; the others stay, listed by \
            Ctrl+O (open, rename, duplicate, delete to a trash kept 30 days). --replay and \
            --lesson open a session in the player over your canvas: Space plays and pauses, the \
            arrows step, Return continues drawing from there as a new document and a new \
            recording (--record's file, else $XDG_STATE_HOME/forcecanvas/recordings/NAME-fork-N.jsonl).
            """)

    @OptionGroup var canvas: CanvasOptionGroup

    @Option(help: "The scene to open: canvas, messages, home or confirm (default: the restored canvas's, else canvas).")
    var scene: SceneKind?

    @Option(help: "Launch through a home-screen quick action (its type, e.g. com.forcecanvas.peek-demo); handled once.")
    var shortcut: String?

    @Option(help: "Info.plist with ForceCanvas's static quick actions (default: the installed one, or the source tree's).")
    var infoPlist: String?

    @Option(help: ArgumentHelp("Window size: \(Size.rangeHelp) (default: the restored canvas's, else 1280x800).",
                               valueName: "WxH"), transform: Size.parse)
    var size: Size?

    @Flag(help: "Fill the display (borderless, the desktop's mode; F11 toggles).")
    var fullscreen = false

    @Flag(help: "Start in presentation mode: the scene and the ink only, no panels or development labels (Ctrl+P toggles).")
    var present = false

    @Flag(name: .customLong("diagram-window"), help: "Show the state diagram in a window of its own (for a second display or a projector) instead of the dock; M shows and hides it.")
    var diagramWindow = false

    @Option(help: ArgumentHelp("The display to open on, SDL's index (forcecanvas devices lists them; default 0).", valueName: "N"))
    var display: Int?

    @Option(name: .customLong("record"), help: "Write every input event to this session file (.jsonl); a new file unless --overwrite.")
    var recordPath: String?

    @Flag(help: "Let --record replace an existing file.")
    var overwrite = false

    @Option(name: .customLong("replay"), help: "Open this session in the player (Space, arrows, Home/End, -/=).")
    var replayPath: String?

    @Option(help: "Open a bundled lesson in the player: its name or number (forcecanvas lessons lists them).")
    var lesson: String?

    @Flag(help: "Open the bundled demo session (a signature drawn with the wheel emulator) in the player.")
    var demo = false

    @Option(name: .customLong("lessons"), help: "The lessons folder (default: the installed lessons, or the source tree's).")
    var lessonsDirectory: String?

    @Option(help: "The player's speed at the start, \(PlaybackSpeed.range.lowerBound)–\(PlaybackSpeed.range.upperBound) (default 1, or what the lesson's first caption says).")
    var speed: Double?

    @Flag(help: "Start a new document instead of the last one (which stays: Ctrl+O lists it).")
    var fresh = false

    @Option(name: .customLong("open"), help: ArgumentHelp("Open this file as a new document once the window is up, as a file dropped on the window is: a session (.jsonl), a Xournal++ document (.xopp) or a tablet's libinput record capture (.yml) or evemu recording (.evemu).", valueName: "FILE"))
    var openPath: String?

    @Option(name: .customLong("snapshot"), help: "Write the frame on screen to this PNG when the window closes.")
    var snapshotPath: String?

    @Option(help: "Close the window after this many frames (with --snapshot: for tests).")
    var exitAfterFrames: Int?

    @Option(help: "Folder for Ctrl+S exports (default: the config's export-dir, else the pictures folder's ForceCanvas/).")
    var exportDir: String?

    @OptionGroup(title: "Pressure") var pressure: SettingsOptionGroup

    @Option(help: "How to present: auto (GL where OpenGL 3.3 core or GLES 3.0 works, else software, saying why), gl or software.")
    var presenter = PresenterChoice.auto

    @Option(name: .customLong("shaders"), help: ArgumentHelp("The GL presenter's shader folder (default: the installed shaders, or the source tree's Shaders/).", valueName: "DIR"))
    var shaderDirectory: String?

    @Flag(name: .shortAndLong, help: "Log input setup (XInput 2 selection, pens found) and the presenter (GL vendor, renderer, version) on stderr.")
    var verbose = false

    /// Where exports go: `given` (`--export-dir`, else the config file's `export-dir`; `~/` is the
    /// home folder), else `ForceCanvas/` in the XDG pictures folder (`xdg-user-dir PICTURES`,
    /// else `~/Pictures`), else, with no home folder at all, `forcecanvas-exports` here.
    static func exportDirectory(_ given: String?, folders: UserFolders = UserFolders()) -> String {
        if let given {
            guard given == "~" || given.hasPrefix("~/"), let home = folders.environment[.home] else { return given }
            return home + given.dropFirst()
        }
        return folders.pictures.map { $0 + "/ForceCanvas" } ?? "forcecanvas-exports"
    }

    /// 1280x800 points: the window's size when nothing else says.
    static let defaultSize = Size(width: 1280, height: 800)

    func validate() throws {
        if let n = exitAfterFrames, n < 1 { throw ValidationError("--exit-after-frames must be at least 1") }
        if let display, !(0...63).contains(display) { throw ValidationError("--display must be a display's index, 0–63 (forcecanvas devices lists them)") }
        if overwrite, recordPath == nil { throw ValidationError("--overwrite goes with --record FILE") }
        if [replayPath != nil, lesson != nil, demo].filter({ $0 }).count > 1 {
            throw ValidationError("--replay, --lesson and --demo each open the player: give one")
        }
        if openPath != nil, replayPath != nil || lesson != nil || demo {
            throw ValidationError("--open makes a new document; --replay, --lesson and --demo play over the canvas: give one")
        }
        if let speed, !PlaybackSpeed.range.contains(speed) {
            throw ValidationError("--speed \(speed) is out of range: \(PlaybackSpeed.range.lowerBound)–\(PlaybackSpeed.range.upperBound)")
        }
        if speed != nil, replayPath == nil, lesson == nil, !demo {
            throw ValidationError("--speed goes with --replay FILE, --lesson NAME or --demo")
        }
        if let lesson { _ = try Lessons.find(lesson, in: Lessons.all(bundledIn: try Lessons.directory(lessonsDirectory))) }
        if let recordPath {
            if let replayPath, OutputFiles.sameFile(recordPath, replayPath) {
                throw ValidationError("--record and --replay name the same file (\(recordPath)): recording would destroy the replay")
            }
            if let openPath, OutputFiles.sameFile(recordPath, openPath) {
                throw ValidationError("--record and --open name the same file (\(recordPath)): recording would destroy the file opened")
            }
            if !overwrite, access(recordPath, F_OK) == 0 {
                throw ValidationError("\(recordPath) exists: --record never replaces a file unless --overwrite is given")
            }
        }
    }

    /// For `bench`: print the process's peak resident bytes (VmHWM) on stderr at the end.
    @Flag(help: .hidden)
    var reportPeakMemory = false

    func run() throws {
        let settings = try pressure.load()
        try Resources.fonts()
        canvas.startTranslation()
        // Before any file is written: without a display the window cannot open.
        guard WindowApp.hasDisplay else {
            printProblem("\(HostError.noDisplay)")
            throw ExitCode.failure
        }
        var config = WindowConfiguration()
        config.options = canvas.apply(to: Options())
        config.pressureStep = settings.pressureStep
        config.pressureEasing = settings.pressureEasing
        config.pressureCurve = settings.pressureCurve
        config.thresholds = try settings.thresholds()
        config.fallbackInterval = settings.fallbackInterval
        config.barrelAction = settings.barrelAction
        config.barrelAction2 = settings.barrelAction2
        config.scene = scene ?? .canvas
        config.shortcuts = try ShortcutFiles.load(infoPlist: infoPlist, dynamic: true)
        config.playerShortcuts = ShortcutCatalog(staticItems: config.shortcuts.staticItems)
        config.launchShortcut = shortcut
        config.onShortcutsChanged = { ShortcutFiles.save($0) }
        config.snapshotPath = snapshotPath
        config.exitAfterFrames = exitAfterFrames
        config.exportDirectory = Self.exportDirectory(exportDir ?? settings.exportDirectory)
        config.verbose = verbose
        config.fullscreen = fullscreen
        config.present = present
        config.diagramWindow = diagramWindow
        config.display = display ?? 0
        config.presenter = presenter
        config.shaderDirectory = shaderDirectory
        (config.width, config.height) = ((size ?? Self.defaultSize).width, (size ?? Self.defaultSize).height)
        config.loadSession = { path in try SessionFile.readForWindow(path) }
        config.openOnStart = openPath
        let bundled = try Lessons.directory(lessonsDirectory)
        let lessons = Lessons.all(bundledIn: bundled)
        config.lessons = lessons.map(Lessons.entry)
        config.listLessons = { Lessons.all(bundledIn: bundled).map(Lessons.entry) }
        config.lessonsHome = StatePaths.userLessons()
        if let request = try playerRequest(lessons) {
            // The window fits the session as recorded and the player's strip below it.
            config.player = request
        } else if let recordPath {
            config.recording = RecordingRequest(path: recordPath, overwrite: overwrite, header: config.header)
        }
        if let dir = StatePaths.recordings() { config.forkDirectory = dir }
        // What a window killed while it saved (Ctrl+S, the journal's compaction) left half-written.
        for dir in [config.exportDirectory, config.forkDirectory] + [StatePaths.documents(), StatePaths.forceCanvas()].compactMap({ $0 }) {
            PartialFiles.removeLeftovers(in: dir)
        }
        let documents = openDocuments(&config)
        do {
            try WindowApp(config).run()
        } catch let error as HostError {
            printError(UserMessage(error).log)
            throw ExitCode.failure
        }
        withExtendedLifetime(documents) {}
        if reportPeakMemory { printError("peak-resident-bytes \(PeakMemory.residentBytes() ?? 0)") }
    }

    /// Takes the document the window opens on (the most recent one no other window shows, or
    /// a new one with `--fresh`), restores its canvas and hands its journal to the window. The
    /// journal folder of older versions moves into the documents folder first, and documents
    /// in the trash longer than 30 days go. Each problem is said once, on stderr and in the
    /// window's status; the window runs without autosave rather than not at all, and a
    /// document that cannot be written (a read-only folder) is still restored.
    private func openDocuments(_ config: inout WindowConfiguration) -> DocumentDesk? {
        func off(_ reason: String) -> DocumentDesk? {
            printProblem("autosave is off: \(reason)")
            config.journalMissing = reason
            return nil
        }
        guard let directory = StatePaths.documents() else {
            return off("neither XDG_STATE_HOME nor HOME says where to keep the documents")
        }
        let store = DocumentStore(directory: directory)
        if let old = StatePaths.journal(), store.migrate(fromJournalFolder: old) > 0 {
            printProblem("the canvases of \(old) are documents now, in \(directory) (Ctrl+O lists them)")
        }
        store.purgeTrash()
        // No document yet, none in the trash, nothing moved in: this is the first launch.
        config.firstLaunch = store.list().isEmpty && store.listTrash().isEmpty
        // The player leaves the canvas as it is (until "continue drawing from here").
        let startsFresh = fresh || (recordPath != nil && config.player == nil)
        let journal: Journal
        do {
            journal = startsFresh ? try Journal.create(directory: directory) : try Journal.open(directory: directory)
        } catch {
            if Self.isReadOnly(error.code) {
                // Nothing can be written here, but the canvas can still be read back.
                let latest = store.list().first?.path ?? StatePaths.journal().map { $0 + "/canvas.jsonl" }
                if !startsFresh, let latest, case .restored(let restored) = Journal.read(path: latest, fallbackHeader: config.header,
                                                                                       shortcuts: config.shortcuts) {
                    apply(restored, to: &config, from: latest)
                }
                return off("\(directory) is read-only")
            }
            return off(error.description)
        }
        // The canvas comes back even when the journal cannot be continued.
        let resumed = journal.resume(fallbackHeader: config.header, shortcuts: config.shortcuts)
        config.journal = resumed.writer
        if let restored = resumed.restored { apply(restored, to: &config, from: journal.path) }
        if let problem = resumed.problem {
            // Continuing a restored canvas in a read-only folder says so; starting afresh says why not.
            let readOnly = resumed.restored != nil && Self.isReadOnly(problem.code)
            return off(readOnly ? "\(journal.path) is read-only" : problem.description)
        }
        if let u = resumed.unreadable {
            let kept = u.keptAs.map { "it is kept as \($0)" } ?? "it is left where it is"
            printProblem("the document cannot be restored: \(u.reason); \(kept), and this window starts an empty canvas")
            config.startStatus = "The last canvas could not be restored (\(u.reason)); \(kept)"
        }
        let desk = DocumentDesk(current: journal)
        config.documents = desk
        config.onClose = { state, close in
            // A journal nothing was added to is as compact as it was: it is left as it is. A
            // blank document is kept at exit: it holds the window's size and panels.
            if let problem = desk.leave(state, changed: close.changed, removeIfBlank: false) {
                // Say what is on the disk, not what should be.
                printProblem("\(problem); " + Self.journalLeft(desk.current.path, written: close.written))
            }
        }
        return desk
    }

    /// What a journal that could not be compacted holds, in words.
    static func journalLeft(_ path: String, written: Bool) -> String {
        var info = stat()
        guard stat(path, &info) == 0, info.st_size > 0 else {
            return "\(path) is empty: this session's drawing was not saved (export it with Ctrl+S next time the disk has room)"
        }
        return written ? "\(path) holds every event and restores this canvas"
            : "\(path) holds \(info.st_size) bytes; the events after the disk filled up were not written"
    }

    static func isReadOnly(_ code: Int32) -> Bool { code == EROFS || code == EACCES || code == EPERM }

    /// Puts a restored canvas in the configuration: the state, its window size unless --size
    /// was given, what the flags ask of it (`--ui-scale`, `--hud`…: they win over the options it
    /// was left with), the scene asked for, and one status line.
    private func apply(_ restored: JournalRestore, to config: inout WindowConfiguration, from path: String) {
        config.initialState = restored.state
        config.eventsOnStart = canvas.events(over: restored.state.options)
        // The device's screen: the window adds the dock when a panel is open.
        if size == nil { (config.width, config.height) = (restored.state.screenSize.width, restored.state.screenSize.height) }
        config.sceneOnStart = scene
        if restored.strokeCount > 0 || restored.isDamaged || restored.tornLine != nil {
            config.startStatus = restored.status
            printProblem("journal \(path): \(restored.log) (--fresh starts an empty canvas)")
        }
        // The PDF or an image under the document's pages, moved or deleted since: said, its
        // pages their colour.
        if let missing = XoppDocument.unreadableBackgrounds(under: restored.state.paper) {
            config.startStatus = Self.status(restored, adding: missing)
            printProblem("journal \(path): \(missing)")
        }
    }

    /// The restore's status line with `phrase` after it, the restore said short (unless
    /// damaged) so the phrase fits the line.
    static func status(_ restored: JournalRestore, adding phrase: String) -> String {
        [restored.isDamaged ? restored.status : "Restored \(Wording.count(restored.strokeCount, "stroke"))", phrase].joined(separator: " · ")
    }

    /// The player's session, from `--replay FILE` or `--lesson NAME` (`--size` the window it
    /// is shown in, scaled), or nil for a live window.
    private func playerRequest(_ lessons: [Lessons.Lesson]) throws -> PlayerRequest? {
        let path: String, name: String
        if let replayPath {
            path = replayPath
            name = Wording.stem(replayPath)
        } else if let lesson {
            let found = try Lessons.find(lesson, in: lessons)
            (path, name) = (found.path, found.name)
        } else if demo {
            (path, name) = (try Resources.path(of: .demo), "demo")
        } else {
            return nil
        }
        // --size is the window's: the replay keeps its own screen, its frame scaled to fit.
        var request = PlayerRequest(session: try SessionFile.load(path, strictTime: canvas.strictTime), name: name, speed: speed, recordPath: recordPath, overwrite: overwrite)
        request.sourcePath = path
        request.windowSize = size.map { ($0.width, $0.height) }
        return request
    }
}

extension PresenterChoice: ExpressibleByArgument {}

extension Lessons {
    /// What the picker shows of `l` (the user's say so).
    static func entry(_ l: Lesson) -> LessonEntry {
        LessonEntry(name: l.name, title: l.title, path: l.path, detail: l.isUsers ? "your lesson" : "lesson")
    }
}
