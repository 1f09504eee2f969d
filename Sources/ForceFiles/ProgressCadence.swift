/// When a log (stderr that is not a terminal) hears of a long job's progress: at each tenth of
/// the work, and at least once every `interval` seconds. A short job writes about ten lines,
/// and a job of hours is never silent for more than a minute.
public struct ProgressCadence: Sendable {
    /// 60 s (chosen).
    public static let interval = 60.0

    public let total: Int
    /// The tenths of the work already reported.
    private var tenths = 0
    /// When the last line was due (the job's start before the first).
    private var last: Double

    /// A job of `total` steps (at least 1) that started at `start` (seconds, any clock).
    public init(total: Int, start: Double) {
        self.total = max(1, total)
        last = start
    }

    /// Whether a line is due now that `done` steps are finished at time `now`; if it is, the
    /// line counts as written.
    public mutating func isDue(_ done: Int, at now: Double) -> Bool {
        let tenth = min(max(done, 0), total) * 10 / total
        guard done > 0, tenth > tenths || now - last >= Self.interval else { return false }
        tenths = max(tenths, tenth)
        last = now
        return true
    }
}
