import CCairo
import ForceCore

/// A scene other than the canvas as the GL presenter composes it: its base (what a peek or a
/// menu blurs), the elements that stay sharp over the blur (each drawn on its own, so its area
/// is known), the blur and the rings. The software presenter draws the same parts in one pass
/// (`FrameRenderer.drawScene`), in the same order, with the CPU blur and Cairo's rings.
enum SceneLayers {
    /// What the base depends on: the base is redrawn only when this changes (a peek's progress,
    /// a ring or a state line never touch it).
    static func base(of d: Display) -> FrameRenderer.SceneContent? {
        if let m = d.messages {
            // During a pop's cross-fade the state line is under the fading peek's blur.
            let state = m.detail?.from != nil ? m.state : []
            return .init(messages: MessagesDisplay(rows: m.rows, layout: m.layout, notice: m.notice, state: state))
        }
        if let h = d.home {
            return .init(home: HomeDisplay(apps: h.apps, layout: h.layout, labels: h.labels, pressedIcon: nil, pressProgress: 0,
                                           menu: nil, toast: nil, usesTimedFallback: false))
        }
        if let c = d.confirm {
            return .init(confirm: ConfirmDisplay(event: c.event, remaining: c.remaining, layout: c.layout, ring: nil, pillAlpha: 0,
                                                 stateName: "", intention: 0, usesTimedFallback: c.usesTimedFallback))
        }
        return nil
    }

    /// Draws the base of `base(of:)` (opaque: every scene paints its whole background first).
    static func drawBase(_ content: FrameRenderer.SceneContent, viewport: Viewport, _ cr: OpaquePointer) {
        if let m = content.messages {
            let painter = MessagesPainter(messages: m, viewport: viewport)
            painter.drawList(cr)
            painter.drawState(cr)
        } else if let h = content.home {
            HomePainter(home: h, viewport: viewport).drawGrid(cr)
        } else if let c = content.confirm {
            ConfirmPainter(confirm: c, viewport: viewport).drawBase(cr)
        } else {
            CairoDrawing.setColour(Palette.paper, cr)
            cairo_paint(cr)
        }
    }

    /// The elements drawn sharp over the (blurred) base, bottom to top, without rings.
    static func front(of d: Display, viewport: Viewport) -> [(OpaquePointer) -> Void] {
        if let m = d.messages {
            let painter = MessagesPainter(messages: m, viewport: viewport)
            var out: [(OpaquePointer) -> Void] = []
            if let peek = m.peek { out.append { painter.drawPeek(peek, backdrop: nil, rings: false, $0) } }
            if m.detail?.from == nil { out.append { painter.drawState($0) } }
            if let detail = m.detail {
                out.append { cr in
                    if let from = detail.from { painter.drawPeek(from, backdrop: nil, morph: detail.appear, rings: false, cr) }
                    painter.drawDetail(detail, cr)
                }
            }
            return out
        }
        if let h = d.home {
            let painter = HomePainter(home: h, viewport: viewport)
            return [{ painter.drawFocus($0) }, { painter.drawState($0) }, { painter.drawMenu($0) }, { painter.drawToast($0) },
                    { painter.drawFallbackHint($0) }]
        }
        if let c = d.confirm {
            let painter = ConfirmPainter(confirm: c, viewport: viewport)
            var out: [(OpaquePointer) -> Void] = [{ painter.drawPill($0) }, { painter.drawState($0) }]
            if let ring = c.ring { out.append { painter.drawRingLabel(ring, $0) } }
            return out
        }
        return []
    }

    /// How blurred and dimmed the base is (nil: not at all).
    static func blur(of d: Display) -> BackdropBlur? {
        if let m = d.messages {
            guard let peek = m.peek ?? m.detail?.from else { return nil }
            let blur = MessagesPainter.blur(of: peek)
            return blur.isVisible ? blur : nil
        }
        if let h = d.home {
            let painter = HomePainter(home: h, viewport: d.viewport)
            guard painter.focus != nil, h.pressProgress > 0 else { return nil }
            return painter.blur.isVisible ? painter.blur : nil
        }
        return nil
    }

    /// The rings over the scene, bottom to top.
    static func rings(of d: Display) -> [RingShape] {
        var out: [RingShape] = []
        if let m = d.messages, let peek = m.peek ?? m.detail?.from, peek.showsRings { out = MessagesPainter.rings(of: peek) }
        if let h = d.home, let ring = HomePainter(home: h, viewport: d.viewport).pressRing { out = [ring] }
        if let c = d.confirm, let ring = c.ring { out = [ConfirmPainter.ringShape(ring)] }
        return out.filter { !$0.isInvisible }
    }
}
