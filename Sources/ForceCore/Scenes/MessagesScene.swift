/// The Messages scene: a list of conversations with peek and pop (UIPreviewInteraction).
///
/// A force press on a row runs the preview interaction; the avatar previews the sender's
/// profile, the rest of the row the message (seed 000). At the peek, swiping up reveals the
/// preview actions; lifting then keeps the actions open until one is tapped (Delete really
/// deletes the row, undoable) or the press lands elsewhere. Lifting a peek without actions
/// cancels it: the panel shrinks away. Popping opens the detail view the moment the commit
/// transition completes, with the finger still down (as iOS does); the lift that follows ends
/// the press quietly: no cancel, no tap.
public struct MessagesScene: Equatable, Sendable {
    /// 0.25 s: a cancelled peek shrinks away, a pop fades the detail in.
    public static let dismissDuration = 0.25
    public static let popDuration = 0.2
    /// 40 pt of list scroll per wheel notch (chosen: about half a row).
    public static let scrollPerNotch = 40.0
    /// 24 pt of upward drag before the actions start to show; 140 pt reveals them fully.
    public static let actionsSlack = 24.0
    public static let actionsTravel = 140.0

    public private(set) var rows: [MessageRow] = MessageRow.samples
    public private(set) var preview: PreviewInteraction
    public private(set) var force: PressForce
    /// The row position and part of the press.
    public private(set) var target: (index: Int, part: MessagePart)?
    public private(set) var actionsReveal = 0.0
    public private(set) var highlightedAction: Int?
    /// The preview actions stay open after a lift once revealed.
    public private(set) var actionsOpen = false
    /// A cancelled peek shrinking away: its last look and when it started.
    private var dismissing: (peek: PeekDisplay, since: Double)?
    /// The popped row and part, when it popped, and the peek it popped from (cross-faded out
    /// as the detail fades in).
    public private(set) var detail: (row: MessageRow, part: MessagePart, since: Double, from: PeekDisplay?)?
    /// Deleted rows with their positions, newest last (undo).
    public private(set) var deleted: [(index: Int, row: MessageRow)] = []
    public private(set) var notice: String?
    /// The level at which the actions began to show: force stops mattering then.
    private var frozenLevel: Double?
    private var lastForce = 0.0
    /// How far the list is scrolled (the wheel, with no button held).
    public private(set) var scroll = 0.0

    public init(thresholds: ForceThresholds = .standard, waitingInterval: Double = TimedFallback.defaultWaitingInterval) {
        preview = PreviewInteraction(thresholds: thresholds)
        force = PressForce(waitingInterval: waitingInterval)
    }

    public var isPressing: Bool { preview.isActive }

    // MARK: Input

    /// A pointer sample; returns the callback lines for the event log.
    public mutating func pointer(_ phase: PointerPhase, at p: Point, force f: Double, hasForce: Bool,
                                 layout: MessagesLayout, time t: Double) -> [String] {
        lastForce = f
        switch phase {
        case .down:
            if detail != nil {
                // Any press on the detail's title bar goes back to the list.
                if p.y < layout.titleBar.maxY { detail = nil; return ["back to the list"] }
                return []
            }
            if actionsOpen {
                return tapActions(at: p, layout: layout, time: t)
            }
            let hit = layout.hit(p, count: rows.count)
            target = hit
            dismissing = nil
            force.press(hasForce: hasForce, at: t)
            actionsReveal = 0
            highlightedAction = nil
            frozenLevel = nil
            var lines = log(preview.handle(.press(location: p, force: force.level(force: f), allowed: hit != nil), at: t))
            popIfCommitted(&lines, layout: layout, time: t)
            return lines
        case .move:
            guard preview.isActive else { return [] }
            if preview.state != .previewing, preview.state != .committed, let start = preview.pressLocation {
                let lift = start.y - p.y - Self.actionsSlack
                let reveal = Force.normalized(lift / Self.actionsTravel)
                if reveal > 0, frozenLevel == nil { frozenLevel = preview.level }
                actionsReveal = max(actionsReveal, reveal)
                highlightedAction = actionsReveal >= 1 ? layout.previewAction(at: p, reveal: actionsReveal) : nil
            }
            var lines = log(preview.handle(.change(location: p, force: frozenLevel ?? force.level(force: f)), at: t))
            popIfCommitted(&lines, layout: layout, time: t)
            return lines
        case .up, .cancel:
            guard preview.isActive else { return [] }
            let before = preview.state
            let snapshot = peekDisplay(layout: layout, time: t)
            var lines = log(preview.handle(phase == .up ? .lift(location: p) : .cancel, at: t))
            force.release(at: t)
            if before == .committed {
                // Popped already, while pressing: the lift ends the press quietly.
            } else if phase == .up, actionsReveal >= 1 {
                actionsOpen = true
                if let i = highlightedAction { lines += perform(i, time: t) }
                return lines
            } else if let snapshot {
                dismissing = (snapshot, t)
            }
            if !actionsOpen { target = nil }
            return lines
        }
    }

    /// A frame tick: the timed fallback fills on a force-less device (and may pop).
    public mutating func advance(to t: Double, layout: MessagesLayout) -> [String] {
        if let d = dismissing, t - d.since >= Self.dismissDuration { dismissing = nil }
        guard preview.isActive, force.advance(to: t), let at = preview.location else { return [] }
        var lines = log(preview.handle(.change(location: at, force: frozenLevel ?? force.level(force: lastForce)), at: t))
        popIfCommitted(&lines, layout: layout, time: t)
        return lines
    }

    /// Pops the moment the commit transition completes, while the press is still down: the
    /// detail view opens, cross-fading from the peek as it was.
    private mutating func popIfCommitted(_ lines: inout [String], layout: MessagesLayout, time t: Double) {
        guard preview.state == .committed, detail == nil, let target, target.index < rows.count else { return }
        var from = peekDisplay(layout: layout, time: t)
        from?.showsRings = false
        detail = (rows[target.index], target.part, t, from)
        lines.append("pop → \(target.part == .avatar ? "profile" : "message") of \(rows[target.index].sender)")
    }

    /// When a frame tick next changes the scene or its look after `t`: every frame while a
    /// cancelled peek shrinks away or the popped detail fades in; the timed fallback's next
    /// tick during a force-less press; +∞ otherwise.
    public func nextWake(after t: Double) -> Double {
        if dismissing != nil { return t }
        if let detail, t - detail.since < Self.popDuration { return t }
        guard preview.isActive, let tick = force.nextTick else { return .infinity }
        return tick
    }

    /// The wheel with no button held scrolls the list (notches up: toward its top).
    public mutating func scroll(byNotches notches: Double, layout: MessagesLayout) {
        guard notches.isFinite else { return }
        scroll = min(max(0, scroll - notches * Self.scrollPerNotch), layout.maximumScroll(count: rows.count))
    }

    /// Undo in this scene: brings back the last deleted row.
    public mutating func undo() -> Bool {
        guard let last = deleted.popLast() else { return false }
        rows.insert(last.row, at: min(last.index, rows.count))
        notice = "Restored \(last.row.sender)"
        return true
    }

    /// Esc: closes the detail view or the open actions.
    public mutating func close() -> Bool {
        if detail != nil { detail = nil; return true }
        if actionsOpen { closeActions(); return true }
        return false
    }

    // MARK: Display

    public func display(layout: MessagesLayout, time t: Double) -> MessagesDisplay {
        var peek = peekDisplay(layout: layout, time: t)
        if peek == nil, let d = dismissing {
            var shrinking = d.peek
            shrinking.presence = max(0, 1 - (t - d.since) / Self.dismissDuration)
            peek = shrinking
        }
        let detailDisplay = detail.map { d in
            let appear = Force.normalized((t - d.since) / Self.popDuration)
            return DetailDisplay(row: d.row, part: d.part, appear: appear, from: appear < 1 ? d.from : nil)
        }
        return MessagesDisplay(rows: rows, layout: layout, peek: peek, detail: detailDisplay, notice: notice,
                               state: stateLines)
    }

    /// The preview interaction's state on screen, as Confirm shows its button's.
    var stateLines: [String] {
        let state: String = switch preview.state {
        case .idle: "idle"
        case .previewing: "previewing"
        case .committing: "committing"
        case .committed: "committed"
        }
        let values = actionsOpen
            ? "actions open: tap one, or elsewhere to dismiss"
            : String(format: "preview %.2f · commit %.2f · stage %d", preview.previewProgress, preview.commitProgress, preview.stage)
        return ["PreviewInteraction.state = .\(state)", values]
    }

    private func peekDisplay(layout: MessagesLayout, time t: Double) -> PeekDisplay? {
        guard detail == nil, let target, target.index < rows.count, preview.isActive || actionsOpen else { return nil }
        let press = preview.location ?? preview.pressLocation ?? layout.row(target.index).center
        let rings = layout.rings(press: press, source: layout.source(index: target.index, part: target.part),
                                 reveal: actionsReveal)
        var peek = PeekDisplay(
            index: target.index, part: target.part, row: rows[target.index], pressPoint: press, ringsCenter: rings.center,
            previewProgress: actionsOpen ? 1 : preview.previewProgress, commitProgress: preview.commitProgress,
            presence: 1, actionsReveal: actionsReveal, actions: PreviewAction.messageActions,
            highlightedAction: highlightedAction)
        peek.ringsReach = rings.reach
        return peek
    }

    // MARK: Internals

    private mutating func tapActions(at p: Point, layout: MessagesLayout, time t: Double) -> [String] {
        guard let i = layout.previewAction(at: p, reveal: 1) else {
            closeActions()
            return ["preview actions dismissed"]
        }
        return perform(i, time: t)
    }

    private mutating func perform(_ i: Int, time t: Double) -> [String] {
        guard let target, target.index < rows.count else { closeActions(); return [] }
        let action = PreviewAction.messageActions[i]
        let row = rows[target.index]
        var lines = ["preview action \"\(action.title)\" (\(action.style.rawValue))"]
        switch action.style {
        case .destructive:
            rows.remove(at: target.index)
            deleted.append((target.index, row))
            notice = "Deleted \(row.sender) · Z to undo"
            lines.append("deleted the row of \(row.sender)")
        case .selected:
            notice = "Favourite: \(row.sender)"
        case .default:
            notice = "Reply to \(row.sender)…"
        }
        closeActions()
        return lines
    }

    private mutating func closeActions() {
        actionsOpen = false
        actionsReveal = 0
        highlightedAction = nil
        target = nil
    }

    private func log(_ effects: [PreviewInteraction.Effect]) -> [String] {
        effects.map { e in
            switch e {
            case .shouldBegin(let p, let answer):
                String(format: "shouldBegin(%.0f, %.0f) → %@", p.x, p.y, answer ? "true" : "false")
            case .previewTransition(let progress, let ended):
                String(format: "didUpdatePreviewTransition(%.2f, ended: %@)", progress, ended ? "true" : "false")
            case .commitTransition(let progress, let ended):
                String(format: "didUpdateCommitTransition(%.2f, ended: %@)", progress, ended ? "true" : "false")
            case .cancel:
                "didCancel"
            }
        }
    }

    public static func == (a: MessagesScene, b: MessagesScene) -> Bool {
        a.rows == b.rows && a.preview == b.preview && a.force == b.force && a.target?.index == b.target?.index
            && a.target?.part == b.target?.part && a.actionsReveal == b.actionsReveal
            && a.highlightedAction == b.highlightedAction && a.actionsOpen == b.actionsOpen
            && a.detail?.row == b.detail?.row && a.detail?.since == b.detail?.since && a.notice == b.notice
            && a.deleted.map(\.row) == b.deleted.map(\.row) && a.dismissing?.since == b.dismissing?.since
            && a.scroll == b.scroll
    }
}
