import CCairo
import CairoRender
import ForceCore
import SnapshotTesting
import XCTest

/// The 29 quick-action glyphs and the Home scene's app icons. Re-record the golden on purpose
/// only, after looking at old and new:
/// `SNAPSHOT_TESTING_RECORD=failed swift test --filter ShortcutIconTests`.
final class ShortcutIconTests: XCTestCase {
    /// Every glyph at 48 px with its short name, every glyph again at 20 px, and a row of app
    /// icons, on paper.
    func testContactSheet() throws {
        assertSnapshot(of: try IconSheet.render(), as: .png())
    }

    /// Each glyph puts ink inside its rect, a fair amount of it, and none outside, at small and
    /// large sizes and in a rect that is not square.
    func testEveryIconDrawsInsideItsRectOnly() throws {
        let rects = [16, 20, 48, 96].map { Rect(x: 8, y: 8, width: Double($0), height: Double($0)) }
            + [Rect(x: 8, y: 8, width: 60, height: 36), Rect(x: 8, y: 8, width: 30, height: 50)]
        for rect in rects {
            for icon in ShortcutIconType.allCases {
                let ink = try IconSheet.inkCount(in: rect) { cr in
                    ShortcutIconPainter.draw(icon, in: rect, colour: Palette.ink, into: cr)
                }
                let side = min(rect.width, rect.height)
                XCTAssertEqual(ink.outside, 0, "\(icon.shortName) in \(rect): ink outside the rect")
                // A plus, the sparsest glyph, covers about 12 % of its square.
                XCTAssertGreaterThan(Double(ink.inside), 0.08 * side * side, "\(icon.shortName) in \(rect): too little ink")
            }
        }
    }

    /// No two glyphs look the same, even at 20 px.
    func testNoTwoIconsRenderTheSamePixels() throws {
        for size in [20, 48] {
            var seen: [[UInt8]: ShortcutIconType] = [:]
            for icon in ShortcutIconType.allCases {
                let pixels = try IconSheet.pixels(width: size, height: size) { cr in
                    ShortcutIconPainter.draw(icon, in: Rect(x: 0, y: 0, width: Double(size), height: Double(size)),
                                             colour: Palette.ink, into: cr)
                }
                if let twin = seen[pixels] { XCTFail("\(icon.shortName) and \(twin.shortName) are identical at \(size) px") }
                seen[pixels] = icon
            }
        }
    }

    /// A glyph leaves the context as it found it: no path, the same line width and colour.
    func testDrawingLeavesNoPathOrStateBehind() throws {
        let surface = try ImageSurface(viewport: Viewport(width: 40, height: 40))
        let cr = try XCTUnwrap(surface.makeContext())
        defer { cairo_destroy(cr) }
        cairo_set_line_width(cr, 3)
        cairo_set_source_rgba(cr, 0.1, 0.2, 0.3, 1)
        for icon in ShortcutIconType.allCases {
            ShortcutIconPainter.draw(icon, in: Rect(x: 4, y: 4, width: 32, height: 32), colour: Palette.accent, into: cr)
            XCTAssertEqual(cairo_has_current_point(cr), 0, icon.shortName)
            XCTAssertEqual(cairo_get_line_width(cr), 3, icon.shortName)
            var r = 0.0, g = 0.0, b = 0.0, a = 0.0
            cairo_pattern_get_rgba(cairo_get_source(cr), &r, &g, &b, &a)
            XCTAssertEqual([r, g, b, a], [0.1, 0.2, 0.3, 1], icon.shortName)
        }
        ShortcutIconPainter.drawAppIcon(.love, tint: Palette.deep, in: Rect(x: 0, y: 0, width: 40, height: 40), into: cr)
        XCTAssertEqual(cairo_has_current_point(cr), 0)
        XCTAssertEqual(cairo_get_line_width(cr), 3)
    }

    /// An app icon fills its rounded square with the tint, leaves the rect's corners clear, puts
    /// the white glyph in the middle and nothing outside its rect.
    func testAppIconIsARoundedTintedSquareWithAWhiteGlyph() throws {
        let rect = Rect(x: 8, y: 8, width: 60, height: 60)
        let draw: (OpaquePointer) -> Void = { cr in
            ShortcutIconPainter.drawAppIcon(.add, tint: Palette.accent, in: rect, into: cr)
        }
        let ink = try IconSheet.inkCount(in: rect, draw)
        XCTAssertEqual(ink.outside, 0)
        let pixels = try IconSheet.pixels(width: 76, height: 76, draw)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels[(y * 76 + x) * 4..<(y * 76 + x) * 4 + 4]) }
        XCTAssertEqual(pixel(9, 9)[3], 0, "the corner is rounded off")
        XCTAssertEqual(pixel(38, 38), [255, 255, 255, 255], "the plus is white in the middle")
        let side = pixel(38, 12)
        XCTAssertEqual(side[3], 255)
        XCTAssertGreaterThan(side[2], side[0], "the tint (blue) at the top edge")
    }
}

/// Renders the contact sheet and single glyphs for the tests.
enum IconSheet {
    /// 96 px cells in 6 columns, the glyph 48 px with its name under it.
    static let cell = 96.0, columns = 6, glyph = 48.0
    /// The small row: 20 px glyphs, 38 px apart.
    static let smallGlyph = 20.0, smallPitch = 38.0, smallColumns = 15
    static let margin = 12.0
    /// App icons at 60 px in 96 px cells, one per tint.
    static let appIcon = 60.0
    static let appIcons: [(ShortcutIconType, RGBA)] = [
        (.compose, RGBA(1.0, 0.62, 0.04)),
        (.message, RGBA(0.20, 0.78, 0.35)),
        (.capturePhoto, RGBA(0.56, 0.56, 0.58)),
        (.love, RGBA(1.0, 0.18, 0.33)),
        (.markLocation, RGBA(0.0, 0.48, 1.0)),
        (.alarm, RGBA(0.35, 0.34, 0.84)),
    ]

    static func render() throws -> ImageSurface {
        let icons = ShortcutIconType.allCases
        let rows = (icons.count + columns - 1) / columns
        let smallRows = (icons.count + smallColumns - 1) / smallColumns
        let smallTop = margin + Double(rows) * cell + margin
        let appTop = smallTop + Double(smallRows) * smallPitch + margin
        let width = Int(2 * margin + Double(columns) * cell)
        let height = Int(appTop + cell + margin)
        let surface = try ImageSurface(viewport: Viewport(width: width, height: height))
        guard let cr = surface.makeContext() else { throw RenderError.surface("no context") }
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, Palette.paper.r, Palette.paper.g, Palette.paper.b)
        cairo_paint(cr)
        let label = TextPainter.Style(size: 11, colour: RGBA(0.35, 0.35, 0.4))
        for (i, icon) in icons.enumerated() {
            let x = margin + Double(i % columns) * cell, y = margin + Double(i / columns) * cell
            ShortcutIconPainter.draw(icon, in: Rect(x: x + (cell - glyph) / 2, y: y + 12, width: glyph, height: glyph),
                                     colour: Palette.ink, into: cr)
            let name = icon.shortName
            let w = TextPainter.measure(name, style: label, width: cell - 4, overflow: .ellipsize, in: cr).width
            TextPainter.draw(name, at: Point(x: x + (cell - w) / 2, y: y + 12 + glyph + 10), style: label,
                             width: cell - 4, overflow: .ellipsize, in: cr)
        }
        let smallLeft = margin + (Double(columns) * cell - Double(smallColumns) * smallPitch) / 2
        for (i, icon) in icons.enumerated() {
            let x = smallLeft + Double(i % smallColumns) * smallPitch + (smallPitch - smallGlyph) / 2
            let y = smallTop + Double(i / smallColumns) * smallPitch + (smallPitch - smallGlyph) / 2
            ShortcutIconPainter.draw(icon, in: Rect(x: x, y: y, width: smallGlyph, height: smallGlyph),
                                     colour: Palette.ink, into: cr)
        }
        for (i, (icon, tint)) in appIcons.enumerated() {
            let x = margin + Double(i) * cell + (cell - appIcon) / 2
            ShortcutIconPainter.drawAppIcon(icon, tint: tint, in: Rect(x: x, y: appTop + (cell - appIcon) / 2,
                                                                      width: appIcon, height: appIcon), into: cr)
        }
        return surface
    }

    /// The un-premultiplied RGBA bytes of what `draw` paints on a transparent surface.
    static func pixels(width: Int, height: Int, _ draw: (OpaquePointer) -> Void) throws -> [UInt8] {
        let surface = try ImageSurface(viewport: Viewport(width: width, height: height))
        guard let cr = surface.makeContext() else { throw RenderError.surface("no context") }
        draw(cr)
        cairo_destroy(cr)
        guard let decoded = PNGCodec.pixels(of: surface) else { throw RenderError.surface("no pixels") }
        return decoded.pixels
    }

    /// How many pixels `draw` touches inside and outside `rect` (whole-pixel bounds), on a
    /// transparent surface with 8 px around the rect.
    static func inkCount(in rect: Rect, _ draw: (OpaquePointer) -> Void) throws -> (inside: Int, outside: Int) {
        let width = Int(rect.maxX) + 8, height = Int(rect.maxY) + 8
        let pixels = try pixels(width: width, height: height, draw)
        var inside = 0, outside = 0
        for y in 0..<height {
            for x in 0..<width where pixels[(y * width + x) * 4 + 3] > 0 {
                if rect.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) { inside += 1 } else { outside += 1 }
            }
        }
        return (inside, outside)
    }
}
