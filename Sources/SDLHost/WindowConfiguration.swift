import ForceCore
import ForceFiles

/// How the window is started.
public struct WindowConfiguration {
    public var width = 1280
    public var height = 800
    public var options = Options()
    public var pressureStep = PressureEmulator.defaultStep
    /// Seconds a notch's force takes to ease in (0: steps).
    public var pressureEasing = PressureEmulator.defaultEasing
    public var pressureCurve = PressureCurve.standard
    /// Peek/pop thresholds and the timed fallback's interval.
    public var thresholds = ForceThresholds.standard
    public var fallbackInterval = TimedFallback.defaultWaitingInterval
    /// What the pen's lower and upper barrel buttons do (the config's `barrel-button` and
    /// `barrel-button-2`).
    public var barrelAction = BarrelAction.eraser
    public var barrelAction2 = BarrelAction.pan
    /// The scene the window opens in.
    public var scene = SceneKind.canvas
    /// A state to go on from instead of a new one (the canvas the journal restored); its time
    /// is where the window's clock starts.
    public var initialState: AppState?
    /// A scene to show once the restored state is up (`--scene` given with a restored canvas).
    public var sceneOnStart: SceneKind?
    /// What `run`'s flags ask of a restored canvas (`--ui-scale`, `--hud`, `--debug`,
    /// `--renderer`, `--width-mapping`), handled and recorded once the restored state is up,
    /// before `sceneOnStart`.
    public var eventsOnStart: [InputEvent] = []
    /// A line for the status bar at the start ("Restored 12 strokes …").
    public var startStatus: String?
    /// The first launch (no document yet): the status line says how to press with a mouse
    /// until the first stroke or press ends.
    public var firstLaunch = false
    /// The autosave journal, open and holding the start (its header, or the restored lines):
    /// every event goes to it.
    public var journal: SessionWriter?
    /// Why there is no journal, when there should be one ("the disk is full"): a warning that
    /// stays on screen.
    public var journalMissing: String?
    /// A session file to record to, opened once the window is up (never before).
    public var recording: RecordingRequest?
    /// Called once the window closed cleanly, after a live stroke was ended and the journal
    /// and the recording were closed, with the final state (to leave the document on screen:
    /// compacted, its card and thumbnail noted).
    public var onClose: ((AppState, JournalClose) -> Void)?
    /// Write the current frame here when the window closes.
    public var snapshotPath: String?
    /// Close after this many frames.
    public var exitAfterFrames: Int?
    /// Where Ctrl+S exports go.
    public var exportDirectory = "forcecanvas-exports"
    /// Reads a session file for Open Recent, on a background thread (the command line gives its
    /// streaming reader). Errors describe themselves as `FILE:LINE: what is wrong`.
    public var loadSession: (@Sendable (String) throws -> LoadedSession)?
    /// ForceCanvas's quick actions (static from Info.plist, dynamic from the last launches).
    public var shortcuts = ShortcutCatalog()
    /// Launched with this quick action's type (`--shortcut`): handled once, at the start.
    public var launchShortcut: String?
    /// A file to open as a new document once the window is up (`run --open`), as a file
    /// dropped on it is.
    public var openOnStart: String?
    /// Hears the catalog when an export registered a dynamic quick action (to persist it).
    public var onShortcutsChanged: ((ShortcutCatalog) -> Void)?
    /// Log input setup (XInput 2 selection, pens found) and the presenter on stderr.
    public var verbose = false
    /// `--fullscreen`: the window fills its display (borderless, the desktop's mode); F11 toggles.
    public var fullscreen = false
    /// `--display N`: the display (SDL's index) the window opens on.
    public var display = 0
    /// `--present`: start in presentation mode (Ctrl+P).
    public var present = false
    /// `--diagram-window`: the state diagram in a window of its own (`DiagramWindow`); M shows
    /// and hides it instead of the dock's panel.
    public var diagramWindow = false
    /// A session to open in the player (`--replay`, `--lesson`); the live canvas waits under it.
    public var player: PlayerRequest?
    /// The lessons (the user's, then the bundled ones), for the picker (Ctrl+O).
    public var lessons: [LessonEntry] = []
    /// Lists the lessons again (the picker asks each time it opens, so a lesson saved in the
    /// player is there); nil: `lessons` as they were at the start.
    public var listLessons: (@Sendable () -> [LessonEntry])?
    /// The user's lessons folder, where the player saves lessons written in it
    /// (`StatePaths.userLessons`); nil: edits stay in the window, and it says so.
    public var lessonsHome: String?
    /// The quick actions a session in the player replays with: the Info.plist's static items,
    /// as in every replay (nil: `shortcuts`).
    public var playerShortcuts: ShortcutCatalog?
    /// The documents (`DocumentStore`) and the one on screen, whose journal is `journal`:
    /// Ctrl+N, continue-from-here and a drawing opened start new documents; the picker
    /// (Ctrl+O) switches, renames, duplicates and deletes. Nil: no documents folder (the
    /// window draws without autosave).
    public var documents: DocumentDesk?
    /// Where "continue drawing from here" writes its recording when the player's request names
    /// none (`--record`): a new file, never over one.
    public var forkDirectory = "forcecanvas-recordings"
    /// How the window presents: GL where it works (`auto`), GL only, or software.
    public var presenter = PresenterChoice.auto
    /// The folder of the GL presenter's shaders (nil: the one the resource locator finds).
    public var shaderDirectory: String?

    public init() {}

    /// The session a new window starts as: a journal's or a recording's first line.
    public var header: Session {
        var session = Session(viewport: Viewport(width: width, height: height), options: options, pressureStep: pressureStep,
                              pressureEasing: pressureEasing, pressureCurve: pressureCurve, scene: scene, thresholds: thresholds,
                              fallbackInterval: fallbackInterval)
        session.barrelAction = barrelAction
        session.barrelAction2 = barrelAction2
        return session
    }
}

/// A recording asked for on the command line (`--record`), opened when the window is up.
public struct RecordingRequest {
    /// The session file to write.
    public var path: String
    /// Whether an existing file may be replaced (`--overwrite`).
    public var overwrite: Bool
    /// Its first line.
    public var header: Session

    public init(path: String, overwrite: Bool, header: Session) {
        self.path = path
        self.overwrite = overwrite
        self.header = header
    }
}

/// A session opened in the player.
public struct PlayerRequest {
    public var session: Session
    /// What the recordings forked from it are named after (a lesson's name, the file's).
    public var name: String
    /// The speed to start at (`--speed`); nil: 1×, or what a caption at the start says.
    public var speed: Double?
    /// Where "continue drawing from here" records (`--record`); nil: a new file in the
    /// configuration's `forkDirectory`.
    public var recordPath: String?
    /// Whether that file may be replaced (`--overwrite`).
    public var overwrite = false
    /// The file the session was read from: edits in the player go back to it when it is one of
    /// the user's lessons, else to a new lesson of theirs.
    public var sourcePath: String?
    /// The window to show it in (`--size`): the frame and strip scaled to fit, the replay on
    /// its own screen (nil: the session's size).
    public var windowSize: (width: Int, height: Int)?

    public init(session: Session, name: String, speed: Double? = nil, recordPath: String? = nil, overwrite: Bool = false) {
        self.session = session
        self.name = name
        self.speed = speed
        self.recordPath = recordPath
        self.overwrite = overwrite
    }
}

/// A lesson the picker offers.
public struct LessonEntry: Sendable {
    public var name: String
    public var title: String
    public var path: String
    /// Shown beside the title (a kept canvas's date and size).
    public var detail: String

    public init(name: String, title: String, path: String, detail: String = "") {
        self.name = name
        self.title = title
        self.path = path
        self.detail = detail
    }
}

/// How the journal closed, for what the window does with it on a clean exit.
public struct JournalClose: Sendable {
    /// Every line handed to it was written.
    public var written: Bool
    /// Anything but the pointer passing over was added to it since this window opened it
    /// (else it holds what it held: compacting it would only rewrite it).
    public var changed: Bool
}

/// A file read for the window: its session, and what of the file it does not draw (a Xournal++
/// document's text and images…), one phrase each, said in the status line when it opens.
public struct LoadedSession: Sendable {
    public var session: Session
    public var leftOut: [String]

    public init(_ session: Session, leftOut: [String] = []) {
        self.session = session
        self.leftOut = leftOut
    }
}
