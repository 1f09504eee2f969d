import CCairo
import Foundation
import ForceCore

/// The lesson picker over the window: a title, then one row per lesson (its title), the
/// highlighted one filled.
struct LessonMenuPainter {
    let menu: LessonMenu
    let bounds: Rect

    var frame: Rect { menu.frame(in: bounds) }

    func draw(_ cr: OpaquePointer) {
        cairo_rectangle(cr, bounds.x, bounds.y, bounds.width, bounds.height)
        CairoDrawing.setColour(RGBA(0, 0, 0, 0.45), cr)
        cairo_fill(cr)
        let f = frame
        CairoDrawing.fillRoundedRect(f, radius: 12, colour: RGBA(0.12, 0.12, 0.15, 0.97), cr)
        TextPainter.draw("LESSONS AND KEPT CANVASES · ↑ ↓ and Return, or click · Esc closes", at: Point(x: f.x + 16, y: f.y + 16),
                         style: .init(size: 12, bold: true, colour: Palette.panelDim), width: f.width - 32, overflow: .ellipsize, in: cr)
        if menu.entries.isEmpty {
            TextPainter.draw("No lessons found (Assets/Lessons)", at: Point(x: f.x + 16, y: f.y + LessonMenu.titleHeight + 8),
                             style: .init(size: 13), width: f.width - 32, in: cr)
            return
        }
        for (i, e) in menu.entries.enumerated() where menu.isShown(i, in: f) {
            let r = menu.row(i, in: f)
            if i == menu.highlighted { CairoDrawing.fillRoundedRect(r, radius: 8, colour: Palette.accent, cr) }
            let detailWidth = e.detail.isEmpty ? 0.0 : min(200, r.width / 2)
            TextPainter.draw(e.title, at: Point(x: r.x + 12, y: r.y + 9), style: .init(size: 13, bold: i == menu.highlighted),
                             width: r.width - 24 - detailWidth, overflow: .ellipsize, in: cr)
            if !e.detail.isEmpty {
                TextPainter.draw(e.detail, at: Point(x: r.maxX - 12 - detailWidth, y: r.y + 10),
                                 style: .init(size: 12, colour: i == menu.highlighted ? Palette.panelText : Palette.panelDim),
                                 width: detailWidth, alignment: .right, overflow: .ellipsize, in: cr)
            }
        }
    }
}
