import ForceCore

/// Replays a session through the same core and renderer as the window, on a virtual clock:
/// frame k happens at k/60 s, after every event up to that time. The same session always gives
/// the same pixels.
public struct HeadlessReplay {
    /// 60 frames per second, the window's rate.
    public static let framesPerSecond = 60.0

    /// The session's header (viewport, options, curve, scene); its `events` are read only by
    /// `init(session:shortcuts:)`.
    public let session: Session
    /// The last event's time in seconds.
    public let duration: Double
    /// ForceCanvas's quick actions for the Home scene (the Info.plist's static items).
    public let shortcuts: ShortcutCatalog
    /// Makes a fresh source of the events for each run.
    private let makeEvents: () throws -> any TimedEventSource

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

    /// The frame at which time `t` is shown: the first frame at or after `t`.
    public static func frame(at t: Double) -> Int { max(0, Int((t * framesPerSecond - 1e-9).rounded(.up))) }

    /// The last frame: the one that shows the final event.
    public var lastFrame: Int { Self.frame(at: duration) }

    /// Runs frames 0…max(frames) and hands each requested frame to `capture` (frame number,
    /// the state, the rendered surface). `progress` hears (frame, total) every 60 frames.
    public func run(
        frames wanted: Set<Int>,
        progress: ((Int, Int) -> Void)? = nil,
        capture: (Int, AppState, ImageSurface) throws -> Void
    ) throws {
        guard let last = wanted.max() else { return }
        var state = session.initialState(shortcuts: shortcuts)
        let renderer = try FrameRenderer(viewport: state.viewport)
        var events = try makeEvents()
        var pending = try events.next()
        for frame in 0...last {
            let t = Double(frame) / Self.framesPerSecond
            while let e = pending, e.time <= t {
                state.handle(e)
                pending = try events.next()
            }
            state.advance(to: t)
            try renderer.render(state.display)
            if wanted.contains(frame) { try capture(frame, state, renderer.frame) }
            if frame % 60 == 0 { progress?(frame, last) }
        }
    }
}
