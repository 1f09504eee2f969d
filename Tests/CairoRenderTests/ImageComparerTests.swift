import CCairo
@testable import CairoRender
import ForceCore
import Foundation
import TestSupport
import XCTest

/// The one image comparer: perceptual distance, anti-aliasing, tolerances, sizes, the diff image.
final class ImageComparerTests: XCTestCase {
    static let white: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 255, 255)
    static let black: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)

    func image(_ w: Int, _ h: Int, _ colour: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> RGBAImage {
        var img = RGBAImage(width: w, height: h, filledWith: Self.white)
        for y in 0..<h { for x in 0..<w { img.setPixel(x: x, y: y, colour(x, y)) } }
        return img
    }

    /// One pixel of `a` against one pixel of `b`: the worst distance.
    func distance(_ a: (UInt8, UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8, UInt8)) -> Double {
        ImageComparer().compare(RGBAImage(width: 1, height: 1, filledWith: a), RGBAImage(width: 1, height: 1, filledWith: b)).worstDistance
    }

    func testYIQDistances() {
        XCTAssertEqual(distance(Self.white, Self.white), 0)
        XCTAssertEqual(distance(Self.black, Self.white), (0.5053 * 255 * 255 / 35215).squareRoot(), accuracy: 1e-6,
                       "black on white: luma alone, 0.966")
        // Grey steps move only Y: sqrt(0.5053·Δ² / 35215), so 26 levels stay under 0.1 and 27 do not.
        XCTAssertEqual(distance((128, 128, 128, 255), (154, 154, 154, 255)), (0.5053 * 26 * 26 / 35215).squareRoot(), accuracy: 1e-6)
        XCTAssertLessThan(distance((128, 128, 128, 255), (154, 154, 154, 255)), 0.1)
        XCTAssertGreaterThan(distance((128, 128, 128, 255), (155, 155, 155, 255)), 0.1)
        // Pure red against black: Y 76.2, I 152.0, Q 53.9.
        let y = 255 * 0.29889531, i = 255 * 0.59597799, q = 255 * 0.21147017
        XCTAssertEqual(distance((255, 0, 0, 255), Self.black), ((0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q) / 35215).squareRoot(),
                       accuracy: 1e-9)
        // Chroma counts less than luma: red against an equally bright grey is nearer than against black.
        XCTAssertLessThan(distance((255, 0, 0, 255), (76, 76, 76, 255)), distance((255, 0, 0, 255), Self.black))
        // Translucent colours are seen over white: transparent anything equals white.
        XCTAssertEqual(distance((0, 0, 0, 0), Self.white), 0)
        XCTAssertEqual(distance((0, 0, 0, 128), (127, 127, 127, 255)), 0, accuracy: 0.005)
    }

    /// A vertical black-to-white edge with one grey (antialiased) column at `edge`.
    func edgeImage(at edge: Int, width: Int = 24, height: Int = 12) -> RGBAImage {
        image(width, height) { x, _ in x < edge ? Self.black : x == edge ? (128, 128, 128, 255) : Self.white }
    }

    func testAOnePixelEdgeShiftIsAntialiasingAndAThreePixelShiftIsNot() {
        let comparer = ImageComparer(tolerance: .exact())
        let one = comparer.compare(edgeImage(at: 10), edgeImage(at: 11))
        XCTAssertEqual(one.differentPixels, 0, one.summary)
        XCTAssertEqual(one.antialiasedPixels, 2 * 12, "both columns of the move are anti-aliasing")
        XCTAssertTrue(one.passed)
        let three = comparer.compare(edgeImage(at: 10), edgeImage(at: 13))
        XCTAssertEqual(three.differentPixels, 2 * 12, "the solid columns between the edges count")
        XCTAssertFalse(three.passed)
        var counted = comparer
        counted.detectsAntialiasing = false
        XCTAssertEqual(counted.compare(edgeImage(at: 10), edgeImage(at: 11)).differentPixels, 2 * 12)
    }

    func testThresholdAndPixelLimits() {
        let a = RGBAImage(width: 10, height: 10, filledWith: (128, 128, 128, 255))
        var b = a
        for k in 0..<10 { b.setPixel(x: k, y: k, (160, 160, 160, 255)) }   // 10 lone pixels, distance 0.12
        XCTAssertEqual(ImageComparer(tolerance: .exact(threshold: 0.15)).compare(a, b).differentPixels, 0)
        XCTAssertEqual(ImageComparer(tolerance: .exact(threshold: 0.1)).compare(a, b).differentPixels, 10)
        func passes(_ t: ImageComparer.Tolerance) -> Bool { ImageComparer(tolerance: t).compare(a, b).passed }
        XCTAssertTrue(passes(.init(maxDiffPixels: 10, maxDiffRatio: nil)))
        XCTAssertFalse(passes(.init(maxDiffPixels: 9, maxDiffRatio: nil)))
        XCTAssertTrue(passes(.init(maxDiffPixels: nil, maxDiffRatio: 0.1)))
        XCTAssertFalse(passes(.init(maxDiffPixels: nil, maxDiffRatio: 0.09)))
        XCTAssertFalse(passes(.init(maxDiffPixels: 100, maxDiffRatio: 0.05)), "the smaller limit applies")
        XCTAssertFalse(passes(.init(maxDiffPixels: nil, maxDiffRatio: nil)), "no limit means none may differ")
        let r = ImageComparer(tolerance: .init(maxDiffPixels: 4, maxDiffRatio: nil)).compare(a, b)
        XCTAssertEqual(r.ratio, 0.1)
        XCTAssertEqual(r.summary, "10 px differ (10.000%), worst distance 0.121; allowed 4 (threshold 0.1)")
    }

    func testSizesAreComparedFirst() {
        let r = ImageComparer().compareWithDiff(RGBAImage(width: 10, height: 8, filledWith: Self.white),
                                                RGBAImage(width: 12, height: 8, filledWith: Self.white))
        XCTAssertTrue(r.0.sizeMismatch)
        XCTAssertFalse(r.0.passed)
        XCTAssertNil(r.1)
        XCTAssertEqual(r.0.summary, "size differs: expected 10x8, actual 12x8")
    }

    func testTheDiffImageFadesTheSameAndPaintsDifferencesRedAndAntialiasingYellow() throws {
        let expected = edgeImage(at: 10)
        var actual = edgeImage(at: 11)
        actual.setPixel(x: 20, y: 5, Self.black)   // a lone black dot in the white: a real difference
        let (result, diffImage) = ImageComparer(tolerance: .exact()).compareWithDiff(expected, actual)
        let diff = try XCTUnwrap(diffImage)
        XCTAssertEqual(result.differentPixels, 1)
        XCTAssertTrue(diff.pixel(x: 20, y: 5) == ImageComparer.differentColour, "red")
        XCTAssertTrue(diff.pixel(x: 10, y: 5) == ImageComparer.antialiasedColour, "yellow")
        XCTAssertTrue(diff.pixel(x: 2, y: 5) == (230, 230, 230, 255), "black faded to 10 % of its contrast")
        XCTAssertTrue(diff.pixel(x: 15, y: 5) == (255, 255, 255, 255), "white stays white")
    }

    func testCairoPixelsAreUnpremultiplied() throws {
        let surface = try ImageSurface(viewport: Viewport(width: 2, height: 1))
        surface.flush()
        let data = try XCTUnwrap(surface.data)
        // ARGB32, native endian: alpha 128 with premultiplied red 64 is red 128 at half alpha.
        UnsafeMutableRawPointer(data).storeBytes(of: UInt32(128) << 24 | UInt32(64) << 16, as: UInt32.self)
        surface.markDirty()
        let img = RGBAImage(surface: surface)
        XCTAssertTrue(img.pixel(x: 0, y: 0) == (128, 0, 0, 128))
        XCTAssertTrue(img.pixel(x: 1, y: 0) == (0, 0, 0, 0))
        XCTAssertEqual(try RGBAImage.decodePNG(try img.pngData()), img, "PNG round trip")
    }

    /// Surfaces are compared where they lie (premultiplied, no copy) with the counts and distances
    /// their un-premultiplied copies give for opaque frames, and exactly for translucent pixels:
    /// onto white, premultiplied red 64 at alpha 128 is 64 + 127 = 191 (no rounding on the way).
    func testSurfacesAreComparedWhereTheyLie() throws {
        func frame(_ dx: Double) throws -> ImageSurface {
            let s = try ImageSurface(viewport: Viewport(width: 120, height: 80))
            let cr = try XCTUnwrap(s.makeContext())
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            cairo_set_source_rgb(cr, 0.1, 0.3, 0.8)
            cairo_arc(cr, 40 + dx, 40, 25, 0, 2 * .pi)
            cairo_fill(cr)
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_set_line_width(cr, 3)
            cairo_move_to(cr, 70 + dx, 10)
            cairo_line_to(cr, 110, 70 + dx)
            cairo_stroke(cr)
            cairo_destroy(cr)
            return s
        }
        let e = try frame(0)
        for dx in [0.5, 1, 3] {
            let a = try frame(dx)
            let comparer = ImageComparer(tolerance: .exact())
            let (direct, diff) = comparer.compare(e, a, diff: true)
            let (copied, copiedDiff) = comparer.compareWithDiff(RGBAImage(surface: e), RGBAImage(surface: a))
            XCTAssertGreaterThan(direct.differentPixels + direct.antialiasedPixels, 0)
            XCTAssertEqual(direct.differentPixels, copied.differentPixels, "dx \(dx)")
            XCTAssertEqual(direct.antialiasedPixels, copied.antialiasedPixels, "dx \(dx)")
            XCTAssertEqual(direct.worstDistance, copied.worstDistance, accuracy: 1e-12)
            XCTAssertEqual(diff, copiedDiff)
        }
        let translucent = try ImageSurface(viewport: Viewport(width: 1, height: 1))
        translucent.flush()
        UnsafeMutableRawPointer(try XCTUnwrap(translucent.data)).storeBytes(of: UInt32(128) << 24 | UInt32(64) << 16, as: UInt32.self)
        translucent.markDirty()
        let onWhite = try RGBAImage(width: 1, height: 1, filledWith: (255, 127, 127, 255)).surface()
        // 255 − 128 = 127 of white under each channel: (64 + 127, 127, 127) against (255, 127, 127).
        let r = ImageComparer(tolerance: .exact()).compare(translucent, onWhite).0
        let expected = PerceptualColour.distance(delta: {
            let dr = 191.0 - 255, dg = 0.0, db = 0.0
            let y = PerceptualColour.y(dr, dg, db), i = PerceptualColour.i(dr, dg, db), q = PerceptualColour.q(dr, dg, db)
            return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        }())
        XCTAssertEqual(r.worstDistance, expected, accuracy: 1e-12)
    }

    func testUnreadablePNGsSayWhy() throws {
        let dir = NSTemporaryDirectory() + "forcecanvas-png-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let good = try RGBAImage(width: 40, height: 30, filledWith: (10, 200, 30, 255)).pngData()
        let cases: [(String, Data?, String)] = [
            ("missing.png", nil, "no such file"),
            ("empty.png", Data(), "empty file, not a PNG"),
            ("text.png", Data("hello".utf8), "not a PNG (it does not begin with the PNG signature)"),
            ("cut.png", good.prefix(good.count / 2), "corrupt PNG"),
        ]
        for (name, bytes, reason) in cases {
            let path = "\(dir)/\(name)"
            if let bytes { XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: bytes)) }
            XCTAssertThrowsError(try RGBAImage.readPNG(path)) { error in
                let e = error as? FileReadError
                XCTAssertEqual(e?.file, path)
                XCTAssertTrue(e?.reason.hasPrefix(reason) ?? false, "\(name): \(String(describing: e))")
            }
        }
    }

    /// The standard tolerance against real renders: the same session drawn again passes, a
    /// stroke moved by a fraction of a pixel passes (anti-aliasing), a stroke moved by 3 px fails.
    func testTheStandardToleranceCatchesAStrokeMovedByAFewPixels() throws {
        let s = try Fixtures.session("golden-pressure.jsonl")
        func render(shiftingStroke index: Int, by dx: Double) throws -> RGBAImage {
            var shifted = s
            var stroke = -1
            shifted.events = s.events.map { e in
                guard case .pointer(var p) = e.event else { return e }
                if p.phase == .down { stroke += 1 }
                if stroke == index { p.location = Point(x: p.location.x + dx, y: p.location.y + dx) }
                return TimedEvent(time: e.time, event: .pointer(p))
            }
            return RGBAImage(surface: try XCTUnwrap(Fixtures.render(shifted, at: [s.duration]).first))
        }
        let golden = try render(shiftingStroke: 0, by: 0)
        let comparer = ImageComparer()
        XCTAssertEqual(comparer.compare(golden, try render(shiftingStroke: 0, by: 0)).differentPixels, 0)
        let nudged = comparer.compare(golden, try render(shiftingStroke: 2, by: 0.4))
        XCTAssertTrue(nudged.passed, "a sub-pixel move is anti-aliasing: \(nudged.summary)")
        let moved = comparer.compare(golden, try render(shiftingStroke: 2, by: 3))
        XCTAssertFalse(moved.passed, "a stroke moved by 3 px: \(moved.summary)")
        XCTAssertGreaterThan(moved.differentPixels, 10 * moved.allowedPixels, moved.summary)
    }

    // MARK: pixelmatch 7.x's neighbour order

    /// A 7×7 grey image built so that the anti-aliasing test's answer depends on the order in
    /// which a pixel's neighbours are visited: the centre (3,3) has two brightest neighbours
    /// that tie, (4,2) met first row by row and (2,3) met first column by column (pixelmatch's
    /// order); only (2,3) lies in a flat area. `centre` is the centre's grey.
    static func tieImage(centre: UInt8) -> RGBAImage {
        var grey = [[UInt8]](repeating: [UInt8](repeating: 0, count: 7), count: 7)
        for y in 0..<7 { for x in 0..<7 { grey[y][x] = UInt8(30 + (x * 23 + y * 41) % 180) } }
        // Left of (2,3): three whites, so (2,3) is flat in both images.
        for y in 2...4 { grey[y][1] = 255 }
        grey[3][2] = 255  // (2,3): a brightest neighbour, flat
        grey[2][4] = 255  // (4,2): a brightest neighbour that ties, not flat
        grey[4][4] = 0    // (4,4): the darkest, not flat
        (grey[2][2], grey[2][3], grey[3][4], grey[4][2], grey[4][3]) = (100, 110, 140, 150, 120)
        grey[3][3] = centre
        return RGBAImageBuilder.grey(grey)
    }

    func testNeighboursAreVisitedColumnByColumnAsPixelmatch7Does() {
        let expected = Self.tieImage(centre: 128), actual = Self.tieImage(centre: 200)
        let result = ImageComparer(tolerance: .exact()).compare(expected, actual)
        // Column by column the tie goes to (2,3), which is flat: the centre is anti-aliasing.
        // Row by row it would go to (4,2), which is not, and the pixel would count.
        XCTAssertEqual(result.antialiasedPixels, 1)
        XCTAssertEqual(result.differentPixels, 0)
        XCTAssertTrue(result.passed)
    }

    // MARK: Masks

    func testMaskedPixelsNeverCountAndAreHatchedInTheDiff() throws {
        let expected = RGBAImage(width: 40, height: 20, filledWith: Self.white)
        var actual = expected
        for y in 5..<10 { for x in 5..<10 { actual.setPixel(x: x, y: y, Self.black) } }
        XCTAssertEqual(ImageComparer(tolerance: .exact()).compare(expected, actual).differentPixels, 25)
        let masked = ImageComparer(tolerance: .exact(), masks: [PixelRect(x: 4, y: 4, width: 8, height: 8)])
        let (result, diff) = masked.compareWithDiff(expected, actual)
        XCTAssertEqual(result.differentPixels, 0)
        XCTAssertEqual(result.maskedPixels, 64)
        XCTAssertEqual(result.totalPixels, 40 * 20 - 64, "masked pixels are not compared")
        XCTAssertTrue(result.passed)
        XCTAssertTrue(result.summary.contains("64 px masked"), result.summary)
        let d = try XCTUnwrap(diff)
        let c = ImageComparer.maskColour
        XCTAssertEqual(d.pixel(x: 4, y: 4).0, c.0, "stripes of the mask colour")
        XCTAssertNotEqual(d.pixel(x: 8, y: 4).0, c.0, "and of the faded golden between them")
        // A mask partly or wholly outside the image is clipped; one that misses it masks nothing.
        let outside = ImageComparer(tolerance: .exact(), masks: [PixelRect(x: -10, y: -10, width: 18, height: 18), PixelRect(x: 100, y: 0, width: 5, height: 5)])
        XCTAssertEqual(outside.compare(expected, actual).maskedPixels, 64)
        XCTAssertEqual(outside.compare(expected, actual).differentPixels, 25 - 9, "the square's corner 5…7 × 5…7 is masked")
    }
}

/// Test images from rows of greys.
enum RGBAImageBuilder {
    static func grey(_ rows: [[UInt8]]) -> RGBAImage {
        var img = RGBAImage(width: rows[0].count, height: rows.count, filledWith: (0, 0, 0, 255))
        for (y, row) in rows.enumerated() { for (x, v) in row.enumerated() { img.setPixel(x: x, y: y, (v, v, v, 255)) } }
        return img
    }
}

