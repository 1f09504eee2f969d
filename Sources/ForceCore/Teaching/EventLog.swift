/// The delegate-style callbacks as they happen (`shouldBegin`, `didUpdatePreviewTransition`, …),
/// newest last: the event-log teaching view.
public struct EventLog: Equatable, Sendable {
    /// 12 lines: what fits the panel; older lines scroll away.
    public static let capacity = 12

    public struct Entry: Equatable, Sendable {
        public var time: Double
        public var text: String
        /// How many identical consecutive entries this line stands for (progress updates repeat).
        public var count: Int
    }

    public private(set) var entries: [Entry] = []
    /// New lines appended so far (not repeats, not progress updates in place): the player's
    /// timeline marks each.
    public private(set) var lineCount = 0

    public init() {}

    /// Adds a line; a line equal to the previous one bumps its count instead.
    public mutating func append(_ text: String, at time: Double) {
        if let last = entries.last, last.text == text {
            entries[entries.count - 1].count += 1
            entries[entries.count - 1].time = time
            return
        }
        entries.append(Entry(time: time, text: text, count: 1))
        lineCount += 1
        if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
    }

    /// Replaces the last line when it starts with `prefix` (a progress update in place of the
    /// previous one), else appends.
    public mutating func update(_ text: String, replacing prefix: String, at time: Double) {
        if let last = entries.last, last.text.hasPrefix(prefix) {
            entries[entries.count - 1] = Entry(time: time, text: text, count: last.count + 1)
            return
        }
        append(text, at: time)
    }
}
