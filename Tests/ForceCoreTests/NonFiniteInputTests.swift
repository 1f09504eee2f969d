import XCTest
@testable import ForceCore

/// NaN, ±inf and out-of-range values thrown at every machine: states stay possible, progress
/// stays within 0…1, nothing traps.
final class NonFiniteInputTests: XCTestCase {
    static let garbage: [Double] = [.nan, .infinity, -.infinity, -3, 7, 0.5, 1e300, -0.0, .leastNonzeroMagnitude, 0.2]

    /// A deterministic stream of garbage (linear congruential, so the test never varies).
    struct Stream {
        var seed: UInt64 = 0x5EED
        mutating func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return NonFiniteInputTests.garbage[Int(seed >> 33) % NonFiniteInputTests.garbage.count]
        }
        mutating func point() -> Point { Point(x: next() * 400, y: next() * 300) }
    }

    func testPreviewInteraction() {
        var p = PreviewInteraction()
        var s = Stream()
        for i in 0..<2000 {
            let t = s.next()
            let effects: [PreviewInteraction.Effect]
            switch i % 7 {
            case 0: effects = p.handle(.press(location: s.point(), force: s.next(), allowed: i % 3 != 0), at: t)
            case 6: effects = p.handle(.lift(location: s.point()), at: t)
            default: effects = p.handle(.change(location: s.point(), force: s.next()), at: t)
            }
            XCTAssertTrue((0...1).contains(p.previewProgress))
            XCTAssertTrue((0...1).contains(p.commitProgress))
            XCTAssertTrue((0...1).contains(p.level))
            if p.state == .idle { XCTAssertNil(p.pressLocation) } else { XCTAssertTrue(p.pressLocation?.isFinite ?? false) }
            if p.state == .committing || p.state == .committed { XCTAssertEqual(p.previewProgress, 1) }
            for case .previewTransition(let progress, _) in effects { XCTAssertTrue((0...1).contains(progress)) }
            for case .commitTransition(let progress, _) in effects { XCTAssertTrue((0...1).contains(progress)) }
        }
    }

    func testNaNForceTraceNeverPeeks() {
        var p = PreviewInteraction()
        var effects = p.handle(.press(location: .zero, force: .nan, allowed: true), at: 0)
        for i in 1...20 { effects += p.handle(.change(location: .zero, force: .nan), at: Double(i) / 60) }
        XCTAssertEqual(effects, [.shouldBegin(location: .zero, answer: true)])
        XCTAssertEqual(p.state, .previewing)
        effects = p.handle(.change(location: .zero, force: .infinity), at: 1)
        XCTAssertEqual(effects, [.previewTransition(progress: 1, ended: true), .commitTransition(progress: 1, ended: true)],
                       "+inf is full force")
    }

    func testConfirmButton() {
        var b = ConfirmButton(hasForce: true)
        var s = Stream()
        for i in 0..<2000 {
            b.hasForce = i % 11 != 0
            let t = s.next()
            let effects: [ConfirmButton.Effect]
            switch i % 5 {
            case 0: effects = b.handle(.press(at: s.point(), force: s.next(), maximumPossibleForce: s.next()), at: t)
            case 4: effects = b.handle(.release(at: s.point()), at: t)
            case 3: effects = b.advance(to: t)
            default: effects = b.handle(.move(to: s.point(), force: s.next(), maximumPossibleForce: s.next()), at: t)
            }
            if effects.contains(.fire) { XCTAssertEqual(effects.last, .stateChanged(.idle), "fire ends the press") }
            XCTAssertTrue((0...1).contains(b.intention))
            XCTAssertTrue((0...1).contains(b.strokeEnd))
            if !b.isTracking { XCTAssertEqual(b.state, .idle) }
            if b.state == .selected || b.state == .confirmed { XCTAssertEqual(b.strokeEnd, 1) }
            if let c = b.ringCenter { XCTAssertTrue(c.isFinite) }
        }
    }

    func testQuickActionMenu() {
        var m = QuickActionMenu(icons: [.init(rect: Rect(x: 0, y: 0, width: 200, height: 150),
                                              items: AppShortcut.allCases.map(\.item))],
                                viewport: Viewport(width: 400, height: 300))
        var s = Stream()
        for i in 0..<2000 {
            let t = s.next()
            switch i % 4 {
            case 0: _ = m.handle(.press(at: s.point(), force: s.next()), at: t)
            case 3: _ = m.handle(.release(at: s.point()), at: t)
            default: _ = m.handle(.change(at: s.point(), force: s.next()), at: t)
            }
            XCTAssertTrue((0...1).contains(m.pressProgress))
            switch m.state {
            case .idle, .pressing: XCTAssertNil(m.layout)
            case .tracking, .open: XCTAssertNotNil(m.layout)
            }
            if let h = m.highlighted { XCTAssertTrue(m.items.indices.contains(h)) }
        }
    }

    func testEdgeGestureAndHomeIndicator() {
        var g = EdgeGesture(viewport: Viewport(width: 400, height: 300), deferredEdges: .all)
        var h = HomeIndicator(autoHide: true, at: 0)
        var s = Stream()
        for i in 0..<2000 {
            let t = s.next()
            let p = s.point()
            let effects: [EdgeGesture.Effect]
            switch i % 4 {
            case 0:
                effects = g.handle(.press(at: p), at: t)
                _ = h.handle(.press(at: p), at: t)
            case 3:
                effects = g.handle(.release(at: p), at: t)
                _ = h.handle(.release(at: p), at: t)
            default:
                effects = g.handle(.move(to: p), at: t)
                _ = h.handle(.move(to: p), at: t)
            }
            XCTAssertFalse(effects.contains(.deferred(.left)))
            let alpha = h.alpha(at: s.next())
            XCTAssertTrue((HomeIndicator.hiddenAlpha...1).contains(alpha), "\(alpha)")
            XCTAssertTrue((0...1).contains(g.arrowAlpha(at: s.next())))
        }
    }
}
