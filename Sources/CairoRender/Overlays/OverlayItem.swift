import ForceCore

/// One overlay's area and what it shows, as values: a renderer redraws an area only when the
/// item there differs from the last frame's (compared directly, no second description of a
/// panel's inputs to go stale).
struct OverlayItem: Equatable {
    var rect: Rect
    var content: Content

    /// What an overlay draws from.
    enum Content: Equatable {
        case dock(ScreenLayout.Dock, hidden: [ScreenLayout.Panel])
        case gauge(Gauge, compact: Bool)
        case hint(helpShown: Bool)
        case tabs(SceneTabs, current: SceneKind)
        case plot(ForcePlot)
        case log(EventLog)
        case indicator(alpha: Double, dark: Bool)
        case arrow(ChromeDisplay.Arrow)
        case shade(Double)
        case hud(HUDContent)
        case curve(CurveView)
        case eraser(Point)
        case legend
        case status(String)
        case warning(String)
        case help(SceneKind, page: Int)
        case checkpointFlash(CheckpointFlashDisplay)
        case reticle(Reticle)
        case trail([PointerTrack.Sample])
        case diagram(DiagramDisplay)
        case player(PlayerDisplay)
        case lessons(LessonMenu)
        case laser(LaserDisplay)
    }

    init(_ rect: Rect, _ content: Content) {
        self.rect = rect
        self.content = content
    }
}

/// The reticle: a pen's tilt at its newest point, in debug mode (TouchCanvas).
struct Reticle: Equatable {
    var center: Point
    var altitude: Double
    var azimuth: Double
}

/// What the HUD shows, and its lines (explanations wrap, never cut).
struct HUDContent: Equatable {
    var stats: FrameStats?
    var force: Double
    var isPressed: Bool
    var readout: PointerTrack.Readout?
    var figures: CanvasFigures
    var device: InputDevice
    var forceCapability: Bool
    /// The deferral the chrome applies: who asks, what, what is granted and why not.
    var inputNotes: String
    var owner: String
    var requested: ScreenEdges
    var effective: ScreenEdges
    var reason: String?
    var style: InkStyle

    init(display d: Display, stats: FrameStats?) {
        self.stats = stats
        force = d.gauge.force
        isPressed = d.gauge.isPressed
        readout = d.readout
        figures = d.figures
        device = d.device
        forceCapability = d.forceCapability
        inputNotes = d.inputNotes
        owner = d.chrome.owner
        requested = d.chrome.requested
        effective = d.chrome.effective
        reason = d.chrome.reason
        style = d.ink.style
    }

    /// The HUD's pointer line (Android's "Pointer location"): velocity, the driving device's
    /// sample rate and Δ from the last sample.
    var pointerLine: String {
        guard let r = readout else { return "pointer: not seen yet" }
        var line = String(format: "pointer %.0f pt/s", r.velocity)
        line += r.sampleRate.map { String(format: " · %.0f Hz", $0) } ?? " · — Hz"
        if let d = r.delta { line += String(format: " · Δ %+.1f, %+.1f pt in %.1f ms", d.dx, d.dy, d.dt * 1000) }
        return line
    }

    /// The edges the scene defers, and why the system does not grant them.
    var edgeLine: String {
        if let reason { return "\(reason) · deferred: \(effective)" }
        let asked = requested == effective ? "" : " · asked \(requested)"
        return "edges deferred: \(effective) (\(owner))\(asked)"
    }

    /// The lines, each with whether it is set in the monospaced face.
    var lines: [(text: String, mono: Bool)] {
        let f = figures, s = style
        let timing = stats.map { String(format: "%.1f fps · frame p50 %.2f ms · p99 %.2f ms", $0.fps, $0.p50, $0.p99) }
            ?? "replay · virtual clock (60 fps)"
        return [
            (timing, true),
            (String(format: "pressure %.3f%@", force, isPressed ? " (pressed)" : ""), true),
            (pointerLine, true),
            ("strokes \(f.strokes) · points \(f.points) · live \(f.livePoints)", false),
            ("\(device.name) · force capability: \(forceCapability ? "available" : "unavailable (simulated)")"
                + (inputNotes.isEmpty ? "" : " · " + inputNotes), false),
            (edgeLine, false),
            ("\(s.renderer.rawValue) · \(s.outline.widthMapping.title) width · debug \(s.debug ? "on" : "off") · precise \(s.precise ? "on" : "off") · opacity \(s.opacityFromPressure ? "on" : "off")", false),
        ]
    }
}
