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

    /// A row and the part of it a press is on.
    public struct Target: Equatable, Sendable {
        public var index: Int
        public var part: MessagePart
    }

    /// A press on a row: the preview runs, and swiping up reveals the preview actions.
    public struct Press: Equatable, Sendable {
        public var target: Target
        /// How far the actions are revealed, 0…1.
        public var actionsReveal = 0.0
        /// The action under the pointer once they are fully revealed.
        public var highlightedAction: Int?
        /// The level at which the actions began to show: force stops mattering then.
        var frozenLevel: Double?
    }

    /// The detail view of a popped row, cross-fading from the peek it popped from.
    public struct Detail: Equatable, Sendable {
        public var row: MessageRow
        public var part: MessagePart
        /// When it popped.
        public var since: Double
        /// The peek as it was (nil once the cross-fade is over, or without one).
        public var from: PeekDisplay?
    }

    /// A cancelled peek shrinking away: its last look and when it started.
    public struct Dismissal: Equatable, Sendable {
        public var peek: PeekDisplay
        public var since: Double
    }

    /// What the scene is doing: one mode, never a combination of flags.
    public enum Mode: Equatable, Sendable {
        /// The list, nothing pressed or open.
        case list
        /// A cancelled peek shrinks away (`dismissDuration`).
        case dismissing(Dismissal)
        /// A press on a row runs the preview interaction.
        case pressing(Press)
        /// The preview actions stay open after a lift, until one is tapped or a press lands elsewhere.
        case actionsOpen(Target)
        /// The detail view of a popped row; `press` while the finger that popped it is still down.
        case detail(Detail, press: Press?)
    }

    public private(set) var rows: [MessageRow] = MessageRow.samples
    public private(set) var preview: PreviewInteraction
    public private(set) var force: PressForce
    public private(set) var mode = Mode.list
    /// Deleted rows with their positions, newest last (undo).
    public private(set) var deleted: [Deletion] = []
    public private(set) var notice: String?
    /// When the notice came (it shows for `noticeDuration`, then goes, as iOS's banners do).
    public private(set) var noticeSince = -Double.infinity
    /// 4 s: how long a notice ("Deleted Ada · Z to undo", "Restored Ada") stays under the title.
    public static let noticeDuration = 4.0
    private var lastForce = 0.0
    /// How far the list is scrolled (the wheel, with no button held).
    public private(set) var scroll = 0.0

    /// A deleted row and where it was.
    public struct Deletion: Equatable, Sendable {
        public var index: Int
        public var row: MessageRow
    }

    public init(thresholds: ForceThresholds = .standard, waitingInterval: Double = TimedFallback.defaultWaitingInterval) {
        preview = PreviewInteraction(thresholds: thresholds)
        force = PressForce(waitingInterval: waitingInterval)
    }

    public var isPressing: Bool { preview.isActive }

    /// The press on the list, while the preview runs (also after it popped, finger still down).
    var press: Press? {
        switch mode {
        case .pressing(let p): p
        case .detail(_, let p): p
        case .list, .dismissing, .actionsOpen: nil
        }
    }

    /// The row and part pressed, or whose actions are open.
    public var target: Target? {
        if case .actionsOpen(let t) = mode { return t }
        return press?.target
    }

    /// How far the preview actions are revealed (1 while they stay open).
    public var actionsReveal: Double {
        if case .actionsOpen = mode { return 1 }
        return press?.actionsReveal ?? 0
    }

    public var highlightedAction: Int? { press?.highlightedAction }

    public var actionsOpen: Bool {
        if case .actionsOpen = mode { return true }
        return false
    }

    /// The popped row's detail view, if one is open.
    public var detail: Detail? {
        if case .detail(let d, _) = mode { return d }
        return nil
    }

    // MARK: Input

    /// A pointer sample; returns the callback lines for the event log.
    public mutating func pointer(_ phase: PointerPhase, at p: Point, force f: Double, hasForce: Bool,
                                 layout: MessagesLayout, time t: Double) -> [String] {
        lastForce = f
        switch phase {
        case .down:
            switch mode {
            case .detail:
                // Any press on the detail's title bar goes back to the list.
                if p.y < layout.titleBar.maxY { mode = .list; return ["back to the list"] }
                return []
            case .actionsOpen(let target):
                return tapActions(at: p, target: target, layout: layout, time: t)
            case .list, .dismissing, .pressing:
                break
            }
            let hit = layout.hit(p, count: rows.count).map { Target(index: $0.index, part: $0.part) }
            mode = hit.map { .pressing(Press(target: $0)) } ?? .list
            force.press(hasForce: hasForce, at: t)
            var lines = log(preview.handle(.press(location: p, force: force.level(force: f), allowed: hit != nil), at: t))
            popIfCommitted(&lines, layout: layout, time: t)
            return lines
        case .move:
            guard preview.isActive else { return [] }
            if case .pressing(var press) = mode, preview.state != .previewing, preview.state != .committed,
               let start = preview.pressLocation {
                let lift = start.y - p.y - Self.actionsSlack
                let reveal = Force.normalized(lift / Self.actionsTravel)
                if reveal > 0, press.frozenLevel == nil { press.frozenLevel = preview.level }
                press.actionsReveal = max(press.actionsReveal, reveal)
                press.highlightedAction = press.actionsReveal >= 1 ? layout.previewAction(at: p, reveal: press.actionsReveal) : nil
                mode = .pressing(press)
            }
            var lines = log(preview.handle(.change(location: p, force: press?.frozenLevel ?? force.level(force: f)), at: t))
            popIfCommitted(&lines, layout: layout, time: t)
            return lines
        case .up, .cancel:
            guard preview.isActive else { return [] }
            let before = preview.state
            let tapped = phase == .up && isTap(before: before, to: p, at: t)
            let snapshot = peekDisplay(layout: layout, time: t)
            var lines = log(preview.handle(phase == .up ? .lift(location: p) : .cancel, at: t))
            force.release(at: t)
            if before == .committed {
                // Popped already, while pressing: the lift ends the press quietly.
                mode = detail.map { .detail($0, press: nil) } ?? .list
            } else if phase == .up, let press, press.actionsReveal >= 1 {
                mode = .actionsOpen(press.target)
                if let i = press.highlightedAction { lines += perform(i, time: t) }
            } else if tapped, let press, press.target.index < rows.count {
                // A tap opens the conversation, as on iOS (the force pop is the other way in).
                let row = rows[press.target.index]
                mode = .detail(Detail(row: row, part: .message, since: t, from: nil), press: nil)
                lines.append("tap → conversation with \(row.sender)")
            } else {
                mode = snapshot.map { .dismissing(Dismissal(peek: $0, since: t)) } ?? .list
            }
            return lines
        }
    }

    /// 0.5 s, 10 pt: a press shorter and stiller than this is a tap (UIKit's long press begins at
    /// 0.5 s, its tap allows about 10 pt of movement); one that reached half the preview
    /// (force 0.10) was a press into the peek, not a tap.
    static let tapDuration = 0.5, tapSlop = 10.0, tapPreviewLimit = 0.5

    /// Whether the press lifting now at `p` was a tap on its row.
    private func isTap(before: PreviewInteraction.State, to p: Point, at t: Double) -> Bool {
        guard before == .previewing, preview.previewProgress < Self.tapPreviewLimit, let press, press.actionsReveal == 0,
              let start = preview.pressLocation, let began = preview.pressTime else { return false }
        let dx = p.x - start.x, dy = p.y - start.y
        return t - began < Self.tapDuration && (dx * dx + dy * dy).squareRoot() <= Self.tapSlop
    }

    /// A frame tick: the timed fallback fills on a force-less device (and may pop).
    public mutating func advance(to t: Double, layout: MessagesLayout) -> [String] {
        if case .dismissing(let d) = mode, t - d.since >= Self.dismissDuration { mode = .list }
        guard preview.isActive, force.advance(to: t), let at = preview.location else { return [] }
        var lines = log(preview.handle(.change(location: at, force: press?.frozenLevel ?? force.level(force: lastForce)), at: t))
        popIfCommitted(&lines, layout: layout, time: t)
        return lines
    }

    /// Pops the moment the commit transition completes, while the press is still down: the
    /// detail view opens, cross-fading from the peek as it was.
    private mutating func popIfCommitted(_ lines: inout [String], layout: MessagesLayout, time t: Double) {
        guard preview.state == .committed, case .pressing(let press) = mode, press.target.index < rows.count else { return }
        let target = press.target
        var from = peekDisplay(layout: layout, time: t)
        from?.showsRings = false
        mode = .detail(Detail(row: rows[target.index], part: target.part, since: t, from: from), press: press)
        lines.append("pop → \(target.part == .avatar ? "profile" : "message") of \(rows[target.index].sender)")
    }

    /// When a frame tick next changes the scene or its look after `t`: every frame while a
    /// cancelled peek shrinks away or the popped detail fades in; the timed fallback's next
    /// tick during a force-less press; +∞ otherwise.
    public func nextWake(after t: Double) -> Double {
        if case .dismissing = mode { return t }
        if let detail, t - detail.since < Self.popDuration { return t }
        // The notice goes when its time is over.
        let noticeEnd = notice(at: t) != nil ? noticeSince + Self.noticeDuration : .infinity
        guard preview.isActive, let tick = force.nextTick else { return noticeEnd }
        return min(tick, noticeEnd)
    }

    /// The wheel with no button held scrolls the list (notches up: toward its top).
    public mutating func scroll(byNotches notches: Double, layout: MessagesLayout) {
        guard notches.isFinite else { return }
        scroll = min(max(0, scroll - notches * Self.scrollPerNotch), layout.maximumScroll(count: rows.count))
    }

    /// Undo in this scene: brings back the last deleted row.
    public mutating func undo(at t: Double) -> Bool {
        guard let last = deleted.popLast() else { return false }
        rows.insert(last.row, at: min(last.index, rows.count))
        say("Restored \(last.row.sender)", at: t)
        return true
    }

    private mutating func say(_ text: String, at t: Double) {
        notice = text
        noticeSince = t
    }

    /// The notice on screen at `t`, if its time is not over.
    func notice(at t: Double) -> String? { t - noticeSince < Self.noticeDuration ? notice : nil }

    /// Esc: closes the detail view (a press still down goes on: it pops again) or the open actions.
    public mutating func close() -> Bool {
        switch mode {
        case .detail(_, let press):
            mode = press.map(Mode.pressing) ?? .list
            return true
        case .actionsOpen:
            mode = .list
            return true
        case .list, .dismissing, .pressing:
            return false
        }
    }

    // MARK: Display

    public func display(layout: MessagesLayout, time t: Double) -> MessagesDisplay {
        var peek = peekDisplay(layout: layout, time: t)
        if peek == nil, case .dismissing(let d) = mode {
            var shrinking = d.peek
            shrinking.presence = max(0, 1 - (t - d.since) / Self.dismissDuration)
            peek = shrinking
        }
        let detailDisplay = detail.map { d in
            let appear = Force.normalized((t - d.since) / Self.popDuration)
            return DetailDisplay(row: d.row, part: d.part, appear: appear, from: appear < 1 ? d.from : nil)
        }
        return MessagesDisplay(rows: rows, layout: layout, peek: peek, detail: detailDisplay, notice: notice(at: t),
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
        let actionsReveal = actionsReveal
        let press = preview.location ?? preview.pressLocation ?? layout.row(target.index).center
        let rings = layout.rings(press: press, source: layout.source(index: target.index, part: target.part),
                                 reveal: actionsReveal)
        var peek = PeekDisplay(
            index: target.index, part: target.part, row: rows[target.index], pressPoint: press, ringsCenter: rings.center,
            previewProgress: actionsOpen ? 1 : preview.previewProgress, commitProgress: preview.commitProgress,
            presence: 1, actionsReveal: actionsReveal, actions: PreviewAction.messageActions,
            highlightedAction: highlightedAction)
        peek.ringsReach = rings.reach
        // Lifted with the actions open: the press is over, and its rings with it.
        if actionsOpen { peek.showsRings = false }
        return peek
    }

    // MARK: Internals

    private mutating func tapActions(at p: Point, target: Target, layout: MessagesLayout, time t: Double) -> [String] {
        guard let i = layout.previewAction(at: p, reveal: 1) else {
            mode = .list
            return ["preview actions dismissed"]
        }
        return perform(i, time: t)
    }

    /// Performs preview action `i` on the target whose actions are open; they close.
    private mutating func perform(_ i: Int, time t: Double) -> [String] {
        defer { mode = .list }
        guard let target, target.index < rows.count else { return [] }
        let action = PreviewAction.messageActions[i]
        let row = rows[target.index]
        var lines = ["preview action \"\(action.title)\" (\(action.style.rawValue))"]
        switch action.style {
        case .destructive:
            rows.remove(at: target.index)
            deleted.append(Deletion(index: target.index, row: row))
            say("Deleted \(row.sender) · Z to undo", at: t)
            lines.append("deleted the row of \(row.sender)")
        case .selected:
            say("Favourite: \(row.sender)", at: t)
        case .default:
            say("Reply to \(row.sender)…", at: t)
        }
        return lines
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
}
