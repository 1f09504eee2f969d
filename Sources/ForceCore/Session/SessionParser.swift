import Foundation

/// Reads a session one line at a time: the header first, then events in time order. Lines come
/// as UTF-8 bytes with their 1-based numbers (blank lines count), so a caller can stream a file
/// of any size through it; it keeps nothing but the header and the last event's time.
///
/// Every problem throws `SessionError` as `FILE:LINE: what is wrong`. After an error the parser
/// must be dropped: loading is all-or-nothing, so whatever was read before is discarded too.
public struct SessionParser: Sendable {
    /// What one line held.
    public enum Line: Equatable, Sendable {
        /// Nothing but whitespace.
        case blank
        /// The session header (a `Session` without events), boxed: a line is handed on for every
        /// event, and an unboxed header would make each of them as large as a whole `Session`.
        indirect case header(Session)
        /// An event, in time order with those before it.
        case event(TimedEvent)
    }

    /// The file name that errors carry.
    public let file: String
    /// The header, once its line was read.
    public private(set) var header: Session? {
        didSet { hasHeader = header != nil }
    }
    /// Whether the header was read (asked for every line: cheaper than looking at `header`).
    private var hasHeader = false
    /// Events read so far.
    public private(set) var eventCount = 0
    /// The last event's time in seconds (0 before any event): the session's duration.
    public private(set) var duration = 0.0

    /// The session's checkpoints so far, in order (names are unique: a repeated one is an error).
    public private(set) var checkpoints: [Checkpoint] = []
    /// The session's captions so far, by time (a video's timeline needs them before its replay).
    public private(set) var captions: [Player.TimedCaption] = []
    /// Each checkpoint name's line, so a repeated name is found at once.
    private var checkpointLines: [String: Int] = [:]

    private var lastTime = -Double.infinity

    /// The UTF-8 byte order mark, which some editors put at the start of a file.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Whether events must come in time order. The journal reads with this off and judges
    /// itself which of two lines was damaged.
    public var requiresTimeOrder = true
    /// What an event earlier than the one before becomes: by default (a device's stream can
    /// step back: a pen's clock against the host's, a web recording's timer) it is moved to
    /// `timeStep` after the previous event and counted; strict (`--strict-time`), it is an error.
    public var strictTime = false
    /// 1 µs: how far after the previous event a stepped-back one is moved.
    public static let timeStep = 1e-6
    /// Whether event lines are read quickly where they can be (`quickEvent`); off, every line
    /// goes the general way (the tests compare the two).
    var readsQuickly = true
    /// Events moved forward so far, and the first one's line.
    public private(set) var timesMovedForward = 0
    public private(set) var firstMovedLine: Int?

    /// A parser whose errors name `file`.
    public init(file: String) { self.file = file }

    /// Reads the lines from here on as events of `header`: for a journal whose header line was
    /// damaged, so the events after it still come back.
    public mutating func assume(header h: Session) { header = h }

    /// One line saying what `timesMovedForward` counts, nil when nothing was moved.
    public var timeNote: String? {
        guard timesMovedForward > 0, let line = firstMovedLine else { return nil }
        let n = timesMovedForward == 1 ? "1 event was" : "\(timesMovedForward) events were"
        return "\(file): \(n) earlier than the event before and moved to 1 µs after it (the first on line \(line)); --strict-time refuses such a file"
    }

    /// Parses line `number` (without its line break). A pointer sample or a wheel notch is read
    /// straight from its bytes where it can be (`quickEvent`); every other line, and any line
    /// the quick reading does not take, through the JSON parser and the session's fields.
    public mutating func parse(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws(SessionError) -> Line {
        if readsQuickly, hasHeader, var quick = Self.quickEvent(line) {
            try order(&quick, number: number)
            count(quick.time)
            return .event(quick)
        }
        var bytes = line
        if number == 1 {
            if bytes.starts(with: Self.byteOrderMark) {
                bytes = UnsafeBufferPointer(rebasing: bytes[Self.byteOrderMark.count...])
            }
            // A first line that is not a header's text: an image, a video, a PDF… is said by name.
            if let kind = FileSignature(bytes) {
                let hint = kind.mayBeImported ? " (`forcecanvas import` turns a Xournal++ document or a PDF into one)" : ""
                throw SessionError(file: file, line: number, message: "\(kind.phrase), not a session" + hint, isAboutTheWholeFile: true)
            }
        }
        guard Self.isUTF8(bytes) else { throw SessionError(file: file, line: number, message: "not UTF-8 text") }
        let value: JSONValue
        do {
            guard let v = try JSONParser.parse(bytes) else { return .blank }
            value = v
        } catch {
            throw SessionError(file: file, line: number, message: "not valid JSON (\(error))")
        }
        guard case .object(let members) = value else {
            throw SessionError(file: file, line: number, message: "expected a JSON object {...}")
        }
        let fields = SessionFields(members: members, file: file, line: number)
        guard hasHeader else {
            let h = try Self.parseHeader(fields)
            header = h
            return .header(h)
        }
        var event = try Self.parseEvent(fields)
        try order(&event, number: number)
        if case .checkpoint(let name) = event.event {
            if let earlier = checkpointLines[name] {
                throw fields.fail("checkpoint \"\(name)\" is already named on line \(earlier): names must be unique")
            }
            checkpointLines[name] = number
            checkpoints.append(Checkpoint(name: name, time: event.time, line: number,
                                          tolerances: try Self.parseTolerances(fields), masks: try Self.parseMasks(fields)))
        }
        if case .caption(let c) = event.event { captions.append(Player.TimedCaption(time: event.time, caption: c)) }
        count(event.time)
        return .event(event)
    }

    /// Puts `event` in time order with those before it: an earlier one is moved to `timeStep`
    /// after the previous event and counted, or refused when `strictTime`.
    private mutating func order(_ event: inout TimedEvent, number: Int) throws(SessionError) {
        guard event.time < lastTime, requiresTimeOrder else { return }
        guard !strictTime else {
            throw SessionError(file: file, line: number,
                               message: "time \(Self.format(event.time)) is earlier than the previous event's \(Self.format(lastTime)) (--strict-time)")
        }
        event.time = lastTime + Self.timeStep
        timesMovedForward += 1
        if firstMovedLine == nil { firstMovedLine = number }
    }

    /// Counts an event at `time` as read: the session's duration and event count.
    private mutating func count(_ time: Double) {
        lastTime = max(lastTime, time)
        duration = lastTime
        eventCount += 1
    }

    /// Parses one line given as text (tests, small inputs).
    public mutating func parse(_ line: String, number: Int) throws(SessionError) -> Line {
        var copy = line
        let result = copy.withUTF8 { bytes in Result { () throws(SessionError) in try parse(bytes, number: number) } }
        return try result.get()
    }

    /// The header after the last line; a file without one is an error at line 1.
    public func finish() throws(SessionError) -> Session {
        guard var header else { throw SessionError(file: file, line: 1, message: "empty file: expected a session header", isAboutTheWholeFile: true) }
        header.checkpointChecks = checkpointChecks
        return header
    }

    /// The checkpoints read so far that give themselves tolerances or masks, by name.
    public var checkpointChecks: [String: CheckpointCheck] {
        var out: [String: CheckpointCheck] = [:]
        for c in checkpoints {
            let check = CheckpointCheck(tolerances: c.tolerances, masks: c.masks)
            if !check.isEmpty { out[c.name] = check }
        }
        return out
    }

    /// Whether `bytes` are valid UTF-8; a line of ASCII (the usual case) is one quick pass.
    static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var any: UInt8 = 0
        for b in bytes { any |= b }
        if any < 0x80 { return true }
        return String(validating: bytes, as: UTF8.self) != nil
    }

    static func format(_ t: Double) -> String { String(format: "%.4f", t) }
}
