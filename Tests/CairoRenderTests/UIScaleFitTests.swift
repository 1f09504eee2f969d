import CCairo
@testable import CairoRender
import ForceCore
import XCTest

/// Issue 22, text for a projector: at every `--ui-scale` step the help fits 1280×800 and
/// 1920×1080 in every scene (at the size asked where it can, else the largest that fits, never
/// below 1), and a frame with every panel open is drawn larger where the layout says.
final class UIScaleFitTests: XCTestCase {
    func testTheHelpFitsAtEveryScale() throws {
        let surface = try ImageSurface(viewport: Viewport(width: 8, height: 8))
        let cr = try XCTUnwrap(surface.makeContext())
        defer { cairo_destroy(cr) }
        for (w, h) in [(1280, 800), (1920, 1080)] {
            let viewport = Viewport(width: w, height: h)
            for scene in SceneKind.builtIn {
                let own = AppState(viewport: viewport).scenes.scene(scene).help
                for s in Options.uiScaleSteps {
                    let first = HelpLayout(scene: scene, own: own, viewport: viewport, uiScale: s, measuringWith: cr)
                    XCTAssertLessThanOrEqual(first.uiScale, s)
                    XCTAssertGreaterThanOrEqual(first.uiScale, 1)
                    for page in 0..<first.pages {
                        let help = HelpLayout(scene: scene, own: own, viewport: viewport, page: page, uiScale: s, measuringWith: cr)
                        let drawn = help.frame.scaled(by: help.uiScale)
                        XCTAssertTrue(viewport.bounds.contains(drawn), "\(scene) at \(w)x\(h), \(s)×: \(drawn)")
                        XCTAssertGreaterThanOrEqual(help.fontSize, HelpLayout.smallestSinglePage, "\(scene) \(w)x\(h) \(s)×")
                        for case let .entry(_, keyRect, _, meaningRect) in help.blocks {
                            XCTAssertTrue(help.frame.contains(keyRect) && help.frame.contains(meaningRect), "\(scene) \(w)x\(h) \(s)×")
                        }
                    }
                }
                // A projector's 2× is kept where the window is large enough for it.
                if w == 1920 {
                    XCTAssertEqual(HelpLayout(scene: scene, own: own, viewport: viewport, uiScale: 2, measuringWith: cr).uiScale, 2,
                                   "\(scene) at 1920x1080")
                }
            }
        }
    }

    /// The dock's line for the panels it has no room for is whole at every text size in a
    /// 640×480 window with every panel open: drawn smaller than the text size where the band
    /// is too narrow for it (at 3× it was cut after "or a larger window s…"), never below 1×,
    /// and at the text size where it fits.
    func testTheDocksLineIsWholeAtEveryScale() throws {
        let surface = try ImageSurface(viewport: Viewport(width: 8, height: 8))
        let cr = try XCTUnwrap(surface.makeContext())
        defer { cairo_destroy(cr) }
        let line = "no room for: gauge, diagram, log · smaller text (Shift+U) or a larger window shows them"
        let width = TextPainter.measure(line, style: .init(size: 10), width: nil, in: cr).width
        for s in Options.uiScaleSteps {
            let k = OverlayPainter.dockLineScale(uiScale: s, dockWidth: 640, textWidth: width)
            XCTAssertGreaterThanOrEqual(k, 1)
            XCTAssertLessThanOrEqual(k, s)
            XCTAssertLessThanOrEqual(k * (width + 2 * OverlayPainter.margin), 640 + 1e-9, "\(s)×: the line fits")
        }
        XCTAssertEqual(OverlayPainter.dockLineScale(uiScale: 2, dockWidth: 1920, textWidth: width), 2, "kept where it fits")
        XCTAssertEqual(OverlayPainter.dockLineScale(uiScale: 1, dockWidth: 300, textWidth: width), 1, "never below 1×")
    }

    /// The HUD panel is drawn twice as large at 2×: its dark card fills the rect the layout
    /// gives it, and the frame outside the window's device is the dock's.
    func testPanelsAreDrawnInTheirLargerRects() throws {
        var o = Options()
        o.showHUD = true
        o.uiScale = 2
        let state = AppState(viewport: Viewport(width: 1280, height: 800), options: o, placement: .outside)
        let d = state.display
        let hud = try XCTUnwrap(d.layout.rect(of: .hud))
        XCTAssertEqual(hud.width, 880)
        let renderer = try FrameRenderer(viewport: d.viewport, canonical: true)
        try renderer.render(d)
        let image = RGBAImage(surface: renderer.frame)
        // Inside the card, away from its rounded corners and text: the panel's colour.
        let inside = image.pixel(x: Int(hud.maxX) - 6, y: Int(hud.maxY) - 30)
        let below = image.pixel(x: Int(hud.maxX) - 6, y: Int(hud.maxY) + 4)
        XCTAssertFalse(inside == below, "the card ends where its rect does")
        XCTAssertEqual(d.viewport.width, 1280 + 944)
    }
}
