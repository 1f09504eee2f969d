import CCairo
import CairoRender
import ForceCore
import Foundation
import XCTest

/// A stroke drawn live — final pieces frozen into the cache frame by frame, the tail redrawn
/// every frame — is pixel for pixel the stroke a full redraw gives, at every frame and at the end.
final class LiveInkTests: XCTestCase {
    static let viewport = Viewport(width: 800, height: 460)
    static let threshold: UInt32 = ProcessInfo.processInfo.environment["LIVE_INK_THRESHOLD"].flatMap { UInt32($0) } ?? 32

    /// The styles a stroke is checked in.
    static var styles: [(String, Options)] {
        var classic = Options()
        classic.renderer = .classic
        var debug = Options()
        debug.debug = true
        var opacity = Options()
        opacity.opacityFromPressure = true
        var rounded = Options()
        rounded.precise = false
        return [("outline", Options()), ("classic", classic), ("debug", debug), ("opacity", opacity), ("whole points", rounded)]
    }

    /// Pen samples of a fixture as events: down, moves, up; raw force 0…1.
    static func events(_ points: [InkPoint], offset: Point = .zero) -> [TimedEvent] {
        points.enumerated().map { i, p in
            let phase: PointerPhase = i == 0 ? .down : (i == points.count - 1 ? .up : .move)
            return TimedEvent(time: p.time, event: .pointer(PointerInput(
                phase: phase, location: p.preciseLocation + offset, source: .pen, rawForce: p.force, maximumForce: 1)))
        }
    }

    /// A mouse stroke with the wheel turned while moving and while standing still (needsUpdate
    /// points, settled by movement and by 0.2 s of quiet).
    static var wheelScript: [TimedEvent] {
        var e: [TimedEvent] = []
        func pointer(_ phase: PointerPhase, _ x: Double, _ y: Double, _ t: Double) {
            e.append(TimedEvent(time: t, event: .pointer(PointerInput(phase: phase, location: Point(x: x, y: y)))))
        }
        pointer(.down, 100, 200, 0)
        for i in 1...20 { pointer(.move, 100 + Double(i) * 9, 200 + 30 * sin(Double(i) / 3), Double(i) / 90) }
        for k in 0..<3 { e.append(TimedEvent(time: 0.25 + Double(k) * 0.05, event: .wheel(1))) }
        for k in 0..<4 { e.append(TimedEvent(time: 0.45 + Double(k) * 0.1, event: .wheel(-1))) }
        for i in 1...30 {
            pointer(.move, 280 + Double(i) * 12, 200 + 40 * sin(Double(i) / 4), 1.0 + Double(i) / 60)
            if i % 5 == 0 { e.append(TimedEvent(time: 1.0 + Double(i) / 60 + 0.001, event: .wheel(i % 10 == 0 ? 2 : -1))) }
        }
        pointer(.up, 640, 200, 1.6)
        return e
    }

    /// Every fixture, drawn live at 60 fps, equals a fresh render of the same state at every
    /// frame (and at the end).
    func testALiveStrokeIsItsFullRedrawAtEveryFrame() throws {
        var scripts: [(String, [TimedEvent])] = StrokeFixtures.outlineCases.sorted { $0.key < $1.key }.map { ($0.key, Self.events($0.value)) }
        scripts.append(("gesture125Hz", Self.events(StrokeFixtures.gesture(rate: 125))))
        scripts.append(("signature", Self.events(StrokeFixtures.signature(count: 400, in: Rect(x: 40, y: 60, width: 700, height: 340)))))
        scripts.append(("wheel", Self.wheelScript))
        for (name, events) in scripts {
            for (styleName, options) in Self.styles {
                try checkEveryFrame(events, options: options, label: "\(name) · \(styleName)")
            }
        }
    }

    /// Strokes over strokes, then undo, redo, erase and clear: each partial repaint leaves the
    /// cache exactly as a full redraw of the same ink.
    func testPartialRepaintsEqualAFullRedraw() throws {
        var events: [TimedEvent] = []
        var t = 0.0
        for k in 0..<6 {
            let pts = StrokeFixtures.signature(count: 40, in: Rect(x: 60 + Double(k) * 90, y: 80 + Double(k % 3) * 60, width: 260, height: 160),
                                               seed: UInt64(k + 1), startTime: t)
            events += Self.events(pts)
            t = (pts.last?.time ?? t) + 0.1
        }
        for c in [Command.undo, .undo, .redo, .undo, .clear, .undo, .redo, .undo] {
            events.append(TimedEvent(time: t, event: .command(c)))
            t += 0.1
        }
        // The eraser end through the middle.
        for i in 0...10 {
            let phase: PointerPhase = i == 0 ? .down : (i == 10 ? .up : .move)
            events.append(TimedEvent(time: t, event: .pointer(PointerInput(phase: phase, location: Point(x: 200 + Double(i) * 30, y: 200), source: .eraser))))
            t += 1.0 / 60
        }
        events.append(TimedEvent(time: t + 0.1, event: .command(.undo)))
        for (styleName, options) in Self.styles {
            try checkEveryFrame(events, options: options, label: "edits · \(styleName)")
        }
    }

    // MARK: Helpers

    func checkEveryFrame(_ events: [TimedEvent], options: Options, label: String, file: StaticString = #filePath, line: UInt = #line) throws {
        var state = AppState(viewport: Self.viewport, options: options)
        let live = try FrameRenderer(viewport: Self.viewport)
        var next = 0
        let end = (events.last?.time ?? 0) + 0.1
        var frame = 0
        var worst = (count: 0, ink: 1, frame: 0)
        while Double(frame) / 60 <= end {
            let t = Double(frame) / 60
            while next < events.count, events[next].time <= t {
                state.handle(events[next])
                next += 1
            }
            state.advance(to: t)
            try live.render(state.display)
            let fresh = try FrameRenderer(viewport: Self.viewport)
            try fresh.render(state.display)
            let d = Self.difference(live.frame, fresh.frame)
            if d.count > 0, let dir = ProcessInfo.processInfo.environment["LIVE_INK_DUMP"] {
                try live.frame.writePNG(to: "\(dir)/\(label)-\(frame)-live.png")
                try fresh.frame.writePNG(to: "\(dir)/\(label)-\(frame)-fresh.png")
            }
            if d.count * worst.ink > worst.count * max(1, d.ink) { worst = (d.count, max(1, d.ink), frame) }
            frame += 1
        }
        if ProcessInfo.processInfo.environment["LIVE_INK_REPORT"] != nil { print("\(label): worst \(worst)") }
        // Anti-aliasing only: at most 0.1% of the ink's pixels differ by more than 32 a channel.
        XCTAssertLessThanOrEqual(Double(worst.count), 0.001 * Double(worst.ink),
                                 "\(label): frame \(worst.frame) differs in \(worst.count) of \(worst.ink) ink pixels",
                                 file: file, line: line)
    }

    /// Pixels differing by more than 32 in a channel, and pixels that are not paper in either.
    static func difference(_ a: ImageSurface, _ b: ImageSurface) -> (count: Int, ink: Int) {
        a.flush()
        b.flush()
        guard let pa = a.data, let pb = b.data, a.pixelWidth == b.pixelWidth, a.pixelHeight == b.pixelHeight else { return (Int.max, 1) }
        var count = 0, ink = 0
        for y in 0..<a.pixelHeight {
            let ra = UnsafeRawPointer(pa + y * a.stride).assumingMemoryBound(to: UInt32.self)
            let rb = UnsafeRawPointer(pb + y * b.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<a.pixelWidth {
                let u = ra[x], v = rb[x]
                if u != Self.paper || v != Self.paper { ink += 1 }
                guard u != v else { continue }
                var worst: UInt32 = 0
                for shift in stride(from: 0, to: 32, by: 8) {
                    let p = (u >> UInt32(shift)) & 0xff, q = (v >> UInt32(shift)) & 0xff
                    worst = max(worst, p > q ? p - q : q - p)
                }
                if worst > Self.threshold { count += 1 }
            }
        }
        return (count, ink)
    }

    /// The paper colour as Cairo stores it (opaque ARGB32).
    static let paper: UInt32 = {
        guard let s = try? ImageSurface(viewport: Viewport(width: 1, height: 1)), let cr = s.makeContext() else { return 0 }
        cairo_set_source_rgb(cr, Palette.paper.r, Palette.paper.g, Palette.paper.b)
        cairo_paint(cr)
        cairo_destroy(cr)
        s.flush()
        return s.data.map { UnsafeRawPointer($0).load(as: UInt32.self) } ?? 0
    }()
}
