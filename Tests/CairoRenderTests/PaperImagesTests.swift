import CCairo
@testable import CairoRender
import ForceCore
import Foundation
import TestSupport
import XCTest

/// Image backgrounds (`PaperImages`): a large image shown small is drawn from its halving
/// nearest above the size it is shown at, through a picture made at that scale; it looks as the
/// image itself resampled does (within a few levels of a channel), and a repaint copies the
/// same pixels. An export gets the image itself.
final class PaperImagesTests: XCTestCase {
    /// `prefetch` reads an image before it is drawn: gone from the disk afterwards, it is
    /// drawn all the same, where one not read ahead is not (its page shows its colour).
    func testAnImageReadAheadIsDrawnWithoutReadingItAgain() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let image = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 800, 1000))
        defer { cairo_surface_destroy(image) }
        let ahead = dir + "/ahead.png", notAhead = dir + "/not-ahead.png"
        for file in [ahead, notAhead] { XCTAssertEqual(cairo_surface_write_to_png(image, file), CAIRO_STATUS_SUCCESS) }
        PaperImages.shared.prefetch([(ahead, 100), (dir + "/missing.png", 100)])
        PaperImages.shared.finishPrefetching()
        for file in [ahead, notAhead] { try FileManager.default.removeItem(atPath: file) }
        let surface = try ImageSurface(viewport: Viewport(width: 200, height: 200))
        let cr = try XCTUnwrap(surface.makeContext())
        defer { cairo_destroy(cr) }
        let page = Rect(x: 0, y: 0, width: 80, height: 100)
        XCTAssertTrue(PaperImages.shared.draw(file: ahead, in: page, into: cr), "read ahead")
        XCTAssertFalse(PaperImages.shared.draw(file: notAhead, in: page, into: cr), "read when drawn: gone")
        XCTAssertFalse(PaperImages.shared.draw(file: dir + "/missing.png", in: page, into: cr))
    }

    /// Reading ahead stops at half the images' budget, nearest first: a document zoomed far
    /// out would otherwise read scans only to evict the ones on screen.
    func testReadingAheadStopsAtHalfTheBudget() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let image = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 100, 100))
        defer { cairo_surface_destroy(image) }
        let files = (0..<3).map { dir + "/\($0).png" }
        for file in files { XCTAssertEqual(cairo_surface_write_to_png(image, file), CAIRO_STATUS_SUCCESS) }
        // 40,000 bytes an image, 53,333 with its halvings: two fit in 120,000 bytes, in half of it one.
        let images = PaperImages(budget: 120_000)
        images.prefetch(files.map { ($0, 100) })
        images.finishPrefetching()
        for file in files { try FileManager.default.removeItem(atPath: file) }
        let surface = try ImageSurface(viewport: Viewport(width: 100, height: 100))
        let cr = try XCTUnwrap(surface.makeContext())
        defer { cairo_destroy(cr) }
        let page = Rect(x: 0, y: 0, width: 100, height: 100)
        XCTAssertEqual(files.map { images.draw(file: $0, in: page, into: cr) }, [true, false, false])
    }

    /// A JPEG counts in the images' budget with its pixels and its file's bytes, which its
    /// surface keeps beside them for a PDF or SVG export to embed; a PNG with its pixels.
    func testAJPEGCountsItsFilesBytesInTheBudget() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let image = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 64, 48))
        defer { cairo_surface_destroy(image) }
        XCTAssertEqual(cairo_surface_write_to_png(image, dir + "/a.png"), CAIRO_STATUS_SUCCESS)
        let made = try Binary.run("/usr/bin/env", ["ffmpeg", "-loglevel", "error", "-i", dir + "/a.png", "-q:v", "2", dir + "/a.jpg"])
        XCTAssertEqual(made.status, 0, "./run.sh test installs ffmpeg: \(made.stderr)")
        let fileBytes = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: dir + "/a.jpg")[.size] as? Int)
        let jpeg = try XCTUnwrap(PaperImages.read(dir + "/a.jpg")), png = try XCTUnwrap(PaperImages.read(dir + "/a.png"))
        defer { cairo_surface_destroy(jpeg); cairo_surface_destroy(png) }
        let pixels = Int(cairo_image_surface_get_stride(jpeg)) * 48
        XCTAssertGreaterThan(fileBytes, 100)
        XCTAssertEqual(PagePictures.bytes(of: jpeg), pixels + fileBytes)
        XCTAssertEqual(PagePictures.bytes(of: png), pixels)
    }

    /// A JPEG's size is read from its frame header, past the segments before it (Exif and
    /// other application data, up to 64 KiB each, here across the reads' 64 KiB chunks); a JPEG
    /// libjpeg-turbo does not decode (four components: CMYK; lossless), one with no frame
    /// before its scan, one cut short and one too large are not images ForceCanvas draws.
    func testAJPEGsSizeIsReadPastItsSegments() throws {
        func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        func frame(_ marker: UInt8, width: Int, height: Int, components: UInt8) -> [UInt8] {
            segment(marker, [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), components]
                    + [UInt8](repeating: 0x11, count: 3 * Int(components)))
        }
        let exif = segment(0xE1, Array("Exif".utf8) + [UInt8](repeating: 0xAB, count: 65_000))
        let tables = segment(0xDB, [UInt8](repeating: 1, count: 65))
        let scan = segment(0xDA, [1, 1, 0, 0, 63, 0])
        let soi: [UInt8] = [0xFF, 0xD8]
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func header(_ bytes: [UInt8]) throws -> PaperImages.Header? {
            let file = dir + "/\(UUID().uuidString).jpg"
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            return PaperImages.header(of: file)
        }
        let progressive = soi + exif + exif + tables + [0xFF, 0xFF] + frame(0xC2, width: 4_000, height: 3_000, components: 3) + scan
        XCTAssertEqual(try header(progressive), PaperImages.Header(width: 4_000, height: 3_000, format: .jpeg))
        XCTAssertEqual(try header(soi + frame(0xC0, width: 640, height: 480, components: 1) + scan),
                       PaperImages.Header(width: 640, height: 480, format: .jpeg), "grey")
        XCTAssertNil(try header(soi + tables + frame(0xC0, width: 640, height: 480, components: 4) + scan), "CMYK")
        XCTAssertNil(try header(soi + frame(0xC3, width: 640, height: 480, components: 3) + scan), "lossless")
        XCTAssertNil(try header(soi + tables + scan + frame(0xC0, width: 640, height: 480, components: 3)), "no frame before the scan")
        XCTAssertNil(try header(Array(progressive.prefix(exif.count + 500))), "cut short")
        XCTAssertNil(try header(soi + frame(0xC0, width: 9_000, height: 480, components: 3) + scan), "too large")
    }

    func testALargeImageShownSmallLooksAsTheImageItselfDoes() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 1,200 × 1,600 pixels of stripes and a disc, with edges every few pixels when shown small.
        let file = dir + "/scan.png"
        let image = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1200, 1600))
        let c = try XCTUnwrap(cairo_create(image))
        cairo_set_source_rgb(c, 1, 1, 1)
        cairo_paint(c)
        for x in stride(from: 0.0, to: 1200, by: 96) {
            cairo_set_source_rgb(c, 0.2, 0.3, 0.8)
            cairo_rectangle(c, x, 0, 48, 1600)
            cairo_fill(c)
        }
        cairo_set_source_rgb(c, 0.9, 0.3, 0.1)
        cairo_arc(c, 600, 800, 400, 0, 2 * .pi)
        cairo_fill(c)
        cairo_destroy(c)
        XCTAssertEqual(cairo_surface_write_to_png(image, file), CAIRO_STATUS_SUCCESS)

        let page = Rect(x: 10, y: 10, width: 300, height: 400)
        for scale in [0.25, 0.5, 1.0] {
            let ours = try ImageSurface(viewport: Viewport(width: 340, height: 440))
            let theirs = try ImageSurface(viewport: Viewport(width: 340, height: 440))
            for (surface, direct) in [(ours, false), (theirs, true)] {
                let cr = try XCTUnwrap(surface.makeContext())
                cairo_scale(cr, scale, scale)
                if direct {
                    cairo_translate(cr, page.x, page.y)
                    cairo_scale(cr, page.width / 1200, page.height / 1600)
                    cairo_set_source_surface(cr, image, 0, 0)
                    cairo_paint(cr)
                } else {
                    XCTAssertTrue(PaperImages.shared.draw(file: file, in: page, into: cr))
                }
                cairo_destroy(cr)
            }
            let (worst, mean) = try Self.difference(ours, theirs)
            // Shown at a sixteenth of its pixels, from a halving, a pixel on an edge can differ
            // from the image's own resampling by a quarter of a channel's range (the mean stays a
            // fraction of a level); from the image or its first halving, they agree within 2.
            XCTAssertLessThan(mean, 0.5, "at \(scale): the mean difference per channel")
            XCTAssertLessThan(worst, scale < 0.5 ? 80 : 3, "at \(scale): no pixel far from the image's own resampling")
            // Drawn again (a repaint: the picture kept), the same pixels.
            let again = try ImageSurface(viewport: Viewport(width: 340, height: 440))
            let cr = try XCTUnwrap(again.makeContext())
            cairo_scale(cr, scale, scale)
            PaperImages.shared.draw(file: file, in: page, into: cr)
            cairo_destroy(cr)
            XCTAssertEqual(try Self.difference(ours, again).worst, 0, "at \(scale)")
        }

        // An export (a vector surface) gets every pixel of the image: drawn at a quarter of
        // its size into a recording, played back at full size, it is the image itself.
        let recording = try XCTUnwrap(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil))
        let rc = try XCTUnwrap(cairo_create(recording))
        cairo_scale(rc, 0.25, 0.25)
        XCTAssertTrue(PaperImages.shared.draw(file: file, in: page, into: rc))
        cairo_destroy(rc)
        let played = try ImageSurface(viewport: Viewport(width: 340, height: 440))
        let direct = try ImageSurface(viewport: Viewport(width: 340, height: 440))
        for (surface, fromRecording) in [(played, true), (direct, false)] {
            let cr = try XCTUnwrap(surface.makeContext())
            if fromRecording {
                cairo_scale(cr, 4, 4)
                cairo_set_source_surface(cr, recording, 0, 0)
            } else {
                cairo_translate(cr, page.x, page.y)
                cairo_scale(cr, page.width / 1200, page.height / 1600)
                cairo_set_source_surface(cr, image, 0, 0)
            }
            cairo_paint(cr)
            cairo_destroy(cr)
        }
        cairo_surface_destroy(recording)
        XCTAssertLessThan(try Self.difference(played, direct).worst, 3, "the export has the image, not a halving")
        cairo_surface_destroy(image)
    }

    /// The largest difference of a channel between two surfaces of one size, and the mean.
    static func difference(_ a: ImageSurface, _ b: ImageSurface) throws -> (worst: Int, mean: Double) {
        let pa = try XCTUnwrap(a.data), pb = try XCTUnwrap(b.data)
        var worst = 0, total = 0, count = 0
        for y in 0..<a.pixelHeight {
            for x in 0..<(a.pixelWidth * 4) {
                let d = abs(Int(pa[y * a.stride + x]) - Int(pb[y * b.stride + x]))
                worst = max(worst, d)
                total += d
                count += 1
            }
        }
        return (worst, Double(total) / Double(max(1, count)))
    }
}
