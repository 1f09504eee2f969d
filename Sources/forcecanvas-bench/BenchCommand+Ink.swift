import CairoRender
import ForceCore
import ForcePlatform
import Foundation
import SDLHost

/// Bench sections on the cost of ink at scale: a long live stroke, replaying one, memory per
/// point, and undo on a full canvas.
extension BenchCommand {
    /// 1 kHz: a fast pen; the live-stroke figures feed this many samples a second.
    static let livePenRate = 1000.0
    /// Frames measured once the live stroke has reached its length.
    static let liveFrames = 120

    func printInkSections() throws {
        if wants(9) { try printLiveStroke() }
        if wants(10) { try printReplay() }
        if wants(11) { try printMemory() }
        if wants(12) { try printUndo() }
    }

    func printLiveStroke() throws {
        print("9. A live stroke at 1k, 10k and 100k points (a 1 kHz pen: 16–17 samples a frame; events + update + render + upload)")
        var first = 0.0
        for n in [1_000, 10_000, 100_000] {
            let r = try liveStrokeCost(points: n)
            if n == 1_000 { first = r.median }
            print(String(format: "   %6d points: median %.3f ms · p99 %.3f ms a frame · %.2f× the 1k figure", n, r.median * 1000, r.p99 * 1000,
                         r.median / first))
        }
        print("   target: 100k within 1.5× of 1k")
        print("")
    }

    func printReplay() throws {
        print("10. Replaying one stroke frame by frame (every frame rendered, as the window does)")
        let short = try replayCost(points: 4_000)
        let long = try replayCost(points: 40_000)
        print(String(format: "   4,000 points: %.3f s · 40,000 points: %.3f s · %.1f× (linear is 10×, target at most 15×)", short, long, long / short))
        print("")
    }

    func printMemory() throws {
        print("11. Memory: peak resident memory of `forcecanvas render` (load, parse, replay, PNG) in a child process")
        if let m = try memoryPerPoint() {
            print(String(format: "   finished ink: %.1f bytes a point beyond an empty session (1,000,000 points in 60-point strokes: %.1f MB; target at most 64 MB)",
                         m.finished, m.finished))
            print(String(format: "   one live stroke: %.1f bytes a point beyond a single point (200,000 points, never lifted; target at most 64)", m.live))
        } else {
            print("   (could not run the memory probe)")
        }
        print("")
    }

    func printUndo() throws {
        print("12. Undo and redo with 10,000 strokes on the canvas (handle + repaint + upload), quiet and with the other core busy")
        for busy in [false, true] {
            // A second process spinning on a core, as a build or a browser beside the window.
            let spinner = busy ? Self.spinOneCore() : nil
            defer {
                spinner?.terminate()
                spinner?.waitUntilExit()
            }
            let (costs, erase, deep) = try undoCost(strokes: 10_000)
            func show(_ cost: (what: String, undo: Timing, redo: Timing)) {
                print(String(format: "   %@ undo of %@: median %.3f ms · p99 %.3f ms · worst %.3f ms · redo: median %.3f ms · p99 %.3f ms · worst %.3f ms",
                             busy ? "busy: " : "quiet:", cost.what, cost.undo.median * 1000, cost.undo.p99 * 1000, cost.undo.worst * 1000,
                             cost.redo.median * 1000, cost.redo.p99 * 1000, cost.redo.worst * 1000))
            }
            costs.forEach(show)
            print(String(format: "   %@ the eraser drawn across the canvas, a frame each %.0f px (what it erases repainted): median %.3f ms · p99 %.3f ms · worst %.3f ms",
                         busy ? "busy: " : "quiet:", Self.eraserStep, erase.median * 1000, erase.p99 * 1000, erase.worst * 1000))
            deep.forEach(show)
        }
        print("   target: undo and redo at most 16 ms at p99, quiet and busy (the eraser's frames have none: each repaints the few hundred strokes under what it erased)")
        print("")
    }

    /// A child process that keeps one core busy until it is terminated, or until the bench is
    /// gone (killed, or cut off by a closed pipe: a spinner left behind would load the core of
    /// every measurement after it) (nil if it cannot start).
    static func spinOneCore() -> Process? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The bench's pid is looked at every 100,000 turns (about 0.2 s).
        p.arguments = ["-c", "bench=$PPID; while kill -0 $bench 2>/dev/null; do i=0; while [ $i -lt 100000 ]; do i=$((i + 1)); done; done"]
        do { try p.run() } catch { return nil }
        return p
    }

    /// A pen path of `count` samples at 1 kHz, looping over the canvas.
    static func penPath(count: Int) -> [InkPoint] {
        StrokeFixtures.signature(count: count, in: Rect(x: 100, y: 100, width: 1700, height: 880), seed: 5)
            .enumerated().map { i, p in
                InkPoint(sequence: i, time: Double(i) / livePenRate, force: p.force, preciseLocation: p.preciseLocation)
            }
    }

    static func pen(_ phase: PointerPhase, _ p: InkPoint) -> InputEvent {
        .pointer(PointerInput(phase: phase, location: p.preciseLocation, source: .pen, rawForce: p.force, maximumForce: 1))
    }

    /// Section 9: the cost of a frame while a stroke of `points` samples is being drawn.
    func liveStrokeCost(points n: Int) throws -> Timing {
        let extra = Int(Double(Self.liveFrames) / 60 * Self.livePenRate) + 1
        let path = Self.penPath(count: n + extra)
        var state = AppState(viewport: Self.viewport)
        let renderer = try FrameRenderer(viewport: Self.viewport)
        let texture = try OffscreenTexture(width: Self.viewport.pixelWidth, height: Self.viewport.pixelHeight)
        var next = 0
        var frame = 0
        func step() throws {
            let t = Double(frame) / 60
            while next < path.count, path[next].time <= t {
                state.handle(Self.pen(next == 0 ? .down : .move, path[next]), at: path[next].time)
                next += 1
            }
            state.advance(to: t)
            texture.upload(renderer.frame, dirty: try renderer.render(state.display))
            frame += 1
        }
        while next < n { try step() }
        var costs: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<Self.liveFrames {
            let start = clock.now
            try step()
            costs.append(seconds(clock.now - start))
        }
        return Timing(costs)
    }

    /// Section 10: replaying one stroke of `points` samples at 1 kHz, rendering every frame.
    func replayCost(points n: Int) throws -> Double {
        let path = Self.penPath(count: n)
        let events = path.enumerated().map { i, p in
            TimedEvent(time: p.time, event: Self.pen(i == 0 ? .down : (i == n - 1 ? .up : .move), p))
        }
        let clock = ContinuousClock()
        let start = clock.now
        var state = AppState(viewport: Self.viewport)
        let renderer = try FrameRenderer(viewport: Self.viewport)
        var next = 0
        let last = Int(((events.last?.time ?? 0) * 60).rounded(.up))
        for frame in 0...last {
            let t = Double(frame) / 60
            while next < events.count, events[next].time <= t {
                state.handle(events[next])
                next += 1
            }
            state.advance(to: t)
            try renderer.render(state.display)
        }
        return seconds(clock.now - start)
    }

    /// Section 11: peak resident bytes per point of `forcecanvas render` in child processes
    /// (loading, parsing, replay and the PNG included): a generated document of 1,000,000
    /// finished points against an empty one, and one live stroke of 200,000 points (no lift)
    /// against a single point.
    func memoryPerPoint() throws -> (finished: Double, live: Double)? {
        let dir = NSTemporaryDirectory() + "forcecanvas-memory-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let finished = DocumentGenerator(strokes: 1_000_000 / Self.documentPoints, pointsPerStroke: Self.documentPoints,
                                         viewport: Self.viewport)
        _ = try Self.write(finished, to: "\(dir)/finished.jsonl")
        _ = try Self.write(DocumentGenerator(strokes: 0, pointsPerStroke: Self.documentPoints, viewport: Self.viewport),
                           to: "\(dir)/empty.jsonl")
        try Self.writeLiveStroke(points: 200_000, to: "\(dir)/live.jsonl")
        try Self.writeLiveStroke(points: 1, to: "\(dir)/dot.jsonl")
        guard let binary = Self.forcecanvasExecutable(),
              let empty = Self.peakResident(binary, ["render", "\(dir)/empty.jsonl", "--out", dir, "--overwrite"]),
              let full = Self.peakResident(binary, ["render", "\(dir)/finished.jsonl", "--out", dir, "--overwrite"]),
              let dot = Self.peakResident(binary, ["render", "\(dir)/dot.jsonl", "--out", dir, "--overwrite"]),
              let live = Self.peakResident(binary, ["render", "\(dir)/live.jsonl", "--out", dir, "--overwrite"])
        else { return nil }
        return (Double(full - empty) / Double(finished.strokes * finished.pointsPerStroke), Double(live - dot) / 200_000)
    }

    /// A session of one pen stroke of `points` samples at 1 kHz that never lifts.
    static func writeLiveStroke(points n: Int, to path: String) throws {
        var text = SessionCoding.headerLine(Session(viewport: viewport)) + "\n"
        for (i, p) in penPath(count: n).enumerated() {
            text += SessionCoding.line(TimedEvent(time: p.time, event: pen(i == 0 ? .down : .move, p))) + "\n"
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Runs `forcecanvas ARGS --report-peak-memory` (`render`, `run`) and returns the peak
    /// resident bytes it reports, or nil when it cannot be run or fails.
    static func peakResident(_ program: String, _ arguments: [String], environment: [String: String]? = nil) -> Int? {
        guard let result = try? run(program, arguments + ["--report-peak-memory"], environment: environment), result.status == 0
        else { return nil }
        for line in result.stderr.split(separator: "\n") where line.hasPrefix("peak-resident-bytes ") {
            return Int(line.dropFirst("peak-resident-bytes ".count))
        }
        return nil
    }

    /// Draws `n` scattered 60-point strokes at 240 Hz (pen strokes carry their force; mouse
    /// strokes the emulator's). Returns the time after the last one.
    static func fillCanvas(_ state: inout AppState, strokes n: Int, source: InputSource) -> Double {
        var t = 0.0
        for i in 0..<n {
            let pts = scatteredStroke(i)
            for (k, p) in pts.enumerated() {
                let phase: PointerPhase = k == 0 ? .down : (k == pts.count - 1 ? .up : .move)
                let force = source == .pen ? p.force : nil
                state.handle(.pointer(PointerInput(phase: phase, location: p.preciseLocation, source: source,
                                                   rawForce: force, maximumForce: force.map { _ in 1 })), at: t)
                t += 1.0 / 240
            }
        }
        return t
    }

    /// Stroke `i` of a full canvas: 60 points somewhere on it, clear of the screen edges (an edge
    /// swipe would be the system's) and of the scene tabs.
    static func scatteredStroke(_ i: Int) -> [InkPoint] {
        var g = StrokeFixtures.Generator(seed: UInt64(i + 1))
        let bounds = Rect(x: 60 + g.next() * 1560, y: 90 + g.next() * 820, width: 100 + g.next() * 120, height: 40 + g.next() * 60)
        return StrokeFixtures.signature(count: 60, in: bounds, seed: UInt64(i + 1))
    }

    /// 12 px a frame: a quick sweep of the eraser (720 px/s).
    static let eraserStep = 12.0

    /// Section 12: undo and redo with `strokes` 60-point strokes on the canvas, three ways:
    /// - the newest stroke undone and redone, again and again (the cache restores its backup,
    ///   then draws it again);
    /// - the strokes past those a full redraw backs up undone one after another, each timed, then
    ///   redone one after another (each undo repaints an area no repaint has drawn before: every
    ///   stroke under it tessellated and drawn again; its redo repaints the same area);
    /// - then the newest stroke undone and redone again and again, each a repaint of the same
    ///   area (the strokes' pieces are those the first repaint kept);
    /// then the eraser drawn across the middle of the canvas, each frame `eraserStep` further;
    /// and last, with the eraser undone and more strokes undone than the ink cache keeps above
    /// the top level of its base (`FrozenInkCache.strokesAboveTheBase`), strokes in that level
    /// undone one after another, then redone (each repaints the top level under it from the
    /// level under that); then the same past the deep level (`strokesAboveTheDeepBase`), which
    /// the cache draws anew, lower, a few strokes an update, once the undos near it.
    func undoCost(strokes n: Int) throws -> (costs: [(what: String, undo: Timing, redo: Timing)], erase: Timing,
                                              deep: [(what: String, undo: Timing, redo: Timing)]) {
        var state = AppState(viewport: Self.viewport)
        var t = Self.fillCanvas(&state, strokes: n, source: .pen)
        state.advance(to: t)
        guard state.ink.strokes.count == n, state.scene == .canvas else {
            throw RenderError.surface("the undo bench drew \(state.ink.strokes.count) of \(n) strokes")
        }
        let renderer = try FrameRenderer(viewport: Self.viewport)
        let texture = try OffscreenTexture(width: Self.viewport.pixelWidth, height: Self.viewport.pixelHeight)
        texture.upload(renderer.frame, dirty: try renderer.render(state.display))
        let clock = ContinuousClock()
        func timed(_ command: Command) throws -> Double {
            t += 0.1
            let start = clock.now
            state.handle(.command(command), at: t)
            state.advance(to: t)
            texture.upload(renderer.frame, dirty: try renderer.render(state.display))
            return seconds(clock.now - start)
        }
        // 100 of each: a p99 of fewer is the worst one alone.
        let rounds = Int(Environment.current[.benchUndoRounds] ?? "") ?? 100
        var undo: [Double] = [], redo: [Double] = []
        for _ in 0..<rounds {
            undo.append(try timed(.undo))
            redo.append(try timed(.redo))
        }
        var costs = [("the newest stroke (its backup restored)", Timing(undo), Timing(redo))]
        for _ in 0..<FrozenInkCache.strokesBackedUpByARedraw { _ = try timed(.undo) }
        undo = []
        redo = []
        for _ in 0..<rounds { undo.append(try timed(.undo)) }
        for _ in 0..<rounds { redo.append(try timed(.redo)) }
        costs.append(("strokes past the backups, one after another (each a new area repainted)", Timing(undo), Timing(redo)))
        undo = []
        redo = []
        for _ in 0..<rounds {
            undo.append(try timed(.undo))
            redo.append(try timed(.redo))
        }
        costs.append(("the newest stroke again and again, with no backup (the same area repainted)", Timing(undo), Timing(redo)))
        var erase: [Double] = []
        var x = 100.0
        while x <= 1800 {
            t += 1.0 / 60
            let start = clock.now
            state.handle(.pointer(PointerInput(phase: x == 100 ? .down : .move, location: Point(x: x, y: 500), source: .eraser)), at: t)
            state.advance(to: t)
            texture.upload(renderer.frame, dirty: try renderer.render(state.display))
            erase.append(seconds(clock.now - start))
            x += Self.eraserStep
        }
        state.handle(.pointer(PointerInput(phase: .up, location: Point(x: x, y: 500), source: .eraser)), at: t + 1.0 / 60)
        guard state.ink.strokes.count < n else { throw RenderError.surface("the eraser erased nothing") }
        // The eraser's gesture, then every stroke above the level (and the few an update has not
        // added to it yet), then strokes in it timed.
        var deep: [(what: String, undo: Timing, redo: Timing)] = []
        var undone = 1
        for (window, what) in [(FrozenInkCache.strokesAboveTheBase, "the top level under each repainted from the deep level"),
                               (FrozenInkCache.strokesAboveTheDeepBase, "the deep level drawn anew, lower, as the undos near it")] {
            while undone < 1 + window + 2 * FrozenInkCache.strokesBackedUpByARedraw {
                _ = try timed(.undo)
                undone += 1
            }
            undo = []
            redo = []
            for _ in 0..<rounds { undo.append(try timed(.undo)) }
            for _ in 0..<rounds { redo.append(try timed(.redo)) }
            deep.append(("strokes in the base, more than \(window) undone in a row (\(what))", Timing(undo), Timing(redo)))
        }
        return (costs, Timing(erase), deep)
    }
}
