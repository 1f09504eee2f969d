import CCairo
import ForceCore

/// Messages as the renderers draw it: the list is the base (blurred behind a peek), the peek,
/// the state line and the detail view stay sharp over it.
extension MessagesPainter: ScenePainting {
    /// The list alone (during a pop's cross-fade the state line too: it is under the fading
    /// peek's blur).
    var base: SceneDisplay {
        let m = messages
        let state = m.detail?.from != nil ? m.state : []
        return .messages(MessagesDisplay(rows: m.rows, layout: m.layout, notice: m.notice, state: state))
    }

    func paintBase(_ cr: OpaquePointer) {
        guard case .messages(let m) = base else { return }
        let painter = MessagesPainter(messages: m, viewport: viewport)
        painter.drawList(cr)
        painter.drawState(cr)
    }

    var front: [(OpaquePointer) -> Void] {
        let m = messages
        var out: [(OpaquePointer) -> Void] = []
        if let peek = m.peek { out.append { drawPeek(peek, backdrop: nil, rings: false, $0) } }
        if m.detail?.from == nil { out.append { drawState($0) } }
        if let detail = m.detail {
            out.append { cr in
                if let from = detail.from { drawPeek(from, backdrop: nil, morph: detail.appear, rings: false, cr) }
                drawDetail(detail, cr)
            }
        }
        return out
    }

    var blur: BackdropBlur? {
        guard let peek = messages.peek ?? messages.detail?.from else { return nil }
        let blur = Self.blur(of: peek)
        return blur.isVisible ? blur : nil
    }

    var rings: [RingShape] {
        guard let peek = messages.peek ?? messages.detail?.from, peek.showsRings else { return [] }
        return Self.rings(of: peek).filter { !$0.isInvisible }
    }

    func draw(_ cr: OpaquePointer, backdrop: BackdropMaker) throws(RenderError) {
        let m = messages
        let peekBackdrop = m.peek == nil ? nil : try listBackdrop(backdrop)
        // Under a blur that hides it, the list is not drawn twice.
        if let peek = m.peek, let peekBackdrop, peekBackdrop.hides(Self.blur(of: peek)) {} else { drawList(cr) }
        if let peek = m.peek { drawPeek(peek, backdrop: peekBackdrop, cr) }
        drawState(cr)
        if let detail = m.detail {
            // The pop cross-fades from the peek as it was to the opaque detail view.
            if let from = detail.from { drawPeek(from, backdrop: try listBackdrop(backdrop), morph: detail.appear, cr) }
            drawDetail(detail, cr)
        }
    }

    func prepareBackdrop(_ backdrop: BackdropMaker) throws(RenderError) {
        guard messages.peek == nil, messages.detail == nil else { return }
        _ = try listBackdrop(backdrop)
    }

    /// The list blurred (made once per list, layout and notice).
    private func listBackdrop(_ backdrop: BackdropMaker) throws(RenderError) -> BlurredBackdrop {
        let m = messages
        let list = MessagesPainter(messages: MessagesDisplay(rows: m.rows, layout: m.layout, notice: m.notice), viewport: viewport)
        return try backdrop("messages \(m.rows.map(\.id)) \(m.notice ?? "") \(m.layout)") { list.drawList($0) }
    }
}
