/// One thing the scene shows, named, with the rect it takes: what the teaching panels must
/// never cover (issue 9: the panels make room, they never cover the scene).
public struct SceneElement: Equatable, Sendable {
    public var name: String
    public var rect: Rect

    public init(_ name: String, _ rect: Rect) {
        self.name = name
        self.rect = rect
    }
}

extension Display {
    /// The scene's elements this frame, from the display values: ink on the canvas; the
    /// title, state, rows, the previewed item, the rings, the peek panel, its actions and the
    /// detail view in Messages; icons, labels, state, the ring, the menu and the toast on Home;
    /// the card, state, hint, bar, ring and pill in Confirm.
    public var sceneElements: [SceneElement] {
        var out: [SceneElement] = []
        switch scene {
        case .canvas:
            // Where the screen shows them, through the canvas's view.
            for s in ink.strokes { out.append(SceneElement("stroke \(s.id)", ink.view.toScreen(s.inkBounds))) }
            if let live = ink.live { out.append(SceneElement("live stroke", ink.view.toScreen(live.inkBounds))) }
        case .messages(let m): out += Self.elements(of: m)
        case .home(let h): out += Self.elements(of: h)
        case .confirm(let c): out += Self.elements(of: c)
        case .plain(let p): out += [SceneElement("title", p.titleRect), SceneElement("state", p.linesRect)]
        }
        return out.filter { !$0.rect.isNull }
    }

    static func elements(of m: MessagesDisplay) -> [SceneElement] {
        let l = m.layout
        if m.detail != nil { return [SceneElement("detail view", l.column)] }
        var out = [SceneElement("title bar", l.titleBar), SceneElement("state", l.stateLine)]
        if m.notice != nil { out.append(SceneElement("notice", l.noticeLine)) }
        for i in m.rows.indices {
            let visible = l.row(i).intersection(l.list)
            if !visible.isNull { out.append(SceneElement("row \(i)", visible)) }
        }
        if let p = m.peek {
            out.append(SceneElement("previewed item", l.source(index: p.index, part: p.part)))
            if p.showsRings { out.append(SceneElement("rings", Rect(around: p.ringsCenter, radius: p.ringsReach))) }
            if p.isPeeked { out.append(SceneElement("peek panel", l.peekPanel(reveal: p.actionsReveal))) }
            if p.actionsReveal > 0 { out.append(SceneElement("preview actions", l.actionsSheet(reveal: p.actionsReveal))) }
        }
        return out
    }

    static func elements(of h: HomeDisplay) -> [SceneElement] {
        var out = [SceneElement("state", h.layout.stateLines)]
        for (i, app) in h.apps.enumerated() where h.icons.indices.contains(i) {
            out.append(SceneElement("icon \(app.name)", h.icons[i]))
            if h.labels.indices.contains(i) { out.append(SceneElement("label \(app.name)", h.labels[i])) }
        }
        if let ring = h.pressRing {
            out.append(SceneElement("force ring", Rect(around: ring.center, radius: HomeLayout.pressRingRadius + HomeLayout.pressRingWidth)))
        }
        if let menu = h.menu { out.append(SceneElement("quick-action menu", menu.layout.menuRect)) }
        if h.toast != nil { out.append(SceneElement("toast", h.layout.toast)) }
        return out
    }

    static func elements(of c: ConfirmDisplay) -> [SceneElement] {
        let l = c.layout
        var out = [SceneElement("state", l.state), SceneElement("hint", l.hint), SceneElement("DELETE EVENT bar", l.bar)]
        if c.event != nil { out.append(SceneElement("event card", l.card)) }
        if let ring = c.ring { out.append(SceneElement("ring", Rect(around: ring.center, radius: ring.diameter / 2 * ring.scale + 4))) }
        if c.pillAlpha > 0 { out.append(SceneElement("DELETED pill", l.pill)) }
        return out
    }

    /// The panels on screen (the dock's, or the lone gauge), each with its rect.
    public var panelRects: [(panel: ScreenLayout.Panel, rect: Rect)] {
        ScreenLayout.Panel.allCases.compactMap { p in layout.rect(of: p).map { (p, $0) } }
    }
}
