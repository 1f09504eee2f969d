import ArgumentParser
import ForceCore
import ForceFiles
import ForcePlatform
import Foundation

/// `forcecanvas import`: a recording made elsewhere as a ForceCanvas session.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Turn a tablet's `libinput record` capture into a session.",
        discussion: """
            Reads FILE, a `libinput record` capture (YAML) of a tablet — what Linux users attach to \
            tablet bug reports — and writes a session that replays it: presses, moves and lifts \
            with the recorded pressure, tilt and times, hover as moves without a press, the \
            tablet's area fitted into --size (aspect kept). Open it with `forcecanvas run --replay \
            OUT.jsonl`, render or check it like any session. One line says what was read: strokes, \
            samples, hover, barrel-button presses and distance samples (which the session format \
            does not hold yet), and times that stepped back (moved to 1 µs after the one before).
            """)

    @Argument(help: "The `libinput record` capture (.yml).")
    var file: String

    @Option(name: .customLong("out"), help: "The session to write (.jsonl).")
    var out: String

    @Option(help: ArgumentHelp("The document the tablet's area is fitted into: \(Size.rangeHelp) (default 1280x800).", valueName: "WxH"),
            transform: Size.parse)
    var size: Size?

    @Flag(help: "Replace OUT if it exists.")
    var overwrite = false

    func run() throws {
        let data: Data
        do {
            data = try FileKind.readWhole(file)
        } catch {
            printError("forcecanvas: \(error)")
            throw ExitCode.failure
        }
        let record: LibinputRecord
        do {
            record = try LibinputRecord(text: String(decoding: data, as: UTF8.self))
        } catch {
            printError("\(file):\(error.line): \(error.message)")
            throw ExitCode.failure
        }
        let document = size.map { Viewport(width: $0.width, height: $0.height) } ?? Viewport(width: 1280, height: 800)
        let (session, summary) = record.session(document: document)
        if !overwrite, FileManager.default.fileExists(atPath: out) {
            printError("forcecanvas: \(out) exists: --overwrite replaces it")
            throw ExitCode.failure
        }
        do {
            try WholeFile.write(Array(SessionCoding.encode(session).utf8), to: out)
        } catch {
            printError(UserMessage(error).log)
            throw ExitCode.failure
        }
        func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }
        var said = "\(out): \(summary.device.isEmpty ? "a tablet" : summary.device) · \(count(summary.strokes, "stroke")) · \(count(summary.samples, "sample"))"
        said += String(format: " · %.1f s", summary.duration)
        if summary.hoverSamples > 0 { said += " · \(summary.hoverSamples) hovering" }
        if summary.buttonPresses > 0 {
            said += summary.buttonPresses == 1 ? " · 1 barrel-button press (not kept)" : " · \(summary.buttonPresses) barrel-button presses (not kept)"
        }
        if summary.distanceSamples > 0 { said += " · \(count(summary.distanceSamples, "distance sample")) (not kept)" }
        if summary.timesMovedForward > 0 { said += " · \(count(summary.timesMovedForward, "time")) moved forward (stepped back)" }
        print(said)
    }
}
