import ForceFiles
import Foundation

/// Progress on stderr, in one of two forms:
/// - while stderr is a terminal, a bar redrawn in place at most ten times a second,
///   `[#####-----] 120/470 frames · 143/s · 2 s left`, and a last line when done;
/// - otherwise (a log, a CI job), a line at each tenth of the work and at least one a minute,
///   `rendering: 52000 of 6000001 frames · 524/s · 11349 s left`: a log gets about ten lines
///   for a short job, and a job of hours is never silent for long.
struct ProgressBar {
    /// 28 characters of bar; 0.1 s between redraws (chosen).
    static let width = 28, interval = 0.1

    let total: Int
    let label: String
    let start = ProcessInfo.processInfo.systemUptime
    /// When the bar was last drawn.
    private var last = -Double.infinity
    /// When a log's lines are due.
    private var cadence: ProgressCadence
    /// Whether the progress is a bar (stderr is a terminal) or lines.
    let isTerminal = isatty(STDERR_FILENO) == 1

    init(total: Int, label: String) {
        self.total = max(1, total)
        self.label = label
        cadence = ProgressCadence(total: total, start: start)
    }

    /// `done` of `total` finished.
    mutating func update(_ done: Int) {
        let now = ProcessInfo.processInfo.systemUptime
        let elapsed = max(1e-6, now - start)
        let rate = Double(done) / elapsed
        let left = rate > 0 ? Double(max(0, total - done)) / rate : 0
        if isTerminal {
            guard now - last >= Self.interval || done >= total else { return }
            last = now
            let filled = Self.width * min(done, total) / total
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: Self.width - filled)
            StandardError.writeRaw(String(format: "\r[%@] %d/%d %@ · %.0f/s · %.0f s left ", bar, done, total, label, rate, left))
        } else {
            guard cadence.isDue(done, at: now) else { return }
            StandardError.write(String(format: "rendering: %d of %d %@ · %.0f/s · %.0f s left", done, total, label, rate, left))
        }
    }

    /// Ends the bar's line (a log's lines are ended already).
    func finish() {
        if isTerminal { StandardError.writeRaw("\n") }
    }
}
