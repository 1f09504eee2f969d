extension StateTrace {
    /// The trace of a replay of `session` through frame `last` (default: the frame of its last
    /// event), without drawing: the replay loop of `HeadlessReplay`, jumping over idle frames,
    /// or simulating every one with `stepEveryFrame` (the slow reference that must give the
    /// same trace).
    public static func replaying(_ session: Session, name: String, shortcuts: ShortcutCatalog = ShortcutCatalog(),
                                 through last: Int? = nil, stepEveryFrame: Bool = false) -> StateTrace {
        let end = last ?? ReplaySchedule.frame(atOrAfter: session.duration)
        let schedule = ReplaySchedule(captures: [end])
        var trace = StateTrace(session: name)
        var state = session.initialState(shortcuts: shortcuts)
        var next = 0
        var frame: Int? = 0
        while let k = frame {
            let t = ReplaySchedule.time(ofFrame: k)
            while next < session.events.count, session.events[next].time <= t {
                state.handle(session.events[next])
                next += 1
            }
            state.advance(to: t)
            trace.record(frame: k, StateSnapshot(state))
            let pending = next < session.events.count ? session.events[next].time : nil
            frame = stepEveryFrame
                ? (k < end ? k + 1 : nil)
                : schedule.frame(after: k, nextEvent: pending, wake: state.nextWake(after: t))
        }
        trace.cover(through: end)
        return trace
    }
}
