import CCairo
@testable import CairoRender
import ForceCore
import Foundation
import XCTest

/// Every machine's diagram as Graphviz lays it out: each edge drawn from a state (or the "any
/// state" box, or the entry dot) to its target, its condition once, in a box next to its line,
/// and no label over another label or a state.
final class DiagramLayoutTests: XCTestCase {
    static let diagrams: [StateDiagram] = [
        InkCanvas.diagram, PreviewInteraction.diagram(), ConfirmButton.diagram, QuickActionMenu.diagram(),
        EdgeGesture.diagram, HomeIndicator.diagram,
    ]

    func layout(_ d: StateDiagram) throws -> DiagramLayout {
        let surface = try ImageSurface(viewport: Viewport(width: 8, height: 8))
        let cr = try XCTUnwrap(surface.makeContext())
        defer { cairo_destroy(cr) }
        // Uncached, as the panel measures its text.
        return try XCTUnwrap(DiagramLayout.make(d) { text, width, isName in
            let m = TextPainter.measure(text, style: isName ? StateDiagramPainter.nameStyle : StateDiagramPainter.labelStyle, width: width, in: cr)
            return (m.width, m.height)
        }, "dot lays out \(d.title)")
    }

    /// The shortest distance from `r` to the sampled Bézier path.
    func distance(_ r: Rect, _ path: [Point]) -> Double {
        var samples: [Point] = []
        var i = 1
        while i + 2 < path.count {
            let (p0, p1, p2, p3) = (path[i - 1], path[i], path[i + 1], path[i + 2])
            for k in 0...20 {
                let t = Double(k) / 20, u = 1 - t
                samples.append(Point(x: u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
                                     y: u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y))
            }
            i += 3
        }
        return samples.map { p in
            let dx = max(r.x - p.x, 0, p.x - r.maxX), dy = max(r.y - p.y, 0, p.y - r.maxY)
            return (dx * dx + dy * dy).squareRoot()
        }.min() ?? .infinity
    }

    func testEveryEdgeIsDrawnFromAStateWithItsLabelOnceBesideIt() throws {
        for d in Self.diagrams {
            let l = try layout(d)
            XCTAssertEqual(Set(l.nodes.filter { $0.kind == .state }.map(\.name)), Set(d.states), d.title)
            for e in d.edges.indices {
                let lines = l.lines.filter { $0.edge == e }
                XCTAssertFalse(lines.isEmpty, "\(d.title): edge \(e) is drawn")
                let labelled = lines.filter { $0.label != nil }
                XCTAssertEqual(labelled.count, 1, "\(d.title): \"\(d.edges[e].label)\" is written once")
                for line in lines {
                    XCTAssertGreaterThanOrEqual(line.path.count, 4, "\(d.title): edge \(e) is a spline")
                    guard let start = line.path.first else { continue }
                    // It starts at a node's border: every edge comes from somewhere.
                    let from = l.nodes.map { n in self.distance(n.rect, [start, start, start, start]) }.min() ?? .infinity
                    XCTAssertLessThan(from, 3, "\(d.title): edge \(e) starts at a state")
                }
                if let line = labelled.first, let box = line.label {
                    XCTAssertLessThan(distance(box, line.path), 14, "\(d.title): \"\(d.edges[e].label)\" is next to its line")
                    let target = try XCTUnwrap(l.nodes.first { $0.kind == .state && $0.name == d.edges[e].to })
                    let tip = try XCTUnwrap(line.tip, "\(d.title): edge \(e) has its arrowhead")
                    XCTAssertLessThan(distance(target.rect, [tip, tip, tip, tip]), 3, "\(d.title): edge \(e) ends at \(d.edges[e].to)")
                }
            }
            let labels = l.lines.compactMap(\.label)
            for (i, a) in labels.enumerated() {
                for b in labels[(i + 1)...] { XCTAssertTrue(a.intersection(b).isNull, "\(d.title): two labels overlap") }
                for n in l.nodes { XCTAssertTrue(a.intersection(n.rect).isNull, "\(d.title): a label over \(n.name)") }
            }
        }
    }

    func testTheLayoutIsTheSameEachTime() throws {
        let a = try layout(ConfirmButton.diagram), b = try layout(ConfirmButton.diagram)
        XCTAssertEqual(a, b, "dot is deterministic: goldens do not flicker")
    }
}
