import CCairo
@testable import CairoRender
import ForceCore
import TestSupport
import XCTest

/// The GL presenter's layers, put together on the CPU, show what the software presenter's one
/// surface shows; a live stroke touches only the ink layers.
final class LayerRendererTests: XCTestCase {
    static let viewport = Viewport(width: 900, height: 640)

    /// The layers composited with Cairo in the GL presenter's order (base, tail, front, rings,
    /// overlays); the blur is left out (these states have none).
    static func composite(_ layers: LayerRenderer) throws -> ImageSurface {
        let c = layers.composition
        let out = try ImageSurface(viewport: layers.viewport)
        guard let cr = out.makeContext() else { throw RenderError.surface("no context") }
        defer { cairo_destroy(cr) }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, layers.surface(c.base).surface, 0, 0)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        for id in [LayerRenderer.LayerID.tail, .front] {
            cairo_set_source_surface(cr, layers.surface(id).surface, 0, 0)
            cairo_paint(cr)
        }
        for ring in c.rings { ring.draw(cr) }
        cairo_set_source_surface(cr, layers.overlay.surface, 0, 0)
        cairo_paint(cr)
        out.flush()
        return out
    }

    func check(_ name: String, _ state: AppState, file: StaticString = #filePath, line: UInt = #line) throws {
        try check(name, state.display, file: file, line: line)
    }

    func check(_ name: String, _ display: Display, file: StaticString = #filePath, line: UInt = #line) throws {
        let software = try FrameRenderer(viewport: display.viewport)
        try software.render(display)
        let layers = try LayerRenderer(viewport: display.viewport)
        XCTAssertTrue(try layers.render(FrameRequest(display: display)))
        let composed = try Self.composite(layers)
        // Compositing premultiplied layers rounds once more than drawing onto one surface: a
        // level or two of 255 (0.005 measured), never more than 0.02 (about 5 levels).
        let r = ImageComparer(tolerance: .exact(threshold: 0.02)).compare(RGBAImage(surface: software.frame), RGBAImage(surface: composed))
        XCTAssertTrue(r.passed, "\(name): \(r.summary)", file: file, line: line)
    }

    func testLayersComposeToTheSoftwareFrame() throws {
        let v = Self.viewport
        var drawing = PresentFixtures.inkedCanvas(v)
        let path = StrokeFixtures.signature(count: 60, in: Rect(x: 100, y: 120, width: 600, height: 200), seed: 42)
        _ = PresentFixtures.draw(path, notches: 3, into: &drawing, from: drawing.time + 0.1)
        var translucent = drawing
        translucent.handle(.command(.toggleOpacity), at: translucent.time)
        try check("idle canvas with ink", PresentFixtures.inkedCanvas(v))
        try check("a live stroke", drawing)
        try check("a live translucent stroke", translucent)
        try check("confirm ring at 0.5", PresentFixtures.confirmRing(notches: 10, viewport: v))
        try check("confirm ring full", PresentFixtures.confirmRing(notches: 20, viewport: v))
        try check("help over the canvas", PresentFixtures.help(.canvas, viewport: v))
        try check("Messages before a press", PresentFixtures.peek(quarters: 0, viewport: v))
        try check("Home", PresentFixtures.state(.home, viewport: v))
    }

    /// Help opened in the player lists the player's keys in both renderers (the layers once
    /// measured the scene's help there: their copy of the help cache did not know the player).
    func testHelpInThePlayerComposesToTheSoftwareFrame() throws {
        var p = Player(session: try Fixtures.session("scene-messages.jsonl"), shortcuts: Fixtures.shortcuts)
        p.prepare()
        p.seek(toTime: 0.1)  // before the press: no blur, which these composites leave out
        var view = PlayerView()
        XCTAssertTrue(view.flip(.toggleHelp))
        try check("help in the player", p.display(view: view))
    }

    /// Lesson 6 at 3× in the player fits the replay's screen into the view's (`ScreenFit`): the
    /// layers show it as the software frame does, and the frame after it, the replay's own
    /// again, is drawn whole in every layer.
    func testAFittedScreenComposesToTheSoftwareFrameAndBack() throws {
        let lesson = try Fixtures.session(at: Fixtures.root.appendingPathComponent("Assets/Lessons/6-confirm-button.jsonl"))
        var p = Player(session: lesson, shortcuts: Fixtures.shortcuts)
        p.prepare()
        p.seek(toTime: 1.0)
        let large = p.display(view: PlayerView(uiScale: 3))
        XCTAssertNotNil(large.screenFit)
        try check("lesson 6 at 3×", large)
        // The diagram and the log closed: no dock, the view's screen the whole window, the
        // replay's moved into it at 1×, in a frame of the same size as the replay's own.
        var closed = PlayerView()
        XCTAssertTrue(closed.flip(.toggleDiagram))
        XCTAssertTrue(closed.flip(.toggleEventLog))
        let fitted = p.display(view: closed), own = p.display()
        XCTAssertEqual(fitted.screenFit?.scale, 1)
        XCTAssertEqual(fitted.viewport, own.viewport)
        try check("lesson 6 without its panels", fitted)
        let layers = try LayerRenderer(viewport: fitted.viewport)
        try layers.render(FrameRequest(display: fitted))
        XCTAssertEqual(layers.composition.base, .scene)
        XCTAssertTrue(layers.composition.rings.isEmpty, "the ring is in the fitted picture, at its scale")
        try layers.render(FrameRequest(display: own))
        let software = try FrameRenderer(viewport: own.viewport)
        try software.render(own)
        let r = ImageComparer(tolerance: .exact(threshold: 0.02)).compare(RGBAImage(surface: software.frame),
                                                                          RGBAImage(surface: try Self.composite(layers)))
        XCTAssertTrue(r.passed, "the replay's own frame after the fitted one: \(r.summary)")
        XCTAssertFalse(layers.composition.rings.isEmpty, "the ring is the compositor's again")
    }

    func testALiveStrokeTouchesOnlyTheInkLayers() throws {
        var state = PresentFixtures.inkedCanvas(Self.viewport)
        let layers = try LayerRenderer(viewport: state.viewport)
        try layers.render(FrameRequest(display: state.display))
        var t = state.time + 0.1
        // Across the middle of the canvas, clear of the floating gauge (which moves off ink: a
        // stroke under it would move it, an overlay change of its own).
        let start = Point(x: 300, y: 200)
        state.handle(.pointer(PointerInput(phase: .down, location: start)), at: t)
        state.advance(to: t)
        try layers.render(FrameRequest(display: state.display))
        for i in 1...40 {
            t += 1.0 / 60
            let p = Point(x: start.x + Double(i) * 6, y: start.y + Double(i) * 4)
            state.handle(.pointer(PointerInput(phase: .move, location: p)), at: t)
            state.advance(to: t)
            XCTAssertTrue(try layers.render(FrameRequest(display: state.display)))
            XCTAssertFalse(layers.damage[.tail, default: []].isEmpty, "frame \(i): the tail moved")
            for id in [LayerRenderer.LayerID.scene, .front, .overlay] {
                XCTAssertEqual(layers.damage[id, default: []], [], "frame \(i): \(id) waits on nothing and is not redrawn")
            }
        }
        state.handle(.pointer(PointerInput(phase: .up, location: Point(x: start.x + 250, y: start.y + 170))), at: t + 0.01)
        state.advance(to: t + 1)
        XCTAssertTrue(try layers.render(FrameRequest(display: state.display)))
        XCTAssertFalse(try layers.render(FrameRequest(display: state.display)), "nothing changed: nothing to present")
    }

    func testAPeeksProgressChangesUniformsNotTheBase() throws {
        let v = Self.viewport
        let layers = try LayerRenderer(viewport: v)
        try layers.render(FrameRequest(display: PresentFixtures.peek(quarters: 1, viewport: v).display))
        let first = layers.composition
        try layers.render(FrameRequest(display: PresentFixtures.peek(quarters: 2, viewport: v).display))
        XCTAssertEqual(layers.damage[.scene, default: []], [], "the list under the blur is not redrawn")
        XCTAssertEqual(first.blur?.fraction, 0.25)
        XCTAssertEqual(layers.composition.blur?.fraction, 0.5)
        XCTAssertEqual(layers.composition.rings.map(\.fraction), [0.5])
        XCTAssertEqual(layers.composition.base, .scene)
    }
}

extension LayerRendererTests {
    /// Overlapping rects become disjoint pieces covering the same pixels (a translucent layer
    /// composited twice where two rects overlap would darken there).
    func testOccupiedRectsAreDisjoint() {
        let rects = [PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 5, y: 5, width: 10, height: 10),
                     PixelRect(x: 2, y: 2, width: 3, height: 3)]
        let pieces = PixelRect.disjoint(rects)
        var covered = Set<Int>(), count = 0
        for p in pieces {
            for y in p.y..<(p.y + p.height) { for x in p.x..<(p.x + p.width) { covered.insert(y * 100 + x); count += 1 } }
        }
        XCTAssertEqual(count, covered.count, "no pixel twice")
        XCTAssertEqual(covered.count, 100 + 100 - 25)
    }
}
