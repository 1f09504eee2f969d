@testable import CairoRender
import CCairo
import ForceCore
import ForcePlatform
import XCTest

/// A caption keeps to its band above the timeline: one too long for two lines at 15 pt (a
/// lesson's caption in a 640 pt window with the text at 2×: 283 pt of band) is set smaller
/// until it fits. It ran into the play button and the timeline before.
final class CaptionBandTests: XCTestCase {
    /// Lesson 5's first caption, held (with "Space continues" after it).
    static let lessonCaption = "UIPreviewInteraction: press a message and raise the force. The inner ring is the preview transition, "
        + "the outer one the commit."

    func testALongCaptionIsSetSmallerToFitItsBand() throws {
        let band = Rect(x: 8, y: 8, width: 283, height: PlayerLayout.captionHeight - 4)
        let scratch = try ImageSurface(viewport: Viewport(width: 8, height: 8))
        let cr = try XCTUnwrap(scratch.makeContext())
        defer { cairo_destroy(cr) }
        let long = CaptionPainter(text: Self.lessonCaption, held: true)
        let set = long.fitted(in: band, cr)
        let style = TextPainter.Style(size: CaptionPainter.size, bold: true)
        XCTAssertGreaterThan(TextPainter.measure(set.text, style: style, width: band.width, in: cr).height,
                             band.height, "at 15 pt it does not fit (the case this is about)")
        XCTAssertLessThan(set.style.size, CaptionPainter.size)
        var larger = set.style
        larger.size += 0.5
        XCTAssertGreaterThan(TextPainter.measure(set.text, style: larger, width: band.width, in: cr).height, band.height,
                             "set no smaller than it needs: half a point larger does not fit")
        XCTAssertLessThanOrEqual(set.height, band.height)
        XCTAssertTrue(set.text.hasSuffix(Translation.text("Space continues")), "all of it is written")
        // A caption that fits keeps its size.
        XCTAssertEqual(CaptionPainter(text: "Press harder.").fitted(in: band, cr).style.size, CaptionPainter.size)

        // Any size of text, on the half-point grid or not (a video's is 18 pt), settles.
        for size in [9.2, 9.8, 12.3, 18] {
            var painter = long
            painter.size = size
            let fitted = painter.fitted(in: band, cr)
            XCTAssertLessThanOrEqual(fitted.style.size, size)
            XCTAssertGreaterThanOrEqual(fitted.style.size, min(size, CaptionPainter.smallestSize))
        }

        // Drawn, it keeps to the band.
        let ink = try IconSheet.inkCount(in: band) { long.draw(in: band, $0) }
        XCTAssertGreaterThan(ink.inside, 500)
        XCTAssertEqual(ink.outside, 0, "nothing is drawn below the band, where the timeline is")
    }
}
