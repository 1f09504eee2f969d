import ForceCore

/// What a checkpoint looked like and what the state was: one capture of `CheckpointReplay`.
public struct CheckpointCapture {
    /// The checkpoint captured.
    public var checkpoint: Checkpoint
    /// The frame it shows: the first at or after its time.
    public var frame: Int
    /// The frame (Cairo's premultiplied ARGB32): the replay's own surface, valid only while the
    /// capture is handled.
    public var image: ImageSurface
    /// The core's state at that frame.
    public var state: StateSnapshot
}

/// One replay of a session for `forcecanvas check`: every checkpoint's image and state
/// snapshot, and the state trace of every frame through the session's end, in a single pass
/// that jumps over idle frames (`HeadlessReplay`).
public struct CheckpointReplay {
    /// The replay of the session (header, events, quick actions).
    public let replay: HeadlessReplay
    /// The session's name (its file name without `.jsonl`), for the trace.
    public let name: String

    /// Checkpoints of `replay`, a session named `name`.
    public init(replay: HeadlessReplay, name: String) {
        self.replay = replay
        self.name = name
    }

    /// Captures `checkpoints` (several may share a frame) and records the trace through the
    /// last frame of the session or of the checkpoints, whichever is later. Each capture goes to
    /// `each` as soon as its frame is drawn, with the trace so far (through its frame), and is
    /// dropped after: memory does not grow with the number of checkpoints.
    public func run(_ checkpoints: [Checkpoint], each: (CheckpointCapture, StateTrace) throws -> Void) throws -> StateTrace {
        let frames = Dictionary(grouping: checkpoints) { HeadlessReplay.frame(at: $0.time) }
        var trace = StateTrace(session: name)
        var latest: (frame: Int, state: StateSnapshot)?
        let end = max(replay.lastFrame, frames.keys.max() ?? 0)
        try replay.run(frames: Set(frames.keys), through: end, step: { frame, state in
            let snapshot = StateSnapshot(state)
            trace.record(frame: frame, snapshot)
            latest = (frame, snapshot)
        }, capture: { frame, state, surface in
            let snapshot = latest.map { $0.frame == frame ? $0.state : StateSnapshot(state) } ?? StateSnapshot(state)
            // The surface is the replay's own and is drawn over next frame: each checkpoint
            // sees it now, before the replay goes on.
            for c in frames[frame] ?? [] {
                try each(CheckpointCapture(checkpoint: c, frame: frame, image: surface, state: snapshot), trace)
            }
        })
        trace.cover(through: end)
        return trace
    }

    /// The images of some frames (the two around a first divergence), in another replay.
    public func images(ofFrames frames: Set<Int>) throws -> [Int: ImageSurface] {
        var out: [Int: ImageSurface] = [:]
        try replay.run(frames: frames) { frame, _, surface in out[frame] = try surface.copy() }
        return out
    }
}
