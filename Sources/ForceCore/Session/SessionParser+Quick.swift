/// The lines a session is mostly made of — a pointer sample (`down`, `move`, `up`, `cancel`) or
/// a wheel notch, flat, with numbers and plain strings — read straight from their bytes into a
/// `TimedEvent`: no JSON tree, no strings, no allocation. Anything else — another event type, a
/// key it does not know or given twice, an escape, a byte outside ASCII, a number the fast
/// conversion cannot make exact, a value out of range, a line that is not JSON — gives nil,
/// and the line goes the general way (`JSONParser`, `SessionFields`), which reads it or says
/// what is wrong with it. So the quick reading never accepts a line the general one refuses,
/// and gives the same event for every line it takes (`QuickLineTests` holds it to that).
extension SessionParser {
    /// The event on `line`, or nil for the general path.
    static func quickEvent(_ line: UnsafeBufferPointer<UInt8>) -> TimedEvent? {
        var scan = QuickLine(line)
        return scan.event()
    }
}

/// One pass over an event line's bytes.
private struct QuickLine {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The keys it reads, each a bit of `seen`.
    private enum Key: UInt16 {
        case t = 1, type = 2, x = 4, y = 8, source = 16, force = 32, maxForce = 64, altitude = 128, azimuth = 256, dy = 512
    }

    /// The event types it reads.
    private enum Kind { case pointer(PointerPhase), wheel }

    mutating func event() -> TimedEvent? {
        skipSpace()
        guard take(ASCII.openBrace) else { return nil }
        var seen: UInt16 = 0
        var t = 0.0, x = 0.0, y = 0.0, dy = 0.0
        var force: Double?, maxForce: Double?, altitude: Double?, azimuth: Double?
        var kind: Kind?
        var source = InputSource.mouse
        skipSpace()
        if take(ASCII.closeBrace) { return nil }
        while true {
            skipSpace()
            guard let key = key() else { return nil }
            guard seen & key.rawValue == 0 else { return nil }
            seen |= key.rawValue
            skipSpace()
            guard take(ASCII.colon) else { return nil }
            skipSpace()
            switch key {
            case .type:
                guard let k = typeValue() else { return nil }
                kind = k
            case .source:
                guard let s = sourceValue() else { return nil }
                source = s
            default:
                guard let v = number() else { return nil }
                switch key {
                case .t: t = v
                case .x: x = v
                case .y: y = v
                case .dy: dy = v
                case .force: force = v
                case .maxForce: maxForce = v
                case .altitude: altitude = v
                case .azimuth: azimuth = v
                case .type, .source: return nil
                }
            }
            skipSpace()
            if take(ASCII.comma) { continue }
            guard take(ASCII.closeBrace) else { return nil }
            break
        }
        skipSpace()
        guard i == bytes.count, seen & Key.t.rawValue != 0, t >= 0, t <= InputLimits.maximumTime, let kind else { return nil }
        switch kind {
        case .wheel:
            guard seen == Key.t.rawValue | Key.type.rawValue | Key.dy.rawValue else { return nil }
            return TimedEvent(time: t, event: .wheel(dy))
        case .pointer(let phase):
            let both = Key.x.rawValue | Key.y.rawValue
            guard seen & both == both, seen & Key.dy.rawValue == 0,
                  abs(x) <= InputLimits.maximumCoordinate, abs(y) <= InputLimits.maximumCoordinate else { return nil }
            return TimedEvent(time: t, event: .pointer(PointerInput(phase: phase, location: Point(x: x, y: y), source: source,
                                                                    rawForce: force, maximumForce: maxForce,
                                                                    altitude: altitude, azimuth: azimuth)))
        }
    }

    // MARK: Tokens

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case ASCII.space, ASCII.tab, ASCII.carriageReturn, ASCII.lineFeed: i += 1
            default: return
            }
        }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard i < bytes.count, bytes[i] == byte else { return false }
        i += 1
        return true
    }

    /// The bytes of a string without escapes or bytes outside printable ASCII, the quotes
    /// taken; nil for anything else.
    private mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
        guard take(ASCII.quote) else { return nil }
        let start = i
        while i < bytes.count {
            let b = bytes[i]
            if b == ASCII.quote {
                i += 1
                return UnsafeBufferPointer(rebasing: bytes[start..<(i - 1)])
            }
            guard b >= 0x20, b < 0x80, b != ASCII.backslash else { return nil }
            i += 1
        }
        return nil
    }

    private mutating func key() -> Key? {
        guard let k = plainString() else { return nil }
        switch k.count {
        case 1: return k[0] == ASCII.t ? .t : k[0] == UInt8(ascii: "x") ? .x : k[0] == UInt8(ascii: "y") ? .y : nil
        case 2: return Self.equal(k, "dy") ? .dy : nil
        case 4: return Self.equal(k, "type") ? .type : nil
        case 5: return Self.equal(k, "force") ? .force : nil
        case 6: return Self.equal(k, "source") ? .source : nil
        case 7: return Self.equal(k, "azimuth") ? .azimuth : nil
        case 8: return Self.equal(k, "maxForce") ? .maxForce : Self.equal(k, "altitude") ? .altitude : nil
        default: return nil
        }
    }

    private mutating func typeValue() -> Kind? {
        guard let v = plainString() else { return nil }
        switch v.count {
        case 2: return Self.equal(v, "up") ? .pointer(.up) : nil
        case 4: return Self.equal(v, "down") ? .pointer(.down) : Self.equal(v, "move") ? .pointer(.move) : nil
        case 5: return Self.equal(v, "wheel") ? .wheel : nil
        case 6: return Self.equal(v, "cancel") ? .pointer(.cancel) : nil
        default: return nil
        }
    }

    private mutating func sourceValue() -> InputSource? {
        guard let v = plainString() else { return nil }
        switch v.count {
        case 3: return Self.equal(v, "pen") ? .pen : nil
        case 5: return Self.equal(v, "mouse") ? .mouse : nil
        case 6: return Self.equal(v, "eraser") ? .eraser : Self.equal(v, "finger") ? .finger : nil
        default: return nil
        }
    }

    /// A finite JSON number, converted exactly as the JSON parser does (`JSONNumber.scan`).
    private mutating func number() -> Double? {
        guard i < bytes.count, case .number(let v, let end) = JSONNumber.scan(bytes, from: i), v.isFinite else { return nil }
        i = end
        return v
    }

    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        guard bytes.count == text.utf8CodeUnitCount else { return false }
        let p = text.utf8Start
        for k in 0..<bytes.count where bytes[k] != p[k] { return false }
        return true
    }
}
