import ForceCore

/// What a checkpoint looked like and what the state was: one capture of `CheckpointReplay`.
public struct CheckpointCapture {
    /// The checkpoint captured.
    public var checkpoint: Checkpoint
    /// The frame it shows: the first at or after its time.
    public var frame: Int
    /// A copy of the frame (Cairo's premultiplied ARGB32).
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
    /// last frame of the session or of the checkpoints, whichever is later.
    public func run(_ checkpoints: [Checkpoint]) throws -> (captures: [CheckpointCapture], trace: StateTrace) {
        let frames = Dictionary(grouping: checkpoints) { HeadlessReplay.frame(at: $0.time) }
        var trace = StateTrace(session: name)
        var latest: (frame: Int, state: StateSnapshot)?
        var images: [Int: (ImageSurface, StateSnapshot)] = [:]
        let end = max(replay.lastFrame, frames.keys.max() ?? 0)
        try replay.run(frames: Set(frames.keys), through: end, step: { frame, state in
            let snapshot = StateSnapshot(state)
            trace.record(frame: frame, snapshot)
            latest = (frame, snapshot)
        }, capture: { frame, state, surface in
            let snapshot = latest.map { $0.frame == frame ? $0.state : StateSnapshot(state) } ?? StateSnapshot(state)
            images[frame] = (try surface.copy(), snapshot)
        })
        trace.cover(through: end)
        let captures = checkpoints.compactMap { c -> CheckpointCapture? in
            let frame = HeadlessReplay.frame(at: c.time)
            return images[frame].map { CheckpointCapture(checkpoint: c, frame: frame, image: $0.0, state: $0.1) }
        }
        return (captures, trace)
    }

    /// The images of some frames (the two around a first divergence), in another replay.
    public func images(ofFrames frames: Set<Int>) throws -> [Int: ImageSurface] {
        var out: [Int: ImageSurface] = [:]
        try replay.run(frames: frames) { frame, _, surface in out[frame] = try surface.copy() }
        return out
    }
}
