extension StateTrace {
    /// The trace of a replay of `session` through frame `last` (default: the frame of its last
    /// event), without drawing (`Replayer`), jumping over idle frames, or simulating every one
    /// with `stepEveryFrame` (the slow reference that must give the same trace).
    public static func replaying(_ session: Session, name: String, shortcuts: ShortcutCatalog = ShortcutCatalog(),
                                 through last: Int? = nil, stepEveryFrame: Bool = false) -> StateTrace {
        let end = last ?? ReplaySchedule.frame(atOrAfter: session.duration)
        var trace = StateTrace(session: name)
        var replay = Replayer(state: session.initialState(shortcuts: shortcuts), events: TimedEventList(session.events))
        replay.stepEveryFrame = stepEveryFrame
        while let k = replay.step(toward: end) { trace.record(frame: k, StateSnapshot(replay.state)) }
        trace.cover(through: end)
        return trace
    }
}
