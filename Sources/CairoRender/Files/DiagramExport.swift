import CCairo
import ForceCore

/// A machine's state diagram as a file for slides (`forcecanvas diagram`): the panel `M` shows,
/// at the size its layout takes (never squeezed), as PNG (at `scale`), SVG or PDF.
public enum DiagramExport {
    /// The machines by the names the command takes.
    public static let machines: [(name: String, diagram: StateDiagram)] = [
        ("ink", InkCanvas.diagram), ("preview", PreviewInteraction.diagram()), ("confirm", ConfirmButton.diagram),
        ("quick-actions", QuickActionMenu.diagram()), ("edge-gesture", EdgeGesture.diagram), ("home-indicator", HomeIndicator.diagram),
    ]

    /// 448 pt: the dock's width, the narrowest the panel is drawn at (its title and subtitle wrap there).
    static let minimumWidth = 448.0

    /// The panel's size for `diagram`: its layout with the title above and margins around.
    static func size(of diagram: StateDiagram) throws(RenderError) -> (width: Double, height: Double) {
        let scratch = try ImageSurface(viewport: Viewport(width: 8, height: 8))
        guard let cr = scratch.makeContext() else { throw RenderError.surface("cannot measure the diagram") }
        defer { cairo_destroy(cr) }
        guard let layout = StateDiagramPainter.layout(of: diagram, in: cr) else {
            throw RenderError.surface("Graphviz's dot could not lay out \(diagram.title)")
        }
        let width = max(minimumWidth, layout.size.width + 40)
        let subtitle = TextPainter.measure(diagram.subtitle, style: .init(size: 9.5), width: width - 24, in: cr).height
        return (width, layout.size.height + 52 + subtitle)
    }

    /// Writes `diagram` (its first state current) to `path`.
    public static func write(_ diagram: StateDiagram, format: Exporter.Format, scale: Double = 2, to path: String) throws(RenderError) {
        let (w, h) = try size(of: diagram)
        let panel = DiagramDisplay(diagram: diagram, current: diagram.states.first)
        let rect = Rect(x: 0, y: 0, width: w, height: h)
        switch format {
        case .png:
            let surface = try ImageSurface(viewport: Viewport(width: Int(w.rounded(.up)), height: Int(h.rounded(.up)), scale: scale))
            guard let cr = surface.makeContext() else { throw RenderError.surface("cannot draw the diagram") }
            StateDiagramPainter(diagram: panel, rect: rect).draw(cr)
            cairo_destroy(cr)
            try surface.writePNG(to: path)
        case .svg, .pdf:
            try Exporter.writeVector(format, width: w, height: h, to: path) { StateDiagramPainter(diagram: panel, rect: rect).draw($0) }
        }
    }
}

extension DiagramExport {
    /// 3: the most a diagram is enlarged to fill a window (its text 30 pt and more beyond).
    public static let largestWindowZoom = 3.0

    /// Draws `diagram` over a `width` × `height` surface (a second window,
    /// `run --diagram-window`): the panel at its own size enlarged or reduced to fill it (at
    /// most `largestWindowZoom`), centred; what is left dark. Without a diagram (a scene with no
    /// machine in focus) it says so.
    public static func drawFilling(_ diagram: DiagramDisplay?, width: Double, height: Double, in cr: OpaquePointer) throws(RenderError) {
        CairoDrawing.setColour(Palette.panel.with(alpha: 1), cr)
        cairo_paint(cr)
        guard let diagram else {
            TextPainter.draw("No state machine in focus: press on the scene", at: Point(x: 16, y: 16),
                             style: .init(size: 13, colour: Palette.panelDim), width: max(1, width - 32), in: cr)
            return
        }
        let (w, h) = try size(of: diagram.diagram)
        let zoom = min(largestWindowZoom, width / w, height / h)
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_translate(cr, (width - w * zoom) / 2, (height - h * zoom) / 2)
        cairo_scale(cr, zoom, zoom)
        StateDiagramPainter(diagram: diagram, rect: Rect(x: 0, y: 0, width: w, height: h), overScene: true).draw(cr)
    }
}
