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

    /// Their areas and fingerprints, for the renderer's dirty rects.
    var playerItems: [(Rect, String)] {
        var out: [(Rect, String)] = []
        if let t = trailPainter, let last = t.samples.last {
            out.append((t.bounds, "trail \(t.samples.count) \(t.samples.first?.time ?? 0) \(last.time)"))
        }
        if let r = diagramRect, let d = display.diagram {
            out.append((r, "diagram \(d.diagram.title) \(d.current ?? "-") \(d.flashes.map { "\($0.edge):\($0.alpha)" })"))
        }
        if let p = display.player {
            let item = TimelinePainter(player: p).item
            out.append((item.rect, item.content))
        }
        if let m = display.lessons { out.append((display.viewport.bounds, "lessons \(m.highlighted) \(m.entries.count)")) }
        if let text = display.subtitle { out.append((CaptionPainter.subtitleArea(over: layout.screen), "subtitle \(text)")) }
        return out
    }

    /// The trail, over the scene and under the panels.
    func drawTrail(_ cr: OpaquePointer) { trailPainter?.draw(cr) }

    /// The diagram panel, with the teaching panels.
    func drawDiagram(_ cr: OpaquePointer) {
        if let r = diagramRect, let d = display.diagram { StateDiagramPainter(diagram: d, rect: r).draw(cr) }
    }

    /// The player's strip and the lesson picker, over everything else.
    func drawPlayer(_ cr: OpaquePointer) {
        if let p = display.player { TimelinePainter(player: p).draw(cr) }
        if let m = display.lessons { LessonMenuPainter(menu: m, bounds: display.viewport.bounds).draw(cr) }
        if let text = display.subtitle { CaptionPainter(text: text).drawSubtitle(over: layout.screen, cr) }
    }

    /// The HUD's pointer line (Android's "Pointer location"): velocity, the driving device's
    /// sample rate and Δ from the last sample.
    var pointerLine: String {
        guard let r = display.readout else { return "pointer: not seen yet" }
        var line = String(format: "pointer %.0f pt/s", r.velocity)
        line += r.sampleRate.map { String(format: " · %.0f Hz", $0) } ?? " · — Hz"
        if let d = r.delta { line += String(format: " · Δ %+.1f, %+.1f pt in %.1f ms", d.dx, d.dy, d.dt * 1000) }
        return line
    }
}
