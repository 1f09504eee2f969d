/// The whole state of ForceCanvas: a pure function of timestamped events and frame ticks.
///
/// `handle(_:at:)` applies one input event, `advance(to:)` applies a frame tick, and
/// `display` describes what to draw. Nothing here reads a clock, a file or a device.
public struct AppState: Equatable, Sendable {
    public private(set) var viewport: Viewport
    public private(set) var options: Options
    public private(set) var emulator: PressureEmulator
    public private(set) var ink = InkCanvas()
    /// The pointer's last known location (nil before it was ever seen).
    public private(set) var pointer: Point?
    /// The source of the pointer currently pressed, if any.
    public private(set) var pressedSource: InputSource?
    /// The source that last produced input.
    public private(set) var lastSource: InputSource = .mouse
    /// The device driving the pointer (HUD: name and force capability).
    public private(set) var device: InputDevice = .emulatedMouse
    /// The force of the current or last press.
    public private(set) var liveForce: Double
    /// The latest time seen, in seconds.
    public private(set) var time: Double = 0
    /// Frame ticks so far.
    public private(set) var frame = 0
    public var outline: OutlineOptions = .default

    public init(viewport: Viewport, options: Options = Options(), emulator: PressureEmulator = PressureEmulator()) {
        self.viewport = viewport
        self.options = options
        self.emulator = emulator
        self.liveForce = emulator.force
    }

    public var isPressed: Bool { pressedSource != nil }

    // MARK: Events

    public mutating func handle(_ event: InputEvent, at t: Double) {
        if t.isFinite { time = max(time, t) }
        switch event {
        case .pointer(let p): handlePointer(p)
        case .wheel(let notches):
            // The wheel is the emulator's pressure only while a mouse button is held.
            guard pressedSource == .mouse, emulator.wheel(notches) else { return }
            forceChanged()
        case .deepPress(let down):
            let before = emulator.force
            emulator.isDeepPress = down
            if emulator.force != before { forceChanged() }
        case .command(let c): handleCommand(c)
        case .resize(let v): viewport = v
        case .device(let d): device = d
        }
    }

    /// A frame tick at time `t`.
    public mutating func advance(to t: Double) {
        if t.isFinite { time = max(time, t) }
        frame += 1
        ink.advance(to: time)
    }

    public mutating func handle(_ event: TimedEvent) { handle(event.event, at: event.time) }

    // MARK: Internals

    private mutating func handlePointer(_ p: PointerInput) {
        guard p.location.isFinite else { return }
        pointer = p.location
        lastSource = p.source
        let deviceForce = p.normalizedForce
        switch p.phase {
        case .down:
            pressedSource = p.source
            let force = deviceForce ?? emulator.force
            liveForce = force
            let hasForce = deviceForce != nil || (p.source == .mouse && !options.simulatePressure)
            ink.begin(at: p.location, force: force, time: time, source: p.source, hasForce: hasForce,
                      altitude: p.altitude, azimuth: p.azimuth)
        case .move:
            guard let source = pressedSource else { return }
            let force = deviceForce ?? (source == .mouse ? emulator.force : liveForce)
            liveForce = force
            ink.move(to: p.location, force: force, time: time, altitude: p.altitude, azimuth: p.azimuth)
        case .up, .cancel:
            guard pressedSource != nil else { return }
            let force = deviceForce ?? liveForce
            ink.end(at: p.location, force: force, time: time, cancelled: p.phase == .cancel)
            pressedSource = nil
        }
    }

    private mutating func handleCommand(_ c: Command) {
        switch c {
        case .pressureUp: if emulator.stepBy(1) { forceChanged() }
        case .pressureDown: if emulator.stepBy(-1) { forceChanged() }
        case .toggleDebug: options.debug.toggle()
        case .togglePrecise: options.precise.toggle()
        case .toggleOpacity: options.opacityFromPressure.toggle()
        case .toggleRenderer: options.renderer = options.renderer == .outline ? .classic : .outline
        case .toggleSimulatedPressure: options.simulatePressure.toggle()
        case .toggleHelp: options.showHelp.toggle()
        case .toggleHUD: options.showHUD.toggle()
        case .closeOverlay: options.showHelp = false
        case .clear: ink.clear()
        case .undo: ink.undo()
        case .redo: ink.redo()
        }
    }

    /// The emulator's force changed: while a mouse press is live, that is a move.
    private mutating func forceChanged() {
        guard pressedSource == .mouse else {
            if pressedSource == nil { liveForce = emulator.force }
            return
        }
        liveForce = emulator.force
        ink.changeForce(to: emulator.force, time: time)
    }
}
