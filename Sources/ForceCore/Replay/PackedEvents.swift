/// Timed events packed into bytes, in order. A pointer sample, the bulk of any session, takes
/// 26 bytes and 8 more for each optional value it has (a pen with force: 42), against
/// `TimedEvent`'s 120; the rare other events are kept whole, beside the bytes. Unpacking gives
/// back the very same events, bit for bit (`render` keeps its first pass's events this way, so
/// its second pass need not parse the file again).
///
/// The records are kept in segments of at most 1 MiB, each reserved whole (appending never
/// copies), and a reader lets go of each segment it has read: when it holds the only copy, the
/// events it replayed are freed as the replay goes.
public struct PackedEvents: Sendable {
    /// 1 MiB: the most bytes of records a segment holds.
    public static let segmentBytes = 1 << 20

    /// Events packed one after another. Joining two `PackedEvents` joins their lists of
    /// segments, so no byte is copied.
    struct Segment: Sendable {
        /// The records, one an event: a first byte, then for a pointer sample its time, its
        /// flags, its location and the optional values it has.
        var bytes: [UInt8] = []
        /// The events that are not pointer samples, in order (their records are one byte).
        var others: [TimedEvent] = []
    }

    private var segments: [Segment] = []
    /// How many events are kept.
    public private(set) var count = 0
    /// The memory the events take (the bytes, and the other events whole).
    public private(set) var byteCount = 0

    /// No events.
    public init() {}

    /// How many segments hold the records.
    public var segmentCount: Int { segments.count }

    /// A record's first byte for an event kept in `others`; a pointer sample's is its phase and
    /// source (`code(_:_:)`), always below it.
    static let otherEvent: UInt8 = 0xFF

    /// Which optional values of a pointer sample follow, a bit each, in this order.
    enum Optional: UInt8 {
        case rawForce = 1, maximumForce = 2, altitude = 4, azimuth = 8, distance = 16
    }

    /// Appends `e` after the events already kept.
    public mutating func append(_ e: TimedEvent) {
        if segments.isEmpty || segments[segments.count - 1].bytes.count + Segment.longestRecord > Self.segmentBytes {
            var next = Segment()
            next.bytes.reserveCapacity(Self.segmentBytes)
            segments.append(next)
        }
        let last = segments.count - 1
        let before = segments[last].bytes.count
        segments[last].append(e)
        count += 1
        byteCount += segments[last].bytes.count - before
        if case .pointer = e.event {} else { byteCount += MemoryLayout<TimedEvent>.stride }
    }

    /// Appends every event of `more` after these (its segments: nothing is copied).
    public mutating func append(contentsOf more: PackedEvents) {
        segments += more.segments
        count += more.count
        byteCount += more.byteCount
    }

    /// A pointer sample's phase and source in one byte.
    static func code(_ phase: PointerPhase, _ source: InputSource) -> UInt8 {
        let p: UInt8 = switch phase {
        case .down: 0
        case .move: 1
        case .up: 2
        case .cancel: 3
        }
        let s: UInt8 = switch source {
        case .mouse: 0
        case .pen: 1
        case .eraser: 2
        case .finger: 3
        }
        return p | s << 2
    }

    /// The phase and source of a first byte below `otherEvent`.
    static func decode(_ code: UInt8) -> (PointerPhase, InputSource) {
        let phase: PointerPhase = switch code & 3 {
        case 0: .down
        case 1: .move
        case 2: .up
        default: .cancel
        }
        let source: InputSource = switch code >> 2 & 3 {
        case 0: .mouse
        case 1: .pen
        case 2: .eraser
        default: .finger
        }
        return (phase, source)
    }

    /// The events from the first, unpacked one at a time. Given the only copy (`consume`), the
    /// reader frees each segment once it has read it.
    public consuming func events() -> Reader { Reader(self) }

    /// Reads the events of a `PackedEvents` in order, letting go of each segment read.
    public struct Reader: TimedEventSource, Sendable {
        public typealias Failure = Never
        private var segments: [Segment]
        private var segment = 0
        private var offset = 0
        private var other = 0

        init(_ packed: consuming PackedEvents) { segments = packed.segments }

        public mutating func next() -> TimedEvent? {
            while segment < segments.count, offset == segments[segment].bytes.count {
                // Read: let go of it (freed when this was its only holder).
                segments[segment] = Segment()
                segment += 1
                offset = 0
                other = 0
            }
            guard segment < segments.count else { return nil }
            let s = segments[segment]
            return s.bytes.withUnsafeBytes { raw in
                let first = raw[offset]
                offset += 1
                guard first != PackedEvents.otherEvent else {
                    other += 1
                    return s.others[other - 1]
                }
                func double() -> Double {
                    defer { offset += 8 }
                    return Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                }
                let time = double()
                let flags = raw[offset]
                offset += 1
                let (phase, source) = PackedEvents.decode(first)
                var p = PointerInput(phase: phase, location: Point(x: double(), y: double()), source: source)
                func value(_ bit: Optional) -> Double? { flags & bit.rawValue != 0 ? double() : nil }
                p.rawForce = value(.rawForce)
                p.maximumForce = value(.maximumForce)
                p.altitude = value(.altitude)
                p.azimuth = value(.azimuth)
                p.distance = value(.distance)
                return TimedEvent(time: time, event: .pointer(p))
            }
        }
    }
}

extension PackedEvents.Segment {
    /// 66 bytes: the longest record (a pointer sample with every optional value: its first byte
    /// and its flags, then its time, location and five optional values).
    static let longestRecord = 2 + 8 * 8

    /// Appends the record of `e`, in one append of its bytes.
    mutating func append(_ e: TimedEvent) {
        guard case .pointer(let p) = e.event else {
            bytes.append(PackedEvents.otherEvent)
            others.append(e)
            return
        }
        withUnsafeTemporaryAllocation(byteCount: Self.longestRecord, alignment: 8) { record in
            var n = 0
            func put(_ v: Double) {
                record.storeBytes(of: v.bitPattern.littleEndian, toByteOffset: n, as: UInt64.self)
                n += 8
            }
            var flags: UInt8 = 0
            func flag(_ v: Double?, _ bit: PackedEvents.Optional) { if v != nil { flags |= bit.rawValue } }
            flag(p.rawForce, .rawForce)
            flag(p.maximumForce, .maximumForce)
            flag(p.altitude, .altitude)
            flag(p.azimuth, .azimuth)
            flag(p.distance, .distance)
            record[0] = PackedEvents.code(p.phase, p.source)
            n = 1
            put(e.time)
            record[n] = flags
            n += 1
            put(p.location.x)
            put(p.location.y)
            // In the order of `Optional`'s bits.
            if let v = p.rawForce { put(v) }
            if let v = p.maximumForce { put(v) }
            if let v = p.altitude { put(v) }
            if let v = p.azimuth { put(v) }
            if let v = p.distance { put(v) }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: record[..<n]))
        }
    }
}
