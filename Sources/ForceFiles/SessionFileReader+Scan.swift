import ForceCore
import ForcePlatform
import Foundation
import Synchronization

/// The first pass over a session file (`render`'s check of every line) split across cores by
/// byte ranges: the header is read first, then the rest of the file is cut into `jobs` ranges at
/// line starts and each is parsed on a thread of its own, with a parser that takes the header
/// as read. The ranges' results are joined in order: line numbers add up, and the times must run
/// on from range to range.
///
/// The answer is always the one-thread pass's. Whenever joining could differ from reading in
/// one go — a line wrong anywhere, an event earlier than the one before (moved forward, or
/// refused with `--strict-time`), a checkpoint name given in two ranges — the file is read again
/// by `parseAll`, which says what it says; those are rare, and never the common case of a file
/// read for rendering.
///
/// The pass can keep the events it read (`keeping`), packed (`PackedEvents`), so a replay after
/// it need not parse the file again; a file whose events take more than the budget keeps none.
extension SessionFileReader {
    /// What the first pass learns: the header, the events' count, the last time, the captions,
    /// and the note on times moved forward (nil when none were).
    public struct Scan {
        public var header: Session
        public var eventCount: Int
        public var duration: Double
        public var captions: [Player.TimedCaption]
        public var timeNote: String?
        /// How many ranges were read at once (1: one thread).
        public var ranges: Int
        /// Every event in order, when they fitted the budget `scan` was given; else nil.
        public var events: PackedEvents?
    }

    /// 1 MiB: a file smaller than this a range is read on one thread.
    public static let leastRangeBytes = 1 << 20

    /// Reads every line, `jobs` ranges at once, and keeps the events when they take at most
    /// `budget` bytes packed (0: keeps none). Throws as `parseAll` does.
    public func scan(jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                     keeping budget: Int = 0) throws(SessionFileError) -> Scan {
        // The header (and blank lines before it), on this thread.
        var parser = SessionParser(file: path)
        parser.strictTime = strictTime
        let reader = try lines()
        while parser.header == nil {
            let read = try reader.nextLine { (bytes, number) throws(SessionFileError) -> Bool in
                _ = try parser.parseFileLine(bytes, number: number)
                return true
            }
            if read == nil { break }
        }
        let start = reader.endOffset
        let ranges = min(max(1, jobs), max(1, (size - start) / Self.leastRangeBytes))
        guard let header = parser.header, ranges > 1 else { return try scanOnOneThread(keeping: budget) }
        let bounds = lineStarts(from: start, ranges: ranges)
        let results = Mutex([RangeResult?](repeating: nil, count: ranges))
        let path = path, descriptor = descriptor
        DispatchQueue.concurrentPerform(iterations: ranges) { k in
            let result = Self.readRange(bounds[k]..<bounds[k + 1], of: descriptor, path: path, header: header,
                                        keeping: budget / ranges)
            results.withLock { $0[k] = result }
        }
        guard let joined = Self.join(results.withLock { $0 }) else { return try scanOnOneThread(keeping: budget) }
        return Scan(header: header, eventCount: joined.events, duration: joined.duration, captions: joined.captions,
                    timeNote: nil, ranges: ranges, events: joined.packed)
    }

    /// The one-thread pass, with its own words for whatever is wrong.
    private func scanOnOneThread(keeping budget: Int) throws(SessionFileError) -> Scan {
        var packed: PackedEvents? = budget > 0 ? PackedEvents() : nil
        let parser = try parseAll { line in
            guard case .event(let e) = line else { return }
            Self.keep(e, in: &packed, within: budget)
        }
        guard let header = parser.header else { throw .invalid(SessionError(file: path, line: 1, message: "empty file", isAboutTheWholeFile: true)) }
        return Scan(header: header, eventCount: parser.eventCount, duration: parser.duration, captions: parser.captions,
                    timeNote: parser.timeNote, ranges: 1, events: packed)
    }

    /// Keeps `e` after the events in `packed` while they take at most `budget` bytes; past it,
    /// none are kept (nil stays nil).
    private static func keep(_ e: TimedEvent, in packed: inout PackedEvents?, within budget: Int) {
        packed?.append(e)
        if let n = packed?.byteCount, n > budget { packed = nil }
    }

    /// One range's reading: nil when a line in it is wrong or its times step back.
    struct RangeResult {
        var events = 0
        var firstTime: Double?
        var lastTime = -Double.infinity
        var checkpoints: [String] = []
        var captions: [Player.TimedCaption] = []
        /// The range's events, while they fit its share of the budget.
        var packed: PackedEvents?
    }

    /// Parses the whole lines in bytes `range` of the open file `descriptor` as events of `header`,
    /// keeping them while they take at most `budget` bytes packed.
    private static func readRange(_ range: Range<Int>, of descriptor: Int32, path: String, header: Session,
                                  keeping budget: Int) -> RangeResult? {
        var parser = SessionParser(file: path)
        parser.assume(header: header)
        parser.strictTime = true
        var result = RangeResult()
        if budget > 0 { result.packed = PackedEvents() }
        let reader = lines(inBytes: range, of: descriptor, path: path)
        do {
            while try reader.nextLine({ (bytes, number) throws(SessionFileError) -> Void in
                guard case .event(let e) = try parser.parseFileLine(bytes, number: number) else { return }
                if result.firstTime == nil { result.firstTime = e.time }
                Self.keep(e, in: &result.packed, within: budget)
                switch e.event {
                case .checkpoint(let name): result.checkpoints.append(name)
                case .caption(let c): result.captions.append(Player.TimedCaption(time: e.time, caption: c))
                default: break
                }
            }) != nil {}
        } catch {
            return nil
        }
        result.events = parser.eventCount
        result.lastTime = parser.eventCount > 0 ? parser.duration : -.infinity
        return result
    }

    /// The ranges joined in order, or nil when reading in one go could say otherwise. The
    /// events are kept when every range kept its own.
    static func join(_ ranges: [RangeResult?])
        -> (events: Int, duration: Double, captions: [Player.TimedCaption], packed: PackedEvents?)? {
        var last = -Double.infinity, events = 0
        var names = Set<String>(), captions: [Player.TimedCaption] = []
        var packed: PackedEvents? = PackedEvents()
        for r in ranges {
            guard let r else { return nil }
            if let first = r.firstTime {
                guard first >= last else { return nil }
                last = r.lastTime
            }
            for name in r.checkpoints { guard names.insert(name).inserted else { return nil } }
            events += r.events
            captions += r.captions
            if let more = r.packed { packed?.append(contentsOf: more) } else { packed = nil }
        }
        return (events, max(0, last), captions, packed)
    }

    /// `ranges + 1` offsets: `start`, the first line start at or after each equal share of the
    /// rest, and the file's size.
    private func lineStarts(from start: Int, ranges: Int) -> [Int] {
        var bounds = [start]
        let share = (size - start) / ranges
        var block = [UInt8](repeating: 0, count: 64 * 1024)
        for k in 1..<ranges {
            // A line starts just after a line break: the first one at or after the share's end.
            var at = max(bounds[k - 1], start + k * share - 1), found = size
            search: while at < size {
                let n = block.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(at)) }
                guard n > 0 else { break }
                if let i = block[0..<n].firstIndex(of: UInt8(ascii: "\n")) {
                    found = at + i + 1
                    break search
                }
                at += n
            }
            bounds.append(min(found, size))
        }
        bounds.append(size)
        return bounds
    }
}
