import Foundation

/// The settings a user keeps in a config file and overrides on the command line.
public struct Settings: Equatable, Sendable {
    public var pressureCurve: PressureCurve = .standard
    /// The wheel emulator's step per notch.
    public var pressureStep: Double = PressureEmulator.defaultStep
    /// Seconds a notch's force takes to ease in (0: steps at once).
    public var pressureEasing: Double = PressureEmulator.defaultEasing
    /// Peek and pop thresholds (normalised force); checked together by `thresholds()`, so
    /// they may be set in any order.
    public var peekThreshold = ForceThresholds.defaultPeek
    public var popThreshold = ForceThresholds.defaultPop
    /// Seconds for the timed fallback to fill (force-less devices).
    public var fallbackInterval: Double = TimedFallback.defaultWaitingInterval
    /// Where Ctrl+S exports go, as written (`~/` is the home folder; nil: the pictures folder's
    /// `ForceCanvas/`).
    public var exportDirectory: String?
    /// What the pen's lower and upper barrel buttons do (held: erase; held hovering: pan).
    public var barrelAction = BarrelAction.eraser
    public var barrelAction2 = BarrelAction.pan

    public init() {}

    /// The keys a config file may hold, with what each expects (for errors and `--help`).
    public static let keys: [(key: String, meaning: String)] = [
        ("pressure-curve", "soft, linear, firm or x1,y1,x2,y2 (0–100, xf86-input-wacom PressCurve)"),
        ("minimum-pressure", "0–1, the least force of a touching pen"),
        ("pressure-multiplier", "0–10, applied after the curve"),
        ("pressure-step", "0–1, the wheel emulator's step per notch"),
        ("pressure-easing", "seconds for a notch's force to ease in, 0–1 (0.08; 0 steps at once)"),
        ("peek-threshold", "0–1, the force where a preview peeks (0.20)"),
        ("pop-threshold", "0–1, above peek: the force where it pops (0.75)"),
        ("fallback-interval", "seconds for the timed fallback to fill, 0–60 (1.0)"),
        ("export-dir", "the folder Ctrl+S exports go to (default: the pictures folder's ForceCanvas/)"),
        ("barrel-button", "the pen's lower barrel button: eraser (held, the pen erases; the default), pan (held hovering), undo, laser (held: the laser pointer) or none"),
        ("barrel-button-2", "the pen's upper barrel button: pan (held hovering, the pen pans; the default), eraser, undo, laser or none"),
    ]

    /// Applies one `key = value` setting; throws a message naming the offending text.
    public mutating func set(_ key: String, to value: String) throws(SettingsError) {
        do {
            switch key {
            case "pressure-curve":
                pressureCurve = try PressureCurve.parse(value, minimumPressure: pressureCurve.minimumPressure,
                                                        multiplier: pressureCurve.multiplier)
            case "minimum-pressure":
                pressureCurve = pressureCurve.with(minimumPressure: try PressureCurve.parseMinimum(value))
            case "pressure-multiplier":
                pressureCurve = pressureCurve.with(multiplier: try PressureCurve.parseMultiplier(value))
            case "pressure-step":
                guard let v = DecimalText.number(value.trimmingCharacters(in: .whitespaces)), v.isFinite, v > 0, v <= 1 else {
                    throw SettingsError(message: "invalid pressure-step \"\(value)\": expected a number in (0, 1]")
                }
                pressureStep = v
            case "pressure-easing":
                guard let v = DecimalText.number(value.trimmingCharacters(in: .whitespaces)), v.isFinite, v >= 0, v <= PressureEmulator.maximumEasing else {
                    throw SettingsError(message: "invalid pressure-easing \"\(value)\": expected seconds in [0, 1]")
                }
                pressureEasing = v
            case "peek-threshold", "pop-threshold":
                guard let v = DecimalText.number(value.trimmingCharacters(in: .whitespaces)), v.isFinite, v > 0, v <= 1 else {
                    throw SettingsError(message: "invalid \(key) \"\(value)\": expected a number above 0 and at most 1")
                }
                if key == "peek-threshold" { peekThreshold = v } else { popThreshold = v }
            case "fallback-interval":
                guard let v = DecimalText.number(value.trimmingCharacters(in: .whitespaces)), v.isFinite, v > 0, v <= TimedFallback.maximumWaitingInterval else {
                    throw SettingsError(message: "invalid fallback-interval \"\(value)\": expected seconds in (0, 60]")
                }
                fallbackInterval = v
            case "barrel-button", "barrel-button-2":
                guard let action = BarrelAction(rawValue: value.trimmingCharacters(in: .whitespaces)) else {
                    throw SettingsError(message: "invalid \(key) \"\(value)\": expected \(BarrelAction.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                if key == "barrel-button" { barrelAction = action } else { barrelAction2 = action }
            case "export-dir":
                let folder = value.trimmingCharacters(in: .whitespaces)
                guard !folder.isEmpty else { throw SettingsError(message: "export-dir is empty: give a folder") }
                exportDirectory = folder
            default:
                let known = Self.keys.map(\.key).joined(separator: ", ")
                throw SettingsError(message: "unknown setting \"\(key)\" (known: \(known))")
            }
        } catch let e as PressureCurveError {
            throw SettingsError(message: e.description)
        } catch let e as SettingsError {
            throw e
        } catch {
            throw SettingsError(message: "\(error)")
        }
    }

    /// The peek and pop thresholds as a checked pair; the hysteresis band is the standard one,
    /// narrowed when the thresholds are too close for it.
    public func thresholds() throws(SettingsError) -> ForceThresholds {
        let band = min(ForceThresholds.defaultHysteresis, peekThreshold / 2, max(0, (popThreshold - peekThreshold) / 2))
        do {
            return try ForceThresholds(peek: peekThreshold, pop: popThreshold, hysteresis: band)
        } catch {
            throw SettingsError(message: "invalid thresholds (peek \(peekThreshold), pop \(popThreshold)): \(error.message)")
        }
    }

    /// Reads a config file's text: `key = value` lines, `#` comments, blank lines. The first bad
    /// line throws `FILE:LINE: message`; nothing is half-applied.
    public static func parse(_ text: String, file: String, base: Settings = Settings()) throws(SettingsError) -> Settings {
        var copy = text
        let result = copy.withUTF8 { bytes in Result { () throws(SettingsError) in try parse(bytes, file: file, base: base) } }
        return try result.get()
    }

    /// Reads a config file's bytes. Lines end in LF or CRLF; a line that is not UTF-8 text or
    /// holds a NUL byte is refused at its own number.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String, base: Settings = Settings()) throws(SettingsError) -> Settings {
        var settings = base
        try LineReader<SettingsError>.forEachLine(in: bytes) { (raw, number) throws(SettingsError) in
            let where_ = "\(file):\(number)"
            guard !raw.contains(0) else {
                throw SettingsError(message: "\(where_): holds a NUL byte (a config file is text)")
            }
            guard let text = String(validating: raw, as: UTF8.self) else {
                throw SettingsError(message: "\(where_): not UTF-8 text")
            }
            try settings.apply(line: text, at: where_)
        }
        do {
            _ = try settings.thresholds()
        } catch {
            throw SettingsError(message: "\(file): \(error.message)")
        }
        return settings
    }

    /// Applies one config line (`where_` is its `FILE:LINE`).
    private mutating func apply(line raw: String, at where_: String) throws(SettingsError) {
        let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        if line.isEmpty { return }
        guard let eq = line.firstIndex(of: "=") else {
            throw SettingsError(message: "\(where_): expected \"key = value\", found \"\(line)\"")
        }
        let key = line[..<eq].trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces)
        do {
            try set(key, to: value)
        } catch {
            throw SettingsError(message: "\(where_): \(error.message)")
        }
    }
}

/// A setting that cannot be used; the message names the offending text (and file:line).
public struct SettingsError: Error, Equatable, CustomStringConvertible, Sendable {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
