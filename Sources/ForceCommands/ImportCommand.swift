import ArgumentParser
import ForceCore
import ForceFiles
import ForcePlatform
import Foundation

/// `forcecanvas import`: a recording made elsewhere as a ForceCanvas session.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Turn a Xournal++ document, a PDF to draw on, or a tablet's `libinput record` or evemu recording into a session.",
        discussion: """
            Reads FILE, a Xournal++ document (.xopp, gzipped or a zip package: its pages one \
            below the other on their paper — its colour and its plain, ruled, lined, graph, \
            dotted, staves or isometric ruling, its page of an annotated PDF or its image (a PNG or a JPEG), \
            drawn as Xournal++ draws it; a PDF or an image that cannot be read is counted, the \
            page drawn in its colour, and kept for when it is there —, each pen and \
            highlighter stroke with its colour, size, fill, line style (dashes, dots) and per-point \
            widths as forces, each whiteout eraser stroke as the white stroke Xournal++ draws; \
            text, images and LaTeX are counted and left out; points get times at 120 Hz), a PDF \
            (its pages one below the other, to be drawn on; exported, the annotated PDF), or a tablet's \
            `libinput record` capture (YAML; of several devices, the pen's) or evemu recording \
            (`evemu-record`, the format \
            before it, as in the evemu-devices database) — what Linux users attach to tablet bug \
            reports — and writes a session that replays it: presses, moves and lifts \
            with the recorded pressure, tilt and times, hover as moves without a press, the \
            tablet's area fitted into --size (aspect kept). Open it with `forcecanvas run --replay \
            OUT.jsonl`, render or check it like any session. One line says what was read: strokes, \
            samples, hover (with its distance), barrel-button presses (kept as button events), \
            proximity in and out, the device's area, resolution, rate and ranges, and times \
            that stepped back (moved to 1 µs after the one before). An evemu events file \
            recorded without its device (no A: lines) needs that description: --device. A puck \
            (lens or mouse cursor) becomes a mouse pressing with its left button, a touch \
            screen's capture becomes a finger's strokes.
            """)

    @Argument(help: "The Xournal++ document (.xopp), PDF, `libinput record` capture (.yml) or evemu recording.")
    var file: String

    @Option(help: ArgumentHelp("The device's description (evemu-describe's output) for an evemu events file recorded without it.",
                               valueName: "DESC"))
    var device: String?

    @Option(name: .customLong("out"), help: "The session to write (.jsonl).")
    var out: String

    @Option(help: ArgumentHelp("The document the tablet's area is fitted into: \(Size.rangeHelp) (default 1280x800).", valueName: "WxH"),
            transform: Size.parse)
    var size: Size?

    @Flag(help: "Replace OUT if it exists.")
    var overwrite = false

    /// For `bench`: print the process's peak resident bytes (VmHWM) on stderr at the end.
    @Flag(help: .hidden)
    var reportPeakMemory = false

    func validate() throws {
        try OutputFiles.refuse(out, overwrite: overwrite, inputs: [file] + (device.map { [$0] } ?? []), command: "import")
    }

    func run() throws {
        defer { if reportPeakMemory { printError("peak-resident-bytes \(PeakMemory.residentBytes() ?? 0)") } }
        let data: Data
        do {
            data = try FileKind.readWhole(file)
        } catch {
            printProblem("\(error)")
            throw ExitCode.failure
        }
        let bytes = [UInt8](data)
        _ = consume data
        let name = Wording.stem(file)
        if device != nil, !bytes.withUnsafeBufferPointer(TabletCapture.isEvemu) {
            throw ValidationError("--device is for an evemu events file recorded without its device; \(file) is not an evemu recording")
        }
        if SessionFile.isPDF(file, firstBytes: Array(bytes.prefix(5))) {
            let session: Session, summary: PDFDocument.Summary
            do {
                (session, summary) = try SessionFile.readPDF(file)
            } catch {
                printProblem("\(file): \(error.message)")
                throw ExitCode.failure
            }
            try write(session)
            var said = "\(out): PDF · \(Wording.count(summary.pages, "page")), to draw on"
            for phrase in PDFDocument.leftOut(summary) { said += " · " + phrase }
            print(said)
            return
        }
        if SessionFile.isXournal(file, firstBytes: bytes) {
            let session: Session, summary: XoppDocument.Summary
            do {
                (session, summary) = try XoppDocument.session(from: bytes, title: name, source: file, pictures: SessionFile.picturesFolder)
            } catch {
                printProblem("\(file): \(error.message)")
                throw ExitCode.failure
            }
            try write(session)
            var said = "\(out): Xournal++ · \(Wording.count(summary.pages, "page")) · \(Wording.count(summary.strokes, "stroke")) · \(Wording.count(summary.points, "point"))"
            if summary.pictures > 0 { said += " · \(Wording.count(summary.pictures, "picture"))" }
            if summary.texts > 0 { said += " · \(Wording.count(summary.texts, "typed text"))" }
            for phrase in XoppDocument.leftOut(summary) { said += " · " + phrase }
            if summary.erasers > 0 { said += " · \(Wording.count(summary.erasers, "whiteout eraser stroke")) drawn white, as Xournal++ draws it" }
            if summary.fills > 0 { said += " · \(Wording.count(summary.fills, "filled shape"))" }
            if summary.dashed > 0 { said += " · \(Wording.count(summary.dashed, "dashed or dotted stroke"))" }
            if summary.widthMapping == .touchCanvas { said += " · pressure widths by TouchCanvas's width mapping (Xournal++'s: size × pressure)" }
            print(said)
            return
        }
        if let kind = FileSignature(bytes) {
            printProblem("\(file) is \(kind.phrase): \(Self.whatItReads)")
            throw ExitCode.failure
        }
        // An empty file, and JSON (a session, one cut short or damaged, another program's
        // JSON), are no capture: said as what they are, not as a capture without events.
        guard let first = bytes.first(where: { !Self.isSpace($0) }) else {
            printProblem("\(file) is empty: there is nothing to import")
            throw ExitCode.failure
        }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            do {
                _ = try bytes.withUnsafeBufferPointer { b throws(SessionError) in try SessionCoding.parse(b, file: file) }
                printProblem("\(file) is a ForceCanvas session already: there is nothing to import (forcecanvas run --open opens it, render and check read it)")
            } catch {
                printProblem(SessionFile.isSession(firstBytes: bytes)
                    ? "\(file) is a ForceCanvas session that cannot be read: \(error)"
                    : "\(file) is JSON, not a capture (\(error)): \(Self.whatItReads)")
            }
            throw ExitCode.failure
        }
        let described = try device.map(Self.readDescription)
        let record: TabletCapture
        do {
            // Read in place: a capture is tens of megabytes of text.
            // Either format (`init(bytes:)` tells them apart); an events file with the
            // description given (an evemu recording, checked above).
            record = try bytes.withUnsafeBufferPointer { b throws(TabletCapture.Problem) in
                if let described { return try TabletCapture(evemu: b, device: described) }
                return try TabletCapture(bytes: b)
            }
        } catch {
            printProblem("\(file):\(error.line): \(error.message)")
            throw ExitCode.failure
        }
        let document = size.map { Viewport(width: $0.width, height: $0.height) } ?? Viewport(width: 1280, height: 800)
        let (session, summary) = record.session(document: document)
        try write(session)
        let count = Wording.count
        var said = "\(out): \(summary.device.isEmpty ? "a tablet" : summary.device) · \(count(summary.strokes, "stroke")) · \(count(summary.samples, "sample"))"
        said += String(format: " · %.1f s", summary.duration)
        if summary.hoverSamples > 0 { said += " · \(summary.hoverSamples) hovering" }
        if summary.buttonPresses > 0 {
            said += summary.buttonPresses == 1 ? " · 1 barrel-button press" : " · \(summary.buttonPresses) barrel-button presses"
        }
        if summary.distanceSamples > 0 { said += " · \(count(summary.distanceSamples, "distance sample"))" }
        if summary.timesMovedForward > 0 { said += " · \(count(summary.timesMovedForward, "time")) moved forward (stepped back)" }
        if summary.strokes == 0 {
            said += summary.onlyPucks ? " · no stroke: the puck never clicked (no BTN_LEFT press)"
                : " · no stroke: nothing touched (no BTN_TOUCH press)"
        }
        print(said)
    }

    /// What a file of another kind is told.
    static let whatItReads = "import reads Xournal++ documents (.xopp), PDFs and tablet captures (`libinput record` .yml, evemu recordings)"

    /// A space, a tab or a line break.
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// The device an evemu description (`--device`) gives, or the problem with it, named.
    static func readDescription(_ path: String) throws -> TabletCapture {
        do {
            let bytes = [UInt8](try FileKind.readWhole(path))
            return try bytes.withUnsafeBufferPointer { b throws(TabletCapture.Problem) in try TabletCapture(evemuDescription: b) }
        } catch let problem as TabletCapture.Problem {
            printProblem("\(path):\(problem.line): \(problem.message)")
        } catch {
            printProblem("\(error)")
        }
        throw ExitCode.failure
    }

    /// Writes the session to `out` (whole or not at all); `validate` refused an `out` that
    /// exists without `--overwrite`, or that is the file imported.
    func write(_ session: Session) throws {
        do {
            try SessionFile.write(session, to: out)
        } catch {
            printError(UserMessage(error).log)
            throw ExitCode.failure
        }
    }
}
