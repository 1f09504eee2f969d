import Foundation

/// Reading and writing session files (JSON Lines).
///
/// Line 1: `{"format":"forcecanvas-session","version":1,"width":W,"height":H,"scale":S,
/// "pressureStep":0.1,"pressureEasing":0.08,"options":{...}}`. Then one event per line, each with `"t"` in seconds:
/// `down`/`move`/`up`/`cancel` (`x`, `y`, `source`, optional `force`, `maxForce`, `altitude`,
/// `azimuth`), `wheel` (`dy`), `deep` (`down`), `command` (`name`), `resize` (`width`, `height`, `scale`),
/// `device` (`name`, `kind`, `force`, `tilt`), `shortcut` (`item`), `curve` (`pressureCurve`,
/// `minimumPressure`, `pressureMultiplier`), `checkpoint` (`name`), `caption` (`text`, optional
/// `duration`, `pause`, `speed`).
public enum SessionCoding {
    // MARK: Reading

    /// Parses a whole session held in memory (tests, small files; the command line streams
    /// files through `SessionParser` instead). Any bad line throws `SessionError` naming the
    /// line; nothing is half-returned.
    public static func parse(_ text: String, file: String, strictTime: Bool = false) throws(SessionError) -> Session {
        var copy = text
        let result = copy.withUTF8 { bytes in Result { () throws(SessionError) in try parse(bytes, file: file, strictTime: strictTime) } }
        return try result.get()
    }

    /// Parses a whole session from its UTF-8 bytes (CRLF or LF line ends).
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String, strictTime: Bool = false) throws(SessionError) -> Session {
        var parser = SessionParser(file: file)
        parser.strictTime = strictTime
        var events: [TimedEvent] = []
        try LineReader<SessionError>.forEachLine(in: bytes) { (line, number) throws(SessionError) in
            if case .event(let e) = try parser.parse(line, number: number) { events.append(e) }
        }
        var session = try parser.finish()
        session.events = events
        return session
    }

    // MARK: Writing

    /// The header line of a session.
    public static func headerLine(_ s: Session) -> String {
        let o = s.options
        return "{\"format\":\"\(Session.formatName)\",\"version\":\(s.placement == .inside ? 1 : s.version),"
            + "\"width\":\(s.viewport.width),\"height\":\(s.viewport.height),\"scale\":\(num(s.viewport.scale)),"
            + "\"scene\":\"\(s.scene.name)\",\"peekThreshold\":\(num(s.thresholds.peek)),"
            + "\"popThreshold\":\(num(s.thresholds.pop)),\"fallbackInterval\":\(num(s.fallbackInterval)),"
            + "\"pressureStep\":\(num(s.pressureStep)),\"pressureEasing\":\(num(s.pressureEasing)),\"pressureCurve\":\"\(s.pressureCurve.pressCurve)\","
            + "\"minimumPressure\":\(num(s.pressureCurve.minimumPressure)),\"pressureMultiplier\":\(num(s.pressureCurve.multiplier)),"
            + "\"options\":{\"debug\":\(o.debug),\"precise\":\(o.precise),"
            + "\"opacity\":\(o.opacityFromPressure),\"renderer\":\"\(o.renderer.rawValue)\","
            + "\"widthMapping\":\"\(o.widthMapping.rawValue)\","
            + "\"simulatePressure\":\(o.simulatePressure),\"help\":\(o.showHelp),\"hud\":\(o.showHUD),\"curve\":\(o.showCurve),"
            + "\"eventLog\":\(o.showEventLog),\"forcePlot\":\(o.showForcePlot)\(panelMembers(o))}" + checkMember(s.check) + maskMember(s.masks)
            + paperMember(s.paper)
            + (s.title.map { ",\"title\":\(quoted($0))" } ?? "")
            + (s.barrelAction == .eraser ? "" : ",\"barrelButton\":\"\(s.barrelAction.rawValue)\"")
            + (s.barrelAction2 == .pan ? "" : ",\"barrelButton2\":\"\(s.barrelAction2.rawValue)\"") + "}"
    }

    /// The panels and settings added after the header's first version, written only when not
    /// at their defaults (so a session without them keeps its bytes): `"diagram"`, `"trail"`
    /// and `"uiScale"`.
    static func panelMembers(_ o: Options) -> String {
        (o.showDiagram ? ",\"diagram\":true" : "") + (o.showTrail ? ",\"trail\":true" : "")
            + (o.uiScale == 1 ? "" : ",\"uiScale\":\(num(o.uiScale))")
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
            if let d = p.distance { s += ",\"distance\":\(num(d))" }
            return s + "}"
        case .wheel(let dy): return t + "\"type\":\"wheel\",\"dy\":\(num(dy))}"
        case .deepPress(let down): return t + "\"type\":\"deep\",\"down\":\(down)}"
        case .command(let c): return t + "\"type\":\"command\",\"name\":\"\(c.rawValue)\"}"
        case .resize(let v):
            return t + "\"type\":\"resize\",\"width\":\(v.width),\"height\":\(v.height),\"scale\":\(num(v.scale))}"
        case .shortcut(let type):
            return t + "\"type\":\"shortcut\",\"item\":\(quoted(type))}"
        case .pressureCurve(let c):
            return t + "\"type\":\"curve\",\"pressureCurve\":\"\(c.pressCurve)\",\"minimumPressure\":\(num(c.minimumPressure)),"
                + "\"pressureMultiplier\":\(num(c.multiplier))}"
        case .device(let d):
            var s = t + "\"type\":\"device\",\"name\":\(quoted(d.name)),\"kind\":\"\(d.kind.rawValue)\",\"force\":\(d.hasForce),\"tilt\":\(d.hasTilt)"
            let x = d.details
            for (key, value) in [("widthMM", x.widthMM), ("heightMM", x.heightMM), ("resolution", x.resolution), ("rate", x.rate),
                                 ("pressureLevels", x.pressureLevels.map(Double.init)), ("tiltRange", x.tiltRange),
                                 ("toolId", x.toolID.map(Double.init)), ("serial", x.serial.map(Double.init))] {
                if let value { s += ",\"\(key)\":\(num(value))" }
            }
            return s + "}"
        case .checkpoint(let name):
            return t + "\"type\":\"checkpoint\",\"name\":\(quoted(name))}"
        case .view(let change):
            switch change {
            case .zoom(let f, let p): return t + "\"type\":\"view\",\"zoom\":\(num(f)),\"x\":\(num(p.x)),\"y\":\(num(p.y))}"
            case .pan(let dx, let dy): return t + "\"type\":\"view\",\"dx\":\(num(dx)),\"dy\":\(num(dy))}"
            case .fit: return t + "\"type\":\"view\",\"fit\":true}"
            case .actualSize: return t + "\"type\":\"view\",\"actualSize\":true}"
            case .page(let direction): return t + "\"type\":\"view\",\"page\":\(direction)}"
            }
        case .proximity(let source, let entering):
            return t + "\"type\":\"proximity\",\"source\":\"\(source.rawValue)\",\"in\":\(entering)}"
        case .uiScale(let scale):
            return t + "\"type\":\"ui-scale\",\"scale\":\(num(scale))}"
        case .button(let b):
            return t + "\"type\":\"button\",\"button\":\(b.button),\"down\":\(b.down)}"
        case .tool(let tool):
            var s = t + "\"type\":\"tool\",\"tool\":\"\(tool.kind.rawValue)\""
            if let c = tool.colour { s += ",\"colour\":\"\(c.hex)\"" }
            if let size = tool.size { s += ",\"size\":\(num(size))" }
            if let fill = tool.fill { s += ",\"fill\":\(num(fill))" }
            if let dash = tool.dash { s += ",\"dash\":[" + dash.map(num).joined(separator: ",") + "]" }
            return s + "}"
        case .caption(let c):
            let text = c.translations.isEmpty ? quoted(c.text)
                : "{\"en\":\(quoted(c.text))" + c.translations.sorted { $0.key < $1.key }.map { ",\(quoted($0.key)):\(quoted($0.value))" }.joined() + "}"
            var s = t + "\"type\":\"caption\",\"text\":\(text)"
            if let d = c.duration { s += ",\"duration\":\(num(d))" }
            if c.pause { s += ",\"pause\":true" }
            if let v = c.speed { s += ",\"speed\":\(num(v))" }
            return s + "}"
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
        ([headerLine(s)] + s.events.map { line($0, checks: s.checkpointChecks) }).joined(separator: "\n") + "\n"
    }

    /// One event line; a checkpoint with its own tolerances and masks in `checks` keeps them.
    static func line(_ e: TimedEvent, checks: [String: CheckpointCheck]) -> String {
        guard case .checkpoint(let name) = e.event, let check = checks[name] else { return line(e) }
        let members = toleranceMembers(check.tolerances).map { "," + $0 }.joined() + maskMember(check.masks)
        return String(line(e).dropLast()) + members + "}"
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
