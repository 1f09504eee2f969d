import CairoRender
import ForceCore
import Foundation

/// Section 19: the canvas's view at its limits: a 2,000-stroke document zoomed in ×4 and out
/// ×0.25 against 100 %.
extension BenchCommand {
    struct ViewCost {
        /// The whole ink drawn again (what a zoom or a pan costs once).
        var redraw: Double
        /// A frame while a stroke is drawn (the live tail and its final pieces).
        var drawing: Timing
    }

    func viewCost(scale: Double, strokes: Int) throws -> ViewCost {
        var state = AppState(viewport: Self.viewport)
        var t = Self.fillCanvas(&state, strokes: strokes, source: .pen)
        let centre = Point(x: Double(Self.viewport.width) / 2, y: Double(Self.viewport.height) / 2)
        if scale != 1 { state.handle(.view(.zoom(scale, about: centre)), at: t) }
        state.advance(to: t)
        let renderer = try FrameRenderer(viewport: state.viewport)
        let clock = ContinuousClock()
        var redraws: [Double] = []
        for _ in 0..<3 {
            renderer.invalidate()
            let start = clock.now
            try renderer.render(state.display)
            redraws.append(seconds(clock.now - start))
        }
        let path = StrokeFixtures.signature(count: frames * 4 + 1, in: Rect(x: 700, y: 400, width: 500, height: 250), seed: 41)
        state.handle(.pointer(PointerInput(phase: .down, location: path[0].preciseLocation, source: .pen, rawForce: 0.5, maximumForce: 1)), at: t)
        var costs: [Double] = []
        for f in 0..<frames {
            for k in 1...4 {
                t += 1.0 / 240
                let p = path[f * 4 + k]
                state.handle(.pointer(PointerInput(phase: .move, location: p.preciseLocation, source: .pen, rawForce: p.force, maximumForce: 1)), at: t)
            }
            state.advance(to: t)
            let start = clock.now
            try renderer.render(state.display)
            costs.append(seconds(clock.now - start))
        }
        let sorted = costs.sorted()
        return ViewCost(redraw: redraws.min() ?? 0,
                        drawing: Timing(mean: costs.reduce(0, +) / Double(costs.count), p50: sorted[sorted.count / 2],
                                        p99: sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]))
    }

    func printViewSection() throws {
        print("19. The canvas's view: 2,000 strokes of 60 points at \(Self.viewport.width)x\(Self.viewport.height), "
              + "zoomed about the centre (software renderer, \(frames) frames of drawing)")
        let base = try viewCost(scale: 1, strokes: 2_000)
        for (name, scale) in [("100 %", 1.0), ("×4", 4.0), ("×0.25", 0.25)] {
            let c = scale == 1 ? base : try viewCost(scale: scale, strokes: 2_000)
            print(String(format: "   %-6@ whole ink %.1f ms (%.2f× 100 %%) · drawing: mean %.3f ms, p99 %.3f ms (%.2f× 100 %%)",
                         name as NSString, c.redraw * 1000, c.redraw / base.redraw, c.drawing.mean * 1000, c.drawing.p99 * 1000,
                         c.drawing.mean / base.drawing.mean))
        }
        print("")
    }
}
