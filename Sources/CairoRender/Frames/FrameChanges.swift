import CCairo
import ForceCore

/// What changed since the last frame a renderer drew: whether it must draw everything, where
/// the live tail was, the overlays as they were, the scene it showed and the help's layout.
/// Both renderers (`FrameRenderer`, `LayerRenderer`) keep one.
struct FrameChanges {
    /// The next frame is drawn whole (the first one, a new size, a seek, a scene switch).
    private(set) var needsFull = true
    private var previousTail = Rect.null
    private var previousOverlays: [OverlayItem] = []
    private var previousScene: SceneDisplay?
    private var helpLayout: HelpLayout?

    /// The next frame is drawn whole.
    mutating func invalidate() { needsFull = true }

    /// The frame was drawn: only what changes from now on is redrawn.
    mutating func drawn() { needsFull = false }

    /// Whether the scene, or what it shows, differs from the last frame's.
    mutating func sceneChanged(to scene: SceneDisplay) -> Bool {
        defer { previousScene = scene }
        return scene != previousScene
    }

    /// The live tail's area now; returns the last frame's too (both must be redrawn).
    mutating func tail(_ area: Rect) -> (previous: Rect, now: Rect) {
        defer { previousTail = area }
        return (previousTail, area)
    }

    /// The areas of the overlays that appeared, went, moved or show something else now.
    mutating func overlays(_ items: [OverlayItem]) -> [Rect] {
        defer { previousOverlays = items }
        var out: [Rect] = []
        for old in previousOverlays where !items.contains(old) { out.append(old.rect) }
        for new in items where !previousOverlays.contains(new) { out.append(new.rect) }
        return out
    }

    /// The status's and the warning's text heights, wrapped at the width `overlays` gives them,
    /// set on `overlays` (each text measured once while it stays on screen).
    mutating func measureMessages(of overlays: inout OverlayPainter, on surface: ImageSurface) throws(RenderError) {
        let width = overlays.messageTextWidth
        if let text = overlays.status {
            overlays.statusTextHeight = try messageHeight(text, width: width, bold: false, on: surface)
        }
        if let text = overlays.warning {
            overlays.warningTextHeight = try messageHeight(text, width: width, bold: true, on: surface)
        }
    }

    /// A message's measured height, by its text, weight and width (a few kept: a status is
    /// drawn for seconds, a frame at a time).
    private var messageHeights: [MessageKey: Double] = [:]
    private struct MessageKey: Hashable {
        var text: String
        var width: Double
        var bold: Bool
    }

    private mutating func messageHeight(_ text: String, width: Double, bold: Bool, on surface: ImageSurface) throws(RenderError) -> Double {
        let key = MessageKey(text: text, width: width, bold: bold)
        if let h = messageHeights[key] { return h }
        guard let cr = surface.makeContext() else { throw RenderError.surface("cannot measure the status line") }
        defer { cairo_destroy(cr) }
        let style = bold ? OverlayPainter.warningStyle : OverlayPainter.statusStyle
        let h = OverlayPainter.messageTextHeight(text, width: width, style: style, in: cr)
        if messageHeights.count >= 8 { messageHeights.removeAll(keepingCapacity: true) }
        messageHeights[key] = h
        return h
    }

    /// The help's layout for this display's scene and window (measured once for each).
    mutating func help(for d: Display, measuringOn surface: ImageSurface) throws(RenderError) -> HelpLayout {
        let h = try HelpLayout.reusing(helpLayout, for: d, measuringOn: surface)
        helpLayout = h
        return h
    }
}
