import XCTest
@testable import ForceCore

/// Issue 9, item 6: pressure → opacity shows no bands. A pressure ramp steps one level of 64
/// (1.3 % alpha) at a time, and a pressure wavering at a level's edge cuts no flood of pieces.
final class OpacityBandingTests: XCTestCase {
    private let style = InkStyle(opacityFromPressure: true)

    private func stroke(_ force: (Int) -> Double, count: Int) -> Stroke {
        let points = (0..<count).map { i in
            InkPoint(sequence: i, time: Double(i) / 1000, force: force(i), preciseLocation: Point(x: 50 + Double(i), y: 100))
        }
        return Stroke(id: 1, source: .pen, hasForce: true, points: points, isFinished: true)
    }

    func testARampStepsOneSmallLevelAtATime() {
        let n = 600
        let pieces = StrokeTessellator.pieces(of: stroke({ Double($0) / Double(n - 1) }, count: n), style: style).real
        let alphas = pieces.map(\.alpha)
        XCTAssertGreaterThan(alphas.count, 30, "the ramp is many pieces")
        XCTAssertLessThanOrEqual(alphas.count, Int(StrokeTessellator.opacityLevels) + 8, "not a flood")
        for (a, b) in zip(alphas, alphas.dropFirst()) {
            XCTAssertLessThanOrEqual(abs(b - a), 1 / StrokeTessellator.opacityLevels + 1e-9, "no band wider than one level")
        }
        XCTAssertLessThanOrEqual(1 / StrokeTessellator.opacityLevels, 0.016, "a level is under 1.6 % alpha")
    }

    func testNoiseAtALevelsEdgeCutsNoPieces() {
        let levels = StrokeTessellator.opacityLevels
        // A pressure whose opacity sits exactly between two levels, wavering ±0.4 of a level (a
        // tablet's noise), not in step with the 4 pt resampling.
        let edge = ((38.5 / levels) - OutlineBuilder.minimumOpacity) / (1 - OutlineBuilder.minimumOpacity)
        let wobble = 0.4 / levels / (1 - OutlineBuilder.minimumOpacity)
        let s = stroke({ edge + ($0 % 3 == 0 ? wobble : -wobble) }, count: 300)
        let pieces = StrokeTessellator.pieces(of: s, style: style).real
        XCTAssertLessThanOrEqual(pieces.count, 2, "\(pieces.count) pieces")
    }
}
