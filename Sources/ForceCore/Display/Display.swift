/// How ink is drawn: everything a renderer needs besides the strokes.
public struct InkStyle: Equatable, Hashable, Sendable {
    public var renderer: InkRenderer
    public var debug: Bool
    public var precise: Bool
    public var opacityFromPressure: Bool
    public var outline: OutlineOptions

    public init(renderer: InkRenderer = .outline, debug: Bool = false, precise: Bool = true,
                opacityFromPressure: Bool = false, outline: OutlineOptions = .default) {
        self.renderer = renderer
        self.debug = debug
        self.precise = precise
        self.opacityFromPressure = opacityFromPressure
        self.outline = outline
    }
}

/// The ink layers of a frame.
public struct InkLayer: Equatable, Sendable {
    /// Finished strokes, oldest first. New strokes are appended; any other change bumps `revision`.
    public var strokes: [Stroke]
    /// The stroke being drawn, if any (its settled prefix may be cached: `StrokeTessellator.settledCount(of:)`).
    public var live: Stroke?
    /// Changes when finished ink changed other than by appending (undo, redo, clear, erase,
    /// cancel); `damage` says where.
    public var revision: Int
    /// The areas of the latest revisions (`InkCanvas.damage`).
    public var damage: [InkCanvas.Damage]
    /// The finished strokes by place.
    public var index: StrokeIndex
    public var style: InkStyle
    /// How the screen shows the document the strokes are in (renderers draw through it).
    public var view: CanvasView
    /// The pages under the strokes (`AppState.paper`).
    public var paper: [PaperPage]

    public init(strokes: [Stroke], live: Stroke?, revision: Int, damage: [InkCanvas.Damage] = [],
                index: StrokeIndex? = nil, style: InkStyle, view: CanvasView = .identity, paper: [PaperPage] = []) {
        self.view = view
        self.paper = paper
        self.strokes = strokes
        self.live = live
        self.revision = revision
        self.damage = damage
        self.style = style
        if let index {
            self.index = index
        } else {
            var built = StrokeIndex()
            for s in strokes { built.insert(s.id, bounds: s.inkBounds) }
            self.index = built
        }
    }

    /// The finished stroke with this id (strokes are kept in id order).
    public func stroke(id: Int) -> Stroke? {
        let i = strokes.partitionPoint { $0.id < id }
        return i < strokes.count && strokes[i].id == id ? strokes[i] : nil
    }
}

/// The pressure gauge (always on screen).
public struct Gauge: Equatable, Sendable {
    /// The force the next or current mouse sample carries, 0…1.
    public var force: Double
    public var isPressed: Bool
    public var isDeepPress: Bool
    public var source: InputSource
    /// On the canvas: the ink's width at that force and the mapping that gives it.
    public var inkWidth: InkWidth?
    /// A pen (or finger) that is not touching: its force is 0, not the wheel emulator's level.
    public var isHovering = false

    /// The ink's width at the gauge's force, in points, and the mapping that gives it.
    public struct InkWidth: Equatable, Sendable {
        public var width: Double
        public var mapping: InkWidthMapping
        /// The tool new strokes are drawn with.
        public var tool = InkTool.pen
    }
}

/// The pressure curve view: the curve, the last raw → curved force, and whether it is shown.
public struct CurveView: Equatable, Sendable {
    public var curve: PressureCurve
    /// The force before the curve (device or emulator), 0…1.
    public var raw: Double
    /// The force after the curve, 0…1.
    public var curved: Double
    /// The handle being dragged, if any.
    public var dragging: Int?
    /// The panel's geometry, when shown.
    public var panel: CurvePanel?
}

/// Counts for the HUD that the core knows (timing figures come from the presenter).
public struct CanvasFigures: Equatable, Sendable {
    public var strokes: Int
    public var points: Int
    public var livePoints: Int
    public var canUndo: Bool
    public var canRedo: Bool
}

/// What to draw this frame, as values. Built from `AppState`; consumed by a renderer.
public struct Display: Equatable, Sendable {
    public var viewport: Viewport
    public var ink: InkLayer
    public var gauge: Gauge
    public var pointer: Point?
    public var showHelp: Bool
    /// The help's page when it does not fit one (0: the scene's keys, 1: the common ones).
    public var helpPage: Int
    public var showHUD: Bool
    public var figures: CanvasFigures
    /// The device driving the pointer and whether it reports force.
    public var device: InputDevice
    public var forceCapability: Bool
    /// What the input's pressure policy did ("3 over the maximum, clamped · 1 stroke split
    /// where pressure went"), for the HUD's device line; empty when nothing.
    public var inputNotes = ""
    public var curve: CurveView
    /// The eraser's position while it touches.
    public var eraser: Point?
    /// What the scene on screen shows, and the scene tabs.
    public var scene: SceneDisplay
    public var tabs: SceneTabs
    /// The scene's own keys and gestures, first in the help.
    public var sceneHelp: HelpSection
    public var chrome: ChromeDisplay
    public var teaching: TeachingDisplay
    public var time: Double
    /// The flash of a checkpoint just taken while recording (F5), if one is fading.
    public var checkpointFlash: CheckpointFlashDisplay? = nil
    /// Where everything goes: the dock of panels, the screen, the scene's area.
    public var layout: ScreenLayout
    /// The state-diagram panel's content, while it is open (`M`).
    public var diagram: DiagramDisplay? = nil
    /// The pointer's samples of the last second, while the trail is on (`T`).
    public var trail: [PointerTrack.Sample]? = nil
    /// The HUD's pointer readouts (velocity, sample rate, Δ), once the pointer was seen.
    public var readout: PointerTrack.Readout? = nil
    /// The player's timeline and caption, when a session plays in the player (not the core's:
    /// the player sets it on the frame it shows).
    public var player: PlayerDisplay? = nil
    /// The lesson picker, while it is open (the window's, like the player).
    public var lessons: LessonMenu? = nil
    /// The laser pointer's dot and fading line.
    public var laser: LaserDisplay? = nil
    /// Presentation mode: the scene and the ink only (no gauge, no help hint, no state lines).
    public var presenting = false
    /// A home or back swipe on its way: the scene follows the finger over what it goes to.
    public var swipe: SwipeDisplay? = nil
    /// The player's view moved the device's screen (another text size or other panels in a
    /// dock inside the window): the replay's screen is drawn from here, fitted into this
    /// display's, and this display's own scene, ink and chrome are not drawn.
    public var screenFit: ScreenFit? = nil
}

/// A home or back swipe drawn: the scene on screen moved by `progress` (0 where it began … 1
/// done) from its `edge` — shrinking up toward Home as a card (bottom), sliding off to the right
/// (left) — over `under`, what the swipe goes to (Home, or the scene after its back).
public struct SwipeDisplay: Equatable, Sendable {
    public var edge: ScreenEdge
    public var progress: Double
    public var under: SceneDisplay
}

extension AppState {
    /// What a home or back swipe shows under the scene it moves: Home (none when Home is on
    /// screen), or the scene as its back would leave it (none when back would change nothing).
    func swipeDisplay(progress swipe: ChromeDisplay.Swipe?, context c: SceneContext) -> SwipeDisplay? {
        guard let swipe else { return nil }
        switch swipe.edge {
        case .bottom where scene != .home:
            return SwipeDisplay(edge: .bottom, progress: swipe.progress, under: scenes.scene(.home).display(context: c))
        case .left:
            var after = scenes
            _ = after.send(.back, to: scene, context: c)
            guard after != scenes else { return nil }
            return SwipeDisplay(edge: .left, progress: swipe.progress, under: after.scene(scene).display(context: c))
        default:
            return nil
        }
    }

    /// The gauge: the force a sample carries now; on the canvas also the ink's width there.
    var gauge: Gauge {
        // A pen or a finger that is not touching presses with nothing: the emulator's level is
        // the mouse's, not theirs.
        let hovering = !isPressed && lastSource != .mouse
        let force = hovering ? 0 : pressure.shown(isPressed: isPressed, at: time, style: pressStyle).force
        var outline = inkOutline
        if let size = ink.tool.size { outline.size = size }
        let width = scene == .canvas
            ? Gauge.InkWidth(width: 2 * OutlinePolygon.radius(pressure: force, options: outline), mapping: options.widthMapping, tool: ink.tool) : nil
        return Gauge(force: force, isPressed: isPressed, isDeepPress: pressure.emulator.isDeepPress, source: pressedSource ?? lastSource,
                     inkWidth: width, isHovering: hovering)
    }

    /// The curve panel's values: the curve and the forces the gauge shows, before and after it.
    func curveView(panel: CurvePanel?) -> CurveView {
        let shown = pressure.shown(isPressed: isPressed, at: time, style: pressStyle)
        return CurveView(curve: pressure.curve, raw: shown.raw, curved: shown.force, dragging: curveDrag, panel: panel)
    }

    /// What to draw for the current state.
    public var display: Display {
        // On the canvas the floating gauge moves off the ink (the scenes' content moved it when
        // they were laid out; the ink changes with every stroke).
        let layout = scene == .canvas ? screenLayout.clearingGauge(where: scenes.canvas.inkCovers) : screenLayout
        let style = InkStyle(
            renderer: options.renderer, debug: options.debug, precise: options.precise,
            opacityFromPressure: options.opacityFromPressure,
            outline: inkOutline)
        let current = scenes.scene(scene)
        let context = sceneContext()
        // The debug drawing shows the strokes the system took back too.
        let shown = options.debug ? ink.withTakenBack : (strokes: ink.strokes, index: ink.index)
        var d = Display(
            viewport: viewport,
            ink: InkLayer(strokes: shown.strokes, live: ink.live, revision: ink.revision, damage: ink.damage,
                          index: shown.index, style: style, view: scenes.canvas.view, paper: paper),
            gauge: gauge,
            pointer: pointer,
            showHelp: options.showHelp,
            helpPage: helpPage,
            showHUD: options.showHUD,
            figures: CanvasFigures(
                strokes: ink.strokes.count, points: ink.pointCount, livePoints: ink.live?.points.count ?? 0,
                canUndo: ink.canUndo, canRedo: ink.canRedo),
            device: device,
            forceCapability: forceCapability,
            curve: curveView(panel: layout.rect(of: .curve).map { CurvePanel(frame: $0, uiScale: layout.uiScale) }),
            eraser: scenes.canvas.eraserLocation,
            scene: current.display(context: context),
            tabs: layout.tabs,
            // The canvas's wheel step is the emulator's.
            sceneHelp: scene == .canvas && pressure.emulator.step != PressureEmulator.defaultStep
                ? CanvasScene.help(pressureStep: pressure.emulator.step) : current.help,
            chrome: chrome.display(at: time, labels: current.edgeLabels(in: layout.sceneArea)),
            teaching: TeachingDisplay(
                log: options.showEventLog ? eventLog : nil,
                plot: options.showForcePlot
                    ? ForcePlot(history: forceHistory, now: time, thresholds: current.plotThresholds(thresholds)) : nil),
            time: time,
            checkpointFlash: checkpointFlashDisplay,
            layout: layout,
            diagram: diagramDisplay,
            trail: options.showTrail ? Array(pointerTrack.trail(at: time)) : nil,
            readout: pointerTrack.readout)
        var notes: [String] = []
        if pressureClamped > 0 { notes.append("\(pressureClamped) over the maximum, clamped") }
        if pressureGaps > 0 { notes.append(pressureGaps == 1 ? "1 stroke ended where pressure went" : "\(pressureGaps) strokes ended where pressure went") }
        d.inputNotes = notes.joined(separator: " · ")
        d.laser = laser.display(at: time, pointer: pointer)
        d.swipe = swipeDisplay(progress: d.chrome.swipe, context: context)
        if presenting {
            d.presenting = true
            d.scene = d.scene.withoutStateLines
        }
        return d
    }
}
