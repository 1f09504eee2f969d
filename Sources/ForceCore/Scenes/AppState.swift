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
    /// The force of the current or last press (after the pressure curve).
    public private(set) var liveForce: Double
    /// The force before the pressure curve (device or emulator), for the curve plot's dot.
    public private(set) var rawForce: Double
    /// Device force → canvas force.
    public private(set) var pressureCurve: PressureCurve
    /// The curve handle being dragged in the curve panel (0 or 1).
    public private(set) var curveDrag: Int?
    /// A press that landed on a scene tab: swallowed until it lifts.
    private var tabPress = false
    /// Where the eraser touches, during an eraser gesture.
    public private(set) var eraserLocation: Point?
    /// The scene on screen.
    public private(set) var scene: SceneKind = .canvas
    /// Force over the last seconds (the force plot).
    public private(set) var forceHistory = ForceHistory()
    /// Delegate-style callbacks as they happened (the event log).
    public private(set) var eventLog = EventLog()
    /// The latest time seen, in seconds.
    public private(set) var time: Double = 0
    /// Frame ticks so far.
    public private(set) var frame = 0
    public var outline: OutlineOptions = .default

    public init(viewport: Viewport, options: Options = Options(), emulator: PressureEmulator = PressureEmulator(),
                pressureCurve: PressureCurve = .standard, scene: SceneKind = .canvas) {
        self.scene = scene
        self.viewport = viewport
        self.options = options
        self.emulator = emulator
        self.pressureCurve = pressureCurve
        self.rawForce = emulator.force
        self.liveForce = pressureCurve.apply(emulator.force)
    }

    /// Whether the driving device reports force (`ForceTouchCapability.available`). The wheel
    /// emulator counts as force unless simulated pressure is switched on.
    public var forceCapability: Bool {
        device.kind == .mouse ? !options.simulatePressure : device.hasForce
    }

    /// The curve panel's geometry for this viewport.
    public var curvePanel: CurvePanel { CurvePanel(viewport: viewport) }

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
        forceHistory.record(time: time, force: liveForce, isPressed: isPressed)
    }

    public mutating func handle(_ event: TimedEvent) { handle(event.event, at: event.time) }

    // MARK: Internals

    private mutating func handlePointer(_ p: PointerInput) {
        guard p.location.isFinite else { return }
        pointer = p.location
        lastSource = p.source
        if handleTabPress(p) || handleCurveDrag(p) { return }
        if p.source == .eraser || ink.isErasing {
            handleEraser(p)
            return
        }
        let deviceForce = p.normalizedForce
        switch p.phase {
        case .down:
            pressedSource = p.source
            rawForce = deviceForce ?? emulator.force
            liveForce = pressureCurve.apply(rawForce)
            let hasForce = deviceForce != nil || (p.source == .mouse && !options.simulatePressure)
            ink.begin(at: p.location, force: liveForce, time: time, source: p.source, hasForce: hasForce,
                      altitude: p.altitude, azimuth: p.azimuth)
        case .move:
            guard let source = pressedSource else { return }
            if let deviceForce {
                rawForce = deviceForce
            } else if source == .mouse {
                rawForce = emulator.force
            }
            liveForce = pressureCurve.apply(rawForce)
            ink.move(to: p.location, force: liveForce, time: time, altitude: p.altitude, azimuth: p.azimuth)
        case .up, .cancel:
            guard pressedSource != nil else { return }
            if let deviceForce {
                rawForce = deviceForce
                liveForce = pressureCurve.apply(deviceForce)
            }
            ink.end(at: p.location, force: liveForce, time: time, cancelled: p.phase == .cancel)
            pressedSource = nil
        }
    }

    /// A press on a scene tab switches scenes; the rest of that press goes nowhere.
    private mutating func handleTabPress(_ p: PointerInput) -> Bool {
        switch p.phase {
        case .down:
            guard pressedSource == nil, let target = SceneTabs(viewport: viewport).scene(at: p.location) else { return false }
            show(target)
            tabPress = true
            return true
        case .move:
            return tabPress
        case .up, .cancel:
            guard tabPress else { return false }
            tabPress = false
            return true
        }
    }

    /// A press on a handle of the open curve panel drags it instead of drawing.
    private mutating func handleCurveDrag(_ p: PointerInput) -> Bool {
        let panel = curvePanel
        switch p.phase {
        case .down:
            guard options.showCurve, pressedSource == nil, let h = panel.handle(at: p.location, of: pressureCurve) else { return false }
            curveDrag = h
            return true
        case .move:
            guard let h = curveDrag else { return false }
            pressureCurve = panel.moving(handle: h, to: p.location, in: pressureCurve)
            return true
        case .up, .cancel:
            guard let h = curveDrag else { return false }
            pressureCurve = panel.moving(handle: h, to: p.location, in: pressureCurve)
            curveDrag = nil
            return true
        }
    }

    /// The pen's eraser end: removes whole finished strokes it touches (one undo step per press).
    private mutating func handleEraser(_ p: PointerInput) {
        let size = outline.size, thinning = outline.thinning
        // The outline's radius at a point: size · (0.5 − thinning · (0.5 − pressure)).
        let halfWidth: (Stroke, InkPoint) -> Double = { _, point in
            size * max(0.1, 0.5 - thinning * (0.5 - point.force))
        }
        switch p.phase {
        case .down:
            pressedSource = .eraser
            eraserLocation = p.location
            ink.beginErase(at: p.location, halfWidth: halfWidth)
        case .move:
            guard ink.isErasing else { return }
            eraserLocation = p.location
            ink.erase(at: p.location, halfWidth: halfWidth)
        case .up, .cancel:
            guard ink.isErasing else { return }
            ink.erase(at: p.location, halfWidth: halfWidth)
            ink.endErase()
            eraserLocation = nil
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
        case .toggleCurve: options.showCurve.toggle()
        case .cyclePressureCurve:
            pressureCurve = pressureCurve.nextPreset
            liveForce = pressureCurve.apply(rawForce)
        case .clear: ink.clear()
        case .undo: ink.undo()
        case .redo: ink.redo()
        case .sceneCanvas: show(.canvas)
        case .sceneMessages: show(.messages)
        case .sceneHome: show(.home)
        case .sceneConfirm: show(.confirm)
        case .nextScene: show(scene.next)
        case .toggleEventLog: options.showEventLog.toggle()
        case .toggleForcePlot: options.showForcePlot.toggle()
        }
    }

    /// Switches scenes; a press in progress is cancelled first (its scene will not see the end).
    mutating func show(_ next: SceneKind) {
        guard next != scene else { return }
        if let source = pressedSource, let p = pointer {
            handlePointer(PointerInput(phase: .cancel, location: p, source: source))
        }
        scene = next
        eventLog.append("scene → \(next.title)", at: time)
    }

    /// The emulator's force changed: while a mouse press is live, that is a move.
    private mutating func forceChanged() {
        guard pressedSource == .mouse else {
            if pressedSource == nil {
                rawForce = emulator.force
                liveForce = pressureCurve.apply(rawForce)
            }
            return
        }
        rawForce = emulator.force
        liveForce = pressureCurve.apply(rawForce)
        ink.changeForce(to: liveForce, time: time)
    }
}
