import CCairo
import CairoRender
import ForceCore
import Foundation
import TestSupport
import XCTest

final class FrameRendererTests: XCTestCase {
    /// The same session gives byte-identical PNGs on every run.
    func testReplayIsByteIdentical() throws {
        let s = try Fixtures.session("golden-point-types.jsonl")
        let a = try Fixtures.render(s, at: [1.0, s.duration]).map(PNGCodec.encode)
        let b = try Fixtures.render(s, at: [1.0, s.duration]).map(PNGCodec.encode)
        XCTAssertEqual(a.count, 2)
        XCTAssertEqual(a, b)
    }

    /// The incremental cache (prefixes frozen frame by frame) draws what one full redraw draws.
    func testIncrementalCacheMatchesAFullRedraw() throws {
        for renderer in InkRenderer.allCases {
            var s = try Fixtures.session("golden-pressure.jsonl")
            s.options.renderer = renderer
            // Rendered frame by frame, against the same state drawn at once: a replay that jumps
            // to the end renders only that frame, with a new renderer.
            let incremental = try XCTUnwrap(Fixtures.render(s, at: [s.duration], stepEveryFrame: true).first)
            let fresh = try XCTUnwrap(Fixtures.render(s, at: [s.duration]).first)
            // Pieces frozen frame by frame skip outline points from their own start, so edges may
            // differ by a pixel's antialiasing (which the comparer leaves out); a missing or
            // misplaced stroke would be thousands of pixels.
            let r = ImageComparer().compare(RGBAImage(surface: fresh), RGBAImage(surface: incremental))
            XCTAssertTrue(r.passed, "\(renderer): \(r.summary)")
        }
    }

    func testDirtyRectsStaySmallWhileDrawingAndNothingIsDrawnWhenNothingChanged() throws {
        var state = AppState(viewport: Viewport(width: 1200, height: 800))
        let renderer = try FrameRenderer(viewport: state.viewport)
        let first = try renderer.render(state.display)
        XCTAssertEqual(first, [PixelRect(x: 0, y: 0, width: 1200, height: 800)], "the first frame is drawn whole")
        XCTAssertEqual(try renderer.render(state.display), [], "nothing changed: nothing drawn")

        var t = 0.0
        state.handle(.pointer(PointerInput(phase: .down, location: Point(x: 600, y: 300))), at: t)
        var largest = 0
        for i in 1...30 {
            t += 1.0 / 60
            state.handle(.pointer(PointerInput(phase: .move, location: Point(x: 600 + Double(i) * 3, y: 300))), at: t)
            state.advance(to: t)
            let rects = try renderer.render(state.display)
            XCTAssertFalse(rects.isEmpty)
            largest = max(largest, rects.map(\.area).reduce(0, +))
        }
        XCTAssertLessThan(largest, 1200 * 800 / 3, "a stroke in the middle never redraws the whole frame")
    }

    func testUndoRepaintsOnlyItsStrokeAndResizeRedrawsEverything() throws {
        var state = AppState(viewport: Viewport(width: 400, height: 300))
        state.handle(.pointer(PointerInput(phase: .down, location: Point(x: 100, y: 100))), at: 0)
        state.handle(.pointer(PointerInput(phase: .move, location: Point(x: 200, y: 150))), at: 0.1)
        state.handle(.pointer(PointerInput(phase: .up, location: Point(x: 200, y: 150))), at: 0.2)
        let renderer = try FrameRenderer(viewport: state.viewport)
        try renderer.render(state.display)
        XCTAssertTrue(inkAt(renderer.frame, x: 150, y: 125))
        state.handle(.command(.undo), at: 0.3)
        let rects = try renderer.render(state.display)
        XCTAssertEqual(rects.count, 1)
        XCTAssertLessThan(rects.map(\.area).reduce(0, +), 400 * 300 / 3, "undo repaints the stroke's area, not the frame")
        XCTAssertFalse(inkAt(renderer.frame, x: 150, y: 125), "undone ink is gone from the cache")
        state.handle(.command(.redo), at: 0.4)
        state.handle(.resize(Viewport(width: 500, height: 400, scale: 2)), at: 0.5)
        XCTAssertEqual(try renderer.render(state.display), [PixelRect(x: 0, y: 0, width: 1000, height: 800)],
                       "HiDPI: pixels = points × scale")
        XCTAssertTrue(inkAt(renderer.frame, x: 300, y: 250), "the stroke survives the resize")
    }

    func inkAt(_ surface: ImageSurface, x: Int, y: Int) -> Bool {
        guard let p = PNGCodec.pixels(of: surface) else { return false }
        let o = (y * p.width + x) * 4
        return p.pixels[o] < 100 && p.pixels[o + 1] < 100 && p.pixels[o + 2] < 100
    }

    func testExportsPNGAndVectorSVGAndPDF() throws {
        let s = try Fixtures.session("golden-pressure.jsonl")
        var state = s.initialState()
        for e in s.events { state.handle(e) }
        let dir = NSTemporaryDirectory() + "forcecanvas-export-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for format in Exporter.Format.allCases {
            try Exporter.export(state.display.ink, viewport: state.viewport, format: format, to: "\(dir)/ink.\(format.rawValue)")
        }
        let png = try ImageSurface.readPNG("\(dir)/ink.png")
        XCTAssertEqual(png.pixelWidth, 900)
        XCTAssertEqual(png.pixelHeight, 460)
        let svg = try String(contentsOfFile: "\(dir)/ink.svg", encoding: .utf8)
        XCTAssertTrue(svg.contains("<svg"))
        XCTAssertGreaterThanOrEqual(svg.components(separatedBy: "<path").count - 1, 3, "one vector path per stroke at least")
        XCTAssertFalse(svg.contains("<image"), "strokes are vectors, not a bitmap")
        let pdf = try XCTUnwrap(FileManager.default.contents(atPath: "\(dir)/ink.pdf"))
        XCTAssertEqual(String(decoding: pdf.prefix(5), as: UTF8.self), "%PDF-")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/ink.pdf.partial"))
    }

    /// An export makes its missing folder (`AtomicFile`); one whose folder cannot be made (a
    /// file in its path) fails, saying why, and leaves nothing.
    func testAnExportMakesItsFolderOrFailsWithoutLeavingAFile() throws {
        let state = AppState(viewport: Viewport(width: 10, height: 10))
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertTrue(FileManager.default.createFile(atPath: "\(dir)/file", contents: Data("x".utf8)))
        for format in Exporter.Format.allCases {
            let made = "\(dir)/new/\(format.rawValue)/ink.\(format.rawValue)"
            try Exporter.export(state.display.ink, viewport: state.viewport, format: format, to: made)
            XCTAssertTrue(FileManager.default.fileExists(atPath: made), made)
            let path = "\(dir)/file/ink.\(format.rawValue)"
            XCTAssertThrowsError(try Exporter.export(state.display.ink, viewport: state.viewport, format: format, to: path)) { e in
                XCTAssertEqual("\(e)", "\(path): cannot write: its folder cannot be made: \(dir)/file: a part of the path is not a folder")
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), ["file", "new"])
    }

    /// The player's view of lesson 6 at 3× draws the replay's screen shrunk into its own
    /// (`ScreenFit`): the bar is where the fit puts the replay's bar, in the bar's colour, and
    /// the view's screen around it is black.
    func testAFittedScreenIsDrawnWhereTheFitPutsIt() throws {
        let lesson = try Fixtures.session(at: Fixtures.root.appendingPathComponent("Assets/Lessons/6-confirm-button.jsonl"))
        var p = Player(session: lesson, shortcuts: Fixtures.shortcuts)
        p.prepare()
        p.seek(toTime: 1.0)
        let view = PlayerView(uiScale: 3)
        let fit = try XCTUnwrap(p.display(view: view).screenFit)
        guard case .confirm(let confirm) = fit.screen.scene else { return XCTFail("lesson 6 is on Confirm") }
        let fitted = RGBAImage(surface: try PlayerFrame.render(p, view: view))
        let own = RGBAImage(surface: try PlayerFrame.render(p))
        func pixel(_ image: RGBAImage, _ at: Point) -> [Int] {
            let (r, g, b, _) = image.pixel(x: Int(at.x), y: Int(at.y))
            return [Int(r), Int(g), Int(b)]
        }
        // Left of the bar's middle: the ring is above it, its label in the middle.
        let onBar = Point(x: confirm.bar.x + confirm.bar.width / 8, y: confirm.bar.center.y)
        XCTAssertEqual(pixel(fitted, fit.map(onBar)), pixel(own, onBar), "the bar, where the fit puts it")
        let margin = Point(x: fit.room.x + (fit.target.x - fit.room.x) / 2, y: fit.target.center.y)
        XCTAssertLessThan(margin.x, fit.target.x, "the fitted screen leaves a margin at its side")
        XCTAssertEqual(pixel(fitted, margin), [0, 0, 0])
    }
}

/// Compact storage changes nothing that was drawn: after undo then redo, or erase then undo,
/// the canvas and the export are the same bytes as before.
final class CompactInkRoundTripTests: XCTestCase {
    func canonicalPNG(_ state: AppState) throws -> Data {
        let r = try FrameRenderer(viewport: state.viewport, canonical: true)
        try r.render(state.display)
        return PNGCodec.encode(r.frame)
    }

    func exportPNG(_ state: AppState) throws -> Data {
        let path = NSTemporaryDirectory() + "forcecanvas-roundtrip-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Exporter.export(state.display.ink, viewport: state.viewport, format: .png, to: path)
        return try XCTUnwrap(FileManager.default.contents(atPath: path))
    }

    func testUndoRedoAndEraseRoundTripToTheSamePixels() throws {
        for options in LiveInkTests.styles.map(\.1) {
            var (state, t) = LiveInkTests.inked(options, viewport: Viewport(width: 640, height: 400), strokes: 5, points: 80,
                                                x: 40, y: 60, step: 100, size: (300, 280), seed: 3)
            let before = try canonicalPNG(state), exported = try exportPNG(state)
            let live = try FrameRenderer(viewport: state.viewport)
            try live.render(state.display)
            for c in [Command.undo, .undo, .redo, .redo] {
                t += 0.1
                state.handle(.command(c), at: t)
                state.advance(to: t)
                try live.render(state.display)
            }
            XCTAssertEqual(try canonicalPNG(state), before, "undo, undo, redo, redo: \(options)")
            XCTAssertEqual(try exportPNG(state), exported, "the export too: \(options)")
            let comparison = LiveInkTests.comparer.compare(try XCTUnwrap(try ImageSurface.decode(before)), live.frame).0
            XCTAssertTrue(comparison.passed, "the window's partial repaints land on the same picture: \(options): \(comparison.summary)")
            // The eraser end through the middle removes strokes; undo puts them back.
            for i in 0...8 {
                let phase: PointerPhase = i == 0 ? .down : (i == 8 ? .up : .move)
                state.handle(.pointer(PointerInput(phase: phase, location: Point(x: 150 + Double(i) * 40, y: 200), source: .eraser)), at: t)
                t += 1.0 / 60
            }
            XCTAssertLessThan(state.ink.strokes.count, 5, "the eraser removed something")
            state.handle(.command(.undo), at: t)
            // The gauge now names the eraser: compare the ink alone.
            XCTAssertEqual(try exportPNG(state), exported, "erase then undo: \(options)")
        }
    }
}

extension ImageSurface {
    /// Decodes PNG bytes.
    static func decode(_ data: Data) throws -> ImageSurface? {
        let path = NSTemporaryDirectory() + "forcecanvas-decode-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard FileManager.default.createFile(atPath: path, contents: data) else { return nil }
        return try ImageSurface.readPNG(path)
    }
}

/// A scene added from outside the program (`TallyScene`) is drawn without a painter of its own:
/// its title and state lines on paper (`PlainScenePainter`), by both renderers alike.
final class AddedSceneRenderTests: XCTestCase {
    func testTheFifthSceneIsDrawnByBothRenderers() throws {
        let v = Viewport(width: 900, height: 600)
        var state = AppState(viewport: v, adding: [TallyScene()])
        state.show(TallyScene.kind)
        state.handle(.pointer(PointerInput(phase: .down, location: Point(x: 450, y: 300))), at: 0.1)
        state.handle(.pointer(PointerInput(phase: .up, location: Point(x: 450, y: 300))), at: 0.2)
        state.advance(to: 0.25)
        let d = state.display
        guard case .plain(let plain) = d.scene else { return XCTFail("\(d.scene)") }
        XCTAssertEqual(plain.lines.first, "count 1")
        let frame = try FrameRenderer(viewport: v, canonical: true)
        try frame.render(d)
        let paper = try FrameRenderer(viewport: v, canonical: true)
        var empty = d
        empty.scene = .plain(PlainSceneDisplay(kind: plain.kind, area: plain.area, lines: []))
        try paper.render(empty)
        let r = try XCTUnwrap(PixelRect(covering: plain.linesRect, scale: 1, width: 900, height: 600))
        let lines = ImageComparer(tolerance: .exact()).compare(try crop(paper.frame, r), try crop(frame.frame, r)).0
        XCTAssertFalse(lines.passed, "its state lines are drawn: \(lines.summary)")
        let layers = try LayerRenderer(viewport: v)
        try layers.render(FrameRequest(display: d))
        XCTAssertEqual(layers.composition.base, .scene, "the GL presenter composes it on the scene's base layer")
        XCTAssertFalse(layers.damage[.scene]?.isEmpty ?? true)
    }

    /// The pixels of `r`, as a surface of their own.
    func crop(_ s: ImageSurface, _ r: PixelRect) throws -> ImageSurface {
        let out = try ImageSurface(viewport: Viewport(width: r.width, height: r.height))
        let cr = try XCTUnwrap(out.makeContext())
        cairo_set_source_surface(cr, s.surface, -Double(r.x), -Double(r.y))
        cairo_paint(cr)
        cairo_destroy(cr)
        out.flush()
        return out
    }
}
