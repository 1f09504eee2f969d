import Foundation

/// Reading and writing session files (JSON Lines).
///
/// Line 1: `{"format":"forcecanvas-session","version":1,"width":W,"height":H,"scale":S,
/// "pressureStep":0.1,"pressureEasing":0.08,"options":{...}}`. Then one event per line, each with `"t"` in seconds:
/// `down`/`move`/`up`/`cancel` (`x`, `y`, `source`, optional `force`, `maxForce`, `altitude`,
/// `azimuth`), `wheel` (`dy`), `deep` (`down`), `command` (`name`), `resize` (`width`, `height`, `scale`).
public enum SessionCoding {
    // MARK: Reading

    /// Parses a whole session. Any bad line throws `SessionError` naming the line; nothing is
    /// half-returned.
    public static func parse(_ text: String, file: String) throws(SessionError) -> Session {
        var session: Session?
        var lastTime = -Double.infinity
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            func fail(_ message: String) -> SessionError { SessionError(file: file, line: lineNumber, message: message) }
            let object: Any
            do {
                object = try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
            } catch {
                let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
                throw fail("not valid JSON" + (reason.map { " (\($0))" } ?? ""))
            }
            guard let dict = object as? [String: Any] else { throw fail("expected a JSON object {...}") }
            let fields = Fields(dict: dict, fail: fail)
            if var s = session {
                let event = try parseEvent(fields)
                guard event.time >= lastTime else {
                    throw fail("time \(format(event.time)) is earlier than the previous event's \(format(lastTime))")
                }
                lastTime = event.time
                s.events.append(event)
                session = s
            } else {
                session = try parseHeader(fields)
            }
        }
        guard let session else { throw SessionError(file: file, line: 1, message: "empty file: expected a session header") }
        return session
    }

    private static func parseHeader(_ f: Fields) throws(SessionError) -> Session {
        guard let format = f.dict["format"] as? String, format == Session.formatName else {
            throw f.fail("expected a header with \"format\":\"\(Session.formatName)\" on the first line")
        }
        let version = try f.integer("version")
        guard version == Session.currentVersion else {
            throw f.fail("session version \(version) is not supported (this build reads version \(Session.currentVersion))")
        }
        let width = try f.integer("width"), height = try f.integer("height")
        guard (1...16384).contains(width), (1...16384).contains(height) else {
            throw f.fail("window size \(width)x\(height) is out of range (1…16384)")
        }
        let scale = try f.optionalNumber("scale") ?? 1
        guard scale > 0, scale <= 8 else { throw f.fail("\"scale\" must be between 0 and 8") }
        let step = try f.optionalNumber("pressureStep") ?? PressureEmulator.defaultStep
        guard step > 0, step <= 1 else { throw f.fail("\"pressureStep\" must be in (0, 1]") }
        // Sessions from before easing replay with the default, as they are played today.
        let easing = try f.optionalNumber("pressureEasing") ?? PressureEmulator.defaultEasing
        guard easing >= 0, easing <= PressureEmulator.maximumEasing else {
            throw f.fail("\"pressureEasing\" must be seconds in [0, \(num(PressureEmulator.maximumEasing))]")
        }
        var options = Options()
        if let raw = f.dict["options"] {
            guard let o = raw as? [String: Any] else { throw f.fail("\"options\" must be an object") }
            let of = Fields(dict: o, fail: f.fail)
            options.debug = try of.optionalBool("debug") ?? options.debug
            options.precise = try of.optionalBool("precise") ?? options.precise
            options.opacityFromPressure = try of.optionalBool("opacity") ?? options.opacityFromPressure
            options.simulatePressure = try of.optionalBool("simulatePressure") ?? options.simulatePressure
            options.showHelp = try of.optionalBool("help") ?? options.showHelp
            options.showHUD = try of.optionalBool("hud") ?? options.showHUD
            options.showCurve = try of.optionalBool("curve") ?? options.showCurve
            options.showEventLog = try of.optionalBool("eventLog") ?? options.showEventLog
            options.showForcePlot = try of.optionalBool("forcePlot") ?? options.showForcePlot
            if let r = try of.optionalString("renderer") {
                guard let renderer = InkRenderer(rawValue: r) else {
                    throw f.fail("unknown renderer \"\(r)\" (expected \(InkRenderer.allCases.map(\.rawValue).joined(separator: " or ")))")
                }
                options.renderer = renderer
            }
        }
        var curve = PressureCurve.standard
        do {
            if let m = try f.optionalNumber("minimumPressure") {
                curve = curve.with(minimumPressure: try PressureCurve.parseMinimum("\(m)"))
            }
            if let m = try f.optionalNumber("pressureMultiplier") {
                curve = curve.with(multiplier: try PressureCurve.parseMultiplier("\(m)"))
            }
            if let text = try f.optionalString("pressureCurve") {
                curve = try PressureCurve.parse(text, minimumPressure: curve.minimumPressure, multiplier: curve.multiplier)
            }
        } catch let e as PressureCurveError {
            throw f.fail(e.description)
        } catch let e as SessionError {
            throw e
        } catch {
            throw f.fail("\(error)")
        }
        var scene = SceneKind.canvas
        if let name = try f.optionalString("scene") {
            guard let s = SceneKind(rawValue: name) else {
                throw f.fail("unknown scene \"\(name)\" (expected \(SceneKind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            scene = s
        }
        var settings = Settings()
        for (field, key) in [("peekThreshold", "peek-threshold"), ("popThreshold", "pop-threshold"),
                             ("fallbackInterval", "fallback-interval")] {
            guard let v = try f.optionalNumber(field) else { continue }
            do { try settings.set(key, to: "\(v)") } catch { throw f.fail(error.message) }
        }
        let thresholds: ForceThresholds
        do { thresholds = try settings.thresholds() } catch { throw f.fail(error.message) }
        return Session(viewport: Viewport(width: width, height: height, scale: scale),
                       options: options, pressureStep: step, pressureEasing: easing, pressureCurve: curve, scene: scene,
                       thresholds: thresholds, fallbackInterval: settings.fallbackInterval)
    }

    private static func parseEvent(_ f: Fields) throws(SessionError) -> TimedEvent {
        let t = try f.number("t")
        guard t >= 0 else { throw f.fail("\"t\" must not be negative") }
        let type = try f.string("type")
        let event: InputEvent
        switch type {
        case "down", "move", "up", "cancel":
            let phase = PointerPhase(rawValue: type) ?? .move
            let sourceName = try f.optionalString("source") ?? InputSource.mouse.rawValue
            guard let source = InputSource(rawValue: sourceName) else {
                throw f.fail("unknown source \"\(sourceName)\" (expected \(InputSource.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            // Force values are clamped later, never rejected: a broken device must not stop a replay.
            event = .pointer(PointerInput(
                phase: phase, location: Point(x: try f.number("x"), y: try f.number("y")), source: source,
                rawForce: try f.optionalLooseNumber("force"), maximumForce: try f.optionalLooseNumber("maxForce"),
                altitude: try f.optionalNumber("altitude"), azimuth: try f.optionalNumber("azimuth")))
        case "wheel":
            event = .wheel(try f.number("dy"))
        case "deep":
            event = .deepPress(try f.bool("down"))
        case "command":
            let name = try f.string("name")
            guard let c = Command(rawValue: name) else { throw f.fail("unknown command \"\(name)\"") }
            event = .command(c)
        case "resize":
            let w = try f.integer("width"), h = try f.integer("height")
            guard (1...16384).contains(w), (1...16384).contains(h) else {
                throw f.fail("window size \(w)x\(h) is out of range (1…16384)")
            }
            event = .resize(Viewport(width: w, height: h, scale: try f.optionalNumber("scale") ?? 1))
        case "shortcut":
            event = .shortcut(try f.string("item"))
        case "device":
            let kindName = try f.string("kind")
            guard let kind = DeviceKind(rawValue: kindName) else {
                throw f.fail("unknown device kind \"\(kindName)\" (expected \(DeviceKind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            event = .device(InputDevice(name: try f.string("name"), kind: kind, hasForce: try f.bool("force"),
                                        hasTilt: try f.optionalBool("tilt") ?? false))
        default:
            throw f.fail("unknown event type \"\(type)\"")
        }
        return TimedEvent(time: t, event: event)
    }

    /// Typed access to one line's fields, with errors naming the field.
    private struct Fields {
        let dict: [String: Any]
        let fail: (String) -> SessionError

        func number(_ key: String) throws(SessionError) -> Double {
            guard let v = try optionalNumber(key) else { throw fail("missing \"\(key)\"") }
            return v
        }
        func optionalNumber(_ key: String) throws(SessionError) -> Double? {
            guard let raw = dict[key], !(raw is NSNull) else { return nil }
            guard let n = raw as? NSNumber, !isJSONBool(n) else {
                throw fail("\"\(key)\" must be a number")
            }
            let v = n.doubleValue
            guard v.isFinite else { throw fail("\"\(key)\" must be a finite number") }
            return v
        }
        /// A number, or the strings "NaN", "inf", "-inf" (what a broken device may produce).
        func optionalLooseNumber(_ key: String) throws(SessionError) -> Double? {
            if let s = dict[key] as? String {
                switch s.lowercased() {
                case "nan": return .nan
                case "inf", "infinity", "+inf": return .infinity
                case "-inf", "-infinity": return -.infinity
                default: throw fail("\"\(key)\" must be a number")
                }
            }
            guard let raw = dict[key], !(raw is NSNull) else { return nil }
            guard let n = raw as? NSNumber, !isJSONBool(n) else { throw fail("\"\(key)\" must be a number") }
            return n.doubleValue
        }
        func integer(_ key: String) throws(SessionError) -> Int {
            let v = try number(key)
            guard v == v.rounded(), abs(v) < 1e9 else { throw fail("\"\(key)\" must be a whole number") }
            return Int(v)
        }
        func string(_ key: String) throws(SessionError) -> String {
            guard let v = try optionalString(key) else { throw fail("missing \"\(key)\"") }
            return v
        }
        func optionalString(_ key: String) throws(SessionError) -> String? {
            guard let raw = dict[key] else { return nil }
            guard let s = raw as? String else { throw fail("\"\(key)\" must be a string") }
            return s
        }
        func bool(_ key: String) throws(SessionError) -> Bool {
            guard let v = try optionalBool(key) else { throw fail("missing \"\(key)\"") }
            return v
        }
        func optionalBool(_ key: String) throws(SessionError) -> Bool? {
            guard let raw = dict[key] else { return nil }
            guard let n = raw as? NSNumber, isJSONBool(n) else { throw fail("\"\(key)\" must be true or false") }
            return n.boolValue
        }
    }

    /// JSONSerialization gives true/false as NSNumbers of type char; numbers never are.
    private static func isJSONBool(_ n: NSNumber) -> Bool { String(cString: n.objCType) == "c" }

    private static func format(_ t: Double) -> String { String(format: "%.4f", t) }

    // MARK: Writing

    /// The header line of a session.
    public static func headerLine(_ s: Session) -> String {
        let o = s.options
        return "{\"format\":\"\(Session.formatName)\",\"version\":\(Session.currentVersion),"
            + "\"width\":\(s.viewport.width),\"height\":\(s.viewport.height),\"scale\":\(num(s.viewport.scale)),"
            + "\"scene\":\"\(s.scene.rawValue)\",\"peekThreshold\":\(num(s.thresholds.peek)),"
            + "\"popThreshold\":\(num(s.thresholds.pop)),\"fallbackInterval\":\(num(s.fallbackInterval)),"
            + "\"pressureStep\":\(num(s.pressureStep)),\"pressureEasing\":\(num(s.pressureEasing)),\"pressureCurve\":\"\(s.pressureCurve.pressCurve)\","
            + "\"minimumPressure\":\(num(s.pressureCurve.minimumPressure)),\"pressureMultiplier\":\(num(s.pressureCurve.multiplier)),"
            + "\"options\":{\"debug\":\(o.debug),\"precise\":\(o.precise),"
            + "\"opacity\":\(o.opacityFromPressure),\"renderer\":\"\(o.renderer.rawValue)\","
            + "\"simulatePressure\":\(o.simulatePressure),\"help\":\(o.showHelp),\"hud\":\(o.showHUD),\"curve\":\(o.showCurve),"
            + "\"eventLog\":\(o.showEventLog),\"forcePlot\":\(o.showForcePlot)}}"
    }

    /// One event line.
    public static func line(_ e: TimedEvent) -> String {
        let t = "{\"t\":\(num(e.time)),"
        switch e.event {
        case .pointer(let p):
            var s = t + "\"type\":\"\(p.phase.rawValue)\",\"x\":\(num(p.location.x)),\"y\":\(num(p.location.y)),\"source\":\"\(p.source.rawValue)\""
            if let f = p.rawForce { s += ",\"force\":\(looseNum(f))" }
            if let m = p.maximumForce { s += ",\"maxForce\":\(looseNum(m))" }
            if let a = p.altitude { s += ",\"altitude\":\(num(a))" }
            if let a = p.azimuth { s += ",\"azimuth\":\(num(a))" }
            return s + "}"
        case .wheel(let dy): return t + "\"type\":\"wheel\",\"dy\":\(num(dy))}"
        case .deepPress(let down): return t + "\"type\":\"deep\",\"down\":\(down)}"
        case .command(let c): return t + "\"type\":\"command\",\"name\":\"\(c.rawValue)\"}"
        case .resize(let v):
            return t + "\"type\":\"resize\",\"width\":\(v.width),\"height\":\(v.height),\"scale\":\(num(v.scale))}"
        case .shortcut(let type):
            return t + "\"type\":\"shortcut\",\"item\":\(quoted(type))}"
        case .device(let d):
            return t + "\"type\":\"device\",\"name\":\(quoted(d.name)),\"kind\":\"\(d.kind.rawValue)\",\"force\":\(d.hasForce),\"tilt\":\(d.hasTilt)}"
        }
    }

    /// A JSON string literal (device names may hold quotes or non-ASCII text).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for u in text.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }

    /// The whole session as text.
    public static func encode(_ s: Session) -> String {
        ([headerLine(s)] + s.events.map(line)).joined(separator: "\n") + "\n"
    }

    /// Shortest round-tripping text of a finite number (non-finite numbers become 0).
    static func num(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return "\(v)"
    }

    /// Like `num`, but keeps NaN and infinities as strings so a broken device replays as recorded.
    static func looseNum(_ v: Double) -> String {
        if v.isNaN { return "\"NaN\"" }
        if v.isInfinite { return v > 0 ? "\"inf\"" : "\"-inf\"" }
        return num(v)
    }
}
