import ForceCore

/// Drives an AppState like a user at 60 fps: `down`, `move`, `wheel`, `frame`.
///
/// Wheel notches step at once (easing 0) unless a test asks for easing: most tests check what a
/// force change does, not how it eases (`EasedPressureTests` does that).
public struct Driver {
    public var state: AppState
    public var t = 0.0

    public init(width: Int = 800, height: Int = 600, options: Options = Options(), easing: Double = 0) {
        state = AppState(viewport: Viewport(width: width, height: height), options: options,
                         emulator: PressureEmulator(easing: easing))
    }

    /// A driver of `state` (a session's initial state).
    public init(_ state: AppState) { self.state = state }

    public mutating func at(_ dt: Double) { t += dt }

    /// A pen stroke at force 0.5 along `y`, from x 100 to 300 in steps of `step`, `every`
    /// seconds a sample (0: all at once).
    public mutating func penStroke(y: Double, step: Double = 20, every dt: Double = 0) {
        down(100, y, source: .pen, force: 0.5)
        for x in stride(from: 100 + step, through: 300, by: step) {
            if dt > 0 { at(dt) }
            move(x, y, source: .pen, force: 0.5)
        }
        up(300, y, source: .pen, force: 0.5)
    }
    public mutating func send(_ e: InputEvent) { state.handle(e, at: t) }
    public mutating func down(_ x: Double, _ y: Double, source: InputSource = .mouse, force: Double? = nil) {
        send(.pointer(PointerInput(phase: .down, location: Point(x: x, y: y), source: source, rawForce: force)))
    }
    public mutating func move(_ x: Double, _ y: Double, source: InputSource = .mouse, force: Double? = nil) {
        send(.pointer(PointerInput(phase: .move, location: Point(x: x, y: y), source: source, rawForce: force)))
    }
    public mutating func up(_ x: Double, _ y: Double, source: InputSource = .mouse, force: Double? = nil) {
        send(.pointer(PointerInput(phase: .up, location: Point(x: x, y: y), source: source, rawForce: force)))
    }
    public mutating func wheel(_ n: Double) { send(.wheel(n)) }
    public mutating func command(_ c: Command) { send(.command(c)) }
    /// A frame tick 1/60 s later.
    public mutating func frame() {
        t += 1.0 / 60
        state.advance(to: t)
    }

    /// Half a second of frames: what animates settles (a home or back swipe lands).
    public mutating func settle() {
        for _ in 0..<30 { frame() }
    }

    public var live: Stroke? { state.ink.live }
    public var livePoints: [InkPoint] { Array(state.ink.live?.points ?? StrokePoints()) }
    public var realPoints: [InkPoint] { livePoints.filter(\.isReal) }
}
