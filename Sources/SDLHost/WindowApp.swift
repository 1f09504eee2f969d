import CSDL2
import CairoRender
import ForceCore
import ForceFiles
import ForcePlatform
import Foundation

/// The window's frame loop, in fixed sections as raylib's and Dear ImGui's SDL2 backends have
/// them: poll → translate → update → advance → build the display → render → present → pace to
/// the next 1/60 s deadline. Every event goes to the autosave journal (and the recording); files
/// are written on other threads, never in the loop. Presenting goes through a `Presenter`: GL
/// where OpenGL 3.3 core or GLES 3.0 works, else software (`--presenter`).
public final class WindowApp {
    /// 1/60 s.
    public static let frameInterval = 1.0 / 60
    /// The HUD's timing figures refresh four times a second (not every frame).
    static let statsInterval = 0.25
    /// Status lines stay for three seconds.
    static let statusDuration = 3.0
    /// The first launch's hint, until the first press ends (a mouse has no pressure of its own).
    static let firstLaunchHint = "Hold a mouse button and turn the wheel to press harder · a pen presses by itself · ? for help"
    /// The "Restored N strokes" line stays for ten seconds: long enough to read and act on.
    static let restoreStatusDuration = 10.0

    let config: WindowConfiguration

    public init(_ config: WindowConfiguration) { self.config = config }

    /// Whether a display server is reachable by its environment variables.
    public static var hasDisplay: Bool {
        Environment.current.hasDisplay
    }

    /// The error to stop with when SDL's video `driver` shows nothing: its offscreen driver,
    /// which SDL falls back to where no display answers, unless `SDL_VIDEODRIVER` asked for it.
    static func unseenDriver(_ driver: String?, environment: [String: String]) -> HostError? {
        guard driver == "offscreen", environment["SDL_VIDEODRIVER"] != "offscreen" else { return nil }
        guard let name = environment["DISPLAY"] ?? environment["WAYLAND_DISPLAY"], !name.isEmpty else { return .noDisplay }
        return .cannotOpenDisplay(name)
    }

    /// What a running window keeps between frames besides the state.
    struct Running {
        var state: AppState
        var status: (text: String, until: Double)?
        /// A press began on the diagram over the screen: it goes nowhere until it ends.
        var pressOnOverlay = false
        var recording: SessionWriter?
        var recordingStopped: String?
        /// `run --open FILE --record REC`: the recording starts from the file once it is open
        /// (`recordOpenedDocument`).
        var recordingAwaitsOpen = false
        var journalFailing = false
        var exports: [ExportJob] = []
        var running = true
        /// The autosave journal (the player's "continue drawing from here" starts it again).
        var journal: SessionWriter?
        /// Something other than the pointer passing over was journaled since the window opened
        /// (a journal holding only that is as compact as it was: it is not rewritten at exit).
        var journalChanged = false
        /// The restored canvas's status line, held while the window opens into the player
        /// (`--lesson`, `--replay`, `--demo`): said when Esc brings back the canvas it is about,
        /// not over the lesson.
        var canvasStatus: String?
        /// The player, while a session plays in it, and the lesson picker while it is open.
        var player: PlayerSession?
        var lessonMenu: LessonMenu?
        /// What the picker's rows open (`openPicker`).
        var menuTargets: [PickerTarget] = []
        /// The documents the picker moved to the trash, for its Ctrl+Z (the last one last).
        var trashedByUndo: [String] = []
        /// The last event's time, and how many events came earlier than it (the pen's samples
        /// and SDL's are stamped by different clocks) and were moved to 1 µs after it, as a
        /// file's are (`SessionParser.timeStep`): the journal and recording never step back.
        var lastEventTime = -Double.infinity
        var timesMovedForward = 0
        /// A file the picker was asked to open (Ctrl+L), opened once the frame's events are done.
        var pendingOpen: String?
        /// The clock was set to another timeline this frame (a fork, another document): the
        /// frame's remaining events and its tick are dropped (their times were the old one's).
        var rebased = false
        /// The next frame is drawn whole (the player gave way to the live canvas).
        var wholeFrame = false
    }

    /// What the frame loop keeps between frames: the window, its presenter and clock, the
    /// event translator, the pen source, timing, an Open Recent being read or redrawn.
    struct Loop {
        let window: Window
        let presenter: any WindowPresenter
        let clock: FrameClock
        var translator = EventTranslator()
        var pen: XI2PenSource?
        var timer = FrameTimer()
        var stats: FrameStats?
        var lastStats = -Double.infinity
        var opening: SessionLoad?
        /// The window size last asked of SDL or reported by it, and when a change was asked.
        var askedWindow = (width: 0, height: 0)
        var askedAt = -Double.infinity
        /// A size the display cannot hold (or any, while fullscreen): not asked for again until
        /// what is wanted changes.
        var heldWanted: (width: Int, height: Int)?
        /// The size asked for in its place: as large as the display lets the window be.
        var askedTarget: (width: Int, height: Int)?
        /// The device's screen before the dock took room from it (the window could not grow
        /// enough): given back when the dock closes.
        var squeezedFrom: Viewport?
        /// The diagram's own window (`--diagram-window`).
        var diagram: DiagramWindow?
        var checkpoints = CheckpointNames()
        var frames = 0
        var deadline: Double
        /// The title last given to the window.
        var title = ""
        /// The status line last shown (`--verbose` logs each change).
        var shownStatus: String?
        /// The window was uncovered: the next frame is presented (whole) even if nothing changed.
        var mustPresent = false
        /// What the backgrounds were last read ahead for, and what the view shows now, since
        /// when (`readAhead`).
        var readAheadFor: ReadAhead?
        var readAheadSeen: (what: ReadAhead, since: Double)?
    }

    /// What one poll found: an SDL event, or pen samples XInput 2 delivered with it, and when.
    enum Polled {
        case sdl(SDL_Event, at: Double)
        case pen([TabletEvent], at: Double)
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
        // Where no display answers (DISPLAY names a server that is gone, or one refusing
        // clients), SDL falls back to its offscreen driver: a window no one sees, run for
        // nothing. Said, unless that driver was asked for.
        if let problem = Self.unseenDriver(SDL_GetCurrentVideoDriver().map { String(cString: $0) },
                                           environment: ProcessInfo.processInfo.environment) {
            config.journal?.close()
            throw problem
        }
        let start = config.initialState ?? config.header.initialState(shortcuts: config.shortcuts)
        let window: Window, presenter: any WindowPresenter
        // The window holds the device and, placed outside it, the dock.
        let size = config.player == nil
            ? (windowSize.width + start.viewport.width - start.screenSize.width, windowSize.height + start.viewport.height - start.screenSize.height)
            : windowSize
        do {
            (window, presenter) = try openWindow(size: size, viewport: start.viewport)
        } catch {
            config.journal?.close()
            throw error
        }
        var s = Running(state: start)
        s.journal = config.journal
        s.player = config.player.map(openPlayer)
        // The recording is opened only now that the window is up.
        if let request = config.recording { s.recording = openRecording(request, &s) }
        s.recordingAwaitsOpen = s.recording != nil && config.openOnStart != nil
        // `--present`: presentation mode from the start, recorded as the key would be.
        if config.present, config.player == nil {
            apply(.command(.togglePresentation), at: start.time, &s)
        }
        // A window made smaller than asked to fit its display: the device takes what it has, as
        // after any resize (and the recording says so). (A window manager's sizes and fullscreen
        // come as resize events.)
        if config.player == nil, !config.fullscreen {
            let made = window.sdlSize
            let screen = Self.deviceScreen(beside: made, s)
            if made != size, screen != s.state.screenSize { apply(.resize(screen), at: start.time, &s) }
        }
        // A window that fails later still closes its files (the journal stays valid either way).
        defer {
            s.recording?.close()
            s.journal?.close()
        }
        let clock = FrameClock(startingAt: start.time)
        if let line = config.startStatus, config.player != nil {
            s.canvasStatus = line
        } else if let line = config.startStatus {
            s.status = (line, clock.now + Self.restoreStatusDuration)
        } else if config.firstLaunch, config.player == nil {
            s.status = (Self.firstLaunchHint, .infinity)
        }
        var l = Loop(window: window, presenter: presenter, clock: clock, deadline: clock.now)
        if config.diagramWindow {
            l.diagram = try DiagramWindow(beside: window)
            l.translator.diagramWindow = l.diagram?.id
        }
        let frames = try loop(&l, &s)
        endLivePress(&s, at: clock.now)
        if let problem = s.recording?.close() { Self.log("forcecanvas: the recording's last lines were not written: \(problem)") }
        s.recording = nil
        let changed = s.journalChanged
        let unwritten = s.journal?.close()
        if let unwritten { Self.log("forcecanvas: autosave: the last lines were not written: \(unwritten)") }
        config.onClose?(s.state, JournalClose(written: unwritten == nil, changed: changed))
        if s.timesMovedForward > 0 {
            Self.log("forcecanvas: \(s.timesMovedForward) input events came earlier than the one before and were moved to 1 µs after it")
        }
        return frames
    }

    private func loop(_ l: inout Loop, _ s: inout Running) throws -> Int {
        l.translator.windowSize = (Double(s.state.viewport.width), Double(s.state.viewport.height))
        let presenter = l.presenter
        l.translator.windowViewport = { presenter.viewport }
        l.pen = makePenSource(for: l.window)
        defer { l.pen?.stop() }
        // The window manager or HiDPI may give another size than asked: that is an event too.
        let viewport = l.presenter.viewport
        if s.player == nil, viewport != s.state.viewport {
            let screen = s.state.screenSize(forWindow: viewport)
            if screen != s.state.screenSize { apply(.resize(screen), at: l.clock.now, &s) }
            l.translator.windowSize = (Double(viewport.width), Double(viewport.height))
        }
        l.askedWindow = (viewport.width, viewport.height)
        launch(at: l.clock.now, &s)
        if let path = config.openOnStart { open(path, at: l.clock.now, &l, &s) }

        while s.running {
            let frameStart = l.clock.now
            let polled = poll(frameStart, &l)
            l.translator.picker = s.lessonMenu == nil ? (s.player?.writing == nil ? .closed : .naming)
                : s.lessonMenu?.naming == nil && s.lessonMenu?.openingPath == nil ? .open : .naming
            l.translator.inPlayer = s.player != nil && s.lessonMenu == nil
            let events = translate(polled, &l)
            update(events, frameStart, &l, &s)
            updateTitle(&l, s)
            if s.rebased { l.lastStats = -.infinity } else { advance(to: frameStart, &s) }
            let frame = buildDisplay(frameStart, &l, &s)
            readAhead(frame.display, at: frameStart, &l)
            s.rebased = false
            followWindowSize(frame.display.viewport, frameStart, &l, &s)
            if try render(frame, &l) || l.mustPresent { try present(frameStart, &l) }
            if let diagram = l.diagram { updateDiagramWindow(diagram, frameStart, &s) }
            pace(frameStart, &l, &s)
        }
        if let path = config.snapshotPath {
            endLivePress(&s, at: l.clock.now)
            let presenter = l.presenter
            try writeSnapshot(frameDisplay(&s) { presenter.invalidate() }, to: path, presenter)
        }
        return l.frames
    }

    // MARK: The frame's sections, in order

    /// 1. Poll: drains every pending SDL event, each stamped on the frame clock (never after the
    /// frame's start), with the pen samples XInput 2 delivered with it, in order.
    private func poll(_ frameStart: Double, _ l: inout Loop) -> [Polled] {
        var out: [Polled] = []
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            let t = max(l.clock.origin, min(frameStart, l.clock.time(ofEventStamp: event.common.timestamp)))
            out.append(.sdl(event, at: t))
            // Pen samples read from this X event (its data is gone at the next poll).
            if let samples = l.pen?.take(through: event), !samples.isEmpty { out.append(.pen(samples, at: t)) }
        }
        if let rest = l.pen?.takeAll(), !rest.isEmpty { out.append(.pen(rest, at: frameStart)) }
        return out
    }

    /// 2. Translate: SDL events and pen samples become what the window does, with their times.
    private func translate(_ polled: [Polled], _ l: inout Loop) -> [(HostEvent, Double)] {
        var out: [(HostEvent, Double)] = []
        for p in polled {
            switch p {
            case .sdl(var event, let t):
                for h in l.translator.translate(&event) {
                    // Pen samples are scaled to the new size, whether the canvas or the player
                    // has the window.
                    if case .resized(let v) = h { l.pen?.windowResized(sdlWidth: Int32(v.width)) }
                    out.append((h, t))
                }
            case .pen(let samples, let t):
                for sample in samples { out += l.translator.translate(sample).map { ($0, t) } }
            }
        }
        return out
    }

    /// 3. Update: the core handles each event (journaled and recorded), then a redrawn drawing's
    /// events due, host requests, an Open Recent that finished reading, finished exports.
    private func update(_ events: [(HostEvent, Double)], _ frameStart: Double, _ l: inout Loop, _ s: inout Running) {
        for (h, t) in events where !s.rebased { perform(h, at: t, frameStart: frameStart, &l, &s) }
        if let path = s.pendingOpen {
            s.pendingOpen = nil
            open(path, at: frameStart, &l, &s)
        }
        for request in s.state.takeHostRequests() {
            switch request {
            case .newDocument:
                break  // started where the event was applied (`apply`)
            case .showDocuments:
                if s.lessonMenu == nil, s.player == nil { openPicker(&s) }
            case .openRecent(let item):
                let path = item.userInfo?["session"] ?? ""
                if path.isEmpty {
                    s.status = ("Cannot open the recent drawing (no file named)", frameStart + Self.statusDuration)
                } else {
                    open(path, at: frameStart, &l, &s)
                }
            }
        }
        if let job = l.opening {
            guard let result = job.take() else {
                s.status = (job.status, .infinity)
                takeExports(at: frameStart, &s)
                return
            }
            l.opening = nil
            switch result {
            case .success(let opened):
                // A new document: the canvas before stays a document of its own.
                endLivePress(&s, at: frameStart)
                let before = s.state
                s.state.openDrawing(opened.strokes, widthMapping: opened.widthMapping, paper: opened.paper)
                s.wholeFrame = true
                let name = Wording.stem(job.path)
                let left = startNewDocument(leaving: before, as: Session.resuming(s.state), name: name, &s)
                recordOpenedDocument(&s)
                let remapped = opened.widthMapping != before.options.widthMapping
                s.status = ("Opened \(Self.fileName(job.path)) (\(Wording.count(opened.strokes.count, "stroke"))) as a new document"
                            + (remapped ? " · \(opened.widthMapping.title) widths (W switches)" : "")
                            + opened.leftOut.map { " · " + $0 }.joined()
                            + (left.map { " · “\($0)” is kept: Ctrl+O lists it" } ?? ""), frameStart + 2 * Self.statusDuration)
            case .failure(let error):
                s.recordingAwaitsOpen = false  // it records the canvas there is
                let message = UserMessage(error, context: "opening a file", status: "Cannot open \(Self.fileName(job.path))")
                Self.log(message.log)
                s.status = (message.status, frameStart + Self.statusDuration)
            }
        }
        takeExports(at: frameStart, &s)
    }

    /// Opens `path` (a session, or a tablet's `libinput record` capture) as a new document:
    /// read and replayed on a background thread (a big drawing must not stop the frames), its
    /// progress in the status line; one file at a time.
    func open(_ path: String, at now: Double, _ l: inout Loop, _ s: inout Running) {
        guard let load = config.loadSession else { return }
        if let busy = l.opening {
            s.status = ("Still opening \(Self.fileName(busy.path)): \(Self.fileName(path)) was not opened", now + Self.statusDuration)
            return
        }
        l.opening = SessionLoad.start(path: path, shortcuts: config.playerShortcuts ?? config.shortcuts, using: load)
        s.status = ("Opening \(Self.fileName(path))…", .infinity)
    }

    /// The window follows the frame it shows (`shown`): with the dock outside the device,
    /// opening or closing it grows or shrinks the window, the device keeping its size; in the
    /// player, the frame and strip with the panels the viewer flipped. A window that cannot
    /// change (maximized, fullscreen, a tiling window manager) keeps its size after a moment,
    /// and the device takes what is left.
    private func followWindowSize(_ shown: Viewport, _ now: Double, _ l: inout Loop, _ s: inout Running) {
        var wanted = (width: shown.width, height: shown.height)
        // A fullscreen window is its display; a window is never asked to be larger than its
        // display (both looked up only when what is wanted changes: they cost the X server a trip).
        let fullscreen = l.window.isFullscreen
        if var p = s.player {
            // A scaled player's window is its frame at that scale; one that would not fit (or a
            // fullscreen window) scales the frame and strip to what there is.
            wanted = (Int((Double(shown.width) * p.scale).rounded()), Int((Double(shown.height) * p.scale).rounded()))
            if !fullscreen, p.origin != .zero {
                // Out of fullscreen, the window is the frame again.
                p.origin = .zero
                s.player = p
            }
            guard fullscreen || wanted != l.askedWindow else { return }
            let limit = fullscreen ? l.window.sdlSize : l.window.displayLimit
            if wanted.width > limit.width || wanted.height > limit.height || (fullscreen && wanted != limit) {
                let fitted = Self.playerScale(shown, in: limit)
                if fitted != p.scale {
                    p.scale = fitted
                    s.player = p
                }
                wanted = (Int((Double(shown.width) * p.scale).rounded()), Int((Double(shown.height) * p.scale).rounded()))
            }
            if !fullscreen, wanted != l.askedWindow {
                l.window.resize(to: wanted)
            }
            if fullscreen {
                // A fullscreen window of other proportions shows the frame centred, as the
                // presenters place it: the pointer is read through the same origin.
                let origin = Letterbox.origin(frame: wanted, window: limit)
                let at = Point(x: Double(origin.x), y: Double(origin.y))
                if at != p.origin {
                    p.origin = at
                    s.player = p
                }
            }
            l.askedWindow = wanted
            return
        }
        guard s.state.placement == .outside else { return }
        if let before = l.squeezedFrom, s.state.screenLayout.dock == .none {
            // The dock that took room from the device closed: the device gets its size back
            // (recorded as a resize), and the window follows it from the next frame.
            l.squeezedFrom = nil
            if before != s.state.screenSize { apply(.resize(before), at: now, &s) }
            return
        }
        if l.askedAt > -.infinity {
            // A size was asked for: SDL reports it at once whether or not the window manager
            // gave it, so the server's size is what tells.
            let actual = l.window.actualSize
            if actual == wanted {
                l.askedWindow = wanted
                l.askedAt = -.infinity
                l.askedTarget = nil
            } else if let target = l.askedTarget, actual == target {
                // Grown as far as the display lets it: the device takes what is left.
                l.askedAt = -.infinity
                l.askedTarget = nil
                l.askedWindow = actual
                giveTheDeviceWhatIsLeft(actual, now, &l, &s)
            } else if now - l.askedAt > Self.windowResizePatience {
                // Asked and not given: the device takes what the window has, and SDL is told
                // the real size, so frames fit the window.
                l.window.resize(to: actual)
                l.askedAt = -.infinity
                l.askedTarget = nil
                l.askedWindow = actual
                giveTheDeviceWhatIsLeft(actual, now, &l, &s)
            }
            return
        }
        guard wanted != l.askedWindow, l.heldWanted.map({ $0 != wanted }) ?? true else { return }
        let limit = fullscreen ? l.window.sdlSize : l.window.displayLimit
        if fullscreen || wanted.width > limit.width || wanted.height > limit.height {
            // What the display cannot hold is never asked for: the window grows as far as the
            // display lets it, and the device takes what is left.
            l.heldWanted = wanted
            let most = (width: min(wanted.width, limit.width), height: min(wanted.height, limit.height))
            let actual = fullscreen ? limit : l.window.actualSize
            if !fullscreen, actual != most {
                l.window.resize(to: most)
                l.askedAt = now
                l.askedTarget = most
                return
            }
            giveTheDeviceWhatIsLeft(actual, now, &l, &s)
            return
        }
        l.heldWanted = nil
        l.window.resize(to: wanted)
        l.askedAt = now
    }

    /// The device's screen becomes what a window of `size` leaves it beside the dock (recorded as
    /// a resize); a device made smaller while the dock is open gets its size back when it closes.
    /// A dock whose larger text (`--ui-scale`, U) would leave the device under
    /// `leastDeviceWidth` takes its text a step smaller first, as Shift+U does (and recorded
    /// so), and says so; the frames after it try again.
    private func giveTheDeviceWhatIsLeft(_ size: (width: Int, height: Int), _ now: Double, _ l: inout Loop, _ s: inout Running) {
        let screen = Self.deviceScreen(beside: size, s)
        guard screen != s.state.screenSize else { return }
        if s.state.screenLayout.dock != .none, screen.width < Self.leastDeviceWidth, s.state.options.uiScale > 1 {
            apply(.command(.uiSmaller), at: now, &s)
            let scale = String(format: "%g", s.state.options.uiScale)
            s.status = ("Text at \(scale)× so the device keeps room beside the panels · U makes it larger", now + 2 * Self.statusDuration)
            return
        }
        let before = s.state.screenSize
        if s.state.screenLayout.dock != .none, l.squeezedFrom == nil, screen.width < before.width || screen.height < before.height {
            l.squeezedFrom = before
        }
        apply(.resize(screen), at: now, &s)
    }

    /// The device's screen a window of `size` leaves beside the dock, at the device's scale.
    private static func deviceScreen(beside size: (width: Int, height: Int), _ s: Running) -> Viewport {
        s.state.screenSize(forWindow: Viewport(width: size.width, height: size.height, scale: s.state.screenSize.scale))
    }

    /// 320 pt (an iPhone's width): the least a dock with larger text leaves the device, when
    /// the window cannot grow for it.
    static let leastDeviceWidth = 320

    /// 0.5 s: how long a window manager has to give the size asked for.
    static let windowResizePatience = 0.5

    /// Draws the diagram's own window; one that cannot be drawn is closed and says why (the
    /// canvas goes on).
    private func updateDiagramWindow(_ diagram: DiagramWindow, _ now: Double, _ s: inout Running) {
        do {
            try diagram.update((s.player?.player.state ?? s.state).diagramContent)
        } catch {
            Self.log("forcecanvas: \(error)")
            s.status = ("The diagram window could not be drawn: it is closed (M opens it again)", now + Self.statusDuration)
            diagram.hide()
        }
    }

    /// What one translated event does.
    private func perform(_ h: HostEvent, at t: Double, frameStart: Double, _ l: inout Loop, _ s: inout Running) {
        // With the diagram in its own window, M is that window's (the replay is not changed).
        if let diagram = l.diagram, h == .input(.command(.toggleDiagram)) {
            diagram.toggle()
            return
        }
        if playerTakes(h, at: t, frameStart: frameStart, window: l.window, clock: l.clock, &s) { return }
        switch h {
        case .input(let e):
            apply(e, at: t, &s)
            if e == .command(.togglePresentation) {
                s.status = (s.state.presenting ? "Presentation: only the scene and the ink · Ctrl+P brings the panels back" : "Panels back",
                            frameStart + Self.statusDuration)
            }
        case .quit: s.running = false
        case .fullscreen:
            // The window's new size comes back as a resize; the dock and player follow it.
            l.window.toggleFullscreen()
            l.heldWanted = nil
            s.status = (l.window.isFullscreen ? "Fullscreen · F11 gives the window back" : "Windowed", frameStart + Self.statusDuration)
        case .resized(let v):
            // The window's size less the dock is the device's (the same as the window's when
            // the dock is inside or closed).
            // While a size asked for is pending, SDL reports it whether given or not: the
            // window follows the server's size instead (`followWindowSize`).
            guard l.askedAt == -.infinity else { return }
            let screen = s.state.screenSize(forWindow: v)
            if screen != s.state.screenSize {
                // The person resized the window: its size is theirs, not one to give back.
                l.squeezedFrom = nil
                apply(.resize(screen), at: t, &s)
            }
            l.askedWindow = (v.width, v.height)
        case .export:
            let d = s.state.display
            // The ink lives on the device's screen: a dock beside it is not part of the drawing.
            s.exports.append(ExportJob.start(d.ink, viewport: s.state.screenSize, options: s.state.options,
                                             directory: config.exportDirectory))
            s.status = ("Exporting…", .infinity)
        case .checkpoint:
            // F5 names a moment of the recording; without one there is nothing to name.
            guard s.recording != nil else {
                s.status = (CheckpointNames.needsRecording, frameStart + Self.statusDuration)
                return
            }
            let name = l.checkpoints.next()
            apply(.checkpoint(name), at: t, &s)
            s.state.flashCheckpoint(name, at: t)
            s.status = (CheckpointNames.taken(name, at: t), frameStart + Self.statusDuration)
        case .player, .picker, .writing: break  // taken by the player or the picker (`playerTakes`)
        case .open(let path): open(path, at: frameStart, &l, &s)
        case .diagramWindow(.closed): l.diagram?.hide()
        case .diagramWindow(.exposed): l.diagram?.invalidate()
        case .exposed:
            l.presenter.exposed()
            l.mustPresent = true
            l.window.fitFrameOnDisplay()
        case .notice(let text):
            Self.log("forcecanvas: \(text)")
            s.status = (text, frameStart + Self.statusDuration)
        }
    }

    /// 4. Advance: the frame tick at the frame's start (animations, the timed fallback, fades);
    /// while a session plays, the player's clock moves on instead (the live canvas waits).
    private func advance(to frameStart: Double, _ s: inout Running) {
        if !playerTick(at: frameStart, &s) { s.state.advance(to: frameStart) }
    }

    /// 5. Build the display: the core's display with the HUD's timing (refreshed four times a
    /// second), the status line while it lasts and the warning while its problem does.
    private func buildDisplay(_ frameStart: Double, _ l: inout Loop, _ s: inout Running) -> FrameRequest {
        if s.state.options.showHUD, frameStart - l.lastStats >= Self.statsInterval {
            l.stats = FrameStats(fps: l.timer.fps, p50: l.timer.percentile(0.5), p99: l.timer.percentile(0.99))
            l.lastStats = frameStart
        }
        // (A status set on a new timeline this frame is timed on it, not on `frameStart`.)
        if let st = s.status, frameStart >= st.until, !s.rebased { s.status = nil }
        if s.status?.text != l.shownStatus {
            l.shownStatus = s.status?.text
            if config.verbose { Self.log("status: " + (l.shownStatus ?? "(none)")) }
        }
        let presenter = l.presenter
        return FrameRequest(display: frameDisplay(&s) { presenter.invalidate() }, stats: s.state.options.showHUD ? l.stats : nil,
                            status: s.status?.text, warning: warning(&s))
    }

    /// 0.1 s: how long the view stays still before its backgrounds are read ahead.
    static let readAheadSettle = 0.1

    /// What a document's backgrounds are read ahead for: the canvas's view and pages, at a scale.
    struct ReadAhead: Equatable {
        var view: CanvasView
        var paper: [PaperPage]
        var pixelsPerPoint: Double
        var screen: Rect
        var area: Rect
    }

    /// 5b. Read ahead: once the canvas's view and pages have stayed the same for
    /// `readAheadSettle` (not while a pan or a zoom goes on, whose frames would wait on the
    /// reading's locks), the backgrounds the next frames may show are read on threads of their
    /// own (`PaperReadAhead`): the images of the pages on screen and a screenful each way, then
    /// the pictures of the pages Page Down and Page Up would show. Page Down onto a scan of a
    /// page copies pixels where the frame would have read and halved the image (0.15 s), or
    /// rendered a PDF page.
    private func readAhead(_ display: Display, at time: Double, _ l: inout Loop) {
        guard case .canvas = display.scene, display.ink.paper.contains(where: \.isDrawnFromAFile) else { return }
        let now = ReadAhead(view: display.ink.view, paper: display.ink.paper, pixelsPerPoint: display.viewport.scale,
                            screen: display.viewport.bounds, area: display.layout.sceneArea)
        guard now != l.readAheadFor else { return }
        guard let seen = l.readAheadSeen, seen.what == now else {
            l.readAheadSeen = (now, time)
            return
        }
        guard time - seen.since >= Self.readAheadSettle else { return }
        l.readAheadFor = now
        let next = [1, -1].map { now.view.paged($0, over: now.paper, in: now.area) }
        PaperReadAhead.start(now.paper, shown: now.view, next: next, screen: now.screen, area: now.area,
                             pixelsPerPoint: now.pixelsPerPoint)
    }

    /// The title names what is open (set only when that changes).
    private func updateTitle(_ l: inout Loop, _ s: Running) {
        let title = WindowTitle.text(player: s.player.map { $0.player.session.title ?? $0.name }, lessonMenu: s.lessonMenu != nil,
                                     recording: s.recording.map { Self.fileName($0.path) })
        guard title != l.title else { return }
        l.title = title
        l.window.setTitle(title)
    }

    /// 6. Render: the presenter draws only what changed. False: nothing did, nothing to present.
    private func render(_ frame: FrameRequest, _ l: inout Loop) throws -> Bool {
        try l.presenter.render(frame)
    }

    /// 7. Present: upload and show; the frame's cost goes to the HUD's figures.
    private func present(_ frameStart: Double, _ l: inout Loop) throws {
        l.mustPresent = false
        try l.presenter.present()
        l.timer.record(cost: l.clock.now - frameStart)
    }

    /// 8. Pace: sleep to the next 1/60 s deadline (no catch-up burst after falling behind;
    /// vsync is not trusted under Xvfb).
    private func pace(_ frameStart: Double, _ l: inout Loop, _ s: inout Running) {
        l.timer.tick(at: frameStart)
        l.frames += 1
        if let n = config.exitAfterFrames, l.frames >= n { s.running = false }
        l.deadline += Self.frameInterval
        let now = l.clock.now
        // Fell behind (no catch-up burst), or the clock was moved back (the player's fork).
        if l.deadline < now - Self.frameInterval || l.deadline > now + Self.frameInterval { l.deadline = now }
        let wait = min(Self.frameInterval, l.deadline - now)
        if wait > 0.001 { SDL_Delay(UInt32(wait * 1000)) }
    }

    /// Applies an input event and hands it to the journal and the recording.
    func apply(_ e: InputEvent, at time: Double, _ s: inout Running) {
        // A press on the diagram drawn over the screen (no room in the dock) is the window's,
        // not the device's: the core and the files never see it, so the scene is paused for it
        // and a recording replays the same with any panel.
        if case .pointer(let p) = e {
            if p.phase == .down, s.state.pressedSource == nil, s.state.screenLayout.overlay.contains(p.location) {
                s.pressOnOverlay = true
            }
            if s.pressOnOverlay {
                if p.phase == .up || p.phase == .cancel { s.pressOnOverlay = false }
                return
            }
        }
        var t = time
        if t < s.lastEventTime {
            t = s.lastEventTime + SessionParser.timeStep
            s.timesMovedForward += 1
        }
        s.lastEventTime = t
        // What may start a new canvas (Ctrl+N, the New Canvas quick action on Home or at
        // launch) keeps the state before, for the document it leaves. Nothing else copies it:
        // a copy held while a stroke grows would copy the ink.
        var before: AppState?
        if config.documents != nil, e == .command(.newCanvas) || s.state.scene == .home || { if case .shortcut = e { true } else { false } }() {
            before = s.state
        }
        let curve = s.state.pressure.curve
        // Requests are taken at the frame's end: only one this event made counts here.
        let requestsBefore = s.state.hostRequests.count
        var passingOver = false
        if case .pointer(let p) = e, p.phase == .move, s.state.pressedSource == nil { passingOver = true }
        if !passingOver { s.journalChanged = true }
        s.state.handle(e, at: t)
        // The first launch's hint stays until the first press ends.
        if case .pointer(let p) = e, p.phase == .up, s.status?.text == Self.firstLaunchHint { s.status = nil }
        var timed = TimedEvent(time: t, event: e)
        if case .pointer = e, s.state.pointerWentToDock {
            // A panel's input is not the device's: the files keep what it changed, if anything.
            guard s.state.pressure.curve != curve else { return }
            timed = TimedEvent(time: t, event: .pressureCurve(s.state.pressure.curve))
        }
        if let before, s.state.hostRequests.dropFirst(requestsBefore).contains(.newDocument) {
            newDocumentStarted(leaving: before, at: t, &s)
        } else {
            s.journal?.record(timed)
        }
        s.recording?.record(timed)
        if case .view = e {
            let percent = Int((s.state.display.ink.view.scale * 100).rounded())
            s.status = ("Zoom \(percent) % · Ctrl+0 the whole drawing, Ctrl+1 100 %, Space+drag or the middle button pans", t + Self.statusDuration)
        }
    }

    /// What the flags ask of a restored canvas and the scene asked for, then a launch through a
    /// quick action (which skips the normal start: the shortcut picks the scene).
    private func launch(at t: Double, _ s: inout Running) {
        for e in config.eventsOnStart { apply(e, at: t, &s) }
        if let scene = config.sceneOnStart, scene != s.state.scene, let show = Command.show(scene) { apply(.command(show), at: t, &s) }
        var launch = LaunchShortcut(item: config.launchShortcut.map { config.shortcuts.item(ofType: $0) })
        guard let dispatch = launch.take() else { return }
        switch dispatch {
        case .perform(_, let item): apply(.shortcut(item.type), at: t, &s)
        case .ignored(let reason): s.status = ("Launch shortcut ignored: \(reason)", t + Self.statusDuration)
        }
    }

    /// The last part of a path, as status lines name a file.
    static func fileName(_ path: String) -> String { Wording.fileName(path) }
}
