/// Where a sample came from.
public enum InputSource: String, Equatable, Hashable, Sendable, CaseIterable {
    /// A mouse whose pressure comes from the wheel emulator.
    case mouse
    /// A tablet pen tip.
    case pen
    /// A tablet pen's eraser end.
    case eraser
    /// A touch-screen finger.
    case finger
}

/// The phase of a pointer sample, as in UITouch.Phase.
public enum PointerPhase: String, Equatable, Hashable, Sendable, CaseIterable {
    case down, move, up, cancel
}

/// One pointer sample as a device reported it.
public struct PointerInput: Equatable, Hashable, Sendable {
    public var phase: PointerPhase
    public var location: Point
    public var source: InputSource
    /// The device's raw force, if it reports any (mouse: nil, the emulator supplies force).
    public var rawForce: Double?
    /// The device's maximum raw force (`maximumPossibleForce`), needed with `rawForce`.
    public var maximumForce: Double?
    /// Pen altitude in radians (π/2 = perpendicular to the surface), if the pen has tilt.
    public var altitude: Double?
    /// Pen azimuth in radians, if the pen has tilt.
    public var azimuth: Double?
    /// How far a hovering pen is from the surface, 0 (touching) to 1 (the farthest the device
    /// reports), if it reports it.
    public var distance: Double?

    public init(
        phase: PointerPhase, location: Point, source: InputSource = .mouse,
        rawForce: Double? = nil, maximumForce: Double? = nil,
        altitude: Double? = nil, azimuth: Double? = nil
    ) {
        self.phase = phase
        self.location = location
        self.source = source
        self.rawForce = rawForce
        self.maximumForce = maximumForce
        self.altitude = altitude
        self.azimuth = azimuth
    }

    /// The normalised force this sample carries, or nil when the device has none.
    public var normalizedForce: Double? {
        guard let raw = rawForce else { return nil }
        return Force.normalized(raw: raw, maximum: maximumForce ?? 1)
    }
}

/// Everything the core can be told. The host translates OS events into these, sessions store them.
/// The rare events with large payloads (a device, a caption, a curve, a view change, a tool) are
/// boxed, so an event — kept by the hundred thousand, copied for every line read — is no larger
/// than a pointer sample.
public enum InputEvent: Equatable, Hashable, Sendable {
    /// A pointer sample (button press, drag, release).
    case pointer(PointerInput)
    /// Mouse-wheel motion in notches, positive away from the user; fractional for smooth scrolling.
    case wheel(Double)
    /// A command from the keyboard (or a menu).
    case command(Command)
    /// The deep-press modifier (Shift) went down or up.
    case deepPress(Bool)
    /// The window changed size or HiDPI scale.
    case resize(Viewport)
    /// Another device started driving the pointer (a pen came into proximity, a mouse moved).
    indirect case device(InputDevice)
    /// A home-screen quick action by its type (a launch with `--shortcut`, recorded).
    case shortcut(String)
    /// A named moment that `forcecanvas check` snapshots (F5 while recording). The core ignores
    /// it: replaying a session with or without its checkpoints gives the same states.
    case checkpoint(String)
    /// Teaching text the player shows as a subtitle (`Caption`). The core ignores it, as it
    /// does checkpoints.
    indirect case caption(Caption)
    /// The pressure curve became this one (a journal compacted on exit sets the user's curve
    /// back after redrawing the ink through a linear one).
    indirect case pressureCurve(PressureCurve)
    /// The canvas's view changed: a zoom about a point, a pan, fit, 100 % (`CanvasView`).
    indirect case view(ViewChange)
    /// New strokes are drawn with this tool (pen or highlighter, colour, size).
    indirect case tool(InkTool)
    /// A pen's barrel button went down or up (`BarrelAction` says what the lower one does).
    case button(PenButton)
    /// A pen (or its eraser end) came into the tablet's range, or left it.
    case proximity(InputSource, entering: Bool)
    /// The text around the scene became this many times larger, 1–3 (`Options.uiScale`): a
    /// restored canvas started with `--ui-scale`. U and Shift+U step it (`Command.uiLarger`).
    case uiScale(Double)
}

/// An event with the time it happened, in seconds from the session start.
public struct TimedEvent: Equatable, Hashable, Sendable {
    public var time: Double
    public var event: InputEvent

    public init(time: Double, event: InputEvent) {
        self.time = time
        self.event = event
    }
}

extension InputEvent {
    /// Whether this event only annotates a session (a checkpoint, a caption): the core ignores
    /// it, and the player's "next input event" steps over it.
    public var isAnnotation: Bool {
        switch self {
        case .checkpoint, .caption: return true
        default: return false
        }
    }
}
