import CCairo
import ForceCore

/// ForceCanvas's own icon as the desktop shows it (the window, the menu, the hicolor theme): the
/// Home scene's ForceCanvas icon (`HomeApp.samples`' first app), drawn by `ShortcutIconPainter`.
public enum AppIcon {
    /// The app the icon is Home's picture of.
    static var app: HomeApp? { HomeApp.samples.first { $0.id == HomeApp.forceCanvasID } }

    /// Draws the icon filling a `side`-point square at the origin of `cr`.
    static func draw(side: Double, into cr: OpaquePointer) {
        guard let app else { return }
        ShortcutIconPainter.drawAppIcon(app.glyph, tint: RGBA(app.tint.r, app.tint.g, app.tint.b),
                                        in: Rect(x: 0, y: 0, width: side, height: side), into: cr)
    }

    /// The icon as a `side`×`side` pixel surface (transparent around it).
    public static func image(side: Int) throws(RenderError) -> ImageSurface {
        let surface = try ImageSurface(viewport: Viewport(width: side, height: side))
        guard let cr = surface.makeContext() else { throw RenderError.surface("no context for the \(side) px icon") }
        draw(side: Double(side), into: cr)
        cairo_destroy(cr)
        surface.flush()
        return surface
    }

    /// Writes the icon as a scalable SVG of `side` points (vector paths, as Cairo's SVG surface
    /// writes them), atomically.
    public static func writeSVG(side: Double, to path: String) throws(RenderError) {
        try Exporter.writeVector(.svg, width: side, height: side, to: path) { draw(side: side, into: $0) }
    }
}
