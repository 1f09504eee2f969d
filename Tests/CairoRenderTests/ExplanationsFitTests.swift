import CCairo
@testable import CairoRender
import ForceCore
import ForcePlatform
import Foundation
import TestSupport
import XCTest

/// Issue 9, item 3: text that explains wraps and is never cut. The HUD's lines, wrapped, fit
/// the HUD's rect in the dock at every width it gets; the help fits every window from 640×480
/// for every scene.
final class ExplanationsFitTests: XCTestCase {
    private func context() throws -> (ImageSurface, OpaquePointer) {
        let surface = try ImageSurface(viewport: Viewport(width: 8, height: 8))
        return (surface, try XCTUnwrap(surface.makeContext()))
    }

    /// A display with the longest HUD lines there are: a long device name, auto-hide's reason.
    private func longestHUD(width: Int, height: Int) -> Display {
        var o = Options()
        o.showHUD = true
        o.showEventLog = true
        o.showForcePlot = true
        o.showCurve = true
        o.debug = true
        var state = AppState(viewport: Viewport(width: width, height: height), options: o)
        state.handle(.device(InputDevice(name: "Wacom Intuos Pro M Pen stylus", kind: .pen, hasForce: false)), at: 0)
        state.handle(.command(.toggleIndicatorAutoHide), at: 0)
        return state.display
    }

    func testTheHUDsWrappedLinesFitItsRect() throws {
        let (surface, cr) = try context()
        defer { cairo_destroy(cr); _ = surface }
        for (w, h) in [(1600, 1000), (1280, 800), (1279, 900), (1000, 900), (900, 900)] {
            let display = longestHUD(width: w, height: h)
            let painter = OverlayPainter(display: display, stats: FrameStats(fps: 59.9, p50: 1.25, p99: 12.5), status: nil)
            guard let r = painter.hudRect else { XCTFail("no HUD at \(w)x\(h)"); continue }
            var height = 10.0
            for line in painter.hudLines {
                height += TextPainter.measure(line.text, style: .init(size: 12, mono: line.mono), width: r.width - 24, in: cr).height + 4
            }
            XCTAssertLessThanOrEqual(height, r.height, "\(w)x\(h): the HUD's \(painter.hudLines.count) lines in \(r.width) pt")
        }
    }

    /// The document picker's keys, whole, in its title at its widest and at 640×480, in English
    /// and in Chinese: one line cut "Ctrl+L a file · Esc" off at every width.
    func testThePickersKeysFitItsTitle() throws {
        let (surface, cr) = try context()
        defer { cairo_destroy(cr); _ = surface }
        let menu = LessonMenu(entries: [LessonMenu.Entry(name: "1", title: "1 · A lesson")])
        let keys = LessonMenuPainter.keys(menu)
        XCTAssertTrue(keys.hasSuffix("Ctrl+L a file · Esc"))
        let folder = try ChineseCatalogue.localeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for language in [Translation.Language.english, .simplifiedChinese] {
            XCTAssertNil(Translation.start(language, localeFolder: folder))
            defer { Translation.start(.english, localeFolder: nil) }
            for (w, h) in [(640, 480), (1280, 800)] {
                let f = menu.frame(in: Viewport(width: w, height: h).bounds)
                let style = LessonMenuPainter.keysStyle
                let one = TextPainter.measure("Return opens", style: style, width: nil, in: cr).height
                let whole = TextPainter.measure(LessonMenuPainter.unbroken(Translation.text(keys)), style: style, width: f.width - 32,
                                                overflow: .wrap, in: cr).height
                XCTAssertLessThanOrEqual(whole, 2 * one + 1, "\(language) at \(w)x\(h): the keys on two lines at most")
                XCTAssertLessThanOrEqual(LessonMenuPainter.keysTop + whole, LessonMenu.titleHeight, "\(language) at \(w)x\(h): above the rows")
            }
        }
    }

    func testTheHelpFitsEveryWindowInEveryScene() throws {
        let (surface, cr) = try context()
        defer { cairo_destroy(cr); _ = surface }
        for (w, h) in [(640, 480), (900, 460), (1280, 800)] {
            let viewport = Viewport(width: w, height: h)
            for scene in SceneKind.builtIn {
                let own = AppState(viewport: viewport).scenes.scene(scene).help
                let first = HelpLayout(scene: scene, own: own, viewport: viewport, page: 0, measuringWith: cr)
                let pages = (0..<first.pages).map {
                    HelpLayout(scene: scene, own: own, viewport: viewport, page: $0, measuringWith: cr)
                }
                if w >= 900 { XCTAssertEqual(first.pages, 1, "\(scene) at \(w)x\(h) fits one page") }
                var placed = 0
                for help in pages {
                    XCTAssertTrue(viewport.bounds.contains(help.frame), "\(scene) at \(w)x\(h): \(help.frame)")
                    XCTAssertGreaterThanOrEqual(help.fontSize, HelpLayout.smallestSinglePage, "\(scene) at \(w)x\(h): readable")
                    placed += help.blocks.count
                    for case let .entry(_, keyRect, _, meaningRect) in help.blocks {
                        XCTAssertTrue(help.frame.contains(keyRect) && help.frame.contains(meaningRect), "\(scene) at \(w)x\(h)")
                    }
                }
                let entries = HelpContent.sections(own: own).reduce(0) { $0 + 1 + $1.entries.count }
                XCTAssertEqual(placed, entries, "every line is placed, on one page or the other")
            }
        }
    }
}
