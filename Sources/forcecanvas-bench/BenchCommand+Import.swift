import ForceCommands
import ForceCore
import ForceFiles
import ForcePlatform
import Foundation

/// Section 20: importing real pen data: a 100,000-point Xournal++ document and a `libinput
/// record` capture of as many samples, against Xournal++ drawing the same document.
extension BenchCommand {
    func printImportSection() throws {
        print("20. Import: a 100,000-point Xournal++ document and libinput capture (child processes), against xournalpp --create-img")
        guard let binary = Self.forcecanvasExecutable() else { throw BenchFailure("no forcecanvas binary beside the bench") }
        let dir = NSTemporaryDirectory() + "forcecanvas-import-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The drawing: 1,667 scattered 60-point pen strokes, exported as ForceCanvas does.
        var state = AppState(viewport: Self.viewport)
        _ = Self.fillCanvas(&state, strokes: Self.restoreStrokes, source: .pen)
        let points = state.ink.finishedPointCount
        guard let xopp = XoppDocument.gzipped(state.display.ink, viewport: state.screenSize) else { throw BenchFailure("no .xopp") }
        try Data(xopp).write(to: URL(fileURLWithPath: dir + "/doc.xopp"))
        try Data(Self.capture(of: state.ink.strokes).utf8).write(to: URL(fileURLWithPath: dir + "/capture.yml"))
        func best(_ arguments: [String]) throws -> ChildUsage {
            var best: ChildUsage?
            for _ in 0..<3 {
                let u = try ChildUsage.measure(binary, arguments, environment: ProcessInfo.processInfo.environment)
                best = best.map { ChildUsage(cpu: min($0.cpu, u.cpu), peakBytes: min($0.peakBytes, u.peakBytes)) } ?? u
            }
            guard let best else { throw BenchFailure("nothing measured") }
            return best
        }
        let xoppImport = try best(["import", dir + "/doc.xopp", "--out", dir + "/x.jsonl", "--overwrite"])
        let yamlImport = try best(["import", dir + "/capture.yml", "--out", dir + "/y.jsonl", "--overwrite", "--size", "1920x1080"])
        // The smallest document: what a start costs without points.
        var tiny = AppState(viewport: Self.viewport)
        _ = Self.fillCanvas(&tiny, strokes: 1, source: .pen)
        guard let small = XoppDocument.gzipped(tiny.display.ink, viewport: tiny.screenSize) else { throw BenchFailure("no .xopp") }
        try Data(small).write(to: URL(fileURLWithPath: dir + "/tiny.xopp"))
        let empty = try best(["import", dir + "/tiny.xopp", "--out", dir + "/t.jsonl", "--overwrite"])
        print(String(format: "   .xopp: %.0f ms CPU · %.2f M points/s · peak %.1f bytes a point", xoppImport.cpu * 1000,
                     Double(points) / max(1e-9, xoppImport.cpu - empty.cpu) / 1e6, Double(xoppImport.peakBytes - empty.peakBytes) / Double(points)))
        print(String(format: "   libinput record: %.0f ms CPU · %.2f M samples/s · peak %.1f bytes a sample", yamlImport.cpu * 1000,
                     Double(points) / max(1e-9, yamlImport.cpu - empty.cpu) / 1e6, Double(yamlImport.peakBytes - empty.peakBytes) / Double(points)))
        // The peer: Xournal++ loading the same document and drawing it (72 dpi PNG), and
        // ForceCanvas importing it and drawing its last frame.
        let xournal = "/usr/bin/xournalpp"
        guard FileManager.default.isExecutableFile(atPath: xournal) else {
            print("   xournalpp: not installed (./run.sh test installs it): no comparison")
            print("")
            return
        }
        var theirs = Double.infinity, ours = Double.infinity
        for _ in 0..<3 {
            var before = ChildUsage.childrenCPU()
            _ = try Self.run(xournal, ["--create-img=\(dir)/x.png", "--export-png-dpi=72", dir + "/doc.xopp"],
                             environment: ProcessInfo.processInfo.environment.merging(["HOME": dir]) { $1 })
            theirs = min(theirs, ChildUsage.childrenCPU() - before)
            before = ChildUsage.childrenCPU()
            _ = try Self.run(binary, ["import", dir + "/doc.xopp", "--out", dir + "/x.jsonl", "--overwrite"])
            _ = try Self.run(binary, ["render", dir + "/x.jsonl", "--out", dir, "--overwrite"])
            ours = min(ours, ChildUsage.childrenCPU() - before)
        }
        print(String(format: "   load and draw the .xopp: xournalpp --create-img %.0f ms CPU · forcecanvas import + render %.0f ms (%.2f×)",
                     theirs * 1000, ours * 1000, ours / theirs))
        print("")
    }

    /// A `libinput record` capture of `strokes` drawn on a tablet of 1920 × 1080 units: each
    /// sample a frame of X, Y and pressure, 4 ms apart, touch down and up around each stroke.
    static func capture(of strokes: [Stroke]) -> String {
        var out = """
            version: 1
            ndevices: 1
            devices:
            - node: /dev/input/event7
              evdev:
                name: "Bench Pen"
                absinfo:
                  0: [0, 1920, 0, 0, 10]
                  1: [0, 1080, 0, 0, 10]
                  24: [0, 8191, 0, 0, 0]
              events:

            """
        var micro = 0
        func frame(_ values: [(Int, Int, Int)]) {
            let sec = micro / 1_000_000, usec = micro % 1_000_000
            out += "  - evdev:\n"
            for (type, code, value) in values { out += "    - [\(sec), \(usec), \(type), \(code), \(value)]\n" }
            out += "    - [\(sec), \(usec), 0, 0, 0]\n"
            micro += 4000
        }
        frame([(1, 320, 1)])
        for s in strokes {
            for (i, p) in s.points.enumerated() {
                var values = [(3, 0, Int(p.preciseLocation.x)), (3, 1, Int(p.preciseLocation.y)), (3, 24, Int(p.force * 8191))]
                if i == 0 { values.append((1, 330, 1)) }
                frame(values)
            }
            frame([(1, 330, 0)])
        }
        frame([(1, 320, 0)])
        return out
    }
}
