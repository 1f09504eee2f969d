import CCairo
import ForceCore

/// A scene the renderer has no painter of its own for (`SceneDisplay.plain`, one a test adds):
/// paper, its title and its state lines.
struct PlainScenePainter: ScenePainting {
    let display: PlainSceneDisplay

    var base: SceneDisplay { .plain(display) }

    func paintBase(_ cr: OpaquePointer) {
        CairoDrawing.setColour(Palette.paper, cr)
        cairo_paint(cr)
        let t = display.titleRect
        TextPainter.draw(display.kind.title, at: Point(x: t.x, y: t.y), style: .init(size: 18, bold: true, colour: Palette.ink),
                         width: t.width, overflow: .ellipsize, in: cr)
        var y = display.linesRect.y
        for line in display.lines {
            TextPainter.draw(line, at: Point(x: t.x, y: y), style: .init(size: 12, colour: Palette.ink), width: t.width,
                             overflow: .ellipsize, in: cr)
            y += PlainSceneDisplay.lineHeight
        }
    }

    var front: [(OpaquePointer) -> Void] { [] }
    var blur: BackdropBlur? { nil }
    var rings: [RingShape] { [] }

    func draw(_ cr: OpaquePointer, backdrop: BackdropMaker) throws(RenderError) { paintBase(cr) }
}
