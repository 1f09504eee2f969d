import ForceCore
import Foundation

/// Names the checkpoints F5 adds while recording: `checkpoint-1`, `checkpoint-2`, … in the
/// order they were taken (valid `Checkpoint` names, unique within the recording).
struct CheckpointNames {
    /// The status line when F5 is pressed without `--record`.
    static let needsRecording = "F5 adds a checkpoint only while recording (run --record FILE.jsonl)"

    private(set) var count = 0

    /// The next name.
    mutating func next() -> String {
        count += 1
        return Checkpoint.numbered(count)
    }

    /// The status line after one was taken.
    static func taken(_ name: String, at t: Double) -> String {
        String(format: "Checkpoint %@ at %.3f s: forcecanvas check will compare this moment", name, t)
    }
}
