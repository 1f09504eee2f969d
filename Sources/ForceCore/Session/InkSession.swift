extension Session {
    /// A session that redraws `strokes`: each stroke's real samples as a press, moves and a
    /// lift with the force they carried (written beside exports, so "Open Recent" can replay a
    /// drawing). The curve is linear without a minimum, so forces come back unchanged.
    public static func redrawing(_ strokes: [Stroke], viewport: Viewport, options: Options) -> Session {
        var events: [TimedEvent] = []
        var t = 0.0
        for stroke in strokes {
            let points = stroke.points.filter(\.isReal)
            for (i, p) in points.enumerated() {
                t = max(t, p.time.isFinite ? p.time : t)
                let phase: PointerPhase = i == 0 ? .down : (i == points.count - 1 ? .up : .move)
                events.append(TimedEvent(time: t, event: .pointer(PointerInput(
                    phase: phase, location: p.preciseLocation, source: stroke.source,
                    rawForce: stroke.hasForce ? p.force : nil, maximumForce: stroke.hasForce ? 1 : nil,
                    altitude: p.altitude, azimuth: p.azimuth))))
            }
            if points.count == 1, let p = points.first {
                events.append(TimedEvent(time: t, event: .pointer(PointerInput(phase: .up, location: p.preciseLocation, source: stroke.source))))
            }
        }
        return Session(viewport: viewport, options: options, pressureCurve: PressureCurve(.linear, minimumPressure: 0),
                       scene: .canvas, events: events)
    }
}

extension InkLayer {
    /// The finished strokes and, if one is being drawn, the live stroke: the ink as it looks
    /// (what every export format holds).
    public var visibleStrokes: [Stroke] { live.map { strokes + [$0] } ?? strokes }
}

extension Session {
    /// A session that brings `state` back as it looks: its ink redrawn (`redrawing`, the live
    /// stroke included) with its options, emulator, thresholds and fallback in the header, then
    /// its pressure curve and its scene set again. The undo history is not kept. This is what
    /// the autosave journal is compacted into on a clean exit, so it never grows without bound.
    public static func resuming(_ state: AppState) -> Session {
        let display = state.display
        var session = redrawing(display.ink.visibleStrokes, viewport: state.screenSize, options: state.options)
        session.placement = state.placement
        if state.placement == .inside { session.version = 1 }
        session.pressureStep = state.pressure.emulator.step
        session.pressureEasing = state.pressure.emulator.easing
        session.thresholds = state.thresholds
        session.fallbackInterval = state.waitingInterval
        let end = session.duration
        if state.pressure.curve != session.pressureCurve {
            session.events.append(TimedEvent(time: end, event: .pressureCurve(state.pressure.curve)))
        }
        if state.scene != session.scene, let show = Command.show(state.scene) {
            session.events.append(TimedEvent(time: end, event: .command(show)))
        }
        return session
    }
}
