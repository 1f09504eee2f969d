@testable import CairoRender
import CCairo
import ForceCore
import XCTest

/// A partial redraw draws only what of an outline can reach into its clip: the curves that lie
/// wholly beyond one of the clip's edges become one straight line there (`InkPainter.fill`).
/// Inside the clip that gives the very bytes of filling every curve, at every zoom and wherever
/// the clip cuts, with no margin around the clip; outside it the shape is cut short, which shows
/// the cut was made. Translucent ink (pressure → opacity), drawn as one group a stroke, too.
final class ClippedOutlineTests: XCTestCase {
    /// Every outline fixture, the edge cases and a long signature, finished.
    static var strokes: [Stroke] {
        var points = StrokeFixtures.outlineCases.sorted { $0.key < $1.key }.map(\.value)
        points += StrokeFixtures.edgeCases.sorted { $0.key < $1.key }.map(\.value)
        points.append(StrokeFixtures.signature(count: 400, in: Rect(x: 40, y: 60, width: 700, height: 340)))
        return points.enumerated().map { Stroke(id: $0 + 1, source: .pen, hasForce: true, points: $1, isFinished: true) }
    }

    func testAnOutlineCutToItsClipFillsTheClipAsTheWholeOutlineDoes() throws {
        let styles = [InkStyle(), InkStyle(precise: false), InkStyle(opacityFromPressure: true)]
        for scale in [1.0, 1.5, 0.75] {
            let viewport = Viewport(width: 800, height: 460, scale: scale)
            let whole = try ImageSurface(viewport: viewport), cut = try ImageSurface(viewport: viewport)
            for style in styles {
                let painter = InkPainter(style: style)
                let strokes = Self.strokes.map { StrokeTessellator.pieces(of: $0, style: style).real }
                XCTAssertTrue(strokes.joined().contains { if case .outline = $0.shape { true } else { false } })
                func draw(within area: Rect?, _ cr: OpaquePointer) {
                    for pieces in strokes { painter.drawStroke(pieces, predicted: [], within: area, into: cr) }
                }
                var cutOutside = 0
                // 64-pixel tiles, a grid at a 37-pixel offset, and thin strips.
                let everything = Self.draw(on: whole, clipped: nil) { draw(within: nil, $0) }
                for (k, clip) in Self.clips(viewport).enumerated() {
                    let area = clip.points(at: scale)
                    let a = Self.draw(on: whole, clipped: area) { draw(within: nil, $0) }
                    let b = Self.draw(on: cut, clipped: area) { draw(within: area, $0) }
                    XCTAssertTrue(a == b, "scale \(scale) · \(style) · clip \(clip): \(zip(a, b).count { $0 != $1 }) bytes differ")
                    // Unclipped, the cut outlines differ from the whole ones beyond the area.
                    if k % 8 == 0, Self.draw(on: cut, clipped: nil, { draw(within: area, $0) }) != everything {
                        cutOutside += 1
                    }
                }
                XCTAssertGreaterThan(cutOutside, 0, "scale \(scale) · \(style): no outline was cut")
            }
        }
    }

    /// Pixel-aligned clips over the whole viewport.
    static func clips(_ viewport: Viewport) -> [PixelRect] {
        var clips: [PixelRect] = []
        for (size, offset) in [(64, 0), (96, 37)] {
            for y in stride(from: offset, to: viewport.pixelHeight, by: size) {
                for x in stride(from: offset, to: viewport.pixelWidth, by: size) {
                    clips.append(PixelRect(x: x, y: y, width: min(size, viewport.pixelWidth - x), height: min(size, viewport.pixelHeight - y)))
                }
            }
        }
        for x in stride(from: 5, to: viewport.pixelWidth, by: 97) { clips.append(PixelRect(x: x, y: 0, width: 3, height: viewport.pixelHeight)) }
        for y in stride(from: 5, to: viewport.pixelHeight, by: 61) { clips.append(PixelRect(x: 0, y: y, width: viewport.pixelWidth, height: 2)) }
        return clips
    }

    /// Paper, then `draw` under a clip to `area` (points), if any; the surface's bytes as Cairo
    /// keeps them.
    static func draw(on surface: ImageSurface, clipped area: Rect?, _ draw: (OpaquePointer) -> Void) -> [UInt8] {
        guard let cr = surface.makeContext() else { return [] }
        CairoDrawing.setColour(Palette.paper, cr)
        cairo_paint(cr)
        if let a = area {
            cairo_rectangle(cr, a.x, a.y, a.width, a.height)
            cairo_clip(cr)
        }
        draw(cr)
        cairo_destroy(cr)
        surface.flush()
        guard let data = surface.data else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: surface.stride * surface.pixelHeight))
    }
}
