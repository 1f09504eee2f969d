/// The Canvas scene: variable-width ink (TouchCanvas). The pen draws, its eraser end erases
/// whole strokes, the mouse draws with the emulator's force. A stroke the system took over (an
/// edge swipe) is taken off the drawing (the debug drawing shows it in red: `InkCanvas.takenBack`).
public struct CanvasScene: Scene {
    /// The drawing: strokes, the live stroke, undo and redo.
    public internal(set) var ink = InkCanvas()
    /// Where the eraser touches, during an eraser gesture (on the screen).
    public internal(set) var eraserLocation: Point?
    /// How the screen shows the drawing: samples are taken into document coordinates through it.
    public internal(set) var view = CanvasView.identity
    /// The newest points the diagram panel saw, and the steps they took (`noteMachineSteps`).
    private var seenPoints = InkCanvas.FocusPoints()
    private var steps = TransitionLog()

    /// A canvas without ink.
    public init() {}

    public var kind: SceneKind { .canvas }
    public var pressStyle: PressureInput.PressStyle { .ink }
    /// The ink view defers the top and bottom edges: a first swipe draws (an arrow shows).
    public var edgeDeferral: EdgeDeferral { EdgeDeferral(child: SystemChrome.inkViewOwner, edges: [.top, .bottom]) }

    /// Whether ink shows in `r`, a rect on the screen: a point of a finished or the live stroke
    /// within the stroke's reach (its widest ink) of it. The floating gauge keeps clear of it.
    public func inkCovers(_ r: Rect) -> Bool {
        let area = view.toDocument(r)
        func covers(_ s: Stroke) -> Bool {
            let reach = area.insetBy(-s.reach)
            return (0..<s.points.realCount).contains { reach.contains(s.points.preciseLocation(at: $0)) }
        }
        if let live = ink.live, live.inkBounds.intersects(area), covers(live) { return true }
        return ink.index.ids(intersecting: area).contains { id in
            let i = ink.strokes.partitionPoint { $0.id < id }
            return i < ink.strokes.count && ink.strokes[i].id == id && covers(ink.strokes[i])
        }
    }

    public func usesPressure(for input: PointerInput) -> Bool { input.source != .eraser && !ink.isErasing }

    // MARK: Input

    public mutating func pointer(_ screen: PointerInput, context c: SceneContext) -> SceneOutcome {
        // The ink is in the document's coordinates; the eraser's ring stays on the screen.
        var p = screen
        p.location = view.toDocument(screen.location)
        guard usesPressure(for: p) else { return erase(p, screen: screen.location, context: c) }
        switch p.phase {
        case .down:
            ink.begin(at: p.location, force: c.force, time: c.time, source: p.source, hasForce: c.hasForce,
                      altitude: p.altitude, azimuth: p.azimuth)
        case .move:
            ink.move(to: p.location, force: c.force, time: c.time, altitude: p.altitude, azimuth: p.azimuth)
        case .up, .cancel:
            ink.end(at: p.location, force: c.force, time: c.time, cancelled: p.phase == .cancel,
                    discard: c.systemTook)
        }
        return SceneOutcome()
    }

    /// A force change without movement (a notch, a step of its ease): the live point's force.
    public mutating func pressureChanged(context c: SceneContext) -> SceneOutcome {
        ink.changeForce(to: c.force, time: c.time)
        return SceneOutcome()
    }

    /// The pen's eraser end: removes whole finished strokes it touches (one undo step per press).
    private mutating func erase(_ p: PointerInput, screen: Point, context c: SceneContext) -> SceneOutcome {
        let options = c.outline
        // The ink's radius at a point, as every renderer draws it.
        let halfWidth: (Stroke, InkPoint) -> Double = { _, point in
            OutlinePolygon.radius(pressure: point.force, options: options)
        }
        var out = SceneOutcome()
        switch p.phase {
        case .down:
            out.press = .began(.eraser)
            eraserLocation = screen
            ink.beginErase(at: p.location, halfWidth: halfWidth)
        case .move:
            guard ink.isErasing else { return out }
            eraserLocation = screen
            ink.erase(at: p.location, halfWidth: halfWidth)
        case .up, .cancel:
            guard ink.isErasing else { return out }
            ink.erase(at: p.location, halfWidth: halfWidth)
            ink.endErase()
            eraserLocation = nil
            out.press = .ended
        }
        return out
    }

    /// A frame tick: old predictions go, new ones are appended, a force estimate settles.
    public mutating func advance(context c: SceneContext) -> SceneOutcome {
        ink.advance(to: c.time)
        return SceneOutcome()
    }

    public func nextWake(after t: Double) -> Double { ink.nextWake(after: t) }

    /// Undo in the canvas: the last stroke (or clear, or erase).
    public mutating func undo(context: SceneContext) -> SceneOutcome? {
        ink.undo()
        return SceneOutcome()
    }

    /// Ctrl+N: the ink and its undo history go, the view is 100 % again (the window keeps the
    /// drawing as a document of its own: `HostRequest.newDocument`).
    mutating func startNew(at t: Double) {
        ink.startNew(at: t)
        eraserLocation = nil
        view = .identity
    }

    /// Zoom, pan, fit (all of the drawing and of `paper`, its pages, in `area`, the scene's
    /// area), 100 %, or a page on (to the next of `paper`'s page tops).
    mutating func changeView(_ change: ViewChange, area: Rect, paper: [PaperPage] = []) {
        switch change {
        case .zoom(let factor, let anchor): view.zoom(by: factor, about: anchor)
        case .pan(let dx, let dy): view.pan(dx: dx, dy: dy)
        case .fit: view = .fitting(paper.reduce(ink.extent) { $0.union($1.rect) }, in: area)
        case .actualSize: view = .identity
        case .page(let direction): view = view.paged(direction, over: paper, in: area)
        }
    }

    // MARK: What it shows

    public func display(context: SceneContext) -> SceneDisplay { .canvas }

    /// The help with the standard pressure step.
    public static let help: HelpSection = help(pressureStep: PressureEmulator.defaultStep)

    /// The help with the wheel's step in use (a session's or a settings file's own).
    public static func help(pressureStep step: Double) -> HelpSection {
        HelpSection("Canvas: drawing", [
            ("Drag with a button held", "draw; a stroke starts at the last pressure used, never below 0.10"),
            ("Wheel while pressed", "pressure ± \(SessionCoding.num(step)) a notch (eased); standing still, the blob grows"),
            ("[  ]  /  X", "pressure − / + one step  /  pen colour (Shift+X highlighter, Shift+[ ] size)"),
            ("Shift", "deep press (1.0) while held"),
            ("D", "debug: a colour and a shape per point type"),
            ("P", "precise (sub-pixel) locations"),
            ("O", "pressure → opacity"),
            ("R", "renderer: outline ↔ classic segments"),
            ("W", "width mapping: perfect-freehand ↔ TouchCanvas"),
            ("S", "simulated pressure: the mouse as a force-less device"),
            ("Z  /  Y", "undo / redo a stroke (also Ctrl+Z / Ctrl+Shift+Z)"),
            ("C  /  Ctrl+N", "clear (undoable)  /  a new document (the last is kept)"),
            ("Ctrl+=  −  0  1\nPgUp  PgDn", "zoom (or Ctrl+wheel), all, 100 %, a page; Space+drag pans"),
            ("Ctrl+S  /  Ctrl+L", "export PNG, SVG, PDF, .xopp, .jsonl  /  laser pointer"),
            ("A pen's eraser end", "erases the whole strokes it touches"),
            ("Swipe from the top or bottom edge", "deferred: the first swipe draws (an arrow shows), a second within 1.5 s is the system's"),
        ])
    }

    /// With the standard step (the state's display gives the step in use: the emulator is not
    /// the scene's).
    public var help: HelpSection { Self.help }

    public func snapshot(into f: inout [String: StateValue], at t: Double) {
        f["ink.strokes"] = .number(Double(ink.strokes.count))
        f["ink.points"] = .number(Double(ink.pointCount))
        f["ink.livePoints"] = .number(Double(ink.live?.points.count ?? 0))
        f["ink.canUndo"] = .flag(ink.canUndo)
        f["ink.canRedo"] = .flag(ink.canRedo)
    }

    /// The point types of the newest real points.
    public func machine(at t: Double) -> SceneMachine? {
        SceneMachine(table: InkCanvas.diagram, current: ink.focus(following: ink.strokes.last?.id).last?.phase.rawValue)
    }

    public var machineSteps: TransitionLog { steps }

    /// The newest points: one seen before that changed phase steps; one not seen before enters.
    public mutating func noteMachineSteps() {
        let now = ink.focus(following: seenPoints.last?.stroke)
        guard now != seenPoints else { return }
        let seen = seenPoints
        for k in 0..<now.count {
            let p = now[k]
            if let j = (0..<seen.count).first(where: { seen[$0].stroke == p.stroke && seen[$0].sequence == p.sequence }) {
                if seen[j].phase != p.phase { steps.record(from: seen[j].phase.rawValue, to: p.phase.rawValue) }
            } else if p.sequence > (seen.last?.sequence ?? -1) || p.stroke != seen.last?.stroke {
                steps.record(entering: p.phase.rawValue)
            }
        }
        seenPoints = now
    }
}
