import CGraphviz
import Foundation
import ForceCore
import Synchronization

/// A state machine's table laid out by Graphviz's `dot` (libgvc): the states as boxes of the
/// size their names take, every edge a spline from its state with its condition in a box of the
/// size the text takes, placed by dot beside its line (no label twice, none over a box). An
/// edge from several states meets at a junction, labelled once after it; an edge from any state
/// starts at an "any state" box; a new point entering the machine starts at a dot. Coordinates
/// are points with y down, from (0, 0) to `size`.
struct DiagramLayout: Equatable, Sendable {
    struct Node: Equatable, Sendable {
        enum Kind: Equatable, Sendable {
            /// One of the machine's states.
            case state
            /// Where edges from any state start.
            case anyState
            /// Where a new point enters.
            case entry
            /// Where the lines of an edge from several states meet.
            case junction
        }
        var name: String
        var kind: Kind
        var rect: Rect
    }

    /// One line of an edge: a cubic Bézier path (the start, then three points a segment), the
    /// tip of its arrowhead (nil for a line into a junction), and its label's box (on the line
    /// that carries it).
    struct Line: Equatable, Sendable {
        var edge: Int
        var path: [Point]
        var tip: Point?
        var label: Rect?
    }

    var size: (width: Double, height: Double)
    var nodes: [Node]
    var lines: [Line]

    static func == (a: DiagramLayout, b: DiagramLayout) -> Bool {
        a.size == b.size && a.nodes == b.nodes && a.lines == b.lines
    }

    /// What a label or a state name (`isName`) measures, in points: the text wrapped at `width`.
    typealias Measure = (_ text: String, _ width: Double, _ isName: Bool) -> (width: Double, height: Double)

    /// The box edges from any state start at.
    static let anyStateName = "any state"

    /// 150 pt: the widest a condition's box is before it wraps (chosen: a panel is 448 pt wide).
    static let labelWrap = 150.0
    /// Padding around a label's text and a state's name.
    static let labelPadding = 4.0, namePadding = 14.0, nodeHeight = 22.0

    /// The box edge `e`'s condition takes: its text wrapped at `labelWrap`, padded, in whole points.
    static func labelSize(_ diagram: StateDiagram, _ e: Int, measure: Measure) -> (width: Double, height: Double) {
        let m = measure(diagram.edges[e].label, labelWrap, false)
        return ((m.width + 2 * labelPadding).rounded(.up), (m.height + 2 * labelPadding).rounded(.up))
    }

    /// The layout of `diagram` (made once for each table and text size: dot runs under a lock,
    /// its library keeps global state), or nil when dot fails.
    static func of(_ diagram: StateDiagram, key: String, measure: Measure) -> DiagramLayout? {
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let layout = make(diagram, measure: measure)
        if let layout { cache.withLock { $0[key] = layout } }
        return layout
    }

    private static let cache = Mutex<[String: DiagramLayout]>([:])
    private static let graphviz = Mutex(())

    /// The DOT text given to dot: fixed-size boxes, labels as fixed-size tables (their size is
    /// ForceCanvas's text's, not dot's guess at it), an id on each line to find it again.
    static func dot(_ diagram: StateDiagram, measure: Measure) -> String {
        func inches(_ points: Double) -> String { String(format: "%.4f", points / 72) }
        func label(_ e: Int) -> String {
            let (w, h) = labelSize(diagram, e, measure: measure)
            return "<<TABLE BORDER=\"0\" CELLPADDING=\"0\" CELLSPACING=\"0\"><TR><TD WIDTH=\"\(Int(w))\" HEIGHT=\"\(Int(h))\" FIXEDSIZE=\"TRUE\"></TD></TR></TABLE>>"
        }
        var out = "digraph machine {\n  graph [rankdir=TB, nodesep=0.25, ranksep=0.3, margin=0];\n"
        out += "  node [shape=box, fixedsize=true, label=\"\"];\n  edge [arrowsize=0.6];\n"
        for (i, name) in diagram.states.enumerated() {
            let w = measure(name, 400, true).width + 2 * namePadding
            out += "  s\(i) [width=\(inches(w)), height=\(inches(nodeHeight))];\n"
        }
        let index = Dictionary(diagram.states.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        var anyState = false, entry = false
        for (e, edge) in diagram.edges.enumerated() {
            guard let to = index[edge.to] else { continue }
            let text = label(e)
            switch edge.source {
            case .states(let names):
                let from = names.compactMap { index[$0] }
                if from.count == 1 {
                    out += "  s\(from[0]) -> s\(to) [id=\"e\(e)\", label=\(text)];\n"
                } else {
                    out += "  j\(e) [shape=point, width=0.06, height=0.06];\n"
                    for f in from { out += "  s\(f) -> j\(e) [id=\"e\(e)-in\(f)\", arrowhead=none];\n" }
                    out += "  j\(e) -> s\(to) [id=\"e\(e)\", label=\(text)];\n"
                }
            case .any:
                anyState = true
                out += "  any -> s\(to) [id=\"e\(e)\", label=\(text)];\n"
            case .entry:
                entry = true
                out += "  entry -> s\(to) [id=\"e\(e)\", label=\(text)];\n"
            }
        }
        if anyState {
            out += "  any [width=\(inches(measure(anyStateName, 400, true).width + 2 * namePadding)), height=\(inches(nodeHeight)), style=dashed];\n"
        }
        if entry { out += "  entry [shape=point, width=0.12, height=0.12];\n" }
        return out + "}\n"
    }

    /// Runs dot on the table and reads its `json0` output back.
    static func make(_ diagram: StateDiagram, measure: Measure) -> DiagramLayout? {
        let text = dot(diagram, measure: measure)
        let json: Data? = graphviz.withLock { _ in
            guard let context = gvContext() else { return nil }
            defer { gvFreeContext(context) }
            guard let graph = text.withCString({ agmemread($0) }) else { return nil }
            defer { agclose(graph) }
            guard gvLayout(context, graph, "dot") == 0 else { return nil }
            defer { gvFreeLayout(context, graph) }
            var buffer: UnsafeMutablePointer<CChar>?
            var length: UInt32 = 0
            guard gvRenderData(context, graph, "json0", &buffer, &length) == 0, let buffer else { return nil }
            defer { gvFreeRenderData(buffer) }
            return Data(bytes: buffer, count: Int(length))
        }
        guard let json, let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else { return nil }
        return parse(object, diagram: diagram, measure: measure)
    }

    /// dot's `json0`: the bounding box, each object's `pos`, `width` and `height` (inches), each
    /// edge's `pos` (`e,TIP` then the spline's points) and `lp` (its label's centre), y up.
    static func parse(_ g: [String: Any], diagram: StateDiagram, measure: Measure) -> DiagramLayout? {
        func numbers(_ s: String) -> [Double] { s.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Double($0) } }
        guard let bb = (g["bb"] as? String).map(numbers), bb.count == 4 else { return nil }
        let height = bb[3]
        func point(_ x: Double, _ y: Double) -> Point { Point(x: x - bb[0], y: height - y) }
        var nodes: [Node] = []
        var rects: [String: Rect] = [:]
        for case let o as [String: Any] in g["objects"] as? [Any] ?? [] {
            guard let name = o["name"] as? String, let pos = (o["pos"] as? String).map(numbers), pos.count == 2,
                  let w = (o["width"] as? String).flatMap(Double.init), let h = (o["height"] as? String).flatMap(Double.init) else { continue }
            let c = point(pos[0], pos[1])
            let rect = Rect(x: c.x - w * 36, y: c.y - h * 36, width: w * 72, height: h * 72)
            rects[name] = rect
            if name.hasPrefix("s"), let i = Int(name.dropFirst()), diagram.states.indices.contains(i) {
                nodes.append(Node(name: diagram.states[i], kind: .state, rect: rect))
            } else if name == "any" {
                nodes.append(Node(name: anyStateName, kind: .anyState, rect: rect))
            } else if name == "entry" {
                nodes.append(Node(name: "new", kind: .entry, rect: rect))
            } else if name.hasPrefix("j") {
                nodes.append(Node(name: name, kind: .junction, rect: rect))
            }
        }
        var lines: [Line] = []
        for case let o as [String: Any] in g["edges"] as? [Any] ?? [] {
            guard let id = o["id"] as? String, id.hasPrefix("e"), let pos = o["pos"] as? String else { continue }
            let edge = Int(id.dropFirst().prefix { $0.isNumber }) ?? -1
            guard diagram.edges.indices.contains(edge) else { continue }
            var tip: Point?
            var path: [Point] = []
            for token in pos.split(separator: " ") {
                let v = numbers(String(token.drop { $0 == "e" || $0 == "s" || $0 == "," }))
                guard v.count == 2 else { continue }
                if token.hasPrefix("e,") { tip = point(v[0], v[1]) } else if !token.hasPrefix("s,") { path.append(point(v[0], v[1])) }
            }
            var label: Rect?
            if let lp = (o["lp"] as? String).map(numbers), lp.count == 2, !id.contains("-in") {
                let c = point(lp[0], lp[1]), (w, h) = labelSize(diagram, edge, measure: measure)
                label = Rect(x: c.x - w / 2, y: c.y - h / 2, width: w, height: h)
            }
            lines.append(Line(edge: edge, path: path, tip: tip, label: label))
        }
        lines.sort { ($0.edge, $0.label == nil ? 0 : 1) < ($1.edge, $1.label == nil ? 0 : 1) }
        return DiagramLayout(size: (bb[2] - bb[0], bb[3] - bb[1]), nodes: nodes, lines: lines)
    }
}
