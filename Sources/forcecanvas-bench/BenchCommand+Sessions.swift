import CairoRender
import ForceCommands
import ForceCore
import ForceFiles
import ForcePlatform
import Foundation

/// Bench sections 7 and 8: loading sessions, and loading + rendering a big document (against
/// Xournal++ when it is installed).
extension BenchCommand {
    /// The document of section 8: 2,000 strokes of 60 pen samples (120k points) at 1920x1080.
    static let documentStrokes = 2_000
    static let documentPoints = 60
    /// Section 8's second document: 20,000 strokes (1.2 M points).
    static let bigDocumentStrokes = 20_000
    /// Section 7 parses at least this many lines.
    static let parseLines = 100_000
    /// Timed runs of the parse (the best one counts).
    static let parseRuns = 3
    /// Section 8's runs of each program as a process: the shortest time and the least CPU
    /// count, for both alike (one run on a shared machine varies by ±15 %).
    static let processRuns = 3
    /// 64 KiB: generated files are written in blocks this size.
    static let writeBlock = 64 * 1024

    func printSessionSections() throws {
        let dir = NSTemporaryDirectory() + "forcecanvas-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let doc = DocumentGenerator(strokes: Self.documentStrokes, pointsPerStroke: Self.documentPoints,
                                    viewport: Self.viewport)
        let path = "\(dir)/document.jsonl"
        let bytes = try Self.write(doc, to: path)
        let lines = doc.eventCount + 1
        guard lines >= Self.parseLines else { throw BenchFailure("section 7 needs at least \(Self.parseLines) lines") }

        if wants(7) {
        print("7. Session loading: a generated pen document, \(lines) lines (\(String(format: "%.1f", Double(bytes) / 1e6)) MB), read from disk")
        let parse = try bestOf(Self.parseRuns) { _ = try SessionFileReader(path: path).parseAll() }
        let load = try bestOf(Self.parseRuns) {
            var events: [TimedEvent] = []
            _ = try SessionFileReader(path: path).parseAll { line in if case .event(let e) = line { events.append(e) } }
        }
        print(String(format: "   parse every line (render's pass 1): %.3f s · %.0f lines/s · %.0f MB/s",
                     parse, Double(lines) / parse, Double(bytes) / parse / 1e6))
        print(String(format: "   load into memory (all events kept): %.3f s · %.0f lines/s", load, Double(lines) / load))
        print("   target: at least 3,000,000 lines/s on one core")
        print("")
        }
        guard wants(8) else { return }
        print("8. Load and render a pen document to one PNG at \(Self.viewport.width)x\(Self.viewport.height), against Xournal++ (target: at most 0.25× at 20,000 strokes)")
        try loadAndRender(doc, path: path, in: dir)
        let big = DocumentGenerator(strokes: Self.bigDocumentStrokes, pointsPerStroke: Self.documentPoints, viewport: Self.viewport)
        let bigDir = "\(dir)/big"
        try FileManager.default.createDirectory(atPath: bigDir, withIntermediateDirectories: true)
        let bigPath = "\(bigDir)/document.jsonl"
        _ = try Self.write(big, to: bigPath)
        try loadAndRender(big, path: bigPath, in: bigDir)
        print("")
    }

    /// Section 8 for one document: `forcecanvas render` in process and as a process, and
    /// Xournal++ on the same strokes.
    func loadAndRender(_ doc: DocumentGenerator, path: String, in dir: String) throws {
        let frames = HeadlessReplay.frame(at: doc.duration) + 1
        print("   \(doc.strokes) strokes × \(doc.pointsPerStroke) points (\(frames) frames of replay):")
        let clock = ContinuousClock()
        let start = clock.now
        try Self.inProcess(["render", path, "--out", "\(dir)/out", "--overwrite"])
        let ours = seconds(clock.now - start)
        let written = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/out").filter { $0.hasSuffix(".png") }
        guard written.count == 1 else { throw BenchFailure("render wrote \(written.count) PNGs, expected 1") }
        print(String(format: "      forcecanvas render, in process (both passes and the PNG): %.2f s", ours))
        let process = try renderAsProcess(path, in: dir)
        if let process {
            print(String(format: "      forcecanvas render as a process: %.2f s, %.2f s of CPU (best of %d)", process.seconds, process.cpu,
                         Self.processRuns))
        }
        if let theirs = try xournalTime(doc, in: dir) {
            print(String(format: "      %@ --create-img of the same strokes (.xopp, %d px wide): %.2f s, %.2f s of CPU (best of %d)",
                         theirs.version, doc.viewport.width, theirs.seconds, theirs.cpu, Self.processRuns))
            print(String(format: "      forcecanvas / Xournal++: time %.2f× in process", ours / theirs.seconds)
                  + (process.map { String(format: ", %.2f× process to process; CPU %.2f× process to process", $0.seconds / theirs.seconds,
                                          $0.cpu / max(theirs.cpu, 1e-9)) } ?? ""))
        }
    }

    /// Seconds and CPU seconds to render `path` with the `forcecanvas` binary in a child process
    /// (as Xournal++ is run: start-up included), the best of `processRuns`, or nil when the binary
    /// cannot be found or fails.
    func renderAsProcess(_ path: String, in dir: String) throws -> (seconds: Double, cpu: Double)? {
        guard let binary = Self.forcecanvasExecutable() else { return nil }
        return try bestProcessRun {
            try Self.run(binary, ["render", path, "--out", "\(dir)/process", "--overwrite"]).status == 0
        }
    }

    /// The shortest time and the least CPU (its children's) of `processRuns` runs of `body`, or
    /// nil when a run fails (`body` returns false).
    func bestProcessRun(_ body: () throws -> Bool) rethrows -> (seconds: Double, cpu: Double)? {
        let clock = ContinuousClock()
        var best = (seconds: Double.infinity, cpu: Double.infinity)
        for _ in 0..<Self.processRuns {
            let start = clock.now, cpu = ChildUsage.childrenCPU()
            guard try body() else { return nil }
            best = (min(best.seconds, seconds(clock.now - start)), min(best.cpu, ChildUsage.childrenCPU() - cpu))
        }
        return best
    }

    /// The `forcecanvas` binary beside this one (both are built into the same folder).
    static func forcecanvasExecutable() -> String? {
        guard let own = ResourceLocator.executablePath else { return nil }
        let path = (own as NSString).deletingLastPathComponent + "/forcecanvas"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Runs a `forcecanvas` command line in this process, as the user types it, its output (a
    /// line per file or checkpoint, progress lines) dropped; a failing command is a `BenchFailure`
    /// naming it, for the user to run and read.
    static func inProcess(_ arguments: [String]) throws {
        var command = try ForceCanvasCommand.parseAsRoot(arguments)
        fflush(nil)
        let saved = (dup(STDOUT_FILENO), dup(STDERR_FILENO))
        let null = open("/dev/null", O_WRONLY)
        dup2(null, STDOUT_FILENO)
        dup2(null, STDERR_FILENO)
        defer {
            fflush(nil)
            dup2(saved.0, STDOUT_FILENO)
            dup2(saved.1, STDERR_FILENO)
            close(saved.0)
            close(saved.1)
            close(null)
        }
        do {
            try command.run()
        } catch {
            throw BenchFailure("`forcecanvas \(arguments.joined(separator: " "))` failed (\(error)): run it to see why")
        }
    }

    /// The best (shortest) time of `runs` runs of `body`, in seconds.
    func bestOf(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        var best = Double.infinity
        for _ in 0..<runs {
            let start = clock.now
            try body()
            best = min(best, seconds(clock.now - start))
        }
        return best
    }

    /// Writes the document as JSONL, line by line in 64 KiB blocks; returns the bytes written.
    static func write(_ doc: DocumentGenerator, to path: String) throws -> Int {
        guard FileManager.default.createFile(atPath: path, contents: nil), let out = FileHandle(forWritingAtPath: path) else {
            throw BenchFailure("\(path): cannot create the file")
        }
        defer { try? out.close() }
        var block: [UInt8] = []
        block.reserveCapacity(writeBlock)
        var total = 0
        try doc.forEachLine { line in
            block.append(contentsOf: line.utf8)
            block.append(UInt8(ascii: "\n"))
            if block.count >= writeBlock {
                try out.write(contentsOf: block)
                total += block.count
                block.removeAll(keepingCapacity: true)
            }
        }
        try out.write(contentsOf: block)
        return total + block.count
    }
}

// MARK: Xournal++

extension BenchCommand {
    /// Xournal++'s nominal pen width: ForceCanvas's ink size (perfect-freehand's 16).
    static let xournalBaseWidth = OutlineOptions.default.size

    /// The width Xournal++ draws at a point: the diameter ForceCanvas's outline has at that
    /// pressure, so both draw the same amount of ink.
    static func xournalWidth(pressure: Double) -> Double {
        2 * StrokeOutline.radius(pressure: pressure, options: .default)
    }

    /// Times `xournalpp --create-img` on the document's strokes (and names the version), or
    /// says in one line why not.
    func xournalTime(_ doc: DocumentGenerator, in dir: String) throws -> (seconds: Double, cpu: Double, version: String)? {
        guard let xournal = Self.executable("xournalpp") else {
            print("      Xournal++ is not installed (apt-get install -y xournalpp): no comparison")
            return nil
        }
        guard let gzip = Self.executable("gzip") else {
            print("      gzip is not installed: no Xournal++ comparison")
            return nil
        }
        let xml = "\(dir)/document.xml", xopp = "\(dir)/document.xopp", png = "\(dir)/xournal.png"
        try Self.writeXournalXML(doc, to: xml)
        guard FileManager.default.createFile(atPath: xopp, contents: nil),
              let compressed = FileHandle(forWritingAtPath: xopp), let plain = FileHandle(forReadingAtPath: xml) else {
            throw BenchFailure("\(xopp): cannot create the file")
        }
        let zipped = try Self.run(gzip, ["-c", "-n"], input: plain, output: compressed)
        try? compressed.close()
        guard zipped.status == 0 else {
            print("      gzip failed (\(zipped.status)): no Xournal++ comparison")
            return nil
        }
        var failure = ""
        let best = try bestProcessRun {
            try? FileManager.default.removeItem(atPath: png)
            let result = try Self.run(xournal, ["--create-img=\(png)", "--export-png-width=\(doc.viewport.width)", xopp])
            guard result.status == 0, FileManager.default.fileExists(atPath: png) else {
                failure = result.stderr.split(separator: "\n").last.map(String.init) ?? "status \(result.status)"
                return false
            }
            return true
        }
        guard let best else {
            print("      Xournal++ did not write the PNG (\(failure)): no comparison")
            return nil
        }
        let version = try Self.run(xournal, ["--version"], captureOutput: true).stdout
        return (best.seconds, best.cpu, version.split(separator: "\n").first.map(String.init) ?? "Xournal++")
    }

    /// One page of the document's size with one pen stroke per stroke: points as `x y` pairs,
    /// `width` the base width then one width per point but the last (Xournal++'s file format).
    static func writeXournalXML(_ doc: DocumentGenerator, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let out = FileHandle(forWritingAtPath: path) else {
            throw BenchFailure("\(path): cannot create the file")
        }
        defer { try? out.close() }
        func number(_ v: Double) -> String { String(format: "%.4f", v) }
        try out.write(contentsOf: Data("""
            <?xml version="1.0" standalone="no"?>
            <xournal creator="forcecanvas-bench" fileversion="4">
            <title>ForceCanvas bench document</title>
            <page width="\(doc.viewport.width)" height="\(doc.viewport.height)">
            <background type="solid" color="#ffffffff" style="plain"/>
            <layer>

            """.utf8))
        for i in 0..<doc.strokes {
            let points = doc.points(ofStroke: i)
            let widths = [xournalBaseWidth] + points.dropLast().map { xournalWidth(pressure: $0.force) }
            let coordinates = points.map { "\(number($0.preciseLocation.x)) \(number($0.preciseLocation.y))" }
            let line = "<stroke tool=\"pen\" color=\"#000000ff\" width=\"\(widths.map(number).joined(separator: " "))\">"
                + coordinates.joined(separator: " ") + "</stroke>\n"
            try out.write(contentsOf: Data(line.utf8))
        }
        try out.write(contentsOf: Data("</layer>\n</page>\n</xournal>\n".utf8))
    }

    /// The full path of a program on `PATH`, or nil.
    static func executable(_ name: String) -> String? {
        Environment.current.executable(named: name)
    }

    /// Runs a program to the end. Its output goes to `output`, or is kept with `captureOutput`,
    /// else is dropped; its errors are kept.
    static func run(_ program: String, _ arguments: [String], input: FileHandle? = nil, output: FileHandle? = nil,
                    captureOutput: Bool = false, environment: [String: String]? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = arguments
        if let environment { p.environment = environment }
        if let input { p.standardInput = input }
        let errors = Pipe(), captured = Pipe()
        p.standardOutput = output ?? (captureOutput ? captured : FileHandle.nullDevice)
        p.standardError = errors
        try p.run()
        // Output first, then errors: both are small here (a version line, a few warnings).
        let out = captureOutput ? captured.fileHandleForReading.readDataToEndOfFile() : Data()
        let text = errors.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: text, as: UTF8.self))
    }
}

/// A bench step that could not run, said in one line.
struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
