import TestSupport
import XCTest
@testable import ForceCore

/// Issue 9, item 4: one width for one pressure in every ink mode. The outline, classic and
/// debug renderers draw a force at the same width through one mapping (perfect-freehand's by
/// default, TouchCanvas's as a named option); switching the renderer or debug never jumps.
final class WidthMappingTests: XCTestCase {
    /// A straight horizontal stroke at one force.
    private func stroke(force: Double) -> Stroke {
        let points = (0...40).map { i in
            InkPoint(sequence: i, time: Double(i) / 120, force: force, preciseLocation: Point(x: 100 + 5 * Double(i), y: 200))
        }
        return Stroke(id: 1, source: .mouse, hasForce: true, points: points, isFinished: true)
    }

    /// The ink's vertical extent over the stroke's middle (where no cap reaches), in points.
    private func width(_ pieces: [InkPiece]) -> Double {
        var top = Double.infinity, bottom = -Double.infinity
        for piece in pieces {
            switch piece.shape {
            case .outline(let polygon):
                for p in polygon where p.x > 180 && p.x < 220 {
                    top = min(top, p.y)
                    bottom = max(bottom, p.y)
                }
            case .line(let a, let b, let w):
                guard min(a.x, b.x) < 220, max(a.x, b.x) > 180 else { continue }
                top = min(top, a.y - w / 2)
                bottom = max(bottom, a.y + w / 2)
            case .dot, .hairline, .area:
                continue
            }
        }
        return bottom - top
    }

    func testEveryRendererDrawsOneWidthForOneForce() {
        for mapping in InkWidthMapping.allCases {
            var outline = OutlineOptions.default
            outline.widthMapping = mapping
            for force in [0.0, 0.1, 0.5, 1.0] {
                let s = stroke(force: force)
                let expected = 2 * mapping.radius(force: force, size: outline.size, thinning: outline.thinning)
                for (renderer, debug) in [(InkRenderer.outline, false), (.classic, false), (.outline, true), (.classic, true)] {
                    let style = InkStyle(renderer: renderer, debug: debug, outline: outline)
                    let w = width(StrokeTessellator.pieces(of: s, style: style).real)
                    XCTAssertEqual(w, expected, accuracy: 0.05, "\(mapping) \(renderer) debug \(debug) at \(force)")
                }
            }
        }
    }

    func testTheMappingsWidths() {
        let pf = InkWidthMapping.perfectFreehand, tc = InkWidthMapping.touchCanvas
        XCTAssertEqual(2 * pf.radius(force: 0.5, size: 16, thinning: 0.5), 16)
        XCTAssertEqual(2 * pf.radius(force: 1, size: 16, thinning: 0.5), 24)
        XCTAssertEqual(2 * pf.radius(force: 0, size: 16, thinning: 0.5), 8)
        XCTAssertEqual(2 * tc.radius(force: 0.5, size: 16, thinning: 0.5), 16)
        XCTAssertEqual(2 * tc.radius(force: 1, size: 16, thinning: 0.5), 32)
        XCTAssertEqual(2 * tc.radius(force: 0, size: 16, thinning: 0.5), 0.8, accuracy: 1e-12, "max(force, 0.025)")
    }

    /// W switches the mapping for every renderer; the gauge says which one and the width.
    func testWSwitchesTheMappingAndTheGaugeSaysSo() throws {
        var d = Driver()
        var gauge = try XCTUnwrap(d.state.display.gauge.inkWidth)
        XCTAssertEqual(gauge.mapping, .perfectFreehand)
        XCTAssertEqual(gauge.width, 16, accuracy: 1e-9, "0.5: 16 pt")
        d.command(.toggleWidthMapping)
        XCTAssertEqual(d.state.display.ink.style.outline.widthMapping, .touchCanvas)
        d.send(.deepPress(true))
        gauge = try XCTUnwrap(d.state.display.gauge.inkWidth)
        XCTAssertEqual(gauge.width, 32, accuracy: 1e-9, "1.0 through TouchCanvas's mapping")
        d.command(.sceneMessages)
        XCTAssertNil(d.state.display.gauge.inkWidth, "no ink in Messages")
    }

    func testSessionsKeepTheMappingAndOldOnesLoad() throws {
        var o = Options()
        o.widthMapping = .touchCanvas
        let s = Session(viewport: Viewport(width: 800, height: 600), options: o)
        let text = SessionCoding.encode(s)
        XCTAssertTrue(text.contains("\"widthMapping\":\"touchcanvas\""))
        XCTAssertEqual(try SessionCoding.parse(text, file: "s.jsonl").options.widthMapping, .touchCanvas)
        let old = "{\"format\":\"forcecanvas-session\",\"version\":1,\"width\":10,\"height\":10,\"options\":{\"renderer\":\"classic\"}}"
        XCTAssertEqual(try SessionCoding.parse(old, file: "old.jsonl").options.widthMapping, .perfectFreehand)
        let bad = "{\"format\":\"forcecanvas-session\",\"version\":1,\"width\":10,\"height\":10,\"options\":{\"widthMapping\":\"wide\"}}"
        XCTAssertThrowsError(try SessionCoding.parse(bad, file: "b.jsonl")) { e in
            XCTAssertTrue("\(e)".hasPrefix("b.jsonl:1: unknown width mapping \"wide\""), "\(e)")
        }
    }
}
