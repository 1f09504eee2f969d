/// The state of every frame of a replay, compactly: `check --update` stores it beside a
/// session's goldens (`SESSION.trace`) so that a failing check can name the first frame whose
/// state went differently, and what changed there.
///
/// It covers **every frame** from 0 to `lastFrame` (frame k at k/60 s), but holds a line only
/// where the state changed: the frame, the stable hash of the whole snapshot, and the values
/// that changed. The replay jumps over idle frames, and a skipped frame's snapshot is the one
/// of the frame before it (nothing changes between wakes, `AppState.nextWake`), so the trace
/// of a session is the same however many frames were simulated: the same session always
/// gives the same bytes.
public struct StateTrace: Equatable, Sendable {
    /// One frame where the state changed.
    public struct Entry: Equatable, Sendable {
        /// The frame (k at k/60 s).
        public var frame: Int
        /// `StateSnapshot.hash` of the whole state from this frame on.
        public var hash: UInt64
        /// The values that changed at this frame (every value at the first entry).
        public var changed: [String: StateValue]
    }

    /// "forcecanvas-trace", the header's `format`.
    public static let formatName = "forcecanvas-trace"
    /// The version this build writes and reads.
    public static let currentVersion = 1

    /// The session the trace is of (its file name without `.jsonl`).
    public var session: String
    /// The frames where the state changed, in order.
    public internal(set) var entries: [Entry] = []
    /// The last frame covered.
    public internal(set) var lastFrame = 0
    /// The values at the last entry (for recording deltas).
    var current: [String: StateValue] = [:]

    /// An empty trace of `session`.
    public init(session: String) { self.session = session }

    /// Notes frame `frame`'s state; frames must come in increasing order, any subset of them
    /// (those not given keep the state before them).
    public mutating func record(frame: Int, _ snapshot: StateSnapshot) {
        lastFrame = max(lastFrame, frame)
        let hash = snapshot.hash
        if let last = entries.last, last.hash == hash { return }
        var changed: [String: StateValue] = [:]
        for (path, value) in snapshot.fields where current[path] != value { changed[path] = value }
        for path in current.keys where snapshot.fields[path] == nil { changed[path] = .null }
        current = snapshot.fields
        entries.append(Entry(frame: frame, hash: hash, changed: changed))
    }

    /// Extends the trace's reach to `frame` without a change (the replay's end).
    public mutating func cover(through frame: Int) { lastFrame = max(lastFrame, frame) }

    /// The snapshot at `frame` (the state of the last change at or before it).
    public func snapshot(atFrame frame: Int) -> StateSnapshot {
        var f: [String: StateValue] = [:]
        for e in entries where e.frame <= frame {
            for (path, value) in e.changed { f[path] = value }
        }
        return StateSnapshot(fields: f)
    }
}

/// The first frame whose state differs from the golden trace, and what differs there.
public struct StateDivergence: Equatable, Sendable, CustomStringConvertible {
    /// The first frame that differs.
    public var frame: Int
    /// The last frame before it: its state still matched (nil when frame 0 already differs).
    public var lastMatchingFrame: Int?
    /// What differs there: the golden trace's values → the new ones.
    public var changes: [StateChange]

    public init(frame: Int, lastMatchingFrame: Int?, changes: [StateChange]) {
        self.frame = frame
        self.lastMatchingFrame = lastMatchingFrame
        self.changes = changes
    }

    /// The frame's time in seconds.
    public var time: Double { ReplaySchedule.time(ofFrame: frame) }

    /// "first divergence at t = 0.817 s, frame 49: PreviewInteraction.state (previewing → committing)".
    public var description: String {
        let what = changes.prefix(Self.namedChanges).map { c in
            "\(c.path) (\(c.expected?.description ?? "absent") → \(c.actual?.description ?? "absent"))"
        }.joined(separator: ", ")
        let more = changes.count > Self.namedChanges ? " and \(changes.count - Self.namedChanges) more" : ""
        return String(format: "first divergence at t = %.3f s, frame %d: ", time, frame) + what + more
    }

    /// 3: how many changes the one-line description names.
    static let namedChanges = 3
}

extension StateTrace {
    /// The first frame, at or before `limit`, whose state differs between `expected` (the
    /// golden trace) and `actual`; nil when they agree on every frame up to there.
    public static func firstDivergence(expected: StateTrace, actual: StateTrace, through limit: Int) -> StateDivergence? {
        var i = 0, j = 0
        var e: [String: StateValue] = [:], a: [String: StateValue] = [:]
        var eHash: UInt64?, aHash: UInt64?
        while true {
            let nextE = i < expected.entries.count ? expected.entries[i].frame : Int.max
            let nextA = j < actual.entries.count ? actual.entries[j].frame : Int.max
            let frame = min(nextE, nextA)
            guard frame <= limit, frame != Int.max else { return nil }
            if nextE == frame {
                for (path, value) in expected.entries[i].changed { e[path] = value }
                eHash = expected.entries[i].hash
                i += 1
            }
            if nextA == frame {
                for (path, value) in actual.entries[j].changed { a[path] = value }
                aHash = actual.entries[j].hash
                j += 1
            }
            if eHash != aHash {
                let changes = StateSnapshot(fields: a).changes(from: StateSnapshot(fields: e))
                // Between changes nothing changes, so the frame before this one still matched.
                return StateDivergence(frame: frame, lastMatchingFrame: frame > 0 ? frame - 1 : nil, changes: changes)
            }
        }
    }
}
