import Foundation

/// evemu recordings: what `evemu-record` writes (and `evemu-describe`, its device part alone), the
/// format tablet bug reports and the evemu-devices database used before `libinput record`.
///
/// ```
/// # EVEMU 1.3
/// N: Wacom Intuos4 6x9 Pen
/// I: 0003 056a 00b9 0104
/// A: 00 0 44704 4 0 200            axis (hex), minimum, maximum, fuzz, flat[, resolution]
/// E: 1364787581.497486 0003 0000 4488   time, type (hex), code (hex), value
/// ```
///
/// Comments (`#`, also after an event) and the bit masks (`I:`, `P:`, `B:`, `L:`, `S:`) are
/// skipped. An events file recorded without its description (`NAME.events` beside `NAME.desc`
/// in the database) has no `A:` lines: its device comes from that description
/// (`init(evemuDescription:)`, `forcecanvas import --device`).
extension TabletCapture {
    /// Whether `bytes` are evemu's: a `# EVEMU` line, or a first line that is not a comment and
    /// is one of evemu's (`N:`, `I:`, `P:`, `B:`, `A:`, `E:`). A `libinput record` capture
    /// starts with `version:` (after its own comments).
    public static func isEvemu(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = bytes[start..<end].drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            start = end + 1
            if line.isEmpty { continue }
            if line.starts(with: "# EVEMU".utf8) { return true }
            if line.first == UInt8(ascii: "#") { continue }
            return line.count >= 2 && "NIPBAE".utf8.contains(line[line.startIndex]) && line[line.startIndex + 1] == UInt8(ascii: ":")
        }
        return false
    }

    /// Parses an evemu recording. Its device is its own (`N:` and `A:` lines), or `device`'s
    /// for an events file recorded without them; a recording with both is refused, as it is
    /// not clear which one is meant.
    public init(evemu bytes: UnsafeBufferPointer<UInt8>, device: TabletCapture?) throws(Problem) {
        self.init()
        let lines = try readEvemu(bytes)
        if let device {
            guard axes.isEmpty else {
                throw Problem(line: 1, message: "the recording describes its device itself (its A: lines): a separate description is for an events file recorded without one")
            }
            name = device.name
            axes = device.axes
        }
        guard !events.isEmpty else { throw Problem(line: lines, message: "no events (E: lines): an evemu description, not a recording of one") }
        guard hasPositionRanges else {
            throw Problem(line: 1, message: axes.isEmpty
                ? "no axes (A: lines): an events file recorded without its device's description; give that (evemu-describe's output, NAME.desc) with --device"
                : "the device has no ABS_X and ABS_Y ranges (A: 00 and A: 01): not a tablet")
        }
    }

    /// Parses an evemu device description (`evemu-describe`'s output, or a recording's own
    /// header): its name and axes, for an events file recorded without them.
    public init(evemuDescription bytes: UnsafeBufferPointer<UInt8>) throws(Problem) {
        self.init()
        let lines = try readEvemu(bytes)
        guard hasPositionRanges else {
            throw Problem(line: lines, message: axes.isEmpty
                ? "no axes (A: lines): not an evemu device description"
                : "the device has no ABS_X and ABS_Y ranges (A: 00 and A: 01): not a tablet")
        }
        events = []
    }

    /// Reads every line into `name`, `axes` and `events`; returns the number of lines.
    private mutating func readEvemu(_ bytes: UnsafeBufferPointer<UInt8>) throws(Problem) -> Int {
        var lineNumber = 0
        // The first event's whole seconds, taken off every time: a recording's times are often
        // since 1970, where a Double keeps microseconds only to about 0.2 µs.
        var epoch: Int?
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            defer { start = end + 1 }
            lineNumber += 1
            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
            // Events are nearly all of a recording: read from the bytes, no string made. (A
            // recording pasted into a bug report or a wiki is often indented.)
            let indent = line.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? line.count
            if line.count >= indent + 2, line[indent] == UInt8(ascii: "E"), line[indent + 1] == UInt8(ascii: ":") {
                guard let event = Self.evemuEvent(UnsafeBufferPointer(rebasing: line[indent...]), epoch: &epoch) else {
                    throw Problem(line: lineNumber, message: "an event is E: SECONDS.MICROSECONDS TYPE CODE VALUE (type and code in hex)")
                }
                events.append(event)
                continue
            }
            let text = String(decoding: line, as: UTF8.self)
            let content = (text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            if content.isEmpty { continue }
            let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
            switch fields[0] {
            case "N:":
                if name.isEmpty { name = text.dropFirst(2).trimmingCharacters(in: .whitespacesAndNewlines) }
            case "A:":
                // A: CODE MIN MAX FUZZ FLAT [RESOLUTION]: the code in hex, the rest decimal.
                let numbers = fields.dropFirst(2).compactMap { Int($0).map(Double.init) }
                guard fields.count >= 4, let code = Int(fields[1], radix: 16), code >= 0, code < 0x40,
                      numbers.count == fields.count - 2, let range = Axis(numbers) else {
                    throw Problem(line: lineNumber, message: "an axis is A: CODE MINIMUM MAXIMUM FUZZ FLAT [RESOLUTION] (the code in hex, the rest 32-bit integers)")
                }
                axes[code] = range
            case "I:", "P:", "B:", "L:", "S:":
                continue  // the device's ids and bit masks: the events say what it sends
            default:
                throw Problem(line: lineNumber, message: "not a line of an evemu recording (N:, I:, P:, B:, A:, E: or a # comment)")
            }
        }
        return max(1, lineNumber)
    }

    /// `E: 1364787581.497486 0003 0000 4488 # comment`, read from its bytes, its time less
    /// `epoch` whole seconds (the first event's, set by it): nil when it is not one (a part
    /// missing or out of range).
    static func evemuEvent(_ line: UnsafeBufferPointer<UInt8>, epoch: inout Int?) -> (time: Double, type: Int, code: Int, value: Double)? {
        var i = 2  // past "E:"
        func skipSpaces() -> Bool {
            let from = i
            while i < line.count, line[i] == 0x20 || line[i] == 0x09 { i += 1 }
            return i > from
        }
        /// Digits in `radix` (10 or 16), at most `most` of them; nil when there are none.
        func number(radix: Int, most: Int) -> (value: Int, digits: Int)? {
            var v = 0, digits = 0
            while i < line.count, digits < most {
                let c = line[i]
                let d: Int
                switch c {
                case 0x30...0x39: d = Int(c - 0x30)
                case 0x61...0x66 where radix == 16: d = Int(c - 0x61) + 10
                case 0x41...0x46 where radix == 16: d = Int(c - 0x41) + 10
                default: d = -1
                }
                guard d >= 0 else { break }
                v = v * radix + d
                digits += 1
                i += 1
            }
            return digits > 0 ? (v, digits) : nil
        }
        guard skipSpaces(), let seconds = number(radix: 10, most: 12) else { return nil }
        let base = epoch ?? seconds.value
        var time = Double(seconds.value - base)
        if i < line.count, line[i] == UInt8(ascii: ".") {
            i += 1
            guard let fraction = number(radix: 10, most: 9) else { return nil }
            time += Double(fraction.value) / pow(10, Double(fraction.digits))
        }
        guard skipSpaces(), let type = number(radix: 16, most: 4), skipSpaces(), let code = number(radix: 16, most: 4), skipSpaces() else {
            return nil
        }
        var negative = false
        if i < line.count, line[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        // A kernel value is a signed 32-bit integer: at most 10 digits.
        guard let value = number(radix: 10, most: 10) else { return nil }
        // Then nothing but spaces and a comment.
        _ = skipSpaces()
        guard i == line.count || line[i] == UInt8(ascii: "#") || line[i] == 0x0D else { return nil }
        epoch = base
        return (time, type.value, code.value, Double(negative ? -value.value : value.value))
    }
}
