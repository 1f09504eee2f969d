import CCairo
@testable import CairoRender
import ForceCore
import SnapshotTesting
import TestSupport
import XCTest

/// Chinese text (the product's source articles are Chinese) in the pinned fonts: it falls back
/// from DejaVu Sans to WenQuanYi Micro Hei, never to hex boxes, and a player frame with a Chinese
/// caption, title and hint is a golden like any other. Re-record on purpose only:
/// `SNAPSHOT_TESTING_RECORD=failed swift test --filter ChineseTextTests`.
final class ChineseTextTests: XCTestCase {
    override func setUpWithError() throws {
        // A missing pinned font fails here with its name and package, not as a wall of pixels.
        _ = try PinnedFonts.require()
    }

    func testChineseIsSetInTheCJKFontAndLatinInDejaVu() throws {
        let surface = try ImageSurface(viewport: Viewport(width: 200, height: 100))
        let cr = try XCTUnwrap(surface.makeContext())
        defer { cairo_destroy(cr) }
        for style in [TextPainter.Style(size: 14), TextPainter.Style(size: 14, bold: true)] {
            let set = TextPainter.fonts(of: "压力 pressure 按压确认", style: style, in: cr)
            XCTAssertEqual(set.unknownGlyphs, 0, "no hex boxes")
            XCTAssertEqual(set.families, ["WenQuanYi Micro Hei", "DejaVu Sans", "WenQuanYi Micro Hei"])
        }
    }

    func testOnlyThePinnedFilesAreLoaded() throws {
        let fonts = try PinnedFonts.require()
        XCTAssertEqual(Set(fonts.faces().map(\.family)),
                       ["DejaVu Sans", "DejaVu Sans Mono", "WenQuanYi Micro Hei", "WenQuanYi Micro Hei Mono"])
        XCTAssertTrue(fonts.faces().allSatisfy { $0.hash.count == 16 }, "every file hashed")
    }

    /// Lesson 6 in Chinese: its caption held on screen, then the title and a hint where no
    /// caption shows.
    func testAChineseCaptionTitleAndHint() throws {
        var s = try PlayerGoldenTests.lesson("6-confirm-button")
        s.title = "第六课 · 力度确认按钮"
        s.events = s.events.map { e in
            guard case .caption(var c) = e.event else { return e }
            c.text = "用力按压：意图超过 0.97 时圆环变满，按钮变红，显示 CONFIRM；滑入圆环内变绿，松手即删除。"
            var out = e
            out.event = .caption(c)
            return out
        }
        var p = Player(session: s, shortcuts: Fixtures.shortcuts)
        p.prepare()
        p.start()
        p.advance(bySeconds: 30)
        XCTAssertTrue(p.heldByCaption)
        assertSnapshot(of: try PlayerFrame.render(p), as: .png(), named: "caption")
        // Without captions the strip shows the title and the hint.
        s.events.removeAll { if case .caption = $0.event { true } else { false } }
        var q = Player(session: s, shortcuts: Fixtures.shortcuts)
        q.prepare()
        q.seek(toTime: s.duration)
        XCTAssertNil(q.caption)
        assertSnapshot(of: try PlayerFrame.render(q, hint: "已暂停 · 按空格键继续播放"), as: .png(), named: "title-and-hint")
    }
}
