import CSDL2
import CairoRender
import ForceCore
import ForceFiles
import Foundation

/// The window: drain events → translate → update → advance → render dirty parts → present →
/// pace to the next 1/60 s deadline. Every event goes to the autosave journal (and the
/// recording); files are written on other threads, never in the loop.
public final class WindowApp {
    /// 1/60 s.
    public static let frameInterval = 1.0 / 60
    /// The HUD's timing figures refresh four times a second (not every frame).
    static let statsInterval = 0.25
    /// Status lines stay for three seconds.
    static let statusDuration = 3.0
    /// The "Restored N strokes" line stays for ten seconds: long enough to read and act on.
    static let restoreStatusDuration = 10.0

    let config: WindowConfiguration

    public init(_ config: WindowConfiguration) { self.config = config }

    /// Whether a display server is reachable by its environment variables.
    public static var hasDisplay: Bool {
        let env = ProcessInfo.processInfo.environment
        return !(env["DISPLAY"] ?? "").isEmpty || !(env["WAYLAND_DISPLAY"] ?? "").isEmpty
    }

    /// What a running window keeps between frames besides the state.
    struct Running {
        var state: AppState
        var status: (text: String, until: Double)?
        var recording: SessionWriter?
        var recordingStopped: String?
        var journalFailing = false
        var exports: [ExportJob] = []
        var running = true
        /// The autosave journal (the player's "continue drawing from here" starts it again).
        var journal: SessionWriter?
        /// The player, while a session plays in it, and the lesson picker while it is open.
        var player: PlayerSession?
        var lessonMenu: LessonMenu?
        /// The next frame is drawn whole (the player gave way to the live canvas).
        var wholeFrame = false
    }

    /// Runs until the window closes. Returns the number of frames shown.
    @discardableResult
    public func run() throws -> Int {
        guard Self.hasDisplay else {
            config.journal?.close()
            throw HostError.noDisplay
        }
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            config.journal?.close()
            throw HostError.sdl(Window.lastError)
        }
        defer { SDL_Quit() }
        let start = config.initialState ?? config.header.initialState(shortcuts: config.shortcuts)
        let window: Window
        do {
            window = try Window(title: "ForceCanvas", width: windowSize.width, height: windowSize.height)
        } catch {
            config.journal?.close()
            throw error
        }
        var s = Running(state: start)
        s.journal = config.journal
        s.player = config.player.map(openPlayer)
        // The recording is opened only now that the window is up.
        if let request = config.recording { s.recording = openRecording(request, &s) }
        // A window that fails later still closes its files (the journal stays valid either way).
        defer {
            s.recording?.close()
            s.journal?.close()
        }
        let clock = FrameClock(startingAt: start.time)
        if let line = config.startStatus { s.status = (line, clock.now + Self.restoreStatusDuration) }
        let frames = try loop(window, clock, &s)
        endLivePress(&s, at: clock.now)
        if let problem = s.recording?.close() { Self.log("forcecanvas: the recording's last lines were not written: \(problem)") }
        s.recording = nil
        if let problem = s.journal?.close() { Self.log("forcecanvas: autosave: the last lines were not written: \(problem)") }
        config.onClose?(s.state)
        return frames
    }

    private func loop(_ window: Window, _ clock: FrameClock, _ s: inout Running) throws -> Int {
        let renderer = try FrameRenderer(viewport: s.state.viewport)
        var translator = EventTranslator()
        translator.windowSize = (Double(s.state.viewport.width), Double(s.state.viewport.height))
        let pen = makePenSource(for: window)
        defer { pen?.stop() }
        var timer = FrameTimer()
        var stats: FrameStats?
        var lastStats = -Double.infinity
        var replay = config.replay.map { (session: $0, start: clock.now, index: 0) }
        var opening: SessionLoad?
        var checkpoints = CheckpointNames()
        var frames = 0
        var deadline = clock.now

        func perform(_ events: [HostEvent], at t: Double, frameStart: Double) {
            for h in events {
                if playerTakes(h, at: t, frameStart: frameStart, window: window, clock: clock, &s) { continue }
                switch h {
                case .input(let e): apply(e, at: t, &s)
                case .quit: s.running = false
                case .resized:
                    let v = window.viewport
                    if v != s.state.viewport { apply(.resize(v), at: t, &s) }
                    translator.windowSize = (Double(v.width), Double(v.height))
                    pen?.windowResized(sdlWidth: Int32(v.width))
                case .export:
                    let d = s.state.display
                    s.exports.append(ExportJob.start(d.ink, viewport: d.viewport, options: s.state.options,
                                                     directory: config.exportDirectory))
                    s.status = ("Exporting…", .infinity)
                case .checkpoint:
                    // F5 names a moment of the recording; without one there is nothing to name.
                    guard s.recording != nil else {
                        s.status = (CheckpointNames.needsRecording, frameStart + Self.statusDuration)
                        continue
                    }
                    let name = checkpoints.next()
                    apply(.checkpoint(name), at: t, &s)
                    s.state.flashCheckpoint(name, at: t)
                    s.status = (CheckpointNames.taken(name, at: t), frameStart + Self.statusDuration)
                case .player: break  // taken by the player or the picker (`playerTakes`)
                case .notice(let text):
                    Self.log("forcecanvas: \(text)")
                    s.status = (text, frameStart + Self.statusDuration)
                }
            }
        }

        // The window manager or HiDPI may give another size than asked: that is an event too.
        if s.player == nil, window.viewport != s.state.viewport {
            apply(.resize(window.viewport), at: clock.now, &s)
            translator.windowSize = (Double(window.viewport.width), Double(window.viewport.height))
        }
        launch(at: clock.now, &s)

        while s.running {
            let frameStart = clock.now
            var event = SDL_Event()
            while SDL_PollEvent(&event) != 0 {
                let t = max(clock.origin, min(frameStart, clock.time(ofEventStamp: event.common.timestamp)))
                perform(translator.translate(&event), at: t, frameStart: frameStart)
                // Pen samples read from this X event, in order among SDL's own events.
                for te in pen?.take(through: event) ?? [] { perform(translator.translate(te), at: t, frameStart: frameStart) }
            }
            for te in pen?.takeAll() ?? [] { perform(translator.translate(te), at: frameStart, frameStart: frameStart) }
            if var r = replay {
                while r.index < r.session.events.count, r.start + r.session.events[r.index].time <= frameStart {
                    // Replayed events change the canvas: the journal keeps them, the recording does not.
                    let e = r.session.events[r.index]
                    s.state.handle(e.event, at: r.start + e.time)
                    s.journal?.record(TimedEvent(time: r.start + e.time, event: e.event))
                    r.index += 1
                }
                replay = r.index < r.session.events.count ? r : nil
            }
            for request in s.state.takeHostRequests() {
                switch request {
                case .openRecent(let item):
                    // Read on a background thread: a big drawing must not stop the frames.
                    let path = item.userInfo?["session"] ?? ""
                    if !path.isEmpty, let load = config.loadSession {
                        opening = SessionLoad.start(path: path, using: load)
                        s.status = ("Opening \(Self.fileName(path))…", .infinity)
                    } else {
                        s.status = ("Cannot open the recent drawing \(path.isEmpty ? "(no file named)" : path)", frameStart + Self.statusDuration)
                    }
                }
            }
            if let job = opening, let result = job.take() {
                opening = nil
                switch result {
                case .success(let session):
                    replay = (session, frameStart, 0)
                    s.status = ("Redrawing \(Self.fileName(job.path))", frameStart + Self.statusDuration)
                case .failure(let error):
                    Self.log("forcecanvas: Open Recent: \(error)")
                    let reason = (error as? SessionError).map { "line \($0.line): \($0.message)" } ?? "the file cannot be read"
                    s.status = ("Cannot open \(Self.fileName(job.path)): \(reason)", frameStart + Self.statusDuration)
                }
            }
            takeExports(at: frameStart, &s)
            config.onFrameEnd?()
            if !playerTick(at: frameStart, &s) { s.state.advance(to: frameStart) }

            if s.state.options.showHUD, frameStart - lastStats >= Self.statsInterval {
                stats = FrameStats(fps: timer.fps, p50: timer.percentile(0.5), p99: timer.percentile(0.99))
                lastStats = frameStart
            }
            if let st = s.status, frameStart >= st.until { s.status = nil }
            // The renderer draws only what changed; a frame where nothing did presents nothing.
            let dirty = try renderer.render(frameDisplay(&s, renderer), stats: s.state.options.showHUD ? stats : nil,
                                            status: s.status?.text, warning: warning(&s))
            if !dirty.isEmpty {
                window.present(renderer.frame, dirty: dirty)
                timer.record(cost: clock.now - frameStart)
            }
            timer.tick(at: frameStart)
            frames += 1
            if let n = config.exitAfterFrames, frames >= n { s.running = false }

            deadline += Self.frameInterval
            let now = clock.now
            // Fell behind (no catch-up burst), or the clock was moved back (the player's fork).
            if deadline < now - Self.frameInterval || deadline > now + Self.frameInterval { deadline = now }
            let wait = min(Self.frameInterval, deadline - now)
            if wait > 0.001 { SDL_Delay(UInt32(wait * 1000)) }
        }
        if let path = config.snapshotPath {
            endLivePress(&s, at: clock.now)
            try renderer.render(frameDisplay(&s, renderer), stats: nil, status: nil)
            do {
                try renderer.frame.writePNG(to: path)
            } catch {
                Self.log("forcecanvas: --snapshot: \(error)")
            }
        }
        return frames
    }

    /// Applies an input event and hands it to the journal and the recording.
    func apply(_ e: InputEvent, at t: Double, _ s: inout Running) {
        s.state.handle(e, at: t)
        let timed = TimedEvent(time: t, event: e)
        s.journal?.record(timed)
        s.recording?.record(timed)
        config.onEvent?(timed)
    }

    /// The scene asked for on a restored canvas, then a launch through a quick action (which
    /// skips the normal start: the shortcut picks the scene).
    private func launch(at t: Double, _ s: inout Running) {
        if let scene = config.sceneOnStart, scene != s.state.scene { apply(.command(.show(scene)), at: t, &s) }
        var launch = LaunchShortcut(item: config.launchShortcut.map { config.shortcuts.item(ofType: $0) })
        guard let dispatch = launch.take() else { return }
        switch dispatch {
        case .perform(_, let item): apply(.shortcut(item.type), at: t, &s)
        case .ignored(let reason): s.status = ("Launch shortcut ignored: \(reason)", t + Self.statusDuration)
        }
    }

    /// The last part of a path, as status lines name a file.
    static func fileName(_ path: String) -> String { (path as NSString).lastPathComponent }
}
