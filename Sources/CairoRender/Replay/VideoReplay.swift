import ForceCore

/// Replays a session into the frames of a video: frame j of the video, at j / `fps` seconds,
/// shows the replay's frame at session time j × `speed` / `fps` (the last replay frame at or
/// before it), with the session's caption on screen as a subtitle.
///
/// A video must have every frame, so idle frames are not skipped as `HeadlessReplay` skips
/// them; they are made cheap instead. The state is simulated only at the replay frames that
/// matter (events, wakes, shown frames); frames are drawn by the window's incremental renderer,
/// which draws only what changed (a frame where nothing changed costs nothing), and a replay
/// frame shown twice (slow motion) is not drawn again.
public struct VideoReplay {
    /// 60 frames per second, the window's rate.
    public static let defaultFramesPerSecond = 60.0
    /// 1 … 240 frames per second.
    public static let framesPerSecondRange = 1.0...240.0

    /// The session's header (its viewport is the video's size in points).
    public let header: Session
    /// The session's last event's time, in seconds.
    public let duration: Double
    /// ForceCanvas's quick actions for the Home scene (the Info.plist's static items).
    public let shortcuts: ShortcutCatalog
    /// The video's frames per second (`framesPerSecondRange`).
    public var framesPerSecond = VideoReplay.defaultFramesPerSecond
    /// Session seconds per video second (`PlaybackSpeed.range`).
    public var speed = PlaybackSpeed.normal
    /// Captions shown as subtitles over the frame's bottom.
    public var subtitles = true
    private let makeEvents: () throws -> any TimedEventSource

    /// A video of the events `events` makes (once per run), after `header`.
    public init(header: Session, duration: Double, shortcuts: ShortcutCatalog = ShortcutCatalog(),
                events: @escaping () throws -> any TimedEventSource) {
        self.header = header
        self.duration = duration
        self.shortcuts = shortcuts
        self.makeEvents = events
    }

    /// The video's frames: enough to reach the session's last event (at least one).
    public var frameCount: Int {
        let seconds = duration / speed
        return max(1, Int((seconds * framesPerSecond - 1e-9).rounded(.up)) + 1)
    }

    /// The replay frame video frame `j` shows.
    public func replayFrame(ofVideoFrame j: Int) -> Int {
        let t = Double(j) * speed / framesPerSecond
        return min(ReplaySchedule.maximumFrame, Int((t * ReplaySchedule.framesPerSecond + 1e-9).rounded(.down)))
    }

    /// Runs the replay and hands each video frame's pixels to `frame` in order (`changed`
    /// says whether they differ from the previous frame's).
    public func run(_ frame: (_ index: Int, _ surface: ImageSurface, _ changed: Bool) throws -> Void) throws {
        var replay = Replayer(state: header.initialState(shortcuts: shortcuts), events: AnyTimedEventSource(try makeEvents()))
        var caption: (time: Double, caption: Caption)?
        let renderer = try FrameRenderer(viewport: replay.state.viewport)
        var shown = -1
        for j in 0..<frameCount {
            let target = replayFrame(ofVideoFrame: j)
            var changed = false
            if target != shown {
                // The frames up to the target that the state needs (events, wakes).
                while try replay.step(toward: target, handling: { e in
                    if case .caption(let c) = e.event { caption = (e.time, c) }
                }) != nil {}
                let state = replay.state
                var d = state.display
                if subtitles, let c = caption, c.caption.duration.map({ state.time < c.time + $0 }) ?? true {
                    d.subtitle = c.caption.text
                }
                changed = try !renderer.render(d).isEmpty || j == 0
                shown = target
            }
            try frame(j, renderer.frame, changed)
        }
    }
}
