import CCairo
import ForceCore

/// Draws a home or back swipe on its way (`SwipeDisplay`): what the swipe goes to, then the
/// scene on screen moved by the swipe's progress over it. Home (the bottom edge): the scene
/// shrinks into a card that rises with the finger, its corners rounding, over Home. Back (the
/// left edge): the scene slides right with the finger over the scene as back leaves it, which
/// is dimmed a little until uncovered, a shadow along the moving edge (UIKit's navigation pop).
/// Both presenters draw it so (the GL presenter into its scene layer), with no blur nor rings.
struct SwipePainter {
    let swipe: SwipeDisplay
    /// The device's screen the scene fills.
    let screen: Rect

    /// 0.5: the card's size at a whole swipe home, of the screen's (chosen: the app card of the
    /// iPhone's home gesture is about half the screen when let go).
    static let cardScale = 0.5
    /// 39 pt: the card's corner radius at a whole swipe, about the iPhone X display's corners
    /// (Apple publishes no figure; this is the commonly measured one).
    static let cardCornerRadius = 39.0
    /// 0.12: how dark the scene under a back swipe is while still covered (chosen, as UIKit's
    /// navigation transition dims the view being revealed).
    static let backDim = 0.12

    var progress: Double { Force.normalized(swipe.progress) }

    /// The rect the scene on screen is drawn into at this progress.
    var frame: Rect {
        let p = progress
        switch swipe.edge {
        case .left:
            return screen.offsetBy(dx: p * screen.width, dy: 0)
        default:
            let s = 1 - (1 - Self.cardScale) * p
            let w = screen.width * s, h = screen.height * s
            let cx = screen.center.x, cy = screen.center.y - p * screen.height * 0.3
            return Rect(x: cx - w / 2, y: cy - h / 2, width: w, height: h)
        }
    }

    /// Draws `under` (what the swipe goes to: its base and sharp elements), then the scene
    /// `drawScene` paints, fitted into `frame`.
    func draw(_ cr: OpaquePointer, under: (any ScenePainting)?, drawScene: (OpaquePointer) -> Void) {
        let p = progress, f = frame
        cairo_save(cr)
        cairo_rectangle(cr, screen.x, screen.y, screen.width, screen.height)
        cairo_clip(cr)
        under?.paintSharp(cr)
        let back = swipe.edge == .left
        if back, p < 1 {
            cairo_rectangle(cr, screen.x, screen.y, f.x - screen.x, screen.height)
            cairo_set_source_rgba(cr, 0, 0, 0, Self.backDim * (1 - p))
            cairo_fill(cr)
        }
        let radius = back ? 0 : Self.cardCornerRadius * p
        CairoDrawing.softShadow(f, radius: radius, blur: back ? 12 : 28, offsetY: back ? 0 : 10, alpha: back ? 0.25 : 0.35 * p, cr)
        cairo_save(cr)
        CairoDrawing.roundedRect(f, radius: radius, cr)
        cairo_clip(cr)
        cairo_translate(cr, f.x, f.y)
        cairo_scale(cr, f.width / max(1, screen.width), f.height / max(1, screen.height))
        cairo_translate(cr, -screen.x, -screen.y)
        drawScene(cr)
        cairo_restore(cr)
        cairo_restore(cr)
    }
}
