import CCairo
import ForceCore

/// Home as the renderers draw it: the grid is the base (blurred behind a press and a menu), the
/// pressed icon, the state, the menu, the toast and the hint stay sharp over it.
extension HomePainter: ScenePainting {
    /// The grid alone.
    var base: SceneDisplay {
        let h = home
        return .home(HomeDisplay(apps: h.apps, layout: h.layout, labels: h.labels, pressedIcon: nil, pressProgress: 0,
                                 menu: nil, toast: nil, usesTimedFallback: false))
    }

    func paintBase(_ cr: OpaquePointer) {
        guard case .home(let h) = base else { return }
        HomePainter(home: h, viewport: viewport).drawGrid(cr)
    }

    var front: [(OpaquePointer) -> Void] {
        [{ drawFocus($0) }, { drawState($0) }, { drawMenu($0) }, { drawToast($0) }, { drawFallbackHint($0) }]
    }

    var blur: BackdropBlur? {
        guard focus != nil, home.pressProgress > 0 else { return nil }
        return backdropBlur.isVisible ? backdropBlur : nil
    }

    var rings: [RingShape] { pressRing.map { [$0] }?.filter { !$0.isInvisible } ?? [] }

    func draw(_ cr: OpaquePointer, backdrop: BackdropMaker) throws(RenderError) {
        var image: BlurredBackdrop?
        if home.pressProgress > 0, home.menu != nil || home.pressedIcon != nil {
            // The whole grid: the pressed icon is drawn sharp over it anyway.
            image = try backdrop("home") { drawGrid($0) }
        }
        // Under a blur that hides it, the grid is not drawn twice.
        if let image, paintsBackdrop, image.hides(backdropBlur) {} else { drawGrid(cr) }
        drawOverlay(backdrop: image, cr)
    }

    func prepareBackdrop(_ backdrop: BackdropMaker) throws(RenderError) {
        guard home.menu == nil, home.pressedIcon == nil else { return }
        _ = try backdrop("home") { drawGrid($0) }
    }
}
