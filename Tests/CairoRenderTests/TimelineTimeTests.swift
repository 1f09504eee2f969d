@testable import CairoRender
import CCairo
import ForceCore
import XCTest

/// The player's time field shows "time / duration s" whole: fewer decimals when two do not fit
/// (a 607-second session showed "123.45 / 607.0…", its last digit and unit cut).
final class TimelineTimeTests: XCTestCase {
    func testTheTimeDropsDecimalsUntilItFits() throws {
        let scratch = try ImageSurface(viewport: Viewport(width: 8, height: 8))
        let cr = try XCTUnwrap(scratch.makeContext())
        defer { cairo_destroy(cr) }
        let style = TextPainter.Style(size: 12, mono: true)
        let width = PlayerLayout.timeWidth
        func shown(_ time: Double, _ duration: Double) -> String {
            TimelinePainter.timeText(time, of: duration, fitting: width) { TextPainter.measure($0, style: style, width: nil, in: cr).width }
        }
        XCTAssertEqual(shown(12.5, 45), "12.50 / 45.00 s", "a short session keeps two decimals")
        for (time, duration) in [(123.45, 607.0), (0, 1352.45), (9_999.5, 36_000)] {
            let text = shown(time, duration)
            XCTAssertTrue(text.hasSuffix(" s"), text)
            XCTAssertLessThanOrEqual(TextPainter.measure(text, style: style, width: nil, in: cr).width, width, "\(text) fits")
        }
        XCTAssertNotEqual(shown(123.45, 607), "123.45 / 607.00 s", "two decimals do not fit")
    }
}
