import CCairo
import Foundation
import ForceCore

/// The overlays of issue 12: the state-diagram panel, the pointer's trail, the player's strip
/// and the lesson picker.
extension OverlayPainter {
    var diagramRect: Rect? { display.diagram == nil ? nil : layout.rect(of: .diagram) }

    var trailPainter: TrailPainter? {
        display.trail.map { TrailPainter(samples: $0, screen: layout.screen) }
    }

    /// Their areas and contents, for the renderer's dirty rects.
    var playerItems: [OverlayItem] {
        var out: [OverlayItem] = []
        if let t = trailPainter, !t.samples.isEmpty { out.append(OverlayItem(t.bounds, .trail(t.samples))) }
        if let r = diagramRect, let d = display.diagram { out.append(OverlayItem(r, .diagram(d))) }
        if let p = display.player { out.append(OverlayItem(p.layout.strip.scaled(by: p.layout.uiScale), .player(p))) }
        if let m = display.lessons { out.append(OverlayItem(display.viewport.bounds, .lessons(m))) }
        return out
    }

    /// The trail, over the scene and under the panels.
    func drawTrail(_ cr: OpaquePointer) { trailPainter?.draw(cr) }

    /// The diagram panel, with the teaching panels.
    func drawDiagram(_ cr: OpaquePointer) {
        if let r = diagramRect, let d = display.diagram {
            inUIScale(r, cr) { StateDiagramPainter(diagram: d, rect: $0, overScene: r == layout.overlay).draw(cr) }
        }
    }

    /// The player's strip and the lesson picker, over everything but the messages.
    func drawPlayer(_ cr: OpaquePointer) {
        if let p = display.player {
            CairoDrawing.scaled(by: p.layout.uiScale, cr) { TimelinePainter(player: p).draw(cr) }
        }
        if let m = display.lessons {
            let bounds = display.viewport.bounds
            LessonMenuPainter(menu: m, bounds: bounds, area: LessonMenu.area(in: bounds, uiScale: layout.uiScale)).draw(cr)
        }
    }
}
