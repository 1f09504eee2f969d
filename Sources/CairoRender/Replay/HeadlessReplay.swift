import ForceCore

/// Replays a session through the same core and renderer as the window, on a virtual clock:
/// frame k happens at k/60 s, after every event up to that time. The same session always gives
/// the same pixels.
///
/// Frames in which no event arrives and nothing wakes (`AppState.nextWake`) are jumped over, and
/// only the captured frames are rendered (`ReplaySchedule`): a session whose last event is a day
/// in renders as fast as one whose last event is a second in.
public struct HeadlessReplay {
    /// 60 frames per second, the window's rate.
    public static let framesPerSecond = ReplaySchedule.framesPerSecond

    /// The session's header (viewport, options, curve, scene); its `events` are read only by
    /// `init(session:shortcuts:)`.
    public let session: Session
    /// The last event's time in seconds.
    public let duration: Double
    /// ForceCanvas's quick actions for the Home scene (the Info.plist's static items).
    public let shortcuts: ShortcutCatalog
    /// Makes a fresh source of the events for each run.
    private let makeEvents: () throws -> any TimedEventSource
    /// Simulate and render every frame up to the last captured one instead of jumping over idle
    /// frames: the slow reference that the skipping replay must match byte for byte.
    public var stepEveryFrame = false
    /// With `stepEveryFrame`: bring the renderer's ink cache up to date at every frame too (as
    /// the window does), or only at the captured ones (which compares the schedule alone).
    public var renderEveryFrame = true
    /// PNG files the headless presenter writes, by frame: each captured frame in it is written
    /// once rendered, before `capture` sees it.
    public var outputs: [Int: [String]] = [:]
    /// Whether each captured frame is drawn whole (the canonical renderer), or only what changed
    /// since the last captured one (a video: the same pixels; `capture` hears whether any changed).
    public var drawsWhole = true
    /// What the frames show over the replay (`render`'s `--hud`, `--debug`, `--ui-scale`): the
    /// replay itself is the session's whatever it is (`AppState.display(view:)`).
    public var view = PlayerView()

    /// The size of the frames (the first frame's: the session's screen, with the view's dock
    /// where it is placed outside the screen).
    public var frameViewport: Viewport { session.initialState(shortcuts: shortcuts).display(view: view).viewport }

    /// Replays a session held in memory.
    public init(session: Session, shortcuts: ShortcutCatalog = ShortcutCatalog()) {
        self.init(header: session, duration: session.duration, shortcuts: shortcuts) { TimedEventList(session.events) }
    }

    /// Replays events that come one at a time from `events` (called once per run), such as a
    /// session file read line by line; `duration` is the last event's time.
    public init(header: Session, duration: Double, shortcuts: ShortcutCatalog = ShortcutCatalog(),
                events: @escaping () throws -> any TimedEventSource) {
        self.session = header
        self.duration = duration
        self.shortcuts = shortcuts
        self.makeEvents = events
    }

    /// 1e-9 frames: a time a hair before a frame (a rounded `--at`) still shows that frame.
    static let frameTolerance = 1e-9

    /// The frame at which time `t` is shown: the first frame at or after `t` (saturating at 0
    /// and `ReplaySchedule.maximumFrame`).
    public static func frame(at t: Double) -> Int {
        let k = (t * framesPerSecond - frameTolerance).rounded(.up)
        guard k > 0 else { return 0 }
        // Compared as Double first, so a far time cannot trap the conversion.
        return k < Double(ReplaySchedule.maximumFrame) ? Int(k) : ReplaySchedule.maximumFrame
    }

    /// The last frame: the one that shows the final event.
    public var lastFrame: Int { Self.frame(at: duration) }

    /// Runs the frames up to max(frames) (or `end`, if later) that matter and hands each
    /// requested frame to `capture` (frame number, the state, the rendered surface). `step`
    /// sees the state of every frame simulated (after its tick), drawn or not. `progress` hears
    /// (frame, total) at most once per 60 frames.
    public func run(
        frames wanted: Set<Int>,
        through end: Int? = nil,
        progress: ((Int, Int) -> Void)? = nil,
        step: ((Int, AppState) throws -> Void)? = nil,
        capture: (Int, AppState, ImageSurface) throws -> Void
    ) throws {
        try run(frames: wanted, through: end, progress: progress, step: step) { k, state, surface, _ in try capture(k, state, surface) }
    }

    /// `run` whose `capture` also hears whether the frame's pixels changed since the last
    /// captured frame (always, when `drawsWhole`).
    public func run(
        frames wanted: Set<Int>,
        through end: Int? = nil,
        progress: ((Int, Int) -> Void)? = nil,
        step: ((Int, AppState) throws -> Void)? = nil,
        captureChanges capture: (Int, AppState, ImageSurface, Bool) throws -> Void
    ) throws {
        let schedule = ReplaySchedule(captures: end.map { wanted.union([$0]) } ?? wanted)
        guard let last = schedule.lastCapture else { return }
        var replay = Replayer(state: session.initialState(shortcuts: shortcuts), events: AnyTimedEventSource(try makeEvents()))
        replay.stepEveryFrame = stepEveryFrame
        let presenter = try PNGPresenter(viewport: replay.state.display(view: view).viewport, canonical: drawsWhole)
        var reported = -1
        for target in schedule.captures {
            // The state is read where it is used, never copied a frame (3 KB, and a reference
            // to each of its arrays).
            while let k = try replay.step(toward: target) {
                if let step { try step(k, replay.state) }
                let captured = k == target && wanted.contains(k)
                if captured {
                    let changed: Bool
                    do throws(PresentError) {
                        changed = try presenter.render(FrameRequest(display: replay.state.display(view: view)))
                        presenter.destinations = outputs[k] ?? []
                        try presenter.present()
                    } catch {
                        throw error.underlying
                    }
                    try capture(k, replay.state, presenter.frame, changed)
                } else if stepEveryFrame && renderEveryFrame {
                    try presenter.prepare(replay.state.display(view: view))
                }
                if k / 60 > reported {
                    reported = k / 60
                    progress?(k, last)
                }
            }
        }
    }
}
