extension AppState {
    /// When the state, or what it shows, next changes on its own after `t` (the time of the last
    /// frame tick): `t` itself when something animates every frame, +∞ when nothing changes until
    /// the next input event. A frame tick before the answer changes nothing, so a replay (or a
    /// player) may jump the clock there; the answer is conservative, never late.
    ///
    /// Built from each part's own wake: the emulator's ease (every frame), the scene on screen
    /// (`Scene.nextWake`: the ink's force estimate settling and predictions going stale, the
    /// timed-fallback ticks of `PressForce` and `ConfirmButton`, the shrinking peek, the detail
    /// and pill fading in, the Home toast's end), the system chrome (the home indicator's fades,
    /// the deferral arrow's fade, the shade), and the force plot while it scrolls.
    /// `PreviewInteraction` and `QuickActionMenu` change only on input: their timed part is the
    /// scene's fallback. Times are nominal: a tick due at 0.3 s may land a hair either side in
    /// floating point, which `ReplaySchedule.wakeMargin` absorbs.
    // Inlined: the replays ask it from mutating code, where a call would copy the whole state.
    @inline(__always)
    public func nextWake(after t: Double) -> Double {
        guard t.isFinite else { return t }
        if pressure.isEasing(at: t) { return t }
        var wake = min(scenes.ask(NextWakeQuestion(t: t), of: scene), chrome.nextWake(after: t))
        if options.showForcePlot { wake = min(wake, forceHistory.nextWake(after: t)) }
        if options.showTrail { wake = min(wake, pointerTrack.nextWake(after: t)) }
        if options.showDiagram { wake = min(wake, diagram.nextWake(after: t)) }
        if let flash = checkpointFlash { wake = min(wake, flash.nextWake(after: t)) }
        if !laser.samples.isEmpty { wake = min(wake, laser.nextWake(after: t)) }
        return wake
    }
}
