/// The Confirm scene: the reference demo of the force-confirm button (seed 004). A press on
/// the full-width DELETE EVENT bar places the ring 100 pt above it; force (or the timed
/// fallback) fills it; sliding into the full ring and releasing deletes the event on screen
/// (undoable) and fades in the DELETED pill.
public struct ConfirmScene: Equatable, Sendable {
    public private(set) var events: [CalendarEvent] = CalendarEvent.samples
    public private(set) var button: ConfirmButton
    /// Deleted events, newest last (undo).
    public private(set) var deleted: [CalendarEvent] = []
    /// When the action last fired (the pill fades in from then).
    public private(set) var firedAt: Double?

    public init(waitingInterval: Double = TimedFallback.defaultWaitingInterval) {
        button = ConfirmButton(waitingInterval: waitingInterval)
    }

    /// A pointer sample with the device's force and capability; returns event-log lines.
    public mutating func pointer(_ phase: PointerPhase, at p: Point, force: Double, hasForce: Bool,
                                 area: Rect, time t: Double) -> [String] {
        button.bar = DeleteEventDemo.barRect(in: area)
        let effects: [ConfirmButton.Effect]
        switch phase {
        case .down:
            button.hasForce = hasForce
            effects = button.handle(.press(at: p, force: force), at: t)
            if button.isTracking {
                return ["press on the bar: ring at 100 pt above" + (button.usesFallback ? " (timed fallback)" : "")] + log(effects, t)
            }
        case .move: effects = button.handle(.move(to: p, force: force), at: t)
        case .up: effects = button.handle(.release(at: p), at: t)
        case .cancel: effects = button.handle(.cancel, at: t)
        }
        return log(effects, t)
    }

    public mutating func advance(to t: Double) -> [String] { log(button.advance(to: t), t) }

    /// When a frame tick next changes the scene or its look after `t`: the button's fallback
    /// tick; every frame while the DELETED pill fades in; +∞ otherwise.
    public func nextWake(after t: Double) -> Double {
        if let firedAt, t - firedAt < DeleteEventDemo.pillFadeDuration { return t }
        return button.nextWake
    }

    /// Undo in this scene: brings back the last deleted event.
    public mutating func undo() -> Bool {
        guard let e = deleted.popLast() else { return false }
        events.insert(e, at: 0)
        firedAt = nil
        return true
    }

    public func display(area: Rect, time t: Double) -> ConfirmDisplay {
        let looks = button.looks
        let colour: ConfirmRing.Colour = switch button.state {
        case .idle, .updating: .white
        case .selected: .red
        case .confirmed: .green
        }
        let ring = button.ringCenter.map {
            ConfirmRing(center: $0, diameter: ConfirmButton.ringSize, strokeEnd: button.strokeEnd, colour: colour,
                        scale: looks.scale, label: looks.label)
        }
        let layout = ConfirmLayout(area: area)
        return ConfirmDisplay(
            event: events.first, remaining: events.count, layout: layout, ring: ring,
            pillAlpha: firedAt.map { DeleteEventDemo.pillAlpha(secondsSinceFiring: t - $0) } ?? 0,
            stateName: "\(button.state)", intention: button.intention, usesTimedFallback: button.usesFallback)
    }

    private mutating func log(_ effects: [ConfirmButton.Effect], _ t: Double) -> [String] {
        var lines: [String] = []
        for e in effects {
            switch e {
            case .stateChanged(let s):
                lines.append(String(format: "state → %@ (intention %.2f)", "\(s)", button.intention))
            case .fire:
                lines.append("action fired: DELETE EVENT")
                if !events.isEmpty {
                    let e = events.removeFirst()
                    deleted.append(e)
                    lines.append("deleted \"\(e.title)\" · Z to undo")
                }
                firedAt = t
            }
        }
        return lines
    }
}
