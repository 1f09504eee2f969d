import ArgumentParser
import CCairo
import CairoRender
import ForceCommands
import ForceCore
import Foundation
import SDLHost

/// `forcecanvas-bench`: ForceCanvas's performance figures, a program of its own beside the
/// commands users run (`./run.sh bench` builds it in release and runs it).
@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forcecanvas-bench",
        abstract: "Measure frame cost, renderer speed, outline throughput and tablet event cost (use a release build).",
        version: ForceCanvasCommand.versionText)

    @Option(help: "Frames of live drawing measured per canvas.")
    var frames = 240

    @Option(parsing: .upToNextOption, help: "Run only these sections (numbers), e.g. --only 7 10.")
    var only: [Int] = []

    @Option(help: "Cycles through the scenes in section 18 (memory over time).")
    var soakCycles = 200

    func validate() throws {
        guard frames >= 10 else { throw ValidationError("--frames must be at least 10") }
    }

    static let viewport = Viewport(width: 1920, height: 1080)

    func run() throws {
        #if DEBUG
        print("warning: this is a debug build; figures are only meaningful from `swift build -c release`")
        #endif
        do { _ = try PinnedFonts.require() } catch {
            throw BenchFailure("\(error)")
        }
        print("ForceCanvas bench · \(ForceCanvasCommand.versionText) · canvas \(Self.viewport.width)x\(Self.viewport.height)")
        print("")
        if wants(1) {
            print("1. Frame cost while drawing (render + upload of the dirty rect), \(frames) frames, 4 samples/frame")
            var baseline = 0.0
            for n in [0, 200, 2000] {
                let r = try frameCost(finishedStrokes: n)
                if n == 0 { baseline = r.mean }
                print(String(format: "   %5d finished strokes: mean %.3f ms · p50 %.3f ms · p99 %.3f ms · %.2f× the 0-stroke mean",
                             n, r.mean * 1000, r.median * 1000, r.p99 * 1000, r.mean / baseline))
            }
            print("   target: 2,000-stroke mean within 1.2× of the 0-stroke mean")
            print("")
        }
        if wants(2) {
            print("2. One 1,000-point stroke drawn into a 1920x1080 surface")
            let (outline, classic) = try rendererCost()
            print(String(format: "   outline (filled outline pieces): %.3f ms", outline * 1000))
            print(String(format: "   classic (one stroke per segment): %.3f ms", classic * 1000))
            print(String(format: "   outline is %.1f× faster (target: at least 10×)", classic / outline))
            let polygons = StrokeOutline.polygons(for: Array(Self.benchStroke.points))
            print("   (the outline has \(polygons.count) pieces, \(polygons.reduce(0) { $0 + $1.count }) vertices in all)")
            print("")
        }
        if wants(3) {
            printOutlineGeneration()
            print("")
        }
        if wants(4) || wants(5) {
            try printTabletSections()
            print("")
        }
        if wants(6) {
            try printSceneCosts()
            print("")
        }
        if wants(7) || wants(8) { try printSessionSections() }
        try printInkSections()
        if wants(13) { try printCheckSection() }
        if wants(14) { try printPlayerSection() }
        if wants(15) { try printPresentSection() }
        if wants(17) { try printRestoreSection() }
        if wants(18) { try printSoakSection() }
        if wants(19) { try printViewSection() }
        if wants(20) { try printImportSection() }
        if wants(21) { try printCheckCISection() }
        if wants(22) { try printVideoSection() }
    }

    /// Whether section `n` runs (`--only`).
    func wants(_ n: Int) -> Bool { only.isEmpty || only.contains(n) }

    // MARK: 1

    /// A list of timings summed up: every figure the bench prints of one comes from here.
    struct Timing {
        var mean: Double
        var median: Double
        var p99: Double
        var worst: Double

        /// The mean, median, p99 (`percentile`) and worst of `costs` (all 0 if there are none).
        init(_ costs: [Double]) {
            let sorted = costs.sorted()
            guard let last = sorted.last else {
                (mean, median, p99, worst) = (0, 0, 0, 0)
                return
            }
            mean = costs.reduce(0, +) / Double(costs.count)
            median = sorted[sorted.count / 2]
            p99 = BenchCommand.percentile(0.99, ofSorted: sorted)
            worst = last
        }
    }

    /// The `p` percentile of `sorted` by nearest rank: the smallest value that at least a
    /// share `p` of them do not exceed (p99 of 100 is the second worst; of 20 or fewer, the
    /// worst). Every p99 the bench prints is this one.
    static func percentile(_ p: Double, ofSorted sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p * Double(sorted.count) - 1e-9).rounded(.up))
        return sorted[min(sorted.count - 1, max(0, rank - 1))]
    }

    func frameCost(finishedStrokes n: Int) throws -> Timing {
        var state = AppState(viewport: Self.viewport)
        var t = Self.fillCanvas(&state, strokes: n, source: .mouse)
        state.advance(to: t)
        let renderer = try FrameRenderer(viewport: Self.viewport)
        let texture = try OffscreenTexture(width: Self.viewport.pixelWidth, height: Self.viewport.pixelHeight)
        texture.upload(renderer.frame, dirty: try renderer.render(state.display))

        let path = StrokeFixtures.signature(count: frames * 4 + 1, in: Rect(x: 200, y: 200, width: 1500, height: 600), seed: 99)
        state.handle(.pointer(PointerInput(phase: .down, location: path[0].preciseLocation)), at: t)
        var costs: [Double] = []
        let clock = ContinuousClock()
        for f in 0..<frames {
            for k in 1...4 {
                t += 1.0 / 240
                state.handle(.pointer(PointerInput(phase: .move, location: path[f * 4 + k].preciseLocation)), at: t)
            }
            state.advance(to: t)
            let display = state.display
            let start = clock.now
            texture.upload(renderer.frame, dirty: try renderer.render(display))
            costs.append(seconds(clock.now - start))
        }
        return Timing(costs)
    }

    // MARK: 2

    static let benchStroke = StrokeFixtures.stroke(id: 1, count: 1000, in: Rect(x: 100, y: 100, width: 1700, height: 880))

    func rendererCost() throws -> (outline: Double, classic: Double) {
        let stroke = Self.benchStroke
        let surface = try ImageSurface(viewport: Self.viewport)
        guard let cr = surface.makeContext() else { throw RenderError.surface("no context") }
        defer { cairo_destroy(cr) }
        func median(_ renderer: InkRenderer) -> Double {
            let painter = InkPainter(style: InkStyle(renderer: renderer))
            let clock = ContinuousClock()
            var runs: [Double] = []
            for _ in 0..<15 {
                let start = clock.now
                painter.draw(stroke, into: cr)
                surface.flush()
                runs.append(seconds(clock.now - start))
            }
            return runs.sorted()[runs.count / 2]
        }
        return (median(.outline), median(.classic))
    }

    // MARK: 3

    func seconds(_ d: Duration) -> Double {
        let c = d.components
        return Double(c.seconds) + Double(c.attoseconds) * 1e-18
    }
}
