import CCairo
import ForceCore

/// Replays a session into the frames of a video that can be followed: video time maps onto
/// session time through a `VideoTimeline` (each caption on screen at least its reading time: a
/// pause holds its frame, a caption without one slows the video around it; captions' speeds
/// kept), the caption is written in a strip below the frame (never over the scene), and the
/// pointer is drawn: where it is, a ring growing with the force while pressed, a thin ring while
/// it hovers.
///
/// It runs the headless replay's loop (`HeadlessReplay`): the state is simulated only at the
/// replay frames that matter (events, wakes, shown frames), the replay frames the video shows
/// are captured, drawn by the window's incremental renderer (only what changed), and a replay
/// frame shown twice (slow motion, a held caption) is not drawn again.
public struct VideoReplay {
    /// 60 frames per second, the window's rate.
    public static let defaultFramesPerSecond = 60.0
    /// 1 … 240 frames per second.
    public static let framesPerSecondRange = 1.0...240.0
    /// 96 pt (a whole number, as viewports are): the caption strip below the frame, four lines of 18 pt text (chosen).
    public static let stripHeight = 96.0
    /// 18 pt: captions in videos are read from further away than the player's.
    static let captionSize = 18.0

    /// The session's header (its viewport is the device's screen in points).
    public let header: Session
    /// The session's last event's time, in seconds.
    public let duration: Double
    /// ForceCanvas's quick actions for the Home scene (the Info.plist's static items).
    public let shortcuts: ShortcutCatalog
    /// The video's frames per second (`framesPerSecondRange`).
    public var framesPerSecond = VideoReplay.defaultFramesPerSecond
    /// Which session time each video time shows, and the captions' cues.
    public var timeline: VideoTimeline
    /// Whether the captions are written in a strip below the frame (else only the subtitle track has them).
    public var burnsCaptions = true
    /// Whether the pointer is drawn.
    public var drawsPointer = true
    /// What the frames show over the replay (`render --hud`, `--debug`, `--ui-scale`), as
    /// `HeadlessReplay.view`.
    public var view = PlayerView()
    private let makeEvents: () throws -> any TimedEventSource

    /// A video of the events `events` makes (once per run), after `header`, at session speed
    /// (`timeline` says otherwise).
    public init(header: Session, duration: Double, shortcuts: ShortcutCatalog = ShortcutCatalog(),
                timeline: VideoTimeline? = nil, events: @escaping () throws -> any TimedEventSource) {
        self.header = header
        self.duration = duration
        self.shortcuts = shortcuts
        self.timeline = timeline ?? VideoTimeline(duration: duration, captions: [])
        self.makeEvents = events
    }

    /// Whether the frames have a caption strip (captions to write, and burnt in).
    public var hasStrip: Bool { burnsCaptions && !timeline.cues.isEmpty }

    /// The text size of the strip: the view's (`render --ui-scale`), else the session's.
    var stripScale: Double { view.uiScale ?? header.options.uiScale }
    /// The strip's height: `stripHeight` at `stripScale`, whole points.
    var stripPoints: Double { (Self.stripHeight * stripScale).rounded() }

    /// The replay's frames' size: the session's screen, with the view's dock where it is placed
    /// outside the screen (a video with `--hud` cut the HUD off at the screen's edge).
    var frameViewport: Viewport { replay.frameViewport }

    /// The video's size: the frame, and the strip below it when there is one.
    public var videoViewport: Viewport {
        let v = frameViewport
        return hasStrip ? Viewport(width: v.width, height: v.height + Int(stripPoints), scale: v.scale) : v
    }

    /// The headless replay whose frames the video shows.
    private var replay: HeadlessReplay {
        var replay = HeadlessReplay(header: header, duration: duration, shortcuts: shortcuts, events: makeEvents)
        replay.drawsWhole = false
        replay.view = view
        return replay
    }

    /// The video's frames: enough to reach the session's last event (at least one).
    public var frameCount: Int {
        max(1, Int((timeline.videoSeconds * framesPerSecond - 1e-9).rounded(.up)) + 1)
    }

    /// The replay frame video frame `j` shows (a held caption's frame is the one at or after
    /// the caption, so the caption is on screen). Never less than an earlier video frame's:
    /// the play after a hold goes on from the held frame, though the replay frame its first
    /// moment falls in is the one before it (at 60 fps, a pause at 0.77 s held frame 47 and
    /// the play went on at frame 46, which the replay had passed: every frame after it was
    /// lost, and the lesson's video ended 20 s early, its captions running on over its last
    /// frame). The last frame is the one at or after the session's end, its last event drawn.
    public func replayFrame(ofVideoFrame j: Int) -> Int {
        let v = Double(j) / framesPerSecond
        let (t, held) = timeline.sessionTime(atVideoTime: v)
        var frame = held ? ReplaySchedule.frame(atOrAfter: t) : Int((t * ReplaySchedule.framesPerSecond + 1e-9).rounded(.down))
        if !held, let h = timeline.heldTime(before: v) { frame = max(frame, ReplaySchedule.frame(atOrAfter: h)) }
        // The end shows the session's last event: the frame at or after it, as a held frame does.
        if t >= duration { frame = max(frame, ReplaySchedule.frame(atOrAfter: duration)) }
        return min(ReplaySchedule.maximumFrame, frame)
    }

    /// The cue on screen at video frame `j`, if any.
    public func cue(atVideoFrame j: Int) -> VideoTimeline.Cue? {
        let v = Double(j) / framesPerSecond
        return timeline.cues.last { $0.start <= v + 1e-9 && v < $0.end - 1e-9 }
    }

    /// Runs the replay and hands each video frame's pixels to `frame` in order (`changed`
    /// says whether they differ from the previous frame's).
    public func run(_ frame: (_ index: Int, _ surface: ImageSurface, _ changed: Bool) throws -> Void) throws {
        // Video frame j shows replay frame targets[j]: never decreasing, so the replay captures
        // each once, in order, and hands on every video frame that shows it.
        let targets = (0..<frameCount).map(replayFrame(ofVideoFrame:))
        let replay = self.replay
        let frameSize = replay.frameViewport
        let composed = hasStrip || drawsPointer
        let output = composed ? try ImageSurface(viewport: videoViewport) : nil
        var j = 0
        var last: (cue: String?, pointer: PointerMark?)?
        try replay.run(frames: Set(targets)) { k, state, surface, drawn in
            var changed = drawn || j == 0
            while j < targets.count, targets[j] == k {
                let now = (cue: hasStrip ? cue(atVideoFrame: j)?.text : nil, pointer: drawsPointer ? PointerMark(state, view: view) : nil)
                if let output, changed || last.map({ $0.cue != now.cue || $0.pointer != now.pointer }) ?? true {
                    compose(output, frame: surface, size: frameSize, cue: now.cue, pointer: now.pointer)
                    changed = true
                }
                last = now
                try frame(j, output ?? surface, changed)
                changed = false
                j += 1
            }
        }
        // Every video frame is handed on, or the video would end early without a word.
        guard j == targets.count else {
            throw RenderError.surface("the replay showed \(j) of the video's \(targets.count) frames (frame \(targets[j]) was not drawn)")
        }
    }

    /// The frame (`size` points), the strip with the caption below it, and the pointer over the
    /// frame.
    private func compose(_ output: ImageSurface, frame: ImageSurface, size: Viewport, cue: String?, pointer: PointerMark?) {
        guard let cr = output.makeContext() else { return }
        defer { cairo_destroy(cr) }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, frame.surface, 0, 0)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        // The output draws in points already (its device scale is the frame's): scaling again
        // put a half-size video's strip in the middle of its frame, a quarter of its width.
        let screen = size.bounds
        if let pointer { pointer.draw(cr) }
        guard hasStrip else { return }
        let drawn = Rect(x: 0, y: screen.maxY, width: screen.width, height: stripPoints)
        cairo_rectangle(cr, drawn.x, drawn.y, drawn.width, drawn.height)
        CairoDrawing.setColour(TimelinePainter.background, cr)
        cairo_fill(cr)
        guard let cue else { return }
        // The caption at the strip's text size: the strip's own points, drawn `stripScale` times larger.
        CairoDrawing.scaled(by: stripScale, drawn, cr) { strip in
            let inner = Rect(x: 16, y: strip.y + 6, width: max(0, strip.width - 32), height: strip.height - 12)
            cairo_save(cr)
            cairo_rectangle(cr, strip.x, strip.y, strip.width, strip.height)
            cairo_clip(cr)
            CaptionPainter(text: cue, size: Self.captionSize).draw(in: inner, cr)
            cairo_restore(cr)
        }
    }
}

/// The pointer as a video shows it: where it is, and how hard it presses.
struct PointerMark: Equatable {
    var location: Point
    /// 0…1 while pressed; nil while it hovers.
    var force: Double?
    /// Where the mark may be drawn: the session's window (the device's screen, with a dock
    /// inside it), or the replay's screen where the frame fits it into the view's.
    var clip: Rect

    /// The state's pointer, if it has been seen, where the frame `view` shows of it puts it (on
    /// the replay's screen fitted into the view's, `ScreenFit`, where the view moved it).
    init?(_ state: AppState, view: PlayerView = PlayerView()) {
        guard let p = state.pointer, p.isFinite else { return nil }
        force = state.isPressed ? min(1, max(0, state.pressure.force)) : nil
        if !view.isEmpty, let fit = state.display(view: view).screenFit {
            location = fit.map(p)
            clip = fit.target
        } else {
            location = p
            clip = state.screenSize.bounds
        }
    }

    /// 6 pt: the dot at the pointer; 10 to 34 pt: the force ring's radius from force 0 to 1 (chosen).
    static let dot = 6.0, ringMinimum = 10.0, ringRange = 24.0

    func draw(_ cr: OpaquePointer) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_rectangle(cr, clip.x, clip.y, clip.width, clip.height)
        cairo_clip(cr)
        let (x, y) = (location.x, location.y)
        if let force {
            let r = Self.ringMinimum + Self.ringRange * force
            cairo_new_path(cr)
            cairo_arc(cr, x, y, r, 0, 2 * .pi)
            cairo_set_source_rgba(cr, 1, 0.55, 0.1, 0.22)
            cairo_fill_preserve(cr)
            cairo_set_source_rgba(cr, 1, 0.45, 0, 0.95)
            cairo_set_line_width(cr, 2.5)
            cairo_stroke(cr)
            cairo_new_path(cr)
            cairo_arc(cr, x, y, Self.dot, 0, 2 * .pi)
            cairo_set_source_rgba(cr, 1, 0.45, 0, 1)
            cairo_fill(cr)
        } else {
            // Hovering: a thin ring with a dark edge, visible on light and dark scenes.
            for (width, grey, alpha) in [(3.5, 0.0, 0.5), (1.5, 1.0, 0.95)] {
                cairo_new_path(cr)
                cairo_arc(cr, x, y, Self.ringMinimum, 0, 2 * .pi)
                cairo_set_source_rgba(cr, grey, grey, grey, alpha)
                cairo_set_line_width(cr, width)
                cairo_stroke(cr)
            }
        }
    }
}
