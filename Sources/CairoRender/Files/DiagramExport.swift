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
