import CCairo
import Foundation
import ForceCore

/// Draws the state-diagram panel (`M`) from a machine's published table: the states stacked in
/// the table's order as boxes on the left; an edge to the next state is an arrow down with its
/// condition beside it; every other edge leaves its state to the right, runs along a lane at the
/// panel's right side and enters its target from the right, its condition written over the
/// line where it leaves. Edges from any state, and new points entering the machine, come in
/// from the right with their condition over them. The current state is filled, the edges just
/// taken glow and fade.
struct StateDiagramPainter {
    let diagram: DiagramDisplay
    let rect: Rect

    /// 10 pt labels, 11 pt state names (chosen: the smallest text the panels use).
    static let labelSize = 10.0, nameSize = 11.0
    /// 9 pt between lanes, 8 pt from the panel's right edge.
    static let laneSpacing = 9.0, laneInset = 8.0
    /// The state boxes: at most 118 pt wide, at least 22 pt tall, 10 pt from the left.
    static let nodeWidth = 118.0, nodeMinimumHeight = 22.0, nodeInset = 10.0
    /// 24 pt: the most a gap between two states grows when the panel has room to spare.
    static let maximumStretch = 24.0
    /// The colour of an edge just taken (at full strength).
    static let flashColour = RGBA(1.0, 0.78, 0.20)

    /// A line leaving or entering a state on its right side.
    struct Slot {
        var edge: Int
        /// Labelled slots carry the edge's condition over them.
        var labelled: Bool
        /// Where the line goes: a lane (its index) or, for any-state and entry edges, nowhere.
        var lane: Int?
        var outgoing: Bool
        var height = 0.0
        var y = 0.0
    }

    func draw(_ cr: OpaquePointer) {
        CairoDrawing.fillRoundedRect(rect, radius: 10, colour: Palette.panel, cr)
        let table = diagram.diagram
        let inner = rect.insetBy(12)
        TextPainter.draw("STATE DIAGRAM · \(table.title)", at: Point(x: inner.x, y: rect.y + 9),
                         style: .init(size: 11, bold: true, colour: Palette.panelDim), width: inner.width,
                         overflow: .ellipsize, in: cr)
        let subtitleHeight = TextPainter.draw(table.subtitle, at: Point(x: inner.x, y: rect.y + 25),
                                              style: .init(size: 9.5, colour: Palette.panelDim), width: inner.width, in: cr)
        cairo_save(cr)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cr)
        drawGraph(in: Rect(x: rect.x, y: rect.y + 30 + subtitleHeight, width: rect.width,
                           height: rect.maxY - 8 - (rect.y + 30 + subtitleHeight)), cr)
        cairo_restore(cr)
    }

    private func drawGraph(in area: Rect, _ cr: OpaquePointer) {
        let table = diagram.diagram
        let index = Dictionary(table.states.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        var down: [Int: Int] = [:]  // row → edge drawn as the arrow to the next row
        var lanes: [Int] = []       // edges routed along a lane, outermost first
        var slots: [[Slot]] = Array(repeating: [], count: table.states.count)
        for (e, edge) in table.edges.enumerated() {
            guard let to = index[edge.to] else { continue }
            switch edge.source {
            case .states(let names):
                let from = names.compactMap { index[$0] }
                if from.count == 1, from[0] + 1 == to, down[from[0]] == nil {
                    down[from[0]] = e
                    continue
                }
                lanes.append(e)
                for (k, f) in from.enumerated() { slots[f].append(Slot(edge: e, labelled: k == 0, lane: e, outgoing: true)) }
                slots[to].append(Slot(edge: e, labelled: false, lane: e, outgoing: false))
            case .any, .entry:
                slots[to].append(Slot(edge: e, labelled: true, lane: nil, outgoing: false))
            }
        }
        // Longer spans take the outer lanes, so shorter ones nest inside them.
        func span(_ e: Int) -> Int {
            let rows = slots.indices.filter { r in slots[r].contains { $0.edge == e } }
            return (rows.max() ?? 0) - (rows.min() ?? 0)
        }
        lanes.sort { span($0) > span($1) }
        let laneIndex = Dictionary(lanes.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let laneX = { (e: Int) -> Double in area.maxX - Self.laneInset - Self.laneSpacing * Double(laneIndex[e] ?? 0) }
        let nodeX = area.x + Self.nodeInset
        let nodeWidth = min(Self.nodeWidth, area.width * 0.3)
        let labelX = nodeX + nodeWidth + 8
        let labelWidth = max(40, area.maxX - Self.laneInset - Self.laneSpacing * Double(lanes.count) - 4 - labelX)
        let labelStyle = TextPainter.Style(size: Self.labelSize, colour: Palette.panelText)
        func text(_ e: Int) -> String {
            let edge = table.edges[e]
            switch edge.source {
            case .any: return "from any state: \(edge.label)"
            case .entry: return "new: \(edge.label)"
            case .states: return edge.label
            }
        }
        // Rows: labelled slots first (outgoing, then incoming labels), unlabelled ones last.
        var rowHeights: [Double] = []
        for r in slots.indices {
            slots[r].sort { ($0.labelled ? 0 : 1, $0.outgoing ? 0 : 1) < ($1.labelled ? 0 : 1, $1.outgoing ? 0 : 1) }
            var h = 3.0
            for i in slots[r].indices {
                slots[r][i].height = slots[r][i].labelled
                    ? TextPainter.measure(text(slots[r][i].edge), style: labelStyle, width: labelWidth, in: cr).height + 5 : 7
                h += slots[r][i].height
            }
            rowHeights.append(max(Self.nodeMinimumHeight, h + 3))
        }
        let gapHeights = table.states.indices.dropLast().map { r -> Double in
            guard let e = down[r] else { return 12 }
            return TextPainter.measure(text(e), style: labelStyle, width: labelWidth + nodeWidth / 2, in: cr).height + 10
        }
        // Rows and gaps shrink together if the panel is short (labels may then overlap a little).
        let needed = rowHeights.reduce(0, +) + gapHeights.reduce(0, +)
        let squeeze = needed > area.height && needed > 0 ? area.height / needed : 1
        // Room to spare goes between the states (at most `maximumStretch` each).
        let stretch = gapHeights.isEmpty ? 0 : min(Self.maximumStretch, max(0, area.height - needed) / Double(gapHeights.count))
        var tops: [Double] = []
        var y = area.y
        for r in rowHeights.indices {
            tops.append(y)
            var sy = y + 3 * squeeze
            for i in slots[r].indices {
                slots[r][i].y = sy + slots[r][i].height * squeeze
                sy += slots[r][i].height * squeeze
            }
            y += rowHeights[r] * squeeze + (r < gapHeights.count ? gapHeights[r] * squeeze + stretch : 0)
        }
        let flash = Dictionary(diagram.flashes.map { ($0.edge, $0.alpha) }, uniquingKeysWith: max)
        func lineColour(_ e: Int) -> RGBA {
            guard let a = flash[e] else { return Palette.panelDim }
            return mix(Palette.panelDim, Self.flashColour, a)
        }
        // Lanes and their stubs.
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        for e in lanes {
            let x = laneX(e)
            var ys: [Double] = []
            for r in slots.indices {
                for s in slots[r] where s.edge == e {
                    ys.append(s.y)
                    stroke([Point(x: nodeX + nodeWidth, y: s.y), Point(x: x, y: s.y)], lineColour(e), flash[e], cr)
                    if !s.outgoing { arrowHead(at: Point(x: nodeX + nodeWidth, y: s.y), pointingLeft: true, lineColour(e), cr) }
                }
            }
            if let lo = ys.min(), let hi = ys.max() { stroke([Point(x: x, y: lo), Point(x: x, y: hi)], lineColour(e), flash[e], cr) }
        }
        // Any-state and entry edges: an arrow in from the right.
        for r in slots.indices {
            for s in slots[r] where s.lane == nil {
                let from = Point(x: area.maxX - Self.laneInset - Self.laneSpacing * Double(lanes.count) + 4, y: s.y)
                stroke([from, Point(x: nodeX + nodeWidth, y: s.y)], lineColour(s.edge), flash[s.edge], cr)
                arrowHead(at: Point(x: nodeX + nodeWidth, y: s.y), pointingLeft: true, lineColour(s.edge), cr)
                if case .entry = table.edges[s.edge].source {
                    CairoDrawing.fillCircle(from, radius: 2.5, colour: lineColour(s.edge), cr)
                }
            }
        }
        // Labels over their lines.
        for r in slots.indices {
            for s in slots[r] where s.labelled {
                let h = s.height * squeeze
                TextPainter.draw(text(s.edge), at: Point(x: labelX, y: s.y - h + 1),
                                 style: flashStyle(flash[s.edge]), width: labelWidth, in: cr)
            }
        }
        // Arrows down between consecutive states, their conditions beside them.
        for (r, e) in down {
            let x = nodeX + nodeWidth / 2
            let top = tops[r] + rowHeights[r] * squeeze, bottom = tops[r + 1]
            stroke([Point(x: x, y: top), Point(x: x, y: bottom - 1)], lineColour(e), flash[e], cr)
            arrowHead(at: Point(x: x, y: bottom), pointingDown: true, lineColour(e), cr)
            TextPainter.draw(text(e), at: Point(x: x + 10, y: top + 4), style: flashStyle(flash[e]),
                             width: labelWidth + nodeWidth / 2, in: cr)
        }
        // The states, the current one filled.
        for (r, name) in table.states.enumerated() {
            let box = Rect(x: nodeX, y: tops[r], width: nodeWidth, height: rowHeights[r] * squeeze)
            let current = name == diagram.current
            cairo_new_path(cr)
            CairoDrawing.roundedRect(box, radius: 6, cr)
            CairoDrawing.setColour(current ? Palette.accent : RGBA(1, 1, 1, 0.06), cr)
            cairo_fill_preserve(cr)
            cairo_set_line_width(cr, current ? 2 : 1)
            CairoDrawing.setColour(current ? RGBA(0.75, 0.87, 1) : Palette.panelDim.with(alpha: 0.7), cr)
            cairo_stroke(cr)
            TextPainter.draw(name, at: Point(x: box.x, y: box.y + min(4, max(1, (box.height - 15) / 2))),
                             style: .init(size: Self.nameSize, bold: current, mono: true, colour: Palette.panelText),
                             width: box.width, alignment: .center, overflow: .ellipsize, in: cr)
        }
    }

    private func flashStyle(_ flash: Double?) -> TextPainter.Style {
        .init(size: Self.labelSize, bold: flash != nil, colour: flash.map { mix(Palette.panelText, Self.flashColour, $0) } ?? Palette.panelText)
    }

    private func mix(_ a: RGBA, _ b: RGBA, _ k: Double) -> RGBA {
        let k = Force.normalized(k)
        return RGBA(a.r + (b.r - a.r) * k, a.g + (b.g - a.g) * k, a.b + (b.b - a.b) * k, a.a + (b.a - a.a) * k)
    }

    private func stroke(_ points: [Point], _ colour: RGBA, _ flash: Double?, _ cr: OpaquePointer) {
        guard let first = points.first else { return }
        cairo_new_path(cr)
        cairo_move_to(cr, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_set_line_width(cr, 1.2 + 1.8 * (flash ?? 0))
        CairoDrawing.setColour(colour, cr)
        cairo_stroke(cr)
    }

    private func arrowHead(at tip: Point, pointingLeft: Bool = false, pointingDown: Bool = false, _ colour: RGBA, _ cr: OpaquePointer) {
        let size = 5.0
        cairo_new_path(cr)
        cairo_move_to(cr, tip.x, tip.y)
        if pointingDown {
            cairo_line_to(cr, tip.x - size * 0.7, tip.y - size)
            cairo_line_to(cr, tip.x + size * 0.7, tip.y - size)
        } else if pointingLeft {
            cairo_line_to(cr, tip.x + size, tip.y - size * 0.7)
            cairo_line_to(cr, tip.x + size, tip.y + size * 0.7)
        }
        cairo_close_path(cr)
        CairoDrawing.setColour(colour, cr)
        cairo_fill(cr)
    }
}
