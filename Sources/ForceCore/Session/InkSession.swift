extension Session {
    /// A session that redraws `strokes` on `paper`: each stroke's real samples as a press,
    /// moves and a lift with the force they carried (written beside exports, so "Open Recent"
    /// can replay a drawing). The curve is linear without a minimum, so forces come back unchanged.
    public static func redrawing(_ strokes: [Stroke], viewport: Viewport, options: Options, paper: [PaperPage] = []) -> Session {
        var events: [TimedEvent] = []
        forEachRedrawingEvent(strokes) { events.append($0) }
        var session = Session(viewport: viewport, options: options, pressureCurve: redrawingCurve, scene: .canvas, events: events)
        session.paper = paper
        return session
    }

    /// The curve a redrawing session's header has: linear without a minimum.
    static let redrawingCurve = PressureCurve(.linear, minimumPressure: 0)

    /// The events of `redrawing(strokes…)`, one at a time; returns the last one's time.
    @discardableResult
    static func forEachRedrawingEvent(_ strokes: [Stroke], _ body: (TimedEvent) -> Void) -> Double {
        forEachRedrawingEvent(strokes, tool: .pen, body).end
    }

    /// `forEachRedrawingEvent` from a canvas whose tool is `tool`: a stroke drawn with another
    /// tool is preceded by a `tool` event. Returns the last event's time and the tool in use.
    static func forEachRedrawingEvent(_ strokes: [Stroke], tool: InkTool, _ body: (TimedEvent) -> Void) -> (end: Double, tool: InkTool) {
        var t = 0.0
        var current = tool
        for stroke in strokes {
            if stroke.tool != current {
                current = stroke.tool
                body(TimedEvent(time: t, event: .tool(current)))
            }
            let real = stroke.realCount
            var i = 0
            for p in stroke.points where p.isReal {
                t = max(t, p.time.isFinite ? p.time : t)
                let phase: PointerPhase = i == 0 ? .down : (i == real - 1 ? .up : .move)
                body(TimedEvent(time: t, event: .pointer(PointerInput(
                    phase: phase, location: p.preciseLocation, source: stroke.source,
                    rawForce: stroke.hasForce ? p.force : nil, maximumForce: stroke.hasForce ? 1 : nil,
                    altitude: p.altitude, azimuth: p.azimuth))))
                i += 1
            }
            if real == 1, let p = stroke.points.first(where: \.isReal) {
                body(TimedEvent(time: t, event: .pointer(PointerInput(phase: .up, location: p.preciseLocation, source: stroke.source))))
            }
        }
        return (t, current)
    }

    /// A session that brings `state` back as it looks: its drawing redrawn (`redrawing`, the
    /// live stroke included; never the strokes the debug drawing shows that the system took
    /// back) with its options, emulator, thresholds and fallback in the header, then its
    /// pressure curve, its scene and its view set again. The undo history is not kept. This is
    /// what the autosave journal is compacted into on a clean exit, so it never grows without
    /// bound.
    public static func resuming(_ state: AppState) -> Session {
        var session = resumingHeader(state)
        forEachResumingEvent(state) { session.events.append($0) }
        return session
    }

    /// `resuming(state)` without its events (the journal writes them as they come).
    public static func resumingHeader(_ state: AppState) -> Session {
        var session = Session(viewport: state.screenSize, options: state.options, pressureCurve: redrawingCurve, scene: .canvas)
        session.placement = state.placement
        if state.placement == .inside { session.version = 1 }
        session.pressureStep = state.pressure.emulator.step
        session.pressureEasing = state.pressure.emulator.easing
        session.thresholds = state.thresholds
        session.fallbackInterval = state.waitingInterval
        session.barrelAction = state.barrelActions[0]
        session.barrelAction2 = state.barrelActions[1]
        session.paper = state.paper
        return session
    }

    /// The events of `resuming(state)`, one at a time, none of them held; `redrawn` hears
    /// when the events that redraw the ink are done, with the last one's time and their count.
    public static func forEachResumingEvent(_ state: AppState, redrawn: (Double, Int) -> Void = { _, _ in },
                                            _ body: (TimedEvent) -> Void) {
        let ink = state.ink
        var count = 0
        let (end, tool) = forEachRedrawingEvent(ink.live.map { ink.strokes + [$0] } ?? ink.strokes, tool: .pen) { e in
            count += 1
            body(e)
        }
        redrawn(end, count)
        if ink.tool != tool { body(TimedEvent(time: end, event: .tool(ink.tool))) }
        if state.pressure.curve != redrawingCurve {
            body(TimedEvent(time: end, event: .pressureCurve(state.pressure.curve)))
        }
        if state.scene != .canvas, let show = Command.show(state.scene) {
            body(TimedEvent(time: end, event: .command(show)))
        }
        let view = state.scenes.canvas.view
        if !view.isIdentity {
            body(TimedEvent(time: end, event: .view(.zoom(view.scale, about: Point(x: 0, y: 0)))))
            body(TimedEvent(time: end, event: .view(.pan(dx: view.offset.x, dy: view.offset.y))))
        }
    }
}

extension InkLayer {
    /// The finished strokes and, if one is being drawn, the live stroke: the ink as it looks
    /// (what every export format holds).
    public var visibleStrokes: [Stroke] { live.map { strokes + [$0] } ?? strokes }

    /// What an export holds, in document points, whole points outward: the pages on their
    /// desk (`PaperPage.deskMargin` around them, as the canvas lays them out) or, on a canvas
    /// without pages, `home` (the screen's area at the canvas's origin), grown to take in every
    /// stroke drawn beyond it, so nothing drawn is left out. A stroke whose samples are all
    /// inside keeps to that area, as the screen shows it, so a drawing on the screen (or on the
    /// pages) exports at its size; a stroke reaching out brings all its ink (`inkBounds`).
    public func exportArea(home: Rect) -> Rect {
        let base = paper.isEmpty ? home : paper.reduce(Rect.null) { $0.union($1.rect) }.insetBy(-PaperPage.deskMargin)
        var area = base
        func take(_ s: Stroke) {
            let e = s.extent
            guard !e.isNull, e.x.isFinite, e.y.isFinite, e.maxX.isFinite, e.maxY.isFinite, !base.contains(e) else { return }
            area = area.union(s.inkBounds)
        }
        for s in strokes { take(s) }
        if let live { take(live) }
        guard !area.isNull else { return home }
        return area.wholePointsOutward
    }

    /// The strokes of a document with pages that no page shows (their ink all on the desk
    /// beside the pages), and the area that shows them whole: their ink with the desk's margin
    /// around it, in whole points. A PDF has a page for each of the document's pages, with
    /// the ink over it cut at its edges, as print is; these strokes go on a last page of their
    /// own, so none is left out. Nil for a canvas without pages, or ink all over its pages.
    public func inkBesidePages() -> (strokes: [Stroke], area: Rect)? {
        guard !paper.isEmpty else { return nil }
        let beside = visibleStrokes.filter { s in
            let b = s.inkBounds
            guard !b.isNull, b.x.isFinite, b.y.isFinite, b.maxX.isFinite, b.maxY.isFinite else { return false }
            return !paper.contains { !$0.rect.intersection(b).isNull }
        }
        guard !beside.isEmpty else { return nil }
        let ink = beside.reduce(Rect.null) { $0.union($1.inkBounds) }
        return (beside, ink.insetBy(-PaperPage.deskMargin).wholePointsOutward)
    }
}

extension Rect {
    /// The smallest rectangle of whole points that holds this one.
    var wholePointsOutward: Rect {
        let x = x.rounded(.down), y = y.rounded(.down)
        return Rect(x: x, y: y, width: maxX.rounded(.up) - x, height: maxY.rounded(.up) - y)
    }
}

