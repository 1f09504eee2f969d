/// A recorded session in the player, as a value: where it is (a frame of the replay's 60 fps
/// clock), whether it plays and how fast, and the replayed state at that frame.
///
/// The player drives the core's clock: frame k shows the state a straight replay has at k/60 s
/// of session time (`HeadlessReplay`), whatever path led there — playing, stepping, seeking
/// back and forth. Session time runs at `speed` times the clock's, so every animation of the
/// scenes plays at that speed; nothing runs on the wall clock behind the player's back.
///
/// Seeking is exact and fast: while frames are simulated for the first time a keyframe of the
/// state (a value) is kept about every second (`keyframeInterval`), and a seek replays from the
/// nearest keyframe at or before its target, jumping over idle frames as replays do. Each
/// keyframe holds its own list of the strokes then drawn and of their undo steps, so a long
/// session with many strokes would hold keyframes × strokes of them (a 22-minute session of
/// 3,000 strokes held 1.1 GB): past `keyframeStrokeBudget` every other keyframe goes and they
/// are kept half as often, so a seek replays a little more instead.
public struct Player: Equatable, Sendable {
    /// A kept replay: its state at `frame`, with the events handled so far.
    public struct Keyframe: Equatable, Sendable {
        public var frame: Int { replay.frame }
        var replay: Replayer<TimedEventList>
        /// The strokes and undo steps it holds (what its memory grows with).
        let strokesHeld: Int

        init(replay: Replayer<TimedEventList>) {
            self.replay = replay
            let ink = replay.state.ink
            strokesHeld = 1 + ink.strokes.count + ink.undoStack.count + ink.redoStack.count
        }
    }

    /// A caption of the session and its time.
    public struct TimedCaption: Equatable, Sendable {
        public var time: Double
        public var caption: Caption

        public init(time: Double, caption: Caption) {
            self.time = time
            self.caption = caption
        }
    }

    /// 1e-9 frames: what floating-point sums of the clock's steps may lack of a whole frame.
    static let frameTolerance = 1e-9
    /// 60 frames: a keyframe about every second of session time (issue 12), so a seek replays at
    /// most a second of input.
    public static let keyframeInterval = 60

    /// The session played (its header and events).
    public let session: Session
    /// The replay of the session, at the frame on screen.
    private var replay: Replayer<TimedEventList>
    /// The replayed state at `frame`.
    public var state: AppState { replay.state }
    /// The frame on screen.
    public var frame: Int { replay.frame }
    /// The last frame: the one that shows the session's last event.
    public let lastFrame: Int
    /// Whether the player plays (else it is paused).
    public private(set) var isPlaying = false
    /// Session seconds per second of the clock, within `PlaybackSpeed.range`.
    public private(set) var speed: Double
    /// The keyframes kept so far, by frame.
    public private(set) var keyframes: [Keyframe] = []
    /// 1,000,000: the strokes and undo steps the keyframes may hold together (about 200 bytes
    /// each: some 200 MB at most). A 10-minute session of 300 strokes holds 180,000.
    public static let keyframeStrokeBudget = 1_000_000
    /// `keyframeStrokeBudget` (tests make it smaller).
    var keyframeBudget = keyframeStrokeBudget
    /// The frames between keyframes: `keyframeInterval`, doubled each time the keyframes were
    /// thinned to fit the budget.
    public private(set) var keyframeSpacing = keyframeInterval
    /// The strokes and undo steps the keyframes hold.
    private var strokesInKeyframes = 0
    /// The timeline's markers (those of the state's changes as far as frames were simulated).
    public private(set) var markers: TimelineMarkers
    /// The captions, by time: their event index and the caption.
    public let captions: [TimedCaption]
    /// Whether playback stopped at a caption marked `pause` (Space goes on).
    public private(set) var heldByCaption = false

    /// Whether the user chose the speed (a speed key, or `--speed`): captions' speeds then do not
    /// change it until `resetSpeed` (0) gives the choice back to the lesson.
    public private(set) var speedChosen: Bool
    /// Frames of session time owed by the clock while playing, not yet a whole frame.
    private var owed = 0.0
    let shortcuts: ShortcutCatalog

    /// A player at the start of `session`, paused; `shortcuts` are ForceCanvas's quick actions,
    /// as for any replay. Without a `speed` it starts at 1×, or where a caption at the start
    /// says; a `speed` given wins over that caption.
    public init(session: Session, shortcuts: ShortcutCatalog = ShortcutCatalog(), speed: Double? = nil) {
        self.session = session
        self.shortcuts = shortcuts
        self.speed = PlaybackSpeed.clamped(speed ?? PlaybackSpeed.normal)
        speedChosen = speed != nil
        lastFrame = ReplaySchedule.frame(atOrAfter: session.duration)
        markers = TimelineMarkers(events: session.events)
        captions = session.events.compactMap { e in
            if case .caption(let c) = e.event { return TimedCaption(time: e.time, caption: c) }
            return nil
        }
        replay = Self.freshReplay(of: session, shortcuts: shortcuts)
        run(to: 0)
        applyStartCaptions()
    }

    /// Goes on at `speed` as the session's (an edited copy keeps the speed its lesson set).
    mutating func keepSpeed(_ s: Double) { speed = PlaybackSpeed.clamped(s) }

    /// Starts playing, unless a caption at the first frame says to pause (then it holds there).
    public mutating func start() {
        togglePlay()
        if captions.contains(where: { ReplaySchedule.frame(atOrAfter: $0.time) == 0 && $0.caption.pause }) {
            pause()
            heldByCaption = true
        }
    }

    /// The speed a caption at the first frame sets applies from the start.
    private mutating func applyStartCaptions() {
        guard !speedChosen else { return }
        for c in captions where ReplaySchedule.frame(atOrAfter: c.time) == 0 {
            if let s = c.caption.speed { speed = PlaybackSpeed.clamped(s) }
        }
    }

    /// Where it is and what it shows (keyframes and markers are caches of the same session).
    public static func == (a: Player, b: Player) -> Bool {
        a.replay == b.replay && a.isPlaying == b.isPlaying && a.speed == b.speed && a.speedChosen == b.speedChosen
            && a.heldByCaption == b.heldByCaption
            && a.owed == b.owed && a.session == b.session
    }

    /// The session time on screen: frame / 60 s.
    public var time: Double { ReplaySchedule.time(ofFrame: frame) }
    /// The session's length in seconds (its last event's time).
    public var duration: Double { session.duration }
    /// The events the replay handled so far (a fork's recording starts with them).
    public var handledEvents: ArraySlice<TimedEvent> { session.events[..<replay.eventCount] }
    /// Whether the last frame is on screen.
    public var atEnd: Bool { frame >= lastFrame }

    // MARK: Playing

    /// Space: plays, or pauses. At the end it plays again from the start.
    public mutating func togglePlay() {
        if isPlaying {
            pause()
        } else {
            if atEnd {
                seek(toFrame: 0)
                applyStartCaptions()
            }
            heldByCaption = false
            isPlaying = true
            owed = 0
        }
    }

    /// Stops playing (the frame stays).
    public mutating func pause() {
        isPlaying = false
        owed = 0
    }

    /// The user sets the speed (clamped to `PlaybackSpeed.range`): it stays until `resetSpeed`,
    /// whatever speeds the captions ask for.
    public mutating func setSpeed(_ s: Double) {
        speed = PlaybackSpeed.clamped(s)
        speedChosen = true
    }

    /// 0: the speed is the session's again: the one the last caption with a speed at or before
    /// the frame on screen set, else 1×; later captions change it again.
    public mutating func resetSpeed() {
        speedChosen = false
        speed = PlaybackSpeed.normal
        for c in captions where ReplaySchedule.frame(atOrAfter: c.time) <= frame {
            if let s = c.caption.speed { speed = PlaybackSpeed.clamped(s) }
        }
        owed = 0
    }

    /// `=` or `>`: the next speed step up.
    public mutating func faster() { setSpeed(PlaybackSpeed.faster(than: speed)) }

    /// `-` or `<`: the next speed step down.
    public mutating func slower() { setSpeed(PlaybackSpeed.slower(than: speed)) }

    /// The clock moved on by `seconds` while playing: session time moves on by `speed` times
    /// as much, frame by frame. A caption with a speed changes it from its frame on; one marked
    /// `pause` stops playback on its frame; the last frame stops it too.
    public mutating func advance(bySeconds seconds: Double) {
        guard isPlaying, seconds > 0, seconds.isFinite else { return }
        owed += seconds * speed * ReplaySchedule.framesPerSecond
        while isPlaying {
            // A hair of tolerance: ten steps of 0.1 frame make a whole frame, not 0.999….
            let whole = Int(min((owed + Self.frameTolerance).rounded(.down), Double(lastFrame - frame)))
            if let (capFrame, caption) = nextCaption(after: frame, through: frame + whole) {
                // Up to the caption's frame at the old speed; the rest of the clock's time at its speed.
                owed -= Double(capFrame - frame)
                seek(toFrame: capFrame)
                if let s = caption.speed, !speedChosen {
                    owed *= PlaybackSpeed.clamped(s) / speed
                    speed = PlaybackSpeed.clamped(s)
                }
                if caption.pause {
                    isPlaying = false
                    heldByCaption = true
                    owed = 0
                }
                continue
            }
            owed -= Double(whole)
            seek(toFrame: frame + whole)
            if atEnd {
                isPlaying = false
                owed = 0
            }
            break
        }
    }

    /// The first caption with a speed or a pause whose frame is in (after, through].
    private func nextCaption(after: Int, through: Int) -> (Int, Caption)? {
        guard through > after else { return nil }
        let from = ReplaySchedule.time(ofFrame: after)
        var i = captions.partitionPoint { $0.time <= from }
        while i < captions.count {
            let c = captions[i]
            let f = ReplaySchedule.frame(atOrAfter: c.time)
            if f > through { return nil }
            if f > after, c.caption.pause || c.caption.speed != nil { return (f, c.caption) }
            i += 1
        }
        return nil
    }

    // MARK: Stepping and seeking

    /// → / ←: one frame later or earlier (pauses).
    public mutating func step(frames: Int) {
        pause()
        seek(toFrame: frame + frames)
    }

    /// Shift+→: the frame of the next input event after the one on screen (pauses).
    public mutating func stepToNextEvent() {
        pause()
        let now = time
        var i = session.events.partitionPoint { $0.time <= now }
        while i < session.events.count, session.events[i].event.isAnnotation { i += 1 }
        seek(toFrame: i < session.events.count ? ReplaySchedule.frame(atOrAfter: session.events[i].time) : lastFrame)
    }

    /// Shift+←: the frame of the last input event before the one on screen (pauses).
    public mutating func stepToPreviousEvent() {
        pause()
        // Events a frame shows are those up to its time; "before" means shown by an earlier frame.
        let earlier = ReplaySchedule.time(ofFrame: max(0, frame - 1))
        var i = session.events.partitionPoint { $0.time <= earlier } - 1
        while i >= 0, session.events[i].event.isAnnotation { i -= 1 }
        seek(toFrame: i >= 0 && frame > 0 ? ReplaySchedule.frame(atOrAfter: session.events[i].time) : 0)
    }

    /// The frame at (or first after) session time `t`.
    public mutating func seek(toTime t: Double) { seek(toFrame: ReplaySchedule.frame(atOrAfter: t)) }

    /// Shows `target` (clamped to 0…lastFrame): forward by simulating on from here, or from the
    /// nearest keyframe at or before it when that is closer or the target is behind.
    public mutating func seek(toFrame target: Int) {
        let target = min(max(0, target), lastFrame)
        guard target != frame else { return }
        let key = keyframes.last { $0.frame <= target }
        if target < frame || (key.map { $0.frame > frame } ?? false) {
            replay = key?.replay ?? Self.freshReplay(of: session, shortcuts: shortcuts)
        }
        run(to: target)
    }

    /// Plays the whole session once without showing it, so every keyframe and marker is known,
    /// then goes back to where it was.
    public mutating func prepare() {
        let here = frame
        run(to: lastFrame)
        seek(toFrame: here)
    }

    // MARK: Simulation

    /// A replay of `session` before its first frame.
    private static func freshReplay(of session: Session, shortcuts: ShortcutCatalog) -> Replayer<TimedEventList> {
        Replayer(state: session.initialState(shortcuts: shortcuts), events: TimedEventList(session.events))
    }

    /// Simulates the frames up to `target` that matter (those with an event, a wake of the
    /// state, and `target` itself), as every replay does (`Replayer`): a keyframe when a new
    /// second of session time starts, the timeline's markers when a frame is new.
    private mutating func run(to target: Int) {
        while let k = replay.nextFrame(toward: target) {
            let before = k > markers.scannedThrough ? TimelineMarkers.Probe(replay.state) : nil
            replay.simulate(k)
            if let before { markers.scan(frame: k, from: before, to: TimelineMarkers.Probe(replay.state), log: replay.state.eventLog) }
            let slot = k / keyframeSpacing
            if keyframes.last.map({ $0.frame / keyframeSpacing < slot }) ?? true {
                let key = Keyframe(replay: replay)
                keyframes.append(key)
                strokesInKeyframes += key.strokesHeld
                if strokesInKeyframes > keyframeBudget { thinKeyframes() }
            }
        }
    }

    /// Keeps keyframes half as often: the first of each slot of twice the spacing stays (the
    /// very first always), until what they hold fits the budget.
    private mutating func thinKeyframes() {
        while strokesInKeyframes > keyframeBudget, keyframes.count > 1 {
            keyframeSpacing *= 2
            var kept: [Keyframe] = []
            for key in keyframes where kept.last.map({ $0.frame / keyframeSpacing < key.frame / keyframeSpacing }) ?? true {
                kept.append(key)
            }
            keyframes = kept
            strokesInKeyframes = kept.reduce(0) { $0 + $1.strokesHeld }
        }
    }

    // MARK: What is on screen

    /// The caption on screen: the latest one at or before the frame's time, until its
    /// duration ends (or the next caption).
    public var caption: Caption? { shownCaption.map { captions[$0].caption } }

    /// The index in `captions` of the caption on screen (the rule `caption` and the player's
    /// edits share).
    var shownCaption: Int? {
        let now = time
        let i = captions.partitionPoint { $0.time <= now } - 1
        guard i >= 0 else { return nil }
        let c = captions[i]
        if let d = c.caption.duration, now >= c.time + d { return nil }
        return i
    }
}
