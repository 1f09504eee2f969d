/// The whole state of ForceCanvas: a pure function of timestamped events and frame ticks.
///
/// `handle(_:at:)` applies one input event, `advance(to:)` applies a frame tick, and
/// `display` describes what to draw. Nothing here reads a clock, a file or a device.
///
/// It routes: the curve panel's handles, the scene tabs and the dock, then the system chrome,
/// then the scene on screen (`Scene`), whose insides it does not know. Forces come from
/// `pressure` (`PressureInput`), the scenes from `scenes` (`SceneSet`).
public struct AppState: Equatable, Sendable {
    /// The window: the device's screen, and the dock when it is placed outside (`placement`).
    public internal(set) var viewport: Viewport
    /// The device's screen size, which sessions record and resizes change: with the dock placed
    /// outside, what the input and the scenes know, whatever panel is open.
    public internal(set) var screenSize: Viewport { didSet { relayout() } }
    /// Whether the dock takes its room from the device or is added beside it.
    public let placement: ScreenLayout.Placement
    public internal(set) var options: Options { didSet { relayout() } }
    /// The emulators, the force before and after the curve, and the curve: every force's source.
    public internal(set) var pressure: PressureInput
    /// Every scene, each keeping its state while another is on screen.
    public internal(set) var scenes: SceneSet
    /// The scene on screen.
    public internal(set) var scene: SceneKind = .canvas { didSet { relayout() } }
    /// Where everything goes (`relayout`): recomputed when the viewport, the options or the
    /// scene change, never at each use.
    public internal(set) var screenLayout: ScreenLayout
    /// The pointer's last known location (nil before it was ever seen).
    public internal(set) var pointer: Point?
    /// The source of the pointer currently pressed, if any.
    public internal(set) var pressedSource: InputSource?
    /// The source that last produced input.
    public internal(set) var lastSource: InputSource = .mouse
    /// The device driving the pointer (HUD: name and force capability).
    public internal(set) var device: InputDevice = .emulatedMouse
    /// The curve handle being dragged in the curve panel (0 or 1).
    public internal(set) var curveDrag: Int?
    /// A press that landed on a scene tab or the teaching dock: swallowed until it lifts.
    var swallowedPress = false
    /// Whether the swallowed press landed on the dock (not a tab).
    var swallowedOnDock = false
    /// Whether the last pointer sample went to the dock placed outside the device (a drag of
    /// the curve panel's handles, a press on a panel, the pointer passing over them) rather
    /// than to the device: a recording keeps what it changed (`.pressureCurve`), not the
    /// sample, so that a replay never depends on which panels are open.
    public internal(set) var pointerWentToDock = false
    /// How far N turned the order of the open panels (`ScreenLayout.order`).
    public internal(set) var dockRotation = 0
    /// Samples whose force was over the device's maximum (clamped to it), and strokes ended
    /// because a touching sample had no valid pressure: the HUD's device line counts them.
    public internal(set) var pressureClamped = 0
    public internal(set) var pressureGaps = 0
    /// The device whose touching sample had no valid pressure: its stroke ended there and its
    /// next valid sample starts another (nil: none waiting).
    var pressureGap: InputSource?
    /// The last sample of the press in progress that had valid pressure (where a stroke ends
    /// when pressure goes).
    var lastValidTouch: PointerInput?
    /// What the pen's lower and upper barrel buttons do, whether one that erases is held, and
    /// whether the press in progress began with it held (and so erases to its end).
    public internal(set) var barrelActions: [BarrelAction] = [.eraser, .pan]
    /// The presenter's laser pointer (Ctrl+L, or a barrel button set to `laser`): nothing it
    /// draws reaches the scene or the document.
    public internal(set) var laser = LaserPointer()
    /// Presentation mode: the view options it turned off, to turn back on when it ends.
    public internal(set) var presentation: Options?
    /// Whether presentation mode is on.
    public var presenting: Bool { presentation != nil }
    var barrelHeld = false
    var pressErasesByBarrel = false
    /// Force over the last seconds (the force plot).
    public internal(set) var forceHistory = ForceHistory()
    /// Delegate-style callbacks as they happened (the event log).
    public internal(set) var eventLog = EventLog()
    public internal(set) var chrome: SystemChrome
    public let thresholds: ForceThresholds
    /// Seconds the timed fallback takes to fill (force-less devices), as the scenes were made with.
    public let waitingInterval: Double
    /// The pages under the ink (a Xournal++ document's), as the session gave them: they belong
    /// to the document, and change only with it (a drawing opened, a new canvas), where the
    /// host starts a new document whose journal's header holds them.
    public internal(set) var paper: [PaperPage]
    /// What the host must do that the core cannot (open a file); the host takes them.
    public internal(set) var hostRequests: [HostRequest] = []
    /// The latest time seen, in seconds.
    public internal(set) var time: Double = 0
    /// The state machine the diagram panel shows and the transitions it just took.
    public internal(set) var diagram = DiagramTracker()
    /// The pointer's recent samples: the HUD's readouts and the trail.
    public internal(set) var pointerTrack = PointerTrack()
    /// The flash of a checkpoint F5 just recorded (the window's feedback, never replayed).
    public internal(set) var checkpointFlash: CheckpointFlash?
    /// How far the steps of the emulator's ease have reached the press (see `deliverEase`).
    var easeDelivered = -Double.infinity
    /// The help's page when it does not fit one (small windows): 0 the scene's keys, 1 the
    /// common ones. The wheel turns it while the help is shown.
    public internal(set) var helpPage = 0
    /// perfect-freehand's knobs (the width mapping comes from `options`: see `inkOutline`).
    public var outline: OutlineOptions = .default

    /// The outline options the ink is drawn with: `outline` with the chosen width mapping.
    public var inkOutline: OutlineOptions {
        var o = outline
        o.widthMapping = options.widthMapping
        return o
    }

    /// A fresh state. `scenes` are added after ForceCanvas's four, in tab order (a test's).
    public init(viewport: Viewport, options: Options = Options(), emulator: PressureEmulator = PressureEmulator(),
                pressureCurve: PressureCurve = .standard, scene: SceneKind = .canvas,
                shortcuts: ShortcutCatalog = ShortcutCatalog(), thresholds: ForceThresholds = .standard,
                waitingInterval: Double = TimedFallback.defaultWaitingInterval, placement: ScreenLayout.Placement = .inside,
                barrelActions: [BarrelAction] = [.eraser, .pan], paper: [PaperPage] = [], adding added: [any Scene] = []) {
        self.paper = paper
        self.barrelActions = barrelActions.count == 2 ? barrelActions : [.eraser, .pan]
        self.thresholds = thresholds
        self.placement = placement
        self.waitingInterval = waitingInterval
        scenes = SceneSet(
            canvas: CanvasScene(),
            messages: MessagesScene(thresholds: thresholds, waitingInterval: waitingInterval),
            home: HomeScene(catalog: shortcuts, viewport: viewport, top: SceneTabs.reservedHeight, thresholds: thresholds,
                            waitingInterval: waitingInterval),
            confirm: ConfirmScene(waitingInterval: waitingInterval),
            added: added)
        let start = scenes.kinds.contains(scene) ? scene : .canvas
        self.scene = start
        let current = scenes.scene(start)
        chrome = SystemChrome(viewport: viewport, scene: start, holdsEdgePresses: current.pressStyle == .force,
                              deferrals: scenes.all.map { ($0.kind, $0.edgeDeferral) })
        self.viewport = viewport
        self.screenSize = viewport
        self.options = options
        pressure = PressureInput(emulator: emulator, curve: pressureCurve)
        screenLayout = ScreenLayout(viewport: viewport, open: [])
        relayout()
    }

    /// The drawing (the canvas scene's ink): what exports, the journal and the HUD count.
    public var ink: InkCanvas { scenes.canvas.ink }

    /// Whether the driving device reports force (`ForceTouchCapability.available`). The wheel
    /// emulator counts as force unless simulated pressure is switched on.
    public var forceCapability: Bool {
        device.kind == .mouse ? !options.simulatePressure : device.hasForce
    }

    public var isPressed: Bool { pressedSource != nil }

    // MARK: Events

    public mutating func handle(_ event: InputEvent, at t: Double) {
        // A checkpoint only names a moment for `check`, a caption is the player's subtitle:
        // not even their time reaches the state.
        if event.isAnnotation { return }
        defer { observeDiagrams() }
        if t.isFinite { time = max(time, min(t, InputLimits.maximumTime)) }
        switch event {
        case .pointer(let p): handlePointerWithPressurePolicy(p)
        case .wheel(let notches):
            // The wheel is the emulator's pressure only while a mouse button is held; with no
            // button held it turns the help's page, or the scene's (Messages scrolls its list).
            if pressedSource == nil, options.showHelp {
                if notches != 0, notches.isFinite { helpPage = notches < 0 ? 1 : 0 }
                return
            }
            if pressedSource == nil { _ = scenes.send(.scroll(notches), to: scene, context: sceneContext()) }
            guard pressedSource == .mouse else { return }
            let before = emulatedForce
            pressure.wheel(notches, at: time, style: pressStyle)
            // With easing the force moves at the next frames (`deliverEase`); without, now.
            if emulatedForce != before { forceChanged() }
        case .deepPress(let down):
            let before = emulatedForce
            pressure.setDeepPress(down)
            if emulatedForce != before { forceChanged() }
        case .command(let c): handleCommand(c)
        case .resize(let v): screenSize = v
        case .device(let d): device = d
        case .pressureCurve(let curve): pressure.setCurve(curve)
        case .tool(let tool): scenes.canvas.ink.tool = tool
        case .proximity: break  // recorded for what made the session; the core draws nothing of it
        case .uiScale(let scale): options.uiScale = Options.clampedUIScale(scale)
        case .button(let b):
            guard (1...2).contains(b.button) else { break }
            switch barrelActions[b.button - 1] {
            case .eraser: barrelHeld = b.down
            case .laser: laser.held = b.down
            case .undo: if b.down { handleCommand(.undo) }
            case .pan, .none: break  // panning is the window's
            }
        case .view(let change):
            // The canvas's view, moved only where it is seen: on another scene, Page Down or
            // Ctrl+wheel would have scrolled the drawing out of sight, to be found so on return.
            guard scene == .canvas else { break }
            scenes.canvas.changeView(change, area: screenLayout.sceneArea, paper: paper)
        case .shortcut(let type):
            perform(ShortcutDispatch(item: scenes.home.catalog.item(ofType: type)), launch: true)
        case .checkpoint, .caption: break
        }
    }

    /// A frame tick at time `t`.
    public mutating func advance(to t: Double) {
        if t.isFinite { time = max(time, min(t, InputLimits.maximumTime)) }
        if !laser.samples.isEmpty { laser.prune(at: time) }
        deliverEase()
        // A home or back swipe that settled done: the scene goes home or back now.
        if let edge = chrome.finishSwipe(at: time) { systemGesture(edge) }
        carryOut(scenes.send(.advance, to: scene, context: sceneContext()))
        // A press a timed fallback drives acts with its level (a device without force).
        if let level = scenes.ask(FallbackForceQuestion(), of: scene) { pressure.drive(fallback: level) }
        forceHistory.record(time: time, force: pressure.force, isPressed: isPressed)
        observeDiagrams()
    }

    /// The scenes note their machines' steps, then the diagram panel's tracker looks at what
    /// changed (see `DiagramTracker`).
    @inline(__always)
    mutating func observeDiagrams() {
        scenes.noteMachineSteps()
        diagram.observe(scene: scene, scenes: scenes, chrome: chrome, at: time)
    }

    public mutating func handle(_ event: TimedEvent) { handle(event.event, at: event.time) }

    // MARK: Internals

    mutating func handleCommand(_ c: Command) {
        switch c {
        case .togglePresentation:
            if let saved = presentation {
                options = options.withPanels(of: saved)
                presentation = nil
            } else {
                presentation = options
                options = options.withoutPanels
            }
            relayout()
            if !ink.takenBack.isEmpty { scenes.canvas.ink.repaintAll() }
        case .toggleLaser:
            laser.isOn.toggle()
            if !laser.isActive { laser.pressing = false }
        case .pressureUp: stepPressure(by: 1)
        case .pressureDown: stepPressure(by: -1)
        case .toggleDebug:
            options.debug.toggle()
            // The strokes the system took back come or go with the debug drawing.
            if !ink.takenBack.isEmpty { scenes.canvas.ink.repaintAll() }
        case .togglePrecise: options.precise.toggle()
        case .toggleOpacity: options.opacityFromPressure.toggle()
        case .toggleRenderer: options.renderer = options.renderer == .outline ? .classic : .outline
        case .toggleWidthMapping: options.widthMapping = options.widthMapping.next
        case .toggleSimulatedPressure: options.simulatePressure.toggle()
        case .toggleHelp:
            options.showHelp.toggle()
            helpPage = 0
        case .toggleHUD: options.showHUD.toggle()
        case .closeOverlay: closeOverlay()
        case .toggleCurve: options.showCurve.toggle()
        case .cyclePressureCurve: pressure.setCurve(pressure.curve.nextPreset)
        case .clear: scenes.canvas.ink.clear()
        case .newCanvas: startNewCanvas()
        case .undo: undo()
        case .redo: scenes.canvas.ink.redo()
        case .sceneCanvas: show(.canvas)
        case .sceneMessages: show(.messages)
        case .sceneHome: show(.home)
        case .sceneConfirm: show(.confirm)
        case .nextScene: show(scene(after: scene))
        case .toggleEventLog: options.showEventLog.toggle()
        case .toggleForcePlot: options.showForcePlot.toggle()
        case .toggleDiagram: options.showDiagram.toggle()
        case .cyclePanels:
            dockRotation += 1
            relayout()
        case .toggleTrail: options.showTrail.toggle()
        case .uiLarger, .uiSmaller: options.uiScale = Options.uiScale(after: options.uiScale, larger: c == .uiLarger)
        case .cycleEdgeProtection: log(chrome.cycleProtection())
        case .toggleIndicatorAutoHide: log(chrome.toggleAutoHide(at: time))
        case .nextColour, .toggleHighlighter, .smallerTool, .largerTool: scenes.canvas.ink.tool = Self.tool(after: c, from: ink.tool)
        }
    }

    /// The tool a tool command leaves: the palette's next colour, the other kind (a highlighter
    /// 24 pt wide unless a size was chosen), the next size down or up.
    static func tool(after c: Command, from t: InkTool) -> InkTool {
        var tool = t
        switch c {
        case .nextColour:
            let palette = InkTool.palette
            let i = palette.firstIndex(of: t.colour) ?? 0
            tool.colour = palette[(i + 1) % palette.count]
        case .toggleHighlighter:
            tool.kind = t.kind == .pen ? .highlighter : .pen
            if tool.kind == .highlighter, tool.size == nil { tool.size = 24 }
            if tool.kind == .pen, tool.size == 24 { tool.size = nil }
        case .smallerTool, .largerTool:
            let size = t.size ?? 16
            let sizes = InkTool.sizes
            let next = c == .largerTool ? sizes.first { $0 > size + 1e-9 } ?? sizes.last : sizes.last { $0 < size - 1e-9 } ?? sizes.first
            tool.size = next == 16 && t.kind == .pen ? nil : next
        default:
            break
        }
        return tool
    }

    /// The scene after `kind` on the tabs (Tab), the first after the last.
    func scene(after kind: SceneKind) -> SceneKind {
        let all = scenes.kinds
        let i = all.firstIndex(of: kind) ?? 0
        return all[(i + 1) % all.count]
    }

    /// Whether the canvas holds a document to keep when a new canvas replaces it: strokes, or
    /// pages to draw on.
    var holdsADocument: Bool { !scenes.canvas.ink.strokes.isEmpty || !paper.isEmpty }

    /// Ctrl+N: a press in progress is cancelled, the ink, its history and its pages go, the
    /// canvas shows.
    mutating func startNewCanvas() {
        if holdsADocument { hostRequests.append(.newDocument) }
        cancelPress()
        scenes.canvas.startNew(at: time)
        paper = []
        curveDrag = nil
        eventLog.append("new canvas", at: time)
        show(.canvas)
    }

    /// Opens a drawing the host read and replayed (Open Recent) as a new canvas: its strokes,
    /// no undo history (the canvas before stays a document of its own), the canvas shown, drawn
    /// with `widthMapping` when given (the one the file drew them with), on the file's pages.
    public mutating func openDrawing(_ strokes: [Stroke], widthMapping: InkWidthMapping? = nil, paper: [PaperPage] = []) {
        cancelPress()
        if let widthMapping { options.widthMapping = widthMapping }
        self.paper = paper
        scenes.canvas.startNew(at: time)
        scenes.canvas.ink.open(strokes, at: time, undoable: false)
        // A canvas drawn beyond the screen opens whole (Ctrl+0's view), as its export shows it;
        // one drawn on the screen, and a document's pages, open at 100 % from the origin.
        if paper.isEmpty, strokes.contains(where: { !$0.extent.isNull && !screenLayout.screen.contains($0.extent) }) {
            scenes.canvas.changeView(.fit, area: screenLayout.sceneArea)
        }
        eventLog.append("opened a drawing", at: time)
        show(.canvas)
    }

    /// Switches scenes; a press in progress is cancelled first (its scene will not see the end).
    public mutating func show(_ next: SceneKind) {
        guard next != scene, scenes.kinds.contains(next) else { return }
        cancelPress()
        scene = next
        helpPage = 0
        // The layout follows (`scene`'s didSet): the debug legend docks on the canvas only.
        chrome.sceneChanged(to: next, holdsEdgePresses: pressStyle == .force)
        eventLog.append("scene → \(next.title)", at: time)
    }

    /// The scene on screen gets a cancel of the press in progress, if any.
    mutating func cancelPress() {
        if let source = pressedSource, let p = pointer {
            routeToScene(PointerInput(phase: .cancel, location: p, source: source))
        }
    }

    /// How the scene on screen takes the mouse's force.
    // Inlined here and below: a call would copy the whole state to read a few fields of it.
    var pressStyle: PressureInput.PressStyle {
        @inline(__always) get { scenes.ask(PressStyleQuestion(), of: scene) }
    }

    /// The force a mouse sample carries now: the active emulator's, eased.
    var emulatedForce: Double {
        @inline(__always) get { pressure.emulated(at: time, style: pressStyle) }
    }

    /// `[` / `]`: a keyboard step of the active emulator, eased like a notch.
    mutating func stepPressure(by steps: Int) {
        let before = emulatedForce
        pressure.step(by: steps, at: time, style: pressStyle)
        if emulatedForce != before { forceChanged() }
    }

    /// A frame tick during the emulator's ease: each step of it is a force change (a move) of
    /// the mouse press, as a notch is when it does not ease. The last step lands on the level.
    mutating func deliverEase() {
        guard pressedSource == .mouse, let end = pressure.emulator(for: pressStyle).easeEnd, end > easeDelivered else { return }
        easeDelivered = min(time, end)
        if emulatedForce != pressure.raw { forceChanged() }
    }

    /// The emulator's force changed: the scene's press feels it (on the canvas the live point's
    /// force changes; in a force scene the press moves where the pointer is).
    mutating func forceChanged() {
        guard pressure.emulatorMoved(pressed: pressedSource, at: time, style: pressStyle) else { return }
        var c = sceneContext()
        c.hasForce = PressureInput.hasForce(source: .mouse, device: nil, simulated: options.simulatePressure, style: pressStyle)
        carryOut(scenes.send(.pressureChanged, to: scene, context: c))
    }

    mutating func log(_ lines: [String]) {
        for line in lines { eventLog.append(line, at: time) }
    }

    /// What the scenes are told: the scene's area, the time, the press's force.
    @inline(__always)
    func sceneContext() -> SceneContext {
        SceneContext(area: screenLayout.sceneArea, time: time, force: pressure.force, hasForce: forceCapability,
                     pointer: pointer, options: options, outline: inkOutline)
    }
}
