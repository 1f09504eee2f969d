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
    /// Hears every input event with its time (for `--record`).
    public var onEvent: ((TimedEvent) -> Void)?
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
                             options: config.options, emulator: PressureEmulator(step: config.pressureStep))
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
        var replayIndex = 0
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
                    status = (export(state.display.ink, viewport: state.viewport), frameStart + Self.statusDuration)
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
            if let replay = config.replay {
                while replayIndex < replay.events.count, replay.events[replayIndex].time <= frameStart {
                    state.handle(replay.events[replayIndex])
                    replayIndex += 1
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

    /// Exports the ink as PNG, SVG and PDF; returns the status line to show.
    private func export(_ ink: InkLayer, viewport: Viewport) -> String {
        let dir = config.exportDirectory
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let stamp = Self.timestamp()
            for format in Exporter.Format.allCases {
                try Exporter.export(ink, viewport: viewport, format: format, to: "\(dir)/forcecanvas-\(stamp).\(format.rawValue)")
            }
            return "Exported \(dir)/forcecanvas-\(stamp).{png,svg,pdf}"
        } catch {
            return "Export failed: \(error)"
        }
    }

    private static func timestamp() -> String {
        let f = DateFormatter()
        f.dateFormat = "yyyyMMdd-HHmmss"
        return f.string(from: Date())
    }
}
