import Foundation

/// A tablet's recorded evdev events turned into a session: a `libinput record` capture (YAML),
/// what Linux users attach to tablet bug reports, or an evemu recording (`evemu-record`, the
/// format before it, as in the evemu-devices database; `TabletCapture+Evemu.swift`), replayed as
/// the device sent it.
///
/// A capture is read line by line, without a YAML library: a device's name and `absinfo` (min,
/// max, fuzz, flat, resolution per axis), then every evdev event `[sec, usec, type, code,
/// value]` of its `events` list (of several devices, the pen's). Either format gives the same three
/// things (`name`, `axes`, `events`), and `session(document:)` replays them.
///
/// At each `SYN_REPORT` the frame's changes become one pointer sample:
/// `BTN_TOUCH` going down or up is a press or a lift, a touching frame a move with `ABS_PRESSURE`
/// as raw force (`maxForce` the axis's maximum), a frame in proximity (`BTN_TOOL_PEN`,
/// `BTN_TOOL_RUBBER`: the eraser) without touch a hover move; `ABS_TILT_X/Y` become altitude and
/// azimuth; the barrel buttons (`BTN_STYLUS`, `BTN_STYLUS2`) become `button` events 1 and 2.
/// The tablet's area is fitted into the document, aspect kept and centred. Times are the
/// recorded ones from the first event, 0.1 s in; one that steps back is moved to 1 µs after the
/// one before and counted. `ABS_DISTANCE` is the hover samples' `distance` (0–1 of its range),
/// the tool leaving and entering the tablet's range `proximity` events, and the device line
/// carries the area, resolution, pressure levels, tilt range and report rate, and the tool's id
/// (`ABS_MISC`) and serial (`MSC_SERIAL`) when the driver sends them.
public struct TabletCapture {
    /// One axis's range as the kernel reports it.
    public struct Axis: Equatable, Sendable {
        public var minimum: Double
        public var maximum: Double
        /// Units per millimetre (positions) or per radian (tilt); 0 when not given.
        public var resolution: Double

        public init(minimum: Double, maximum: Double, resolution: Double) {
            self.minimum = minimum
            self.maximum = maximum
            self.resolution = resolution
        }

        /// A tilt axis's upright value: 0 where the range spans it (±64, ±9000), else its middle
        /// (older kernels gave a Wacom's tilt as 0…127, 64 upright).
        var upright: Double { minimum < 0 && maximum > 0 ? 0 : (minimum + maximum) / 2 }

        /// An axis from its absinfo values (minimum, maximum, fuzz, flat, resolution; the last
        /// three may be missing): nil unless each is an integer of 32 bits, as the kernel's are.
        init?(_ values: [Double]) {
            guard values.count >= 2, values.allSatisfy({ $0.rounded() == $0 && abs($0) <= 2_147_483_648 }) else { return nil }
            self.init(minimum: values[0], maximum: values[1], resolution: values.count >= 5 ? max(0, values[4]) : 0)
        }
    }

    /// What the conversion found, for its one-line report.
    public struct Summary: Equatable, Sendable {
        public var device = ""
        public var strokes = 0
        public var samples = 0
        public var hoverSamples = 0
        public var buttonPresses = 0
        public var distanceSamples = 0
        public var timesMovedForward = 0
        public var duration = 0.0
        /// The only tools that came near were pucks (mouse or lens cursors), which touch by
        /// clicking `BTN_LEFT`, not with a tip (`BTN_TOUCH`).
        public var onlyPucks = false
    }

    /// Why a file is not a tablet's capture, with its line.
    public struct Problem: Error, CustomStringConvertible, Equatable {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    enum Code {
        static let syn = 0, key = 1, abs = 3, msc = 4
        static let misc = 40, serial = 0
        static let x = 0, y = 1, pressure = 24, distance = 25, tiltX = 26, tiltY = 27
        static let left = 272, touch = 330, stylus = 331, stylus2 = 332
        static let toolPen = 320, toolRubber = 321, toolBrush = 322, toolPencil = 323, toolAirbrush = 324, toolFinger = 325,
                   toolMouse = 326, toolLens = 327
        static let multitouchX = 53
    }

    public internal(set) var name = ""
    public internal(set) var axes: [Int: Axis] = [:]
    /// The evdev events in file order: time in seconds, type, code, value.
    public internal(set) var events: [(time: Double, type: Int, code: Int, value: Double)] = []

    init() {}

    /// Parses the capture's bytes (a file read whole), in place.
    public init(bytes: [UInt8]) throws(Problem) {
        let parsed = bytes.withUnsafeBufferPointer { b in Result { () throws(Problem) in try TabletCapture(bytes: b) } }
        self = try parsed.get()
    }

    /// Parses the capture's text.
    public init(text: String) throws(Problem) {
        var copy = text
        let parsed = copy.withUTF8 { bytes in Result { () throws(Problem) in try TabletCapture(bytes: bytes) } }
        self = try parsed.get()
    }

    /// Parses a capture's UTF-8 bytes, either format (an evemu recording is known by its
    /// lines, `TabletCapture.isEvemu`).
    public init(bytes: UnsafeBufferPointer<UInt8>) throws(Problem) {
        if Self.isEvemu(bytes) {
            try self.init(evemu: bytes, device: nil)
        } else {
            try self.init(libinputRecord: bytes)
        }
    }

    /// Parses a `libinput record` capture: the events' lines (nearly all of a capture) by a
    /// byte-level reader, the devices' few lines as text. A capture of several devices (a
    /// tablet's pen and pad, recorded together) is read as its pen's: the first device with a
    /// tablet's area whose events bring a tool near or touch, else the first.
    init(libinputRecord bytes: UnsafeBufferPointer<UInt8>) throws(Problem) {
        var devices: [TabletCapture] = []
        var device = TabletCapture()
        var inAbsinfo = false, inEvents = false
        var lineNumber = 0
        var start = 0
        let newline = UInt8(ascii: "\n")
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: newline) ?? bytes.count
            defer { start = end + 1 }
            lineNumber += 1
            let lineBytes = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if inEvents, let event = Self.event(lineBytes) {
                device.events.append(event)
                continue
            }
            let raw = String(decoding: lineBytes, as: UTF8.self)[...]
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let trimmed = code.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("- node:") {
                if !device.events.isEmpty || !device.axes.isEmpty || !device.name.isEmpty { devices.append(device) }
                device = TabletCapture()
                (inAbsinfo, inEvents) = (false, false)
                continue
            }
            if trimmed.hasPrefix("name:"), device.name.isEmpty {
                device.name = trimmed.dropFirst(5).trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                continue
            }
            if trimmed == "absinfo:" { inAbsinfo = true; continue }
            if trimmed == "events:" { inEvents = true; inAbsinfo = false; continue }
            if inAbsinfo {
                // "0: [0, 44800, 4, 0, 200]"
                guard let colon = trimmed.firstIndex(of: ":"), let axis = Int(trimmed[..<colon]) else {
                    if !trimmed.isEmpty { inAbsinfo = false }
                    continue
                }
                let values = Self.numbers(in: String(trimmed[trimmed.index(after: colon)...]))
                guard values.count >= 2, let range = Axis(values) else {
                    throw Problem(line: lineNumber, message: "absinfo of axis \(axis) is [minimum, maximum, fuzz, flat, resolution], 32-bit integers")
                }
                device.axes[axis] = range
                continue
            }
            guard inEvents, trimmed.hasPrefix("- ["), trimmed.hasSuffix("]") else { continue }
            let values = Self.numbers(in: String(trimmed.dropFirst(2)))
            // Integers, as the kernel's are (a decimal or 1e300 would trap as an Int).
            guard values.count == 5, values.allSatisfy({ $0.rounded() == $0 && abs($0) < 1e15 }) else {
                throw Problem(line: lineNumber, message: "an evdev event is [sec, usec, type, code, value], five integers")
            }
            let time = values[0] + values[1] / 1e6
            guard time.isFinite, time >= 0 else { throw Problem(line: lineNumber, message: "the event's time is not a time") }
            device.events.append((time, Int(values[2]), Int(values[3]), values[4]))
        }
        devices.append(device)
        self = devices.first { $0.hasPositionRanges && $0.bringsAToolNearOrTouches } ?? devices[0]
        guard !events.isEmpty else { throw Problem(line: lineNumber, message: "no evdev events: not a `libinput record` capture of a device") }
        guard hasPositionRanges else {
            throw Problem(line: 1, message: "the device has no ABS_X and ABS_Y ranges (absinfo 0 and 1): not a tablet")
        }
    }

    /// Whether the events bring a tool near (`BTN_TOOL_*`) or touch (`BTN_TOUCH`): a pen's or a
    /// touch screen's, not a pad's buttons.
    var bringsAToolNearOrTouches: Bool {
        events.contains { $0.type == Code.key && ($0.code == Code.touch || Self.tool(forKey: $0.code) != nil) }
    }

    /// Whether the device's X and Y axes have ranges (a tablet's area).
    var hasPositionRanges: Bool {
        guard let x = axes[Code.x], let y = axes[Code.y] else { return false }
        return x.maximum > x.minimum && y.maximum > y.minimum
    }

    /// `    - [sec, usec, type, code, value] # comment` read without making a string: nil when
    /// the line is anything else (or not five integers).
    static func event(_ line: UnsafeBufferPointer<UInt8>) -> (time: Double, type: Int, code: Int, value: Double)? {
        var i = 0
        func skipSpaces() { while i < line.count, line[i] == 0x20 || line[i] == 0x09 { i += 1 } }
        skipSpaces()
        guard i < line.count, line[i] == UInt8(ascii: "-") else { return nil }
        i += 1
        skipSpaces()
        guard i < line.count, line[i] == UInt8(ascii: "[") else { return nil }
        i += 1
        var values = [Int](repeating: 0, count: 5)
        for k in 0..<5 {
            skipSpaces()
            var negative = false
            if i < line.count, line[i] == UInt8(ascii: "-") {
                negative = true
                i += 1
            }
            var v = 0, digits = 0
            while i < line.count, line[i] >= 0x30, line[i] <= 0x39, digits < 15 {
                v = v * 10 + Int(line[i] - 0x30)
                i += 1
                digits += 1
            }
            guard digits > 0 else { return nil }
            values[k] = negative ? -v : v
            skipSpaces()
            guard i < line.count, line[i] == (k == 4 ? UInt8(ascii: "]") : UInt8(ascii: ",")) else { return nil }
            i += 1
        }
        guard values[0] >= 0, values[1] >= 0 else { return nil }
        return (Double(values[0]) + Double(values[1]) / 1e6, values[2], values[3], Double(values[4]))
    }

    /// The integers and decimals in `text` ("[0, -64, 63]" → 0, -64, 63).
    static func numbers(in text: String) -> [Double] {
        text.split(whereSeparator: { ", []\t".contains($0) }).compactMap { Double($0) }
    }

    /// The session of this capture on a `document`-sized screen, and what was in it.
    public func session(document: Viewport) -> (Session, Summary) {
        var summary = Summary()
        summary.device = name
        // Unwrapped at `init`.
        let xAxis = axes[Code.x] ?? Axis(minimum: 0, maximum: 1, resolution: 0)
        let yAxis = axes[Code.y] ?? Axis(minimum: 0, maximum: 1, resolution: 0)
        let pressureAxis = axes[Code.pressure]
        let tilt = axes[Code.tiltX] != nil && axes[Code.tiltY] != nil
        let uprightX = axes[Code.tiltX]?.upright ?? 0, uprightY = axes[Code.tiltY]?.upright ?? 0
        let scale = min(Double(document.width) / (xAxis.maximum - xAxis.minimum), Double(document.height) / (yAxis.maximum - yAxis.minimum))
        let offset = Point(x: (Double(document.width) - scale * (xAxis.maximum - xAxis.minimum)) / 2,
                           y: (Double(document.height) - scale * (yAxis.maximum - yAxis.minimum)) / 2)
        var session = Session(viewport: document)
        session.title = name.isEmpty ? nil : name
        let details = self.details
        let start = events.first?.time ?? 0
        // A position in the document; one far beyond the tablet's area (a damaged capture's)
        // stops at the coordinates' reach, as a session's must.
        func place(_ x: Double, _ y: Double) -> Point {
            let reach = InputLimits.maximumCoordinate
            return Point(x: min(reach, max(-reach, offset.x + (x - xAxis.minimum) * scale)),
                         y: min(reach, max(-reach, offset.y + (y - yAxis.minimum) * scale)))
        }
        // Times from the first event, 0.1 s in, within the replay clock's reach; one before
        // 0.1 s (a damaged file's event earlier than the first) or the one before it moves on.
        let lead = 0.1
        var last = lead - SessionParser.timeStep
        // To the microsecond, as the recorders write them (0.100014, not 0.10001400000000002).
        func time(_ frame: Double) -> Double { min(((frame - start + lead) * 1e6).rounded() / 1e6, InputLimits.maximumTime) }
        // The state the frames build up, and what the last frame sent.
        var x = xAxis.minimum, y = yAxis.minimum, pressure = 0.0, tiltX = 0.0, tiltY = 0.0, distance: Double?
        var tool = toolNearAtStart, touching = false
        var sentTool: InputSource?, sentTouch = false, announced = false
        var frameTime = 0.0, changed = false
        var buttons: [PenButton] = []
        var toolID: Int?, serial: Int?
        var tools: Set<InputSource> = toolNearAtStart.map { [$0] } ?? []
        for e in events {
            frameTime = e.time
            switch (e.type, e.code) {
            case (Code.abs, Code.x): x = e.value; changed = true
            case (Code.abs, Code.y): y = e.value; changed = true
            case (Code.abs, Code.pressure): pressure = e.value; changed = true
            case (Code.abs, Code.tiltX): tiltX = e.value - uprightX; changed = true
            case (Code.abs, Code.tiltY): tiltY = e.value - uprightY; changed = true
            case (Code.abs, Code.misc): toolID = DeviceDetails.toolNumber(Int(e.value)) ?? toolID
            case (Code.msc, Code.serial): serial = DeviceDetails.toolNumber(Int(e.value)) ?? serial
            case (Code.abs, Code.distance):
                summary.distanceSamples += 1
                if let axis = axes[Code.distance], axis.maximum > axis.minimum {
                    distance = min(1, max(0, (e.value - axis.minimum) / (axis.maximum - axis.minimum)))
                }
                changed = true
            case (Code.key, let code) where Self.tool(forKey: code) != nil:
                let named = Self.tool(forKey: code)
                tool = e.value != 0 ? named : (tool == named ? nil : tool)
                if e.value != 0, let named { tools.insert(named) }
            // A pen touches with its tip, a puck with its left button.
            case (Code.key, Code.touch): if tool != .mouse { touching = e.value != 0 }
            case (Code.key, Code.left): if tool == .mouse { touching = e.value != 0 }
            case (Code.key, Code.stylus), (Code.key, Code.stylus2):
                if e.value != 0 { summary.buttonPresses += 1 }
                buttons.append(PenButton(button: e.code == Code.stylus ? 1 : 2, down: e.value != 0))
            case (Code.syn, 0):
                var t = time(frameTime)
                if t < last {
                    t = min(last + SessionParser.timeStep, InputLimits.maximumTime)
                    summary.timesMovedForward += 1
                }
                func emit(_ event: InputEvent) {
                    session.events.append(TimedEvent(time: t, event: event))
                    last = t
                }
                if tool != nil, !announced {
                    var d = details
                    (d.toolID, d.serial) = (toolID, serial)
                    let kind: DeviceKind = tool == .finger ? .touch : tool == .mouse ? .mouse : .pen
                    emit(.device(InputDevice(name: name.isEmpty ? (kind == .touch ? "Touch screen" : "Tablet") : name, kind: kind,
                                             hasForce: pressureAxis != nil && kind != .mouse, hasTilt: tilt, details: d)))
                    announced = true
                }
                if tool != sentTool {
                    // A pen's ends come near and leave; a finger only touches, a puck only moves.
                    let nears: Set<InputSource> = [.pen, .eraser]
                    if let out = sentTool, nears.contains(out) { emit(.proximity(out, entering: false)) }
                    if let into = tool, nears.contains(into) { emit(.proximity(into, entering: true)) }
                }
                for b in buttons { emit(.button(b)) }
                buttons.removeAll()
                let location = place(x, y)
                let angles = tilt ? Self.altitudeAzimuth(tiltX: tiltX, tiltY: tiltY, resolution: axes[Code.tiltX]?.resolution ?? 0) : nil
                let source = tool ?? sentTool ?? .pen
                func sample(_ phase: PointerPhase, force touching: Bool) -> InputEvent {
                    // A puck has no pressure: the replay's wheel emulator gives its force.
                    let force = touching && source != .mouse
                    var input = PointerInput(phase: phase, location: location, source: source,
                                             rawForce: force ? pressureAxis.map { _ in pressure } : nil,
                                             maximumForce: force ? pressureAxis?.maximum : nil,
                                             altitude: angles?.altitude, azimuth: angles?.azimuth)
                    if !touching { input.distance = distance }
                    return .pointer(input)
                }
                let down = touching && tool != nil
                if down, !sentTouch {
                    emit(sample(.down, force: true))
                    summary.strokes += 1
                    summary.samples += 1
                } else if !down, sentTouch {
                    emit(sample(.up, force: true))
                    summary.samples += 1
                } else if changed, tool != nil {
                    emit(sample(.move, force: down))
                    if down { summary.samples += 1 } else { summary.hoverSamples += 1 }
                }
                sentTouch = down
                sentTool = tool
                changed = false
            default:
                break
            }
        }
        if sentTouch {
            session.events.append(TimedEvent(time: max(last, time(frameTime)), event: .pointer(PointerInput(phase: .up,
                location: place(x, y), source: sentTool ?? .pen))))
        }
        summary.duration = session.events.last?.time ?? 0
        summary.onlyPucks = tools == [.mouse]
        return (session, summary)
    }

    /// The tool already near the tablet when the recording began: a recorder writes only what
    /// changes, so a pen in proximity from before sends no `BTN_TOOL_PEN` press; its first tool
    /// event is then its leaving, or there is none at all while it moves or touches. Nil when
    /// the first tool event is a tool coming near (or nothing moves). A touch screen's capture
    /// (no pen tool; `BTN_TOOL_FINGER` or multitouch axes) is a finger's throughout.
    var toolNearAtStart: InputSource? {
        for e in events where e.type == Code.key {
            guard let named = Self.tool(forKey: e.code) else { continue }
            return e.value != 0 ? nil : named
        }
        let moves = events.contains { e in
            (e.type == Code.abs && (e.code == Code.x || e.code == Code.y)) || (e.type == Code.key && e.code == Code.touch)
        }
        guard moves else { return nil }
        let fingers = axes[Code.multitouchX] != nil || events.contains { $0.type == Code.key && $0.code == Code.toolFinger }
        return fingers ? .finger : .pen
    }

    /// The tool a `BTN_TOOL_*` key brings near: a pen (also its brush, pencil and airbrush
    /// kinds), its eraser end, or a mouse or lens cursor (a puck, pressing with `BTN_LEFT`). Nil
    /// for any other key, and for `BTN_TOOL_FINGER`, which a touch screen sends with each touch.
    static func tool(forKey code: Int) -> InputSource? {
        switch code {
        case Code.toolPen, Code.toolBrush, Code.toolPencil, Code.toolAirbrush: .pen
        case Code.toolRubber: .eraser
        case Code.toolMouse, Code.toolLens: .mouse
        default: nil
        }
    }

    /// What the capture says of the device: its area in millimetres and resolution (from the
    /// X and Y axes), pressure levels, tilt range in degrees, and its report rate (the median
    /// interval between `SYN_REPORT`s).
    ///
    /// A measure beyond what a session keeps (`DeviceDetails.largestMeasure`: an axis of
    /// billions of units with no resolution) is left out, so the session reads back.
    public var details: DeviceDetails {
        var d = DeviceDetails()
        if let x = axes[Code.x], let y = axes[Code.y], x.resolution > 0, y.resolution > 0 {
            d.widthMM = (x.maximum - x.minimum) / x.resolution
            d.heightMM = (y.maximum - y.minimum) / y.resolution
            d.resolution = x.resolution
        }
        if let p = axes[Code.pressure], p.maximum > p.minimum { d.pressureLevels = Int(p.maximum - p.minimum) + 1 }
        if let t = axes[Code.tiltX], t.maximum > t.minimum {
            let perDegree = t.resolution > 0 ? t.resolution * Double.pi / 180 : 1
            d.tiltRange = (max(abs(t.minimum - t.upright), abs(t.maximum - t.upright)) / perDegree).rounded()
        }
        let reports = events.filter { $0.type == Code.syn && $0.code == 0 }.map(\.time)
        let gaps = zip(reports, reports.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }.sorted()
        if !gaps.isEmpty { d.rate = (1 / gaps[gaps.count / 2]).rounded() }
        func kept(_ v: Double?) -> Double? { v.flatMap { $0.isFinite && $0 >= 0 && $0 <= DeviceDetails.largestMeasure ? $0 : nil } }
        (d.widthMM, d.heightMM, d.resolution, d.rate, d.tiltRange) = (kept(d.widthMM), kept(d.heightMM), kept(d.resolution), kept(d.rate), kept(d.tiltRange))
        d.pressureLevels = kept(d.pressureLevels.map(Double.init)).map { Int($0) }
        return d
    }

    /// A pen's tilt from the vertical along X and Y (kernel units, `resolution` per radian; 0:
    /// degrees) as altitude (π/2 upright) and azimuth (the direction it leans, radians).
    static func altitudeAzimuth(tiltX: Double, tiltY: Double, resolution: Double) -> (altitude: Double, azimuth: Double) {
        let perRadian = resolution > 0 ? resolution : 180 / Double.pi
        let tx = tiltX / perRadian, ty = tiltY / perRadian
        let lean = atan(sqrt(tan(tx) * tan(tx) + tan(ty) * tan(ty)))
        let azimuth = atan2(tan(ty), tan(tx))
        return (Double.pi / 2 - lean, azimuth < 0 ? azimuth + 2 * Double.pi : azimuth)
    }
}
