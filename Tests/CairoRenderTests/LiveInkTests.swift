import CCairo
import CairoRender
import ForceCore
import Foundation
import TestSupport
import XCTest

/// A stroke drawn live — final pieces frozen into the cache frame by frame, the tail redrawn
/// every frame, damaged areas repainted — is the stroke a full redraw gives, at every frame and
/// at the end, within anti-aliasing: compared by the project's `ImageComparer`, no pixel may
/// differ by more than its threshold (0.1, about 26 grey levels) unless the comparer finds it is
/// anti-aliasing (Cairo clips geometry at a repaint's edge in 1/256 px steps, so an edge pixel
/// there may round a level apart). Not one other pixel.
final class LiveInkTests: XCTestCase {
    static let viewport = Viewport(width: 800, height: 460)
    /// No differing pixel beyond anti-aliasing, at the comparer's standard threshold.
    static let comparer = ImageComparer(tolerance: .exact())

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
    /// A state with `strokes` pen signatures of `points` samples drawn side by side from
    /// (`x`, `y`), `step` apart, each finished and the frame advanced; returns it and the time.
    static func inked(_ options: Options, viewport: Viewport, strokes: Int, points: Int, x: Double, y: Double,
                      step: Double, size: (Double, Double), seed: UInt64) -> (AppState, Double) {
        var state = AppState(viewport: viewport, options: options)
        var t = 0.0
        for k in 0..<strokes {
            let pts = StrokeFixtures.signature(count: points, in: Rect(x: x + Double(k) * step, y: y, width: size.0, height: size.1),
                                               seed: seed + UInt64(k), startTime: t)
            for e in events(pts) { state.handle(e) }
            t = (pts.last?.time ?? t) + 0.1
            state.advance(to: t)
        }
        return (state, t)
    }

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
        // A see-through highlighter long enough for many pieces and corners: its live layer
        // and its tail, frame by frame, are the stroke filled as one.
        let highlighter = TimedEvent(time: 0, event: .tool(InkTool(kind: .highlighter, size: 12)))
        scripts.append(("highlighter", [highlighter] + Self.events(StrokeFixtures.signature(count: 400, in: Rect(x: 40, y: 60, width: 700, height: 340)))))
        // Filled shapes (a pen's translucent inside over its line, a highlighter's one area
        // with its line), their fill following the pen live and drawn last.
        for (name, tool) in [("filled pen", InkTool(kind: .pen, colour: InkColour(red: 0, green: 114, blue: 178), size: 3, fill: 0.4)),
                             ("filled highlighter", InkTool(kind: .highlighter, size: 10, fill: 0.5))] {
            scripts.append((name, [TimedEvent(time: 0, event: .tool(tool))] + Self.events(Self.loop)))
        }
        // Dashed and dotted lines (Xournal++'s line styles): each drawn part of a stroke cut as
        // its pieces become final is the part the whole stroke gives.
        for (name, tool) in [("dashed pen", InkTool(kind: .pen, size: 3, dash: [6, 3])),
                             ("dotted highlighter", InkTool(kind: .highlighter, size: 6, dash: [0.5, 9])),
                             ("dash-dot pen", InkTool(kind: .pen, colour: InkColour(red: 0, green: 114, blue: 178), size: 5, dash: [12, 6, 0, 6]))] {
            scripts.append((name, [TimedEvent(time: 0, event: .tool(tool))]
                + Self.events(StrokeFixtures.signature(count: 300, in: Rect(x: 40, y: 60, width: 700, height: 340)))))
        }
        for (name, events) in scripts {
            for (styleName, options) in Self.styles {
                try checkEveryFrame(events, options: options, label: "\(name) · \(styleName)")
            }
        }
    }

    /// A loop around (400, 230), 100 pt across, closed where it started: a shape to fill.
    static var loop: [InkPoint] {
        (0...120).map { i in
            let a = Double(i) / 120 * 2 * Double.pi
            return InkPoint(sequence: i, time: Double(i) / 240, force: 0.5 + 0.3 * sin(3 * a),
                            preciseLocation: Point(x: 400 + 100 * cos(a), y: 230 + 100 * sin(a)))
        }
    }

    /// A filled shape (Xournal++'s fill, `InkTool.fill`): a pen's inside is its colour at the
    /// fill's opacity over the paper, under its opaque line; a highlighter's inside is the
    /// highlighter's own tint, the same as its line's (one see-through area, never darker
    /// where the two meet). Without a fill the inside is the paper.
    func testAFilledShapesInsideIsItsColourAtTheFillsOpacity() throws {
        let black = InkColour(red: 0, green: 0, blue: 0)
        for tool in [InkTool(kind: .pen, colour: black, size: 4, fill: 0.5), InkTool(kind: .highlighter, colour: black, size: 4, fill: 0.5),
                     InkTool(kind: .pen, colour: black, size: 4)] {
            var state = AppState(viewport: Self.viewport)
            state.handle(TimedEvent(time: 0, event: .tool(tool)))
            for e in Self.events(Self.loop) { state.handle(e) }
            state.advance(to: 1)
            let renderer = try FrameRenderer(viewport: Self.viewport)
            try renderer.render(state.display)
            let pixels = RGBAImage(surface: renderer.frame).pixels
            func g(_ x: Int, _ y: Int) -> Int { Self.green(pixels, x: x, y: y, width: Self.viewport.pixelWidth) }
            let paper = g(700, 300), inside = g(400, 230), line = g(500, 230)
            switch (tool.kind, tool.fill) {
            case (.pen, nil):
                XCTAssertEqual(inside, paper, "no fill: the paper")
            case (.pen, _):
                XCTAssertEqual(Double(inside), Double(paper) / 2, accuracy: 2, "black at half opacity over the paper")
                XCTAssertLessThanOrEqual(line, 2, "the line opaque over its fill")
            default:
                XCTAssertLessThan(inside, paper - 20, "the highlighter's tint inside")
                XCTAssertEqual(line, inside, accuracy: 2, "one tint, line and inside: never darker where they meet")
            }
        }
    }

    /// A dashed line (Xournal++'s `style="dash"`, `InkTool.dash` [6, 3]) of a straight stroke at
    /// 2 pt: ink in the middle of each dash, the paper in the middle of each gap, in both ink
    /// renderers; solid, it is ink all along.
    func testADashedLineHasItsGapsInEveryRenderer() throws {
        let viewport = Viewport(width: 400, height: 100)
        for renderer in [InkRenderer.outline, .classic] {
            for dash in [[6.0, 3], nil] {
                var options = Options()
                options.renderer = renderer
                var state = AppState(viewport: viewport, options: options)
                state.handle(TimedEvent(time: 0, event: .tool(InkTool(kind: .pen, colour: InkColour(red: 0, green: 0, blue: 0), size: 2, dash: dash))))
                // From x = 50 to 350 at y = 50, a sample a point (the dashes start at x = 50).
                let points = (0...300).map { i in
                    InkPoint(sequence: i, time: Double(i) / 240, force: 0.5, preciseLocation: Point(x: 50 + Double(i), y: 50))
                }
                for e in Self.events(points) { state.handle(e) }
                state.advance(to: 2)
                let renderer = try FrameRenderer(viewport: viewport)
                try renderer.render(state.display)
                let pixels = RGBAImage(surface: renderer.frame).pixels
                func g(_ x: Double) -> Int { Self.green(pixels, x: Int(x), y: 50, width: viewport.pixelWidth) }
                let paper = Self.green(pixels, x: 200, y: 90, width: viewport.pixelWidth)
                // The streamlined line lags its input by a few points at its ends: the middle is read.
                for k in 5..<28 {
                    let dashMiddle = 50 + Double(k) * 9 + 3, gapMiddle = 50 + Double(k) * 9 + 7.5
                    XCTAssertLessThan(g(dashMiddle), 40, "\(renderer) \(dash ?? []): ink in dash \(k) at x = \(dashMiddle)")
                    if dash == nil {
                        XCTAssertLessThan(g(gapMiddle), 40, "\(renderer) solid: ink at x = \(gapMiddle)")
                    } else {
                        XCTAssertGreaterThan(g(gapMiddle), paper - 40, "\(renderer): the paper in gap \(k) at x = \(gapMiddle)")
                    }
                }
            }
        }
    }

    /// Strokes over strokes, then undo, redo, erase and clear: each partial repaint leaves the
    /// cache exactly as a full redraw of the same ink.
    func testPartialRepaintsEqualAFullRedraw() throws {
        // A filled shape under the strokes: repaints over it draw its inside too.
        var events = [TimedEvent(time: 0, event: .tool(InkTool(kind: .pen, colour: InkColour(red: 213, green: 94, blue: 0), size: 6, fill: 0.3)))]
        events += Self.events(Self.loop)
        events.append(TimedEvent(time: 0.6, event: .tool(InkTool.pen)))
        var t = 0.7
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

    /// A highlighter's pieces never darken where they meet: a straight 600 pt stroke (several
    /// pieces at size 4, each a round end over the next) is one even tint along its middle,
    /// drawn live and redrawn whole (where two pieces met, the tint was laid twice).
    func testAHighlighterIsOneEvenTintAcrossItsPieces() throws {
        var state = AppState(viewport: Self.viewport)
        state.handle(TimedEvent(time: 0, event: .tool(InkTool(kind: .highlighter, colour: InkColour(red: 0, green: 0, blue: 0), size: 4))))
        let points = (0...300).map { i in
            InkPoint(sequence: i, time: Double(i) / 240, force: 0.5, preciseLocation: Point(x: 100 + Double(i) * 2, y: 230))
        }
        let renderer = try FrameRenderer(viewport: Self.viewport)
        var live: [UInt8]
        for (i, e) in Self.events(points).enumerated() {
            state.handle(e)
            if i % 4 == 0 {
                state.advance(to: e.time)
                _ = try renderer.render(state.display)
            }
        }
        state.advance(to: 2)
        _ = try renderer.render(state.display)
        live = RGBAImage(surface: renderer.frame).pixels
        let whole = try FrameRenderer(viewport: Self.viewport)
        _ = try whole.render(state.display)
        XCTAssertEqual(state.ink.strokes.count, 1)
        XCTAssertGreaterThan(StrokeTessellator.pieces(of: state.ink.strokes[0], style: state.display.ink.style).real.count, 2, "several pieces")
        for (label, pixels) in [("live", live), ("whole", RGBAImage(surface: whole.frame).pixels)] {
            let row = (120..<680).map { x in Self.green(pixels, x: x, y: 230, width: Self.viewport.pixelWidth) }
            XCTAssertLessThanOrEqual((row.max() ?? 0) - (row.min() ?? 0), 2, "\(label): one tint along the stroke, \(Set(row).sorted())")
        }
    }

    /// A highlighter's predicted tip never darkens its real ink: the prediction starts at the
    /// last real sample, under the real end cap, and was laid over it, so the cap was a darker
    /// blot at the pen for every frame the pen moved. Along the live stroke, real and predicted,
    /// no pixel is darker than its even tint; the predicted tip is lighter (half alpha). In
    /// every translucent style: a see-through colour, and pressure → opacity.
    func testAPredictedTipNeverDarkensTranslucentInk() throws {
        var opacity = Options()
        opacity.opacityFromPressure = true
        let black = InkColour(red: 0, green: 0, blue: 0)
        for (label, options, tool) in [("highlighter", Options(), InkTool(kind: .highlighter, colour: black, size: 6)),
                                       ("opacity", opacity, InkTool(kind: .pen, colour: black, size: 6))] {
            var state = AppState(viewport: Self.viewport, options: options)
            state.handle(TimedEvent(time: 0, event: .tool(tool)))
            // Moving right at 480 pt/s, still down: the frame predicts 8 and 16 pt ahead.
            let points = (0...150).map { i in
                InkPoint(sequence: i, time: Double(i) / 240, force: 0.5, preciseLocation: Point(x: 100 + Double(i) * 2, y: 230))
            }
            let renderer = try FrameRenderer(viewport: Self.viewport)
            for (i, e) in Self.events(points).dropLast().enumerated() {
                state.handle(e)
                if i % 4 == 0 {
                    state.advance(to: e.time)
                    _ = try renderer.render(state.display)
                }
            }
            let now = points[149].time
            state.advance(to: now)
            let stroke = try XCTUnwrap(state.display.ink.live, label)
            XCTAssertFalse(stroke.points.predicted.isEmpty, "\(label): the frame predicts ahead")
            _ = try renderer.render(state.display)
            let fresh = try FrameRenderer(viewport: Self.viewport)
            _ = try fresh.render(state.display)
            for (kind, pixels) in [("live", RGBAImage(surface: renderer.frame).pixels), ("whole", RGBAImage(surface: fresh.frame).pixels)] {
                let width = Self.viewport.pixelWidth
                let body = Self.green(pixels, x: 300, y: 230, width: width)
                XCTAssertLessThan(body, 230, "\(label) · \(kind): the stroke is drawn")
                // From the start to past the predicted tip (the last real sample is at x 398).
                let row = (110..<430).map { x in Self.green(pixels, x: x, y: 230, width: width) }
                XCTAssertGreaterThanOrEqual(row.min() ?? 0, body - 2, "\(label) · \(kind): nothing darker than the tint, \(Set(row).sorted())")
                let tip = Self.green(pixels, x: 410, y: 230, width: width)
                XCTAssertGreaterThan(tip, body + 10, "\(label) · \(kind): the predicted tip is lighter than the real ink")
            }
        }
    }

    /// The green channel of pixel (`x`, `y`) of an RGBA image `width` pixels wide.
    static func green(_ pixels: [UInt8], x: Int, y: Int, width: Int) -> Int { Int(pixels[(y * width + x) * 4 + 1]) }

    // MARK: Helpers

    func checkEveryFrame(_ events: [TimedEvent], options: Options, label: String, file: StaticString = #filePath, line: UInt = #line) throws {
        var state = AppState(viewport: Self.viewport, options: options)
        let live = try FrameRenderer(viewport: Self.viewport)
        var next = 0
        let end = (events.last?.time ?? 0) + 0.1
        var frame = 0
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
            let (result, diff) = Self.comparer.compare(fresh.frame, live.frame, diff: true)
            guard result.passed else {
                // The frames and the diff (red: differing, yellow: anti-aliasing) go where a person can look.
                let dir = NSTemporaryDirectory() + "forcecanvas-live-ink"
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                let base = "\(dir)/\(label.replacingOccurrences(of: " ", with: "_"))-\(frame)"
                try live.frame.writePNG(to: base + "-live.png")
                try fresh.frame.writePNG(to: base + "-full-redraw.png")
                try diff?.writePNG(to: base + "-diff.png")
                return XCTFail("\(label): frame \(frame) is not its full redraw: \(result.summary) (see \(base)-*.png)",
                               file: file, line: line)
            }
            frame += 1
        }
    }
}
