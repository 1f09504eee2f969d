import CCairo
import Foundation
import ForceCore
import ForcePlatform

/// Draws the state-diagram panel (`M`) from a machine's published table, laid out by Graphviz's
/// dot (`DiagramLayout`): states as boxes, every edge a spline from its state with its condition
/// beside it, fitted to the panel (never enlarged). The current state is filled, the edges just
/// taken glow and fade.
struct StateDiagramPainter {
    let diagram: DiagramDisplay
    let rect: Rect
    /// Over the scene (no room in the dock): its panel opaque, the scene does not show through.
    var overScene = false

    /// 10 pt labels, 11 pt state names (chosen: the smallest text the panels use).
    static let labelSize = 10.0, nameSize = 11.0
    static var labelStyle: TextPainter.Style { TextPainter.Style(size: labelSize, colour: Palette.panelText) }
    static var nameStyle: TextPainter.Style { TextPainter.Style(size: nameSize, bold: true, mono: true, colour: Palette.panelText) }

    /// `table` laid out with the panel's text (made once for each table and language: the
    /// labels' sizes are the translations': `DiagramLayout.of`).
    static func layout(of table: StateDiagram, in cr: OpaquePointer) -> DiagramLayout? {
        let key = ([Translation.language.rawValue, table.title] + table.states + table.edges.map { "\($0.source)>\($0.to):\($0.label)" }).joined(separator: "\u{1}")
        return DiagramLayout.of(table, key: key) { text, width, isName in
            let m = TextPainter.measure(text, style: isName ? nameStyle : labelStyle, width: width, in: cr)
            return (m.width, m.height)
        }
    }
    /// The colour of an edge just taken (at full strength).
    static let flashColour = RGBA(1.0, 0.78, 0.20)

    func draw(_ cr: OpaquePointer) {
        CairoDrawing.fillRoundedRect(rect, radius: 10, colour: overScene ? Palette.panel.with(alpha: 1) : Palette.panel, cr)
        let table = diagram.diagram
        let inner = rect.insetBy(12)
        TextPainter.draw("STATE DIAGRAM · \(table.title)", at: Point(x: inner.x, y: rect.y + 9),
                         style: .init(size: 11, bold: true, colour: Palette.panelDim), width: inner.width,
                         overflow: .ellipsize, in: cr)
        let subtitleHeight = TextPainter.draw(table.subtitle, at: Point(x: inner.x, y: rect.y + 25),
                                              style: .init(size: 9.5, colour: Palette.panelDim), width: inner.width, in: cr)
        var bottom = rect.maxY - 8
        if overScene {
            // Over the screen, a press on the diagram is the window's: say how to draw again.
            let style = TextPainter.Style(size: 9.5, colour: Palette.panelDim)
            let height = TextPainter.measure(Self.overSceneNote, style: style, width: inner.width, in: cr).height
            TextPainter.draw(Self.overSceneNote, at: Point(x: inner.x, y: bottom - height), style: style, width: inner.width, in: cr)
            bottom -= height + 4
        }
        cairo_save(cr)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cr)
        drawGraph(in: Rect(x: rect.x, y: rect.y + 30 + subtitleHeight, width: rect.width,
                           height: bottom - (rect.y + 30 + subtitleHeight)), cr)
        cairo_restore(cr)
    }

    /// Under the diagram drawn over the screen (no room for it beside the screen), where a
    /// press is the window's and the scene waits: how to reach the scene again.
    static let overSceneNote = "The scene waits under the diagram (no room for it beside the screen) · M closes it · "
        + "run --diagram-window gives it a window of its own"

    private func drawGraph(in area: Rect, _ cr: OpaquePointer) {
        let table = diagram.diagram
        guard let layout = Self.layout(of: table, in: cr) else {
            TextPainter.draw("(the diagram could not be laid out: Graphviz's dot failed)", at: Point(x: area.x + 12, y: area.y + 4),
                             style: .init(size: Self.labelSize, colour: Palette.panelDim), width: area.width - 24, in: cr)
            return
        }
        // Fitted to the area, never enlarged; centred across it.
        let scale = min(1, area.width / max(1, layout.size.width + 16), area.height / max(1, layout.size.height + 8))
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_translate(cr, area.x + (area.width - layout.size.width * scale) / 2, area.y + 4)
        cairo_scale(cr, scale, scale)
        let flash = Dictionary(diagram.flashes.map { ($0.edge, $0.alpha) }, uniquingKeysWith: max)
        func lineColour(_ e: Int) -> RGBA {
            guard let a = flash[e] else { return Palette.panelDim }
            return mix(Palette.panelDim, Self.flashColour, a)
        }
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        for line in layout.lines {
            guard let first = line.path.first else { continue }
            cairo_new_path(cr)
            cairo_move_to(cr, first.x, first.y)
            var i = 1
            while i + 2 < line.path.count {
                cairo_curve_to(cr, line.path[i].x, line.path[i].y, line.path[i + 1].x, line.path[i + 1].y, line.path[i + 2].x, line.path[i + 2].y)
                i += 3
            }
            cairo_set_line_width(cr, 1.2 + 1.8 * (flash[line.edge] ?? 0))
            CairoDrawing.setColour(lineColour(line.edge), cr)
            cairo_stroke(cr)
            if let tip = line.tip, let base = line.path.last { arrowHead(from: base, to: tip, lineColour(line.edge), cr) }
        }
        for line in layout.lines {
            guard let box = line.label else { continue }
            let pad = DiagramLayout.labelPadding
            TextPainter.draw(table.edges[line.edge].label, at: Point(x: box.x + pad, y: box.y + pad), style: flashStyle(flash[line.edge]),
                             width: box.width - 2 * pad + 1, alignment: .center, in: cr)
        }
        for node in layout.nodes {
            let box = node.rect
            switch node.kind {
            case .state:
                let current = node.name == diagram.current
                cairo_new_path(cr)
                CairoDrawing.roundedRect(box, radius: 6, cr)
                CairoDrawing.setColour(current ? Palette.accent : RGBA(0.16, 0.16, 0.18), cr)
                cairo_fill_preserve(cr)
                cairo_set_line_width(cr, current ? 2 : 1)
                CairoDrawing.setColour(current ? RGBA(0.75, 0.87, 1) : Palette.panelDim.with(alpha: 0.7), cr)
                cairo_stroke(cr)
                TextPainter.draw(node.name, at: Point(x: box.x, y: box.y + max(1, (box.height - 15) / 2)), style: Self.nameStyle,
                                 width: box.width, alignment: .center, overflow: .ellipsize, in: cr)
            case .anyState:
                cairo_new_path(cr)
                CairoDrawing.roundedRect(box, radius: 6, cr)
                let dashes: [Double] = [3, 3]
                cairo_set_dash(cr, dashes, Int32(dashes.count), 0)
                cairo_set_line_width(cr, 1)
                CairoDrawing.setColour(Palette.panelDim, cr)
                cairo_stroke(cr)
                cairo_set_dash(cr, nil, 0, 0)
                TextPainter.draw(node.name, at: Point(x: box.x, y: box.y + max(1, (box.height - 15) / 2)),
                                 style: .init(size: Self.nameSize, mono: true, colour: Palette.panelDim),
                                 width: box.width, alignment: .center, overflow: .ellipsize, in: cr)
            case .entry, .junction:
                CairoDrawing.fillCircle(box.center, radius: max(2, box.width / 2), colour: Palette.panelDim, cr)
            }
        }
    }

    private func flashStyle(_ flash: Double?) -> TextPainter.Style {
        .init(size: Self.labelSize, bold: flash != nil, colour: flash.map { mix(Palette.panelText, Self.flashColour, $0) } ?? Palette.panelText)
    }

    private func mix(_ a: RGBA, _ b: RGBA, _ k: Double) -> RGBA {
        let k = Force.normalized(k)
        return RGBA(a.r + (b.r - a.r) * k, a.g + (b.g - a.g) * k, a.b + (b.b - a.b) * k, a.a + (b.a - a.a) * k)
    }

    private func stroke(_ points: [Point], _ colour: RGBA, _ flash: Double?, _ cr: OpaquePointer) {
        guard let first = points.first else { return }
        cairo_new_path(cr)
        cairo_move_to(cr, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_set_line_width(cr, 1.2 + 1.8 * (flash ?? 0))
        CairoDrawing.setColour(colour, cr)
        cairo_stroke(cr)
    }

    /// A filled arrowhead from `base` (where the line ends) to `tip`.
    private func arrowHead(from base: Point, to tip: Point, _ colour: RGBA, _ cr: OpaquePointer) {
        let dx = tip.x - base.x, dy = tip.y - base.y, length = (dx * dx + dy * dy).squareRoot()
        guard length > 0.01 else { return }
        let (ux, uy) = (dx / length, dy / length)
        let half = max(2.5, length * 0.45)
        cairo_new_path(cr)
        cairo_move_to(cr, tip.x, tip.y)
        cairo_line_to(cr, base.x - uy * half, base.y + ux * half)
        cairo_line_to(cr, base.x + uy * half, base.y - ux * half)
        cairo_close_path(cr)
        CairoDrawing.setColour(colour, cr)
        cairo_fill(cr)
    }
}
