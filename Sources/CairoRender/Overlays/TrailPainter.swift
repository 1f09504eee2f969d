import CCairo
import Foundation
import ForceCore

/// The pointer's trail (`T`, Android's "Pointer location"): the samples of the last second,
/// joined, each a dot coloured by its force (blue light → red hard; grey while not pressed).
struct TrailPainter {
    let samples: [PointerTrack.Sample]
    let screen: Rect

    /// 2.5 pt dots, 1.5 pt lines (chosen: visible over ink without hiding it).
    static let dotRadius = 2.5, lineWidth = 1.5

    /// Force 0 → blue, 0.5 → green-yellow, 1 → red; unpressed samples grey.
    static func colour(_ s: PointerTrack.Sample) -> RGBA {
        guard s.force > 0 else { return RGBA(0.55, 0.55, 0.6, 0.8) }
        let f = Force.normalized(s.force)
        return f < 0.5 ? RGBA(0.15 + 1.3 * f, 0.45 + 0.9 * f, 1 - 1.6 * f) : RGBA(0.8 + 0.4 * (f - 0.5), 0.9 - 1.6 * (f - 0.5), 0.2 - 0.3 * (f - 0.5))
    }

    /// The area the trail covers (null when it is empty).
    var bounds: Rect {
        samples.reduce(Rect.null) { $0.union(Rect(around: $1.location, radius: Self.dotRadius + 2)) }.intersection(screen)
    }

    func draw(_ cr: OpaquePointer) {
        guard !samples.isEmpty else { return }
        cairo_save(cr)
        cairo_rectangle(cr, screen.x, screen.y, screen.width, screen.height)
        cairo_clip(cr)
        cairo_set_line_width(cr, Self.lineWidth)
        for (a, b) in zip(samples, samples.dropFirst()) where b.phase != .down {
            cairo_new_path(cr)
            cairo_move_to(cr, a.location.x, a.location.y)
            cairo_line_to(cr, b.location.x, b.location.y)
            CairoDrawing.setColour(Self.colour(b).with(alpha: 0.7), cr)
            cairo_stroke(cr)
        }
        for s in samples { CairoDrawing.fillCircle(s.location, radius: Self.dotRadius, colour: Self.colour(s), cr) }
        cairo_restore(cr)
    }
}
