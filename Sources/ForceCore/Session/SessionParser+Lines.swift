/// The meaning of a header line and of an event line (the format is in `SessionCoding`).
extension SessionParser {
    static func parseHeader(_ f: SessionFields) throws(SessionError) -> Session {
        guard case .string(let format)? = try f.value("format"), format == Session.formatName else {
            throw f.fail("expected a header with \"format\":\"\(Session.formatName)\" on the first line")
        }
        try f.allowOnly(SessionKeys.header)
        let version = try f.integer("version")
        guard Session.readableVersions.contains(version) else {
            throw f.fail("session version \(version) is not supported (this build reads versions "
                         + "\(Session.readableVersions.lowerBound) to \(Session.readableVersions.upperBound))")
        }
        let viewport = try parseViewport(f)
        let step = try f.optionalNumber("pressureStep") ?? PressureEmulator.defaultStep
        guard step > 0, step <= 1 else { throw f.fail("\"pressureStep\" must be in (0, 1]") }
        // A session without the field was recorded before notches eased: it replays with steps,
        // exactly as it was drawn.
        let easing = try f.optionalNumber("pressureEasing") ?? PressureEmulator.easingBeforeVersionField
        guard easing >= 0, easing <= PressureEmulator.maximumEasing else {
            throw f.fail("\"pressureEasing\" must be seconds in [0, \(SessionCoding.num(PressureEmulator.maximumEasing))]")
        }
        let options = try parseOptions(f)
        let curve = try parseCurve(f)
        var scene = SceneKind.canvas
        if let name = try f.optionalString("scene") {
            guard let s = SceneKind(name: name) else {
                throw f.fail("unknown scene \"\(name)\" (expected \(SceneKind.builtIn.map(\.name).joined(separator: ", ")))")
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
        var session = Session(viewport: viewport,
                              options: options, pressureStep: step, pressureEasing: easing, pressureCurve: curve, scene: scene,
                              thresholds: thresholds, fallbackInterval: settings.fallbackInterval)
        session.check = try parseCheckTolerances(f)
        session.masks = try parseMasks(f)
        session.paper = try parsePaper(f)
        session.version = version
        // Version 1 replays as it was recorded: a dock it opened took its room from the screen
        // (the debug legend counts in any scene: it opens whenever the canvas is shown).
        session.placement = version == 1 && !options.dockPanels(onCanvas: true).isEmpty ? .inside : .outside
        for key in ["barrelButton", "barrelButton2"] {
            guard let name = try f.optionalString(key) else { continue }
            guard let action = BarrelAction(rawValue: name) else {
                throw f.fail("unknown \"\(key)\" \"\(name)\" (expected \(BarrelAction.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            if key == "barrelButton" { session.barrelAction = action } else { session.barrelAction2 = action }
        }
        if let title = try f.optionalString("title") {
            guard title.utf8.count <= InputLimits.maximumNameBytes else {
                throw f.fail("\"title\" is \(title.utf8.count) bytes long (at most \(InputLimits.maximumNameBytes))")
            }
            session.title = title
        }
        return session
    }

    /// `width`, `height` and `scale` of a header or a resize: each in range, and together a
    /// surface that can exist.
    static func parseViewport(_ f: SessionFields) throws(SessionError) -> Viewport {
        let width = try f.integer("width"), height = try f.integer("height")
        guard (1...Viewport.maximumSide).contains(width), (1...Viewport.maximumSide).contains(height) else {
            throw f.fail("window size \(width)x\(height) is out of range (1…\(Viewport.maximumSide) points a side)")
        }
        let scale = try f.optionalNumber("scale") ?? 1
        let range = Viewport.scaleRange
        guard range.contains(scale) else {
            throw f.fail("\"scale\" \(SessionCoding.num(scale)) is out of range (\(SessionCoding.num(range.lowerBound))…\(SessionCoding.num(range.upperBound)))")
        }
        guard Viewport.fits(width: width, height: height, scale: scale) else {
            throw f.fail("a \(width)x\(height) window at scale \(SessionCoding.num(scale)) needs more than "
                         + "\(Viewport.maximumPixelSide) pixels a side; make it smaller or lower the scale")
        }
        return Viewport(width: width, height: height, scale: scale)
    }

    private static func parseOptions(_ f: SessionFields) throws(SessionError) -> Options {
        var options = Options()
        guard let of = try f.object("options") else { return options }
        try of.allowOnly(SessionKeys.options, in: "options")
        options.debug = try of.optionalBool("debug") ?? options.debug
        options.precise = try of.optionalBool("precise") ?? options.precise
        options.opacityFromPressure = try of.optionalBool("opacity") ?? options.opacityFromPressure
        options.simulatePressure = try of.optionalBool("simulatePressure") ?? options.simulatePressure
        options.showHelp = try of.optionalBool("help") ?? options.showHelp
        options.showHUD = try of.optionalBool("hud") ?? options.showHUD
        options.showCurve = try of.optionalBool("curve") ?? options.showCurve
        options.showEventLog = try of.optionalBool("eventLog") ?? options.showEventLog
        options.showForcePlot = try of.optionalBool("forcePlot") ?? options.showForcePlot
        options.showDiagram = try of.optionalBool("diagram") ?? options.showDiagram
        options.showTrail = try of.optionalBool("trail") ?? options.showTrail
        if let scale = try of.optionalNumber("uiScale") {
            guard Options.uiScaleRange.contains(scale) else {
                throw of.fail("uiScale \(scale) is outside \(Options.uiScaleRange.lowerBound)…\(Options.uiScaleRange.upperBound)")
            }
            options.uiScale = scale
        }
        if let w = try of.optionalString("widthMapping") {
            guard let mapping = InkWidthMapping(rawValue: w) else {
                throw f.fail("unknown width mapping \"\(w)\" (expected \(InkWidthMapping.allCases.map(\.rawValue).joined(separator: " or ")))")
            }
            options.widthMapping = mapping
        }
        if let r = try of.optionalString("renderer") {
            guard let renderer = InkRenderer(rawValue: r) else {
                throw f.fail("unknown renderer \"\(r)\" (expected \(InkRenderer.allCases.map(\.rawValue).joined(separator: " or ")))")
            }
            options.renderer = renderer
        }
        return options
    }

    private static func parseCurve(_ f: SessionFields) throws(SessionError) -> PressureCurve {
        var curve = PressureCurve.standard
        let minimum = try f.optionalNumber("minimumPressure")
        let multiplier = try f.optionalNumber("pressureMultiplier")
        let text = try f.optionalString("pressureCurve")
        do throws(PressureCurveError) {
            if let minimum { curve = curve.with(minimumPressure: try PressureCurve.parseMinimum("\(minimum)")) }
            if let multiplier { curve = curve.with(multiplier: try PressureCurve.parseMultiplier("\(multiplier)")) }
            if let text {
                curve = try PressureCurve.parse(text, minimumPressure: curve.minimumPressure, multiplier: curve.multiplier)
            }
        } catch {
            throw f.fail(error.description)
        }
        return curve
    }

    static func parseEvent(_ f: SessionFields) throws(SessionError) -> TimedEvent {
        let t = try f.number("t")
        guard t >= 0 else { throw f.fail("\"t\" must not be negative") }
        guard t <= InputLimits.maximumTime else {
            throw f.fail("\"t\" \(SessionCoding.num(t)) is past the replay clock's reach (at most \(SessionCoding.num(InputLimits.maximumTime)) s)")
        }
        let type = try f.string("type")
        guard let keys = SessionKeys.events[type] else {
            throw f.fail("unknown event type \"\(type)\" (expected \(SessionKeys.events.keys.sorted().joined(separator: ", ")))")
        }
        try f.allowOnly(keys)
        let event: InputEvent
        switch type {
        case "down", "move", "up", "cancel":
            let phase = PointerPhase(rawValue: type) ?? .move
            let sourceName = try f.optionalString("source") ?? InputSource.mouse.rawValue
            guard let source = InputSource(rawValue: sourceName) else {
                throw f.fail("unknown source \"\(sourceName)\" (expected \(InputSource.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            // Force values are clamped later, never rejected: a broken device must not stop a replay.
            var input = PointerInput(
                phase: phase, location: Point(x: try f.coordinate("x"), y: try f.coordinate("y")), source: source,
                rawForce: try f.optionalLooseNumber("force"), maximumForce: try f.optionalLooseNumber("maxForce"),
                altitude: try f.optionalNumber("altitude"), azimuth: try f.optionalNumber("azimuth"))
            if let d = try f.optionalNumber("distance") {
                guard d >= 0, d <= 1 else { throw f.fail("\"distance\" must be 0 (touching) to 1 (the farthest)") }
                input.distance = d
            }
            event = .pointer(input)
        case "wheel":
            event = .wheel(try f.number("dy"))
        case "deep":
            event = .deepPress(try f.bool("down"))
        case "command":
            let name = try f.string("name")
            guard let c = Command(rawValue: name) else { throw f.fail("unknown command \"\(name)\"") }
            event = .command(c)
        case "resize":
            event = .resize(try parseViewport(f))
        case "curve":
            guard try f.optionalString("pressureCurve") != nil else { throw f.fail("missing \"pressureCurve\"") }
            event = .pressureCurve(try parseCurve(f))
        case "shortcut":
            event = .shortcut(try f.name("item"))
        case "checkpoint":
            let name = try f.string("name")
            if let problem = Checkpoint.problem(with: name) { throw f.fail(problem) }
            event = .checkpoint(name)
        case "caption":
            event = .caption(try parseCaption(f))
        case "view":
            event = .view(try parseViewChange(f))
        case "proximity":
            let name = try f.string("source")
            guard let source = InputSource(rawValue: name) else { throw f.fail("unknown source \"\(name)\"") }
            event = .proximity(source, entering: try f.bool("in"))
        case "ui-scale":
            let scale = try f.number("scale")
            guard Options.uiScaleRange.contains(scale) else {
                let range = Options.uiScaleRange
                throw f.fail("\"scale\" \(SessionCoding.num(scale)) is out of range (\(SessionCoding.num(range.lowerBound))…\(SessionCoding.num(range.upperBound)))")
            }
            event = .uiScale(scale)
        case "button":
            let button = try f.integer("button")
            guard button == 1 || button == 2 else { throw f.fail("\"button\" must be 1 (the lower barrel button) or 2 (the upper)") }
            event = .button(PenButton(button: button, down: try f.bool("down")))
        case "tool":
            let kindName = try f.optionalString("tool") ?? "pen"
            guard let kind = InkTool.Kind(rawValue: kindName) else {
                throw f.fail("unknown tool \"\(kindName)\" (expected \(InkTool.Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            var colour: InkColour?
            if let hex = try f.optionalString("colour") {
                guard let c = InkColour(hex: hex) else { throw f.fail("\"colour\" must be #rrggbb or #rrggbbaa, not \"\(hex)\"") }
                colour = c
            }
            let size = try f.optionalNumber("size")
            if let size, !InkTool.sizeRange.contains(size) {
                throw f.fail("\"size\" \(size) is out of range: \(InkTool.sizeRange.lowerBound)–\(InkTool.sizeRange.upperBound) pt")
            }
            let fill = try f.optionalNumber("fill")
            if let fill, !(fill > 0 && fill <= 1) {
                throw f.fail("\"fill\" \(SessionCoding.num(fill)) must be an opacity above 0 and at most 1 (leave it out for no fill)")
            }
            var dash: [Double]?
            if let raw = try f.value("dash") {
                let form = "\"dash\" must be a list of lengths in points: on, off, on, off… (leave it out for a solid line)"
                guard case .array(let items) = raw else { throw f.fail(form) }
                var lengths: [Double] = []
                for item in items {
                    guard case .number(let v) = item else { throw f.fail(form) }
                    lengths.append(v)
                }
                if let problem = InkTool.dashProblem(lengths) { throw f.fail(problem) }
                dash = lengths
            }
            event = .tool(InkTool(kind: kind, colour: colour, size: size, fill: fill, dash: dash))
        case "device":
            let kindName = try f.string("kind")
            guard let kind = DeviceKind(rawValue: kindName) else {
                throw f.fail("unknown device kind \"\(kindName)\" (expected \(DeviceKind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            var details = DeviceDetails()
            func positive(_ key: String) throws(SessionError) -> Double? {
                guard let v = try f.optionalNumber(key) else { return nil }
                guard v.isFinite, v >= 0, v <= DeviceDetails.largestMeasure else { throw f.fail("\"\(key)\" must be a number from 0 to 1e9") }
                return v
            }
            details.widthMM = try positive("widthMM")
            details.heightMM = try positive("heightMM")
            details.resolution = try positive("resolution")
            details.rate = try positive("rate")
            details.tiltRange = try positive("tiltRange")
            details.pressureLevels = try positive("pressureLevels").map { Int($0) }
            // A tool id or serial is a 32-bit number, up to 4294967295.
            func toolNumber(_ key: String) throws(SessionError) -> Int? {
                guard let v = try f.optionalNumber(key) else { return nil }
                guard v.isFinite, v >= 0, v <= Double(DeviceDetails.largestToolNumber), v.rounded() == v else {
                    throw f.fail("\"\(key)\" must be a whole number from 0 to \(DeviceDetails.largestToolNumber)")
                }
                return Int(v)
            }
            details.toolID = try toolNumber("toolId")
            details.serial = try toolNumber("serial")
            event = .device(InputDevice(name: try f.name("name"), kind: kind, hasForce: try f.bool("force"),
                                        hasTilt: try f.optionalBool("tilt") ?? false, details: details))
        default:
            // Not reached: `SessionKeys.events` has a list for each type above and refused the rest.
            throw f.fail("unknown event type \"\(type)\"")
        }
        return TimedEvent(time: t, event: event)
    }

    /// A view line: `zoom` (a factor in (0, 64]) about `x`, `y`; `dx`, `dy`; `fit`; `actualSize`;
    /// or `page` (1 down, −1 up).
    static func parseViewChange(_ f: SessionFields) throws(SessionError) -> ViewChange {
        if let factor = try f.optionalNumber("zoom") {
            guard factor > 0, factor <= 64 else { throw f.fail("\"zoom\" must be a factor in (0, 64]") }
            return .zoom(factor, about: Point(x: try f.coordinate("x"), y: try f.coordinate("y")))
        }
        if try f.optionalBool("fit") == true { return .fit }
        if try f.optionalBool("actualSize") == true { return .actualSize }
        if let page = try f.optionalNumber("page") {
            guard page == 1 || page == -1 else { throw f.fail("\"page\" must be 1 (down) or -1 (up)") }
            return .page(Int(page))
        }
        guard try f.optionalNumber("dx") != nil else { throw f.fail("a view line needs \"zoom\", \"dx\"/\"dy\", \"fit\", \"actualSize\" or \"page\"") }
        return .pan(dx: try f.coordinate("dx"), dy: try f.coordinate("dy"))
    }

    /// A caption line: its text (at most `Caption.maximumTextBytes`), and the optional
    /// duration, pause and speed, each in range.
    static func parseCaption(_ f: SessionFields) throws(SessionError) -> Caption {
        // A string, or the text in each language: {"en":"…","zh-Hans":"…"} (English required).
        var translations: [String: String] = [:]
        let text: String
        if case .object? = try f.value("text"), let languages = try f.object("text") {
            for member in languages.members {
                guard case .string(let s) = member.value else { throw f.fail("\"text\".\"\(member.key)\" must be a string") }
                guard Caption.languages.contains(member.key) else {
                    throw f.fail("\"text\" has an unknown language \"\(member.key)\" (known: \(Caption.languages.joined(separator: ", ")))")
                }
                translations[member.key] = s
            }
            guard let english = translations.removeValue(forKey: "en") else { throw f.fail("\"text\" needs its English (\"en\")") }
            text = english
        } else {
            text = try f.string("text")
        }
        for t in [text] + translations.values where t.utf8.count > Caption.maximumTextBytes {
            throw f.fail("\"text\" is \(t.utf8.count) bytes long (at most \(Caption.maximumTextBytes)): split the caption in two")
        }
        let duration = try f.optionalNumber("duration")
        if let d = duration, !(d > 0 && d <= Caption.maximumDuration) {
            throw f.fail("\"duration\" must be seconds in (0, \(SessionCoding.num(Caption.maximumDuration))]")
        }
        let speed = try f.optionalNumber("speed")
        if let v = speed, !PlaybackSpeed.range.contains(v) {
            throw f.fail("\"speed\" \(SessionCoding.num(v)) is out of range (\(SessionCoding.num(PlaybackSpeed.range.lowerBound))…\(SessionCoding.num(PlaybackSpeed.range.upperBound)))")
        }
        return Caption(text: text, translations: translations, duration: duration, pause: try f.optionalBool("pause") ?? false,
                       speed: speed)
    }
}
