import Foundation

/// The settings a user keeps in a config file and overrides on the command line.
public struct Settings: Equatable, Sendable {
    public var pressureCurve: PressureCurve = .standard
    /// The wheel emulator's step per notch.
    public var pressureStep: Double = PressureEmulator.defaultStep

    public init() {}

    /// The keys a config file may hold, with what each expects (for errors and `--help`).
    public static let keys: [(key: String, meaning: String)] = [
        ("pressure-curve", "soft, linear, firm or x1,y1,x2,y2 (0–100, xf86-input-wacom PressCurve)"),
        ("minimum-pressure", "0–1, the least force of a touching pen"),
        ("pressure-multiplier", "0–10, applied after the curve"),
        ("pressure-step", "0–1, the wheel emulator's step per notch"),
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
                guard let v = Double(value.trimmingCharacters(in: .whitespaces)), v > 0, v <= 1 else {
                    throw SettingsError(message: "invalid pressure-step \"\(value)\": expected a number in (0, 1]")
                }
                pressureStep = v
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

    /// Reads a config file's text: `key = value` lines, `#` comments, blank lines. The first bad
    /// line throws `FILE:LINE: message`; nothing is half-applied.
    public static func parse(_ text: String, file: String, base: Settings = Settings()) throws(SettingsError) -> Settings {
        var settings = base
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first
                .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            if line.isEmpty { continue }
            let where_ = "\(file):\(index + 1)"
            guard let eq = line.firstIndex(of: "=") else {
                throw SettingsError(message: "\(where_): expected \"key = value\", found \"\(line)\"")
            }
            let key = line[..<eq].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            do {
                try settings.set(key, to: value)
            } catch {
                throw SettingsError(message: "\(where_): \(error.message)")
            }
        }
        return settings
    }
}

/// A setting that cannot be used; the message names the offending text (and file:line).
public struct SettingsError: Error, Equatable, CustomStringConvertible, Sendable {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
