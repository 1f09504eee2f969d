import CSDL2
import CairoRender
import ForceCore
import Foundation

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
    /// The scene the window opens in.
    public var scene = SceneKind.canvas
    /// Hears every input event with its time (for `--record`).
    public var onEvent: ((TimedEvent) -> Void)?
    /// Whether F5 adds checkpoints (the window is recording with `--record`).
    public var recordsCheckpoints = false
    /// Called once per frame after events were handled (for flushing a recording).
    public var onFrameEnd: (() -> Void)?
    /// Write the current frame here when the window closes.
    public var snapshotPath: String?
    /// Close after this many frames.
    public var exitAfterFrames: Int?
    /// Where Ctrl+S exports go.
    public var exportDirectory = "forcecanvas-exports"
    /// A session to play in the window in real time.
    public var replay: Session?
    /// Reads a session file for Open Recent, on a background thread (the command line gives its
    /// streaming reader). Errors describe themselves as `FILE:LINE: what is wrong`.
    public var loadSession: (@Sendable (String) throws -> Session)?
    /// ForceCanvas's quick actions (static from Info.plist, dynamic from the last launches).
    public var shortcuts = ShortcutCatalog()
    /// Launched with this quick action's type (`--shortcut`): handled once, at the start.
    public var launchShortcut: String?
    /// Hears the catalog when an export registered a dynamic quick action (to persist it).
    public var onShortcutsChanged: ((ShortcutCatalog) -> Void)?
    /// Log input setup (XInput 2 selection, pens found) on stderr.
    public var verbose = false

    public init() {}
}

/// The window: drain events → translate → update → advance → render dirty parts → present →
/// pace to the next 1/60 s deadline.
public final class WindowApp {
    /// 1/60 s.
    public static let frameInterval = 1.0 / 60
    /// The HUD's timing figures refresh four times a second (not every frame).
    static let statsInterval = 0.25
    /// Status lines stay for three seconds.
    static let statusDuration = 3.0

    let config: WindowConfiguration

    public init(_ config: WindowConfiguration) { self.config = config }

    /// Whether a display server is reachable by its environment variables.
    public static var hasDisplay: Bool {
        let env = ProcessInfo.processInfo.environment
        return !(env["DISPLAY"] ?? "").isEmpty || !(env["WAYLAND_DISPLAY"] ?? "").isEmpty
    }

    /// Runs until the window closes. Returns the number of frames shown.
    @discardableResult
    public func run() throws -> Int {
        guard Self.hasDisplay else { throw HostError.noDisplay }
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else { throw HostError.sdl(Window.lastError) }
        defer { SDL_Quit() }
        let window = try Window(title: "ForceCanvas", width: config.width, height: config.height)
        var state = AppState(viewport: Viewport(width: config.width, height: config.height),
                             options: config.options, emulator: PressureEmulator(step: config.pressureStep, easing: config.pressureEasing),
                             pressureCurve: config.pressureCurve, scene: config.scene, shortcuts: config.shortcuts,
                             thresholds: config.thresholds, waitingInterval: config.fallbackInterval)
        let renderer = try FrameRenderer(viewport: state.viewport)
        let clock = FrameClock()
        var translator = EventTranslator()
        translator.windowSize = (Double(state.viewport.width), Double(state.viewport.height))
        let pen = makePenSource(for: window)
        defer { pen?.stop() }
        var timer = FrameTimer()
        var stats: FrameStats?
        var lastStats = -Double.infinity
        var status: (text: String, until: Double)?
        var replay = config.replay.map { (session: $0, start: 0.0, index: 0) }
        var opening: SessionLoad?
        var checkpoints = CheckpointNames()
        var frames = 0
        var deadline = clock.now
        var running = true

        func apply(_ e: InputEvent, at t: Double) {
            state.handle(e, at: t)
            config.onEvent?(TimedEvent(time: t, event: e))
        }

        func perform(_ events: [HostEvent], at t: Double, frameStart: Double) {
            for h in events {
                switch h {
                case .input(let e): apply(e, at: t)
                case .quit: running = false
                case .resized:
                    let v = window.viewport
                    if v != state.viewport { apply(.resize(v), at: t) }
                    translator.windowSize = (Double(v.width), Double(v.height))
                    pen?.windowResized(sdlWidth: Int32(v.width))
                case .export:
                    status = (export(&state, viewport: state.viewport), frameStart + Self.statusDuration)
                case .checkpoint:
                    guard config.recordsCheckpoints else {
                        status = (CheckpointNames.needsRecording, frameStart + Self.statusDuration)
                        continue
                    }
                    let name = checkpoints.next()
                    apply(.checkpoint(name), at: t)
                    state.flashCheckpoint(name, at: t)
                    status = (CheckpointNames.taken(name, at: t), frameStart + Self.statusDuration)
                case .notice(let text):
                    Self.log("forcecanvas: \(text)")
                    status = (text, frameStart + Self.statusDuration)
                }
            }
        }

        // The window manager or HiDPI may give another size than asked: that is an event too.
        if window.viewport != state.viewport {
            apply(.resize(window.viewport), at: 0)
            translator.windowSize = (Double(window.viewport.width), Double(window.viewport.height))
        }
        // A launch through a quick action skips the normal start: the shortcut picks the scene.
        var launch = LaunchShortcut(item: config.launchShortcut.map { config.shortcuts.item(ofType: $0) })
        if let dispatch = launch.take() {
            switch dispatch {
            case .perform(_, let item): apply(.shortcut(item.type), at: 0)
            case .ignored(let reason): status = ("Launch shortcut ignored: \(reason)", Self.statusDuration)
            }
        }

        while running {
            let frameStart = clock.now
            var event = SDL_Event()
            while SDL_PollEvent(&event) != 0 {
                let t = max(0, min(frameStart, clock.time(ofEventStamp: event.common.timestamp)))
                perform(translator.translate(&event), at: t, frameStart: frameStart)
                // Pen samples read from this X event, in order among SDL's own events.
                for te in pen?.take(through: event) ?? [] { perform(translator.translate(te), at: t, frameStart: frameStart) }
            }
            for te in pen?.takeAll() ?? [] { perform(translator.translate(te), at: frameStart, frameStart: frameStart) }
            if var r = replay {
                while r.index < r.session.events.count, r.start + r.session.events[r.index].time <= frameStart {
                    state.handle(r.session.events[r.index].event, at: r.start + r.session.events[r.index].time)
                    r.index += 1
                }
                replay = r.index < r.session.events.count ? r : nil
            }
            for request in state.takeHostRequests() {
                switch request {
                case .openRecent(let item):
                    // Read on a background thread: a big drawing must not stop the frames.
                    let path = item.userInfo?["session"] ?? ""
                    if !path.isEmpty, let load = config.loadSession {
                        opening = SessionLoad.start(path: path, using: load)
                        status = ("Opening \(Self.fileName(path))…", .infinity)
                    } else {
                        status = ("Cannot open the recent drawing \(path.isEmpty ? "(no file named)" : path)", frameStart + Self.statusDuration)
                    }
                }
            }
            if let job = opening, let result = job.take() {
                opening = nil
                switch result {
                case .success(let session):
                    replay = (session, frameStart, 0)
                    status = ("Redrawing \(Self.fileName(job.path))", frameStart + Self.statusDuration)
                case .failure(let error):
                    Self.log("forcecanvas: Open Recent: \(error)")
                    let reason = (error as? SessionError).map { "line \($0.line): \($0.message)" } ?? "the file cannot be read"
                    status = ("Cannot open \(Self.fileName(job.path)): \(reason)", frameStart + Self.statusDuration)
                }
            }
            config.onFrameEnd?()
            state.advance(to: frameStart)

            if state.options.showHUD, frameStart - lastStats >= Self.statsInterval {
                stats = FrameStats(fps: timer.fps, p50: timer.percentile(0.5), p99: timer.percentile(0.99))
                lastStats = frameStart
            }
            if let s = status, frameStart >= s.until { status = nil }
            // The renderer draws only what changed; a frame where nothing did presents nothing.
            let dirty = try renderer.render(state.display, stats: state.options.showHUD ? stats : nil, status: status?.text)
            if !dirty.isEmpty {
                window.present(renderer.frame, dirty: dirty)
                timer.record(cost: clock.now - frameStart)
            }
            timer.tick(at: frameStart)
            frames += 1
            if let n = config.exitAfterFrames, frames >= n { running = false }

            deadline += Self.frameInterval
            let now = clock.now
            if deadline < now - Self.frameInterval { deadline = now }  // fell behind: no catch-up burst
            let wait = deadline - now
            if wait > 0.001 { SDL_Delay(UInt32(wait * 1000)) }
        }
        if let path = config.snapshotPath {
            try renderer.render(state.display, stats: nil, status: nil)
            try renderer.frame.writePNG(to: path)
        }
        return frames
    }

    /// Exports the ink as PNG, SVG and PDF, with a session that redraws it; registers "Open
    /// Recent" as a dynamic quick action for it. Returns the status line to show.
    private func export(_ state: inout AppState, viewport: Viewport) -> String {
        let dir = config.exportDirectory
        let ink = state.display.ink
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let stamp = Self.timestamp()
            let base = "\(dir)/forcecanvas-\(stamp)"
            for format in Exporter.Format.allCases {
                try Exporter.export(ink, viewport: viewport, format: format, to: "\(base).\(format.rawValue)")
            }
            let drawing = Session.redrawing(ink.strokes, viewport: viewport, options: state.options)
            try SessionCoding.encode(drawing).write(toFile: "\(base).jsonl", atomically: true, encoding: .utf8)
            let path = URL(fileURLWithPath: "\(base).jsonl").standardized.path
            var item = AppShortcut.openRecent.item
            item.subtitle = "forcecanvas-\(stamp)"
            item.userInfo = ["session": path]
            state.registerShortcut(item)
            config.onShortcutsChanged?(state.home.catalog)
            return "Exported \(base).{png,svg,pdf,jsonl} · Home → ForceCanvas → Open Recent redraws it"
        } catch {
            return "Export failed: \(error)"
        }
    }

    /// The last part of a path, as status lines name a file.
    private static func fileName(_ path: String) -> String { (path as NSString).lastPathComponent }

    private static func timestamp() -> String {
        let f = DateFormatter()
        f.dateFormat = "yyyyMMdd-HHmmss"
        return f.string(from: Date())
    }
}
