import CCairo
import CairoRender
import ForceCore
import TestSupport
import XCTest

/// Issue 9, item 5: smoothing depends on distance, not on the sample count. The same gesture
/// sampled at 60 Hz, 125 Hz and 1 kHz (`StrokeFixtures.gesture(rate:)`) draws the same outline,
/// pixel for pixel within antialiasing plus 1 px; and the replayed demo starts without a nub.
final class SampleRateTests: XCTestCase {
    /// The ink of one stroke as a mask: pixels at least half covered (antialiasing decides
    /// only which side of the edge a pixel falls).
    private struct Mask {
        let width: Int, height: Int
        var bits: [Bool]
        func at(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height && bits[y * width + x] }
    }

    private func mask(_ points: [InkPoint], style: InkStyle = InkStyle(), size: (Int, Int) = (720, 420)) throws -> Mask {
        let surface = try ImageSurface(viewport: Viewport(width: size.0, height: size.1))
        let cr = try XCTUnwrap(surface.makeContext())
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        InkPainter(style: style).draw(Stroke(id: 1, source: .pen, hasForce: true, points: points, isFinished: true), into: cr)
        cairo_destroy(cr)
        surface.flush()
        let data = try XCTUnwrap(surface.data)
        var bits = [Bool](repeating: false, count: size.0 * size.1)
        for y in 0..<size.1 {
            let row = data + y * surface.stride
            for x in 0..<size.0 {
                // Native-endian ARGB32 on little endian: B, G, R, A bytes; ink is near-black.
                bits[y * size.0 + x] = Int(row[4 * x + 1]) < 128
            }
        }
        return Mask(width: size.0, height: size.1, bits: bits)
    }

    /// The ink pixels of `a` farther than `reach` px from any ink pixel of `b`.
    private func strays(_ a: Mask, _ b: Mask, reach: Int) -> Int {
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a.at(x, y) {
                var near = false
                search: for dy in -reach...reach {
                    for dx in -reach...reach where b.at(x + dx, y + dy) {
                        near = true
                        break search
                    }
                }
                if !near { count += 1 }
            }
        }
        return count
    }

    func testOneGestureAt60And125And1000HertzDrawsTheSameOutline() throws {
        let rates = [60.0, 125, 1000]
        let masks = try rates.map { try mask(StrokeFixtures.gesture(rate: $0)) }
        let inked = masks[2].bits.filter { $0 }.count
        XCTAssertGreaterThan(inked, 5000, "the gesture draws")
        for i in masks.indices {
            for j in masks.indices where i != j {
                XCTAssertEqual(strays(masks[i], masks[j], reach: 1), 0, "\(Int(rates[i])) Hz against \(Int(rates[j])) Hz")
            }
        }
    }

    /// The demo's first stroke (recorded through the window at about 80 Hz) starts at 0.5 and
    /// is turned down to 0.2 within 0.1 s, 20 pt in: its start is no nub (it was 10 pt in radius
    /// against 5.6 pt after), at most 30 % wider than the ink that follows.
    func testTheReplayedDemoStartsWithoutANub() throws {
        let demo = try Fixtures.session("demo.jsonl")
        var state = demo.initialState()
        var first: Stroke?
        for e in demo.events {
            state.handle(e)
            state.advance(to: e.time)
            if let s = state.ink.strokes.first { first = s; break }
        }
        let stroke = try XCTUnwrap(first)
        let samples = StrokeOutline.samples(for: stroke, options: OutlineOptions.default)
        func radii(_ range: ClosedRange<Double>) -> [Double] {
            samples.filter { range.contains($0.runningLength) }.map { OutlinePolygon.radius(pressure: $0.pressure, options: .default) }
        }
        let start = try XCTUnwrap(radii(0...24).max())
        let following = radii(30...70).sorted()
        let median = following[following.count / 2]
        XCTAssertLessThanOrEqual(start, median * 1.3, "start radius \(start) pt against \(median) pt after")
    }
}
