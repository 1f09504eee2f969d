import ForceCore

/// Renders what the player shows, canonically (the frame's pixels depend only on the player's
/// display): the golden images of the player, and the lessons' checks.
public enum PlayerFrame {
    /// The player's frame: the replayed state (with `view`'s panels) over its strip.
    public static func render(_ player: Player, view: PlayerView = PlayerView(), hint: String = "") throws(RenderError) -> ImageSurface {
        let d = player.display(view: view, hint: hint)
        let renderer = try FrameRenderer(viewport: d.viewport, canonical: true)
        try renderer.render(d)
        return renderer.frame
    }
}
