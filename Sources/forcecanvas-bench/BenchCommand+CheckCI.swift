import CairoRender
import CCairo
import ForceCommands
import ForceCore
import ForcePlatform
import Foundation

/// Section 21: `check` as a CI runs it. The peak memory of a check (a child process, one job)
/// as the number of checkpoints grows, at 1280×800 and 3840×2160; and on 1080p pairs the
/// comparer alone and the whole check path (both PNGs decoded, then compared), against released
/// pixelmatch 7.x under Node in the same run when its source is given:
/// `FORCECANVAS_PIXELMATCH=…/pixelmatch/index.js` (7.x) and `FORCECANVAS_PNGJS=…/pngjs/lib/png.js`
/// (`fetch` both; nothing of theirs is part of ForceCanvas).
extension BenchCommand {
    func printCheckCISection() throws {
        print("21. check for CI: peak memory by checkpoints (child processes, 1 job); 1080p pairs against pixelmatch 7.x under Node")
        guard let binary = Self.forcecanvasExecutable() else { throw BenchFailure("no forcecanvas binary beside the bench") }
        let dir = NSTemporaryDirectory() + "forcecanvas-checkci-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (size, counts) in [(Viewport(width: 1280, height: 800), [10, 100, 1000]), (Viewport(width: 3840, height: 2160), [10, 100])] {
            var figures: [String] = []
            var first: Double?
            for n in counts {
                let path = "\(dir)/c\(n)-\(size.width).jsonl"
                try Self.checkpointSession(checkpoints: n, size: size).write(toFile: path, atomically: true, encoding: .utf8)
                let goldens = "\(dir)/goldens-\(n)-\(size.width)"
                _ = try Self.run(binary, ["check", path, "--goldens", goldens, "--update", "missing", "--jobs", "1"])
                guard let peak = Self.peakResident(binary, ["check", path, "--goldens", goldens, "--jobs", "1"]) else {
                    throw BenchFailure("forcecanvas check \(path) --goldens \(goldens) failed")
                }
                let mib = Double(peak) / 1_048_576
                first = first ?? mib
                figures.append(String(format: "%d → %.0f MiB (%.2f×)", n, mib, mib / (first ?? mib)))
                try? FileManager.default.removeItem(atPath: goldens)
            }
            print("   \(size.width)x\(size.height): " + figures.joined(separator: " · "))
        }
        print("   target: 200 checkpoints at most 1.5× the memory of 10 (the frame is dropped after its comparison)")
        try printComparerAgainstPixelmatch(binary: binary, dir: dir)
        print("")
    }

    /// A session of `n` short pen strokes, a checkpoint after each (each at a frame of its own).
    static func checkpointSession(checkpoints n: Int, size: Viewport) -> String {
        var lines = [#"{"format":"forcecanvas-session","version":2,"width":\#(size.width),"height":\#(size.height)}"#]
        for i in 0..<n {
            let t = Double(i) * 0.05, x = 20 + (i * 37) % (size.width - 60), y = 20 + (i * 53) % (size.height - 60)
            lines.append(String(format: #"{"t":%.3f,"type":"down","x":%d,"y":%d,"force":0.5,"maxForce":1,"source":"pen"}"#, t, x, y))
            lines.append(String(format: #"{"t":%.3f,"type":"up","x":%d,"y":%d,"source":"pen"}"#, t + 0.02, x + 30, y + 20))
            lines.append(String(format: #"{"t":%.3f,"type":"checkpoint","name":"c%d"}"#, t + 0.03, i))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// 1080p pairs from the demo session: two moments (a drawing grown), the last frame against
    /// itself shifted 1 px right, and a scene switch.
    private func printComparerAgainstPixelmatch(binary: String, dir: String) throws {
        let demo = try ResourceLocator.current.path(of: .sessions) + "/demo.jsonl"
        let render = try Self.run(binary, ["render", demo, "--out", dir, "--at", "3", "6", "7.8", "--size", "1920x1080"])
        guard render.status == 0 else { throw BenchFailure("render of the demo failed: \(render.stderr)") }
        let frames = ["\(dir)/demo-t3.000.png", "\(dir)/demo-t6.000.png", "\(dir)/demo-t7.800.png"]
        let last = try ImageSurface.readPNGFile(frames[2])
        let shifted = try ImageSurface(viewport: Viewport(width: last.pixelWidth, height: last.pixelHeight))
        if let cr = shifted.makeContext() {
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            cairo_set_source_surface(cr, last.surface, 1, 0)
            cairo_paint(cr)
            cairo_destroy(cr)
        }
        try shifted.writePNG(to: "\(dir)/shifted.png")
        let pairs = [(frames[0], frames[1], "drawing grown"), (frames[1], frames[2], "more strokes"), (frames[2], "\(dir)/shifted.png", "shifted 1 px")]
        let runs = 5
        var ours: [(path: Double, compare: Double, copy: Double, count: Int)] = []
        for (a, b, _) in pairs {
            var bestPath = Double.infinity, bestCompare = Double.infinity, bestCopy = Double.infinity, count = 0
            for _ in 0..<runs {
                let t0 = DispatchTime.now().uptimeNanoseconds
                let e = try ImageSurface.readPNGFile(a), x = try ImageSurface.readPNGFile(b)
                let t1 = DispatchTime.now().uptimeNanoseconds
                let r = ImageComparer(tolerance: .exact()).compare(e, x).0
                let t2 = DispatchTime.now().uptimeNanoseconds
                // What the check path used to pay before comparing: un-premultiplied copies of both.
                _ = (RGBAImage(surface: e), RGBAImage(surface: x))
                let t3 = DispatchTime.now().uptimeNanoseconds
                count = r.differentPixels
                bestPath = min(bestPath, Double(t2 - t0) / 1e6)
                bestCompare = min(bestCompare, Double(t2 - t1) / 1e6)
                bestCopy = min(bestCopy, Double(t3 - t2) / 1e6)
            }
            ours.append((bestPath, bestCompare, bestCopy, count))
        }
        let node = Self.pixelmatchUnderNode(pairs: pairs.map { ($0.0, $0.1) }, runs: runs, dir: dir)
        print("   1080p pairs, best of \(runs): check path = both PNGs decoded + compared; comparer alone; threshold 0.1, anti-aliasing left out")
        for (i, p) in pairs.enumerated() {
            var line = "   " + p.2.padding(toLength: 14, withPad: " ", startingAt: 0) + String(format: " ours: path %.1f ms, compare %.1f ms, %d px differ (the old un-premultiplying copies: %.1f ms)",
                              ours[i].path, ours[i].compare, ours[i].count, ours[i].copy)
            if let n = node?[i] {
                line += String(format: "\n                  pixelmatch: path %.1f ms, compare %.1f ms, %d px differ · ratio path %.2f×, compare %.2f×%@",
                               n.path, n.compare, n.count, ours[i].path / n.path, ours[i].compare / n.compare,
                               n.count == ours[i].count ? " · counts equal" : " · counts DIFFER")
            }
            print(line)
        }
        if node == nil {
            print("   pixelmatch: skipped (set FORCECANVAS_PIXELMATCH to pixelmatch 7.x's index.js and FORCECANVAS_PNGJS to pngjs's lib/png.js, and have node)")
        }
        print("   target: conversion at most 5 ms a pair (now none: compared in place); the check path no slower than pixelmatch's")
    }

    /// A JavaScript string literal of `s` (paths).
    static func jsString(_ s: String) -> String {
        "'" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    /// pixelmatch 7.x under Node on the same pairs: (path, compare) in ms and the count, or nil
    /// when Node or the sources are missing.
    static func pixelmatchUnderNode(pairs: [(String, String)], runs: Int, dir: String) -> [(path: Double, compare: Double, count: Int)]? {
        let env = ProcessInfo.processInfo.environment
        guard let pixelmatch = env["FORCECANVAS_PIXELMATCH"], let pngjs = env["FORCECANVAS_PNGJS"],
              let node = executable("node"), FileManager.default.fileExists(atPath: pixelmatch) else { return nil }
        // pixelmatch 7.x is an ES module: a copy named .mjs is what Node loads as one.
        let module = "\(dir)/pixelmatch.mjs"
        guard (try? FileManager.default.copyItem(atPath: pixelmatch, toPath: module)) != nil else { return nil }
        let list = pairs.map { "[\(Self.jsString($0.0)), \(Self.jsString($0.1))]" }.joined(separator: ", ")
        let script = """
            import { createRequire } from 'module';
            import fs from 'fs';
            import pixelmatch from \(Self.jsString(module));
            const { PNG } = createRequire(import.meta.url)(\(Self.jsString(pngjs)));
            const now = () => Number(process.hrtime.bigint()) / 1e6;
            for (const [a, b] of [\(list)]) {
              let path = Infinity, compare = Infinity, count = 0;
              for (let r = 0; r < \(runs); r++) {
                const t0 = now();
                const e = PNG.sync.read(fs.readFileSync(a)), x = PNG.sync.read(fs.readFileSync(b));
                const t1 = now();
                count = pixelmatch(e.data, x.data, null, e.width, e.height, { threshold: 0.1 });
                const t2 = now();
                path = Math.min(path, t2 - t0); compare = Math.min(compare, t2 - t1);
              }
              console.log(`${path} ${compare} ${count}`);
            }
            """
        let file = "\(dir)/pm.mjs"
        guard (try? script.write(toFile: file, atomically: true, encoding: .utf8)) != nil,
              let result = try? run(node, [file], captureOutput: true), result.status == 0 else { return nil }
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: " ") }
        guard rows.count == pairs.count else { return nil }
        return rows.compactMap { r in
            guard r.count == 3, let p = Double(r[0]), let c = Double(r[1]), let n = Int(r[2]) else { return nil }
            return (p, c, n)
        }
    }
}
