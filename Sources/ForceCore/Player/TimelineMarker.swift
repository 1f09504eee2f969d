/// A moment the player's timeline marks: input going down or up, a threshold crossed, a
/// callback logged, a checkpoint, a caption.
public struct TimelineMarker: Equatable, Sendable {
    /// What a marker marks.
    public enum Kind: String, CaseIterable, Sendable {
        /// A press went down.
        case down
        /// A press lifted (or was cancelled).
        case up
        /// The peek threshold was crossed: a preview peeked, a quick-action menu opened.
        case peek
        /// The pop threshold was crossed: a preview popped.
        case pop
        /// The confirm button's intention passed 0.97 (selected or confirmed).
        case confirm
        /// A delegate-style callback in the event log.
        case callback
        /// A checkpoint of `forcecanvas check`.
        case checkpoint
        /// A caption.
        case caption
    }

    public var kind: Kind
    /// The frame that shows it (on the replay's 60 fps clock).
    public var frame: Int
    /// What it was: the callback's line, the checkpoint's name, the caption's text.
    public var label: String

    /// A marker of `kind` at `frame`.
    public init(kind: Kind, frame: Int, label: String = "") {
        self.kind = kind
        self.frame = frame
        self.label = label
    }
}

/// The timeline's markers, found while the session is simulated: what the session's lines say
/// (down, up, checkpoints, captions) is known at once, what the state did (thresholds,
/// callbacks) as frames are simulated for the first time.
public struct TimelineMarkers: Equatable, Sendable {
    /// The markers the session's lines name, by frame.
    public private(set) var fromLines: [TimelineMarker] = []
    /// The markers of what the state did, by frame (appended as frames are first simulated).
    public private(set) var fromState: [TimelineMarker] = []
    /// The last frame whose state changes are in `fromState` (-1: none yet).
    public private(set) var scannedThrough = -1

    public init() {}

    /// The markers the session's lines name.
    init(events: [TimedEvent]) {
        for e in events {
            let frame = ReplaySchedule.frame(atOrAfter: e.time)
            switch e.event {
            case .pointer(let p) where p.phase == .down: fromLines.append(.init(kind: .down, frame: frame))
            case .pointer(let p) where p.phase == .up || p.phase == .cancel: fromLines.append(.init(kind: .up, frame: frame))
            case .checkpoint(let name): fromLines.append(.init(kind: .checkpoint, frame: frame, label: name))
            case .caption(let c): fromLines.append(.init(kind: .caption, frame: frame, label: c.text))
            default: break
            }
        }
    }

    /// Every marker so far.
    public var count: Int { fromLines.count + fromState.count }

    /// What a frame's markers compare: the scenes' signals and the log's length before the frame.
    struct Probe {
        var signals: [TimelineSignal]
        var logLines: Int

        @inline(__always)
        init(_ s: AppState) {
            signals = Self.signals(of: s)
            logLines = s.eventLog.lineCount
        }

        /// Every scene's signals, in tab order.
        static func signals(of s: AppState) -> [TimelineSignal] { s.scenes.timelineSignals }
    }

    /// Records what changed between `before` and `after` at `frame`, once per frame: each
    /// signal that turned on, then the new lines of the event log (`log`, after).
    mutating func scan(frame: Int, from before: Probe, to after: Probe, log: EventLog) {
        guard frame > scannedThrough else { return }
        scannedThrough = frame
        for (i, signal) in after.signals.enumerated() where signal.isOn {
            let was = i < before.signals.count && before.signals[i].kind == signal.kind && before.signals[i].isOn
            if !was { fromState.append(.init(kind: signal.kind, frame: frame, label: signal.label)) }
        }
        let new = min(log.entries.count, after.logLines - before.logLines)
        if new > 0 {
            for entry in log.entries.suffix(new) { fromState.append(.init(kind: .callback, frame: frame, label: entry.text)) }
        }
    }

    /// Every marker, by frame.
    public var all: [TimelineMarker] { (fromLines + fromState).sorted { $0.frame < $1.frame } }
}
