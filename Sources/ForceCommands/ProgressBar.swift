import ForceFiles
import Foundation

/// A progress bar on stderr while it is a terminal: `[#####-----] 120/470 frames · 143 fps ·
/// 2 s left`, redrawn in place at most ten times a second, and a last line when done.
struct ProgressBar {
    /// 28 characters of bar; 0.1 s between redraws (chosen).
    static let width = 28, interval = 0.1

    let total: Int
    let label: String
    let start = ProcessInfo.processInfo.systemUptime
    private var last = -Double.infinity
    let enabled = isatty(STDERR_FILENO) == 1

    init(total: Int, label: String) {
        self.total = max(1, total)
        self.label = label
    }

    /// `done` of `total` finished.
    mutating func update(_ done: Int) {
        guard enabled else { return }
        let now = ProcessInfo.processInfo.systemUptime
        guard now - last >= Self.interval || done >= total else { return }
        last = now
        let elapsed = max(1e-6, now - start)
        let rate = Double(done) / elapsed
        let left = rate > 0 ? Double(total - done) / rate : 0
        let filled = Self.width * min(done, total) / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: Self.width - filled)
        StandardError.writeRaw(String(format: "\r[%@] %d/%d %@ · %.0f/s · %.0f s left ", bar, done, total, label, rate, left))
    }

    /// Ends the bar's line.
    func finish() {
        if enabled { StandardError.writeRaw("\n") }
    }
}
