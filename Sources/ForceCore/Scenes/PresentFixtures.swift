/// Moments the presenters are compared on (the GL presenter against the software one, in the
/// tests) and measured on (`forcecanvas-bench`): scripted through the core's own input, so each
/// is a state any window could reach.
public enum PresentFixtures {
    /// 0.05 a wheel notch, without easing: every notch lands at once, so progress values are
    /// exact multiples (a quarter of the peek threshold 0.20 per notch).
    public static let emulator = PressureEmulator(step: 0.05, easing: 0)
    /// 0.5 s: when the scripted input starts (after the first frame).
    static let start = 0.5
    /// 1/60 s between scripted events.
    static let tick = 1.0 / 60

    /// A fresh state of `scene` with the fixtures' emulator.
    public static func state(_ scene: SceneKind, viewport: Viewport) -> AppState {
        AppState(viewport: viewport, emulator: emulator, scene: scene)
    }

    /// The canvas after a few finished strokes at several pressures, idle.
    public static func inkedCanvas(_ viewport: Viewport, strokes: Int = 6) -> AppState {
        var s = state(.canvas, viewport: viewport)
        var t = start
        let w = Double(viewport.width), h = Double(viewport.height)
        for i in 0..<strokes {
            let area = Rect(x: w * 0.15, y: h * (0.2 + 0.6 * Double(i) / Double(max(1, strokes))), width: w * 0.6, height: h * 0.1)
            let path = StrokeFixtures.signature(count: 40, in: area, seed: UInt64(i + 1))
            t = draw(path, notches: i % 4, into: &s, from: t)
            s.handle(.pointer(PointerInput(phase: .up, location: path[path.count - 1].preciseLocation)), at: t)
        }
        s.advance(to: t + 1)
        return s
    }

    /// Presses along `path` with `notches` of the wheel after the press; returns the time after
    /// the last sample (the button is still down).
    public static func draw(_ path: [InkPoint], notches: Int, into s: inout AppState, from t0: Double) -> Double {
        var t = t0
        s.handle(.pointer(PointerInput(phase: .down, location: path[0].preciseLocation)), at: t)
        if notches != 0 { s.handle(.wheel(Double(notches)), at: t) }
        for p in path.dropFirst() {
            t += tick / 4
            s.handle(.pointer(PointerInput(phase: .move, location: p.preciseLocation)), at: t)
            s.advance(to: t)
        }
        return t + tick / 4
    }

    /// Messages with the third row pressed and its preview transition at `quarters` / 4 of the
    /// way (4: peeked, the panel up), the button still down.
    public static func peek(quarters: Int, viewport: Viewport) -> AppState {
        var s = state(.messages, viewport: viewport)
        s.advance(to: start)
        guard let row = s.display.scene.messages?.layout.row(2) else { return s }
        press(at: row.center, notches: quarters, &s)
        return s
    }

    /// Confirm with the DELETE EVENT bar pressed by `notches` (0.05 each: 10 fills half the
    /// ring, 20 fills it and selects), the button still down.
    public static func confirmRing(notches: Int, viewport: Viewport) -> AppState {
        var s = state(.confirm, viewport: viewport)
        s.advance(to: start)
        guard let bar = s.display.scene.confirm?.bar else { return s }
        press(at: bar.center, notches: notches, &s)
        return s
    }

    /// `scene` with the help open over it.
    public static func help(_ scene: SceneKind, viewport: Viewport) -> AppState {
        var s = scene == .canvas ? inkedCanvas(viewport) : state(scene, viewport: viewport)
        s.handle(.command(.toggleHelp), at: s.time + tick)
        s.advance(to: s.time + tick)
        return s
    }

    /// A press at `p` raised by `notches`, one a frame, then a frame's tick.
    static func press(at p: Point, notches: Int, _ s: inout AppState) {
        var t = s.time + tick
        s.handle(.pointer(PointerInput(phase: .down, location: p)), at: t)
        s.advance(to: t)
        for _ in 0..<notches {
            t += tick
            s.handle(.wheel(1), at: t)
            s.advance(to: t)
        }
        s.advance(to: t + tick)
    }
}
