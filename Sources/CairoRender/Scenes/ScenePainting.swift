import CCairo
import ForceCore

/// Makes (or reuses) a blurred copy of what `draw` paints, under `key`: the software
/// presenter's backdrop behind a peek or a menu, made once per press.
typealias BackdropMaker = (_ key: String, _ draw: (OpaquePointer) -> Void) throws(RenderError) -> BlurredBackdrop

/// A scene other than the canvas as the renderers draw it. The GL presenter composes its parts:
/// the base (what a peek or a menu blurs), the elements that stay sharp over the blur (each
/// drawn on its own, so its area is known), the blur and the rings. The software presenter
/// draws the same parts in one pass, in the same order, with the CPU blur and Cairo's rings.
protocol ScenePainting {
    /// What the base depends on: the base is redrawn only when this changes (a peek's progress,
    /// a ring or a state line never touch it).
    var base: SceneDisplay { get }
    /// Draws the base (opaque: every scene paints its whole background first).
    func paintBase(_ cr: OpaquePointer)
    /// The elements drawn sharp over the (blurred) base, bottom to top, without rings.
    var front: [(OpaquePointer) -> Void] { get }
    /// How blurred and dimmed the base is (nil: not at all).
    var blur: BackdropBlur? { get }
    /// The rings over the scene, bottom to top.
    var rings: [RingShape] { get }
    /// Draws the whole scene in one pass (the software presenter).
    func draw(_ cr: OpaquePointer, backdrop: BackdropMaker) throws(RenderError)
    /// Makes the backdrop a press would blur, on an idle frame, so the press's first frame
    /// does not pay for it.
    func prepareBackdrop(_ backdrop: BackdropMaker) throws(RenderError)
}

extension ScenePainting {
    func prepareBackdrop(_ backdrop: BackdropMaker) throws(RenderError) {}

    /// The base and the sharp elements over it, without the blur or the rings (a swipe moves
    /// the scene: no peek or menu is open then).
    func paintSharp(_ cr: OpaquePointer) {
        paintBase(cr)
        for element in front { element(cr) }
    }
}

extension SceneDisplay {
    /// How the renderers draw this scene (nil: the canvas, whose ink has renderers of its own).
    /// The one place that maps a scene's display to its painter.
    func painting(viewport: Viewport) -> (any ScenePainting)? {
        switch self {
        case .canvas: nil
        case .messages(let m): MessagesPainter(messages: m, viewport: viewport)
        case .home(let h): HomePainter(home: h, viewport: viewport)
        case .confirm(let c): ConfirmPainter(confirm: c, viewport: viewport)
        case .plain(let p): PlainScenePainter(display: p)
        }
    }
}
