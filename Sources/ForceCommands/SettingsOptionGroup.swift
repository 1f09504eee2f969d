import ArgumentParser
import ForceCore
import ForceFiles
import ForcePlatform
import Foundation

/// Pressure settings: a config file, then command-line overrides.
struct SettingsOptionGroup: ParsableArguments {
    @Option(name: .customLong("config"),
            help: "Config file of `key = value` lines (default: $XDG_CONFIG_HOME/forcecanvas/config if it exists).")
    var configPath: String?

    @Option(help: "Pressure curve: soft, linear, firm, or x1,y1,x2,y2 (0–100, as xf86-input-wacom's PressCurve).")
    var pressureCurve: String?

    @Option(help: "Least force of a touching pen, 0–1 (default 0.05).")
    var minPressure: String?

    @Option(help: "Factor applied after the curve, 0–10 (default 1).")
    var pressureMultiplier: String?

    @Option(help: "Pressure change per wheel notch or [ ] key, in (0, 1] (default 0.1).")
    var pressureStep: String?

    @Option(help: "Seconds a wheel notch's or [ ] key's force takes to ease in, 0–1 (default 0.08; 0 steps at once).")
    var pressureEasing: String?

    @Option(help: "Force where a preview peeks and a menu opens, 0–1 (default 0.20).")
    var peekThreshold: String?

    @Option(help: "Force where a peek pops, above the peek threshold (default 0.75).")
    var popThreshold: String?

    @Option(help: "Seconds for the timed fallback to fill on a device without force (default 1.0).")
    var fallbackInterval: String?

    /// The settings: defaults, then the config file, then these options. A bad value prints what
    /// is wrong (naming the text and, for the file, FILE:LINE) and exits with status 1.
    func load() throws -> Settings {
        var settings = Settings()
        if let path = configPath ?? Self.defaultConfigPath() {
            let data: Data
            do {
                data = try FileKind.readWhole(path)
            } catch {
                printProblem("cannot read the config file: \(error)")
                throw ExitCode.failure
            }
            do {
                // Bytes, not a String: a line that is not UTF-8 is named by its own number.
                settings = try Array(data).withUnsafeBufferPointer { (bytes) throws(SettingsError) -> Settings in
                    try Settings.parse(bytes, file: path, base: settings)
                }
            } catch {
                printError(UserMessage(error).log)
                throw ExitCode.failure
            }
        }
        let overrides: [(String, String?)] = [
            ("pressure-curve", pressureCurve), ("minimum-pressure", minPressure),
            ("pressure-multiplier", pressureMultiplier), ("pressure-step", pressureStep), ("pressure-easing", pressureEasing),
            ("peek-threshold", peekThreshold), ("pop-threshold", popThreshold), ("fallback-interval", fallbackInterval),
        ]
        for case let (key, value?) in overrides {
            do {
                try settings.set(key, to: value)
            } catch {
                printProblem("--\(Self.optionName(key)): \(error)")
                throw ExitCode.failure
            }
        }
        do {
            _ = try settings.thresholds()
        } catch {
            printError(UserMessage(error).log)
            throw ExitCode.failure
        }
        return settings
    }

    private static func optionName(_ key: String) -> String {
        key == "minimum-pressure" ? "min-pressure" : key
    }

    /// `$XDG_CONFIG_HOME/forcecanvas/config` (or `~/.config/…`), only when the file exists.
    static func defaultConfigPath() -> String? {
        guard let base = UserFolders().configHome else { return nil }
        let path = base + "/forcecanvas/config"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}
