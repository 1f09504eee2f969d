import ArgumentParser
import ForceFiles
import Foundation
import SDLHost

struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the input devices ForceCanvas sees, their axes and whether they report force.")

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        let report: DeviceReport
        do {
            report = try DeviceReport.current()
        } catch {
            printError(UserMessage(error).log)
            throw ExitCode.failure
        }
        print(json ? try Self.json(report) : Self.table(report), terminator: "")
    }

    // MARK: Table

    static func table(_ r: DeviceReport) -> String {
        var out = "X input devices on \(r.display) (XInput \(r.xinputVersion))\n"
        let nameWidth = min(40, max(4, r.devices.map(\.name.count).max() ?? 0))
        out += "  id  " + pad("name", nameWidth) + "  " + pad("use", 15) + "  " + pad("kind", 8) + "  force\n"
        for d in r.devices {
            let force = d.force.reason.map { "no (\($0))" } ?? "yes"
            out += pad(String(d.id), 4, right: true) + "  " + pad(d.name, nameWidth) + "  " + pad(d.use.rawValue, 15)
                + "  " + pad(d.kind.rawValue, 8) + "  " + force + (d.isEnabled ? "" : " · disabled") + "\n"
            for a in d.axes {
                out += "        axis \(a.number)  " + pad(a.label.isEmpty ? "(unlabelled)" : a.label, 14)
                    + "  " + pad(a.range.map { "\(number($0.lowerBound))…\(number($0.upperBound))" } ?? "no range reported", 20)
                    + "  resolution \(a.resolution)  \(a.isAbsolute ? "absolute" : "relative")\n"
            }
        }
        out += "Pressure emulator: force yes (a mouse button held and the wheel turned: the force without a pressure device)\n"
        out += r.displays.isEmpty ? "Displays: none\n" : "Displays (run --display N):\n" + r.displays.map { "  \($0)\n" }.joined()
        if let note = r.touchNote {
            out += "SDL touch devices: not listed (\(note))\n"
        } else if r.touchDevices.isEmpty {
            out += "SDL touch devices: none\n"
        } else {
            out += "SDL touch devices:\n"
            for t in r.touchDevices { out += "  \(t.id)  \(t.name)  (\(t.type); no force: SDL reports a constant 1.0)\n" }
        }
        return out
    }

    private static func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
        let text = s.count > width ? String(s.prefix(width - 1)) + "…" : s
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return right ? fill + text : text + fill
    }

    private static func number(_ v: Double) -> String {
        v.rounded() == v && abs(v) < 1e15 ? String(Int64(v)) : String(format: "%g", v)
    }

    // MARK: JSON

    struct Output: Encodable {
        var display: String
        var xinput: String
        var devices: [Device]
        var touch: [Touch]
        var touchNote: String?
        var displays: [String]
    }

    struct Device: Encodable {
        var id: Int32
        var name: String
        var use: String
        var kind: String
        var enabled: Bool
        var force: Bool
        var forceReason: String?
        var tilt: Bool
        var axes: [Axis]
    }

    /// An axis; `min` and `max` are null when the device reports no range (X says -1 to -1,
    /// as the table's "no range reported" does).
    struct Axis: Encodable {
        var number: Int
        var label: String
        var min: Double?
        var max: Double?
        var resolution: Int
        var mode: String

        private enum CodingKeys: String, CodingKey { case number, label, min, max, resolution, mode }

        /// Every key written, a missing range as null (not left out).
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(number, forKey: .number)
            try c.encode(label, forKey: .label)
            try c.encode(min, forKey: .min)
            try c.encode(max, forKey: .max)
            try c.encode(resolution, forKey: .resolution)
            try c.encode(mode, forKey: .mode)
        }
    }

    struct Touch: Encodable {
        var id: Int64
        var name: String
        var type: String
    }

    static func json(_ r: DeviceReport) throws -> String {
        let output = Output(
            display: r.display, xinput: r.xinputVersion,
            devices: r.devices.map { d in
                Device(id: d.id, name: d.name, use: d.use.rawValue, kind: d.kind.rawValue, enabled: d.isEnabled,
                       force: d.force.reportsForce, forceReason: d.force.reason, tilt: d.hasTilt,
                       axes: d.axes.map { a in
                           Axis(number: a.number, label: a.label, min: a.range?.lowerBound, max: a.range?.upperBound,
                                resolution: a.resolution, mode: a.isAbsolute ? "absolute" : "relative")
                       })
            },
            touch: r.touchDevices.map { Touch(id: $0.id, name: $0.name, type: $0.type) },
            touchNote: r.touchNote, displays: r.displays)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // X ranges are finite; a broken driver's infinities are written as strings, not refused.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "NaN")
        return String(decoding: try encoder.encode(output), as: UTF8.self) + "\n"
    }
}
