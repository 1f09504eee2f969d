/// Captions and checkpoints written in the player (issue 22): a caption or a checkpoint added at
/// the playhead, the one under it edited or deleted, its pause and speed set. Each edit is a
/// new session (the events with one caption or checkpoint line more, less or changed); the
/// player plays it from the same frame. The core ignores captions and checkpoints, so what the
/// replay draws never changes.
public enum LessonEdit: Equatable, Sendable {
    /// A caption at session time `at`.
    case addCaption(Caption, at: Double)
    /// The caption at event `index` replaced.
    case replaceCaption(index: Int, Caption)
    /// A checkpoint named `name` at session time `at`.
    case addCheckpoint(name: String, at: Double)
    /// The caption or checkpoint at event `index` removed.
    case remove(index: Int)
    /// The session's title (what the lists and the window's title show).
    case title(String)
}

/// Why an edit was refused, in words for the status line.
public struct LessonEditError: Error, Equatable, CustomStringConvertible, Sendable {
    public var description: String
}

extension Player {
    /// The caption on screen and its event's index (the one an edit or a delete changes).
    public var captionUnderPlayhead: (index: Int, caption: Caption)? {
        guard let k = shownCaption else { return nil }
        // `captions` are the session's caption lines in order: the k-th of them.
        var seen = -1
        for (i, e) in session.events.enumerated() {
            guard case .caption = e.event else { continue }
            seen += 1
            if seen == k { return (i, captions[k].caption) }
        }
        return nil
    }

    /// The checkpoint shown at this frame (the first frame at or after its time), and its index.
    public var checkpointUnderPlayhead: (index: Int, name: String)? {
        for (i, e) in session.events.enumerated() {
            if case .checkpoint(let name) = e.event, ReplaySchedule.frame(atOrAfter: e.time) == frame { return (i, name) }
        }
        return nil
    }

    /// The playhead's time as an edit writes it: whole microseconds, rounded down, so what is
    /// added at this frame shows at this frame (a frame's time, k/60 s, has no end in decimals).
    public var editTime: Double { (time * 1_000_000 + 1e-6).rounded(.down) / 1_000_000 }

    /// The first `checkpoint-N` no checkpoint of the session has (F5's names while recording).
    public var nextCheckpointName: String {
        let taken = Set(session.events.compactMap { e -> String? in
            if case .checkpoint(let n) = e.event { return n }
            return nil
        })
        var n = 1
        while taken.contains(Checkpoint.numbered(n)) { n += 1 }
        return Checkpoint.numbered(n)
    }

    /// The session with `edit` made, or why it cannot be.
    public func session(with edit: LessonEdit) throws(LessonEditError) -> Session {
        var s = session
        switch edit {
        case .addCaption(let c, let t):
            try Self.check(c)
            s.events.insert(TimedEvent(time: t, event: .caption(c)), at: s.events.partitionPoint { $0.time <= t })
        case .replaceCaption(let i, let c):
            try Self.check(c)
            guard s.events.indices.contains(i), case .caption = s.events[i].event else {
                throw LessonEditError(description: "that caption is gone")
            }
            s.events[i].event = .caption(c)
        case .addCheckpoint(let name, let t):
            if let problem = Checkpoint.problem(with: name) { throw LessonEditError(description: problem) }
            if s.events.contains(where: { if case .checkpoint(name) = $0.event { true } else { false } }) {
                throw LessonEditError(description: "checkpoint \"\(name)\" is already in this session: names must be unique")
            }
            s.events.insert(TimedEvent(time: t, event: .checkpoint(name)), at: s.events.partitionPoint { $0.time <= t })
        case .remove(let i):
            guard s.events.indices.contains(i) else { throw LessonEditError(description: "that line is gone") }
            switch s.events[i].event {
            case .caption: break
            case .checkpoint(let name): s.checkpointChecks[name] = nil
            default: throw LessonEditError(description: "only captions and checkpoints are removed in the player")
            }
            s.events.remove(at: i)
        case .title(let title):
            s.title = title
        }
        return s
    }

    /// The player of `edit`'s session at this frame, with this speed, paused; its keyframes and
    /// markers found again (the events' indices moved).
    public func editing(_ edit: LessonEdit) throws(LessonEditError) -> Player {
        var edited = Player(session: try session(with: edit), shortcuts: shortcuts, speed: speedChosen ? speed : nil)
        edited.prepare()
        edited.seek(toFrame: frame)
        if !speedChosen { edited.keepSpeed(speed) }
        return edited
    }

    /// A caption's text must say something and fit a session line.
    static func check(_ c: Caption) throws(LessonEditError) {
        if c.text.allSatisfy(\.isWhitespace) { throw LessonEditError(description: "a caption needs some text") }
        if c.text.utf8.count > Caption.maximumTextBytes {
            throw LessonEditError(description: "a caption holds at most \(Caption.maximumTextBytes) bytes of text")
        }
    }

    /// The speeds a caption may ask for, S steps through them (nil: it leaves the speed as it is).
    public static let captionSpeeds: [Double?] = [nil, 0.25, 0.5, 1, 2]

    /// The speed after `speed` in `captionSpeeds`.
    public static func nextCaptionSpeed(after speed: Double?) -> Double? {
        let i = captionSpeeds.firstIndex { $0 == speed } ?? 0
        return captionSpeeds[(i + 1) % captionSpeeds.count]
    }
}
