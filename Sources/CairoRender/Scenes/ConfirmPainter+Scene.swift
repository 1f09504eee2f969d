import CCairo
import ForceCore

/// Confirm as the renderers draw it: the card and the bar are the base, the pill, the state and
/// the ring's label stay sharp over it, the ring is a `RingShape`. Nothing is blurred.
extension ConfirmPainter: ScenePainting {
    /// The card and the bar.
    var base: SceneDisplay {
        let c = confirm
        return .confirm(ConfirmDisplay(event: c.event, remaining: c.remaining, layout: c.layout, ring: nil, pillAlpha: 0,
                                       stateName: "", intention: 0, usesTimedFallback: c.usesTimedFallback))
    }

    func paintBase(_ cr: OpaquePointer) {
        guard case .confirm(let c) = base else { return }
        ConfirmPainter(confirm: c, viewport: viewport).drawBase(cr)
    }

    var front: [(OpaquePointer) -> Void] {
        var out: [(OpaquePointer) -> Void] = [{ drawPill($0) }, { drawState($0) }]
        if let ring = confirm.ring { out.append { drawRingLabel(ring, $0) } }
        return out
    }

    var blur: BackdropBlur? { nil }

    var rings: [RingShape] { confirm.ring.map { [Self.ringShape($0)] }?.filter { !$0.isInvisible } ?? [] }

    func draw(_ cr: OpaquePointer, backdrop: BackdropMaker) throws(RenderError) { draw(cr) }
}
