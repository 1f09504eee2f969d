/// A recorded session: a header and timestamped events. The same format serves recording,
/// replay, golden tests and teaching demos (JSON Lines, DESIGN.md "Session files").
public struct Session: Equatable, Sendable {
    /// "forcecanvas-session", the first line's `format`.
    public static let formatName = "forcecanvas-session"
    /// The version this build writes. Version 2: pointer positions are on the device's screen,
    /// the dock of panels outside it (`ScreenLayout.Placement.outside`). Version 1 is read as
    /// it always replayed: with the dock inside the window when its header opens a panel, else
    /// as version 2 (without a dock the two are the same).
    public static let currentVersion = 2
    /// The versions this build reads.
    public static let readableVersions = 1...2

    public var viewport: Viewport
    public var options: Options
    /// The emulator's step per wheel notch.
    public var pressureStep: Double
    /// Seconds a notch's force took to ease in (sessions record notches, not forces).
    public var pressureEasing: Double
    /// The pressure curve at the start (live edits are events).
    public var pressureCurve: PressureCurve
    /// The scene the session starts in (switches are events).
    public var scene: SceneKind
    /// Peek/pop thresholds and the timed fallback's interval the session was recorded with.
    public var thresholds: ForceThresholds
    public var fallbackInterval: Double
    /// What the pen's lower and upper barrel buttons do (written only when not the defaults,
    /// `eraser` and `pan`).
    public var barrelAction = BarrelAction.eraser
    public var barrelAction2 = BarrelAction.pan
    /// The tolerances `forcecanvas check` applies to this session's checkpoints (header `"check"`).
    public var check = CheckTolerances()
    /// Rectangles (frame points) masked in every checkpoint's image comparison (header `"mask"`).
    public var masks: [Rect] = []
    /// The tolerances and masks checkpoint lines give themselves, by the checkpoint's name
    /// (only those that give any), so a session written back keeps them.
    public var checkpointChecks: [String: CheckpointCheck] = [:]
    /// What the session shows, in a few words (header `"title"`): a lesson's name in
    /// `forcecanvas lessons` and the player's timeline.
    public var title: String?
    /// The pages under the ink (header `"paper"`; none: the blank canvas).
    public var paper: [PaperPage] = []
    public var events: [TimedEvent]
    /// The version the file said (written back as it was, so a file round-trips).
    public var version = Session.currentVersion
    /// Where the dock of panels goes in this session's replay (see `currentVersion`).
    public var placement: ScreenLayout.Placement = .outside

    public init(viewport: Viewport, options: Options = Options(),
                pressureStep: Double = PressureEmulator.defaultStep, pressureEasing: Double = PressureEmulator.defaultEasing,
                pressureCurve: PressureCurve = .standard,
                scene: SceneKind = .canvas, thresholds: ForceThresholds = .standard,
                fallbackInterval: Double = TimedFallback.defaultWaitingInterval, events: [TimedEvent] = []) {
        self.scene = scene
        self.thresholds = thresholds
        self.fallbackInterval = fallbackInterval
        self.viewport = viewport
        self.options = options
        self.pressureStep = pressureStep
        self.pressureEasing = pressureEasing
        self.pressureCurve = pressureCurve
        self.events = events
    }

    /// The time of the last event (0 for an empty session).
    public var duration: Double { events.last?.time ?? 0 }

    /// The state a replay of this session starts from; `shortcuts` are ForceCanvas's quick
    /// actions (the Info.plist's static items: configuration, not part of the file).
    public func initialState(shortcuts: ShortcutCatalog = ShortcutCatalog()) -> AppState {
        AppState(viewport: viewport, options: options, emulator: PressureEmulator(step: pressureStep, easing: pressureEasing),
                 pressureCurve: pressureCurve, scene: scene, shortcuts: shortcuts, thresholds: thresholds,
                 waitingInterval: fallbackInterval, placement: placement, barrelActions: [barrelAction, barrelAction2], paper: paper)
    }
}

/// A problem in a session file, located as `FILE:LINE: what is wrong`.
public struct SessionError: Error, Equatable, CustomStringConvertible, Sendable {
    public var file: String
    public var line: Int
    public var message: String
    /// Whether the problem is the file's as a whole (an image, not a session), not its line's:
    /// the window's status then names no line (the command line still says `FILE:1:`).
    public var isAboutTheWholeFile = false

    public init(file: String, line: Int, message: String, isAboutTheWholeFile: Bool = false) {
        self.file = file
        self.line = line
        self.message = message
        self.isAboutTheWholeFile = isAboutTheWholeFile
    }

    public var description: String { "\(file):\(line): \(message)" }
}
