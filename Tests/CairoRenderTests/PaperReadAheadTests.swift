import CCairo
@testable import CairoRender
import ForceCore
import Foundation
import TestSupport
import XCTest

/// Reading ahead (`PaperReadAhead`): the pictures made for the view Page Down shows are the
/// ones the frame after Page Down draws (the same scale and quarter-pixel placement, at a zoom
/// that puts pages off the pixel grid, on a display of 1 and 1.5 pixels a point): it makes none
/// of its own; without reading ahead it makes them.
final class PaperReadAheadTests: XCTestCase {
    func testTheFrameAfterPageDownFindsItsPicturesMade() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A PDF of three pages and an image, each 300 × 400 points, with something on them.
        let pdf = dir + "/slides.pdf", png = dir + "/scan.png"
        let surface = try XCTUnwrap(cairo_pdf_surface_create(pdf, 300, 400))
        let c = try XCTUnwrap(cairo_create(surface))
        for i in 0..<3 {
            cairo_set_source_rgb(c, 0.2, 0.3 + 0.2 * Double(i), 0.8)
            cairo_rectangle(c, 30, 40 + 60 * Double(i), 200, 120)
            cairo_fill(c)
            cairo_show_page(c)
        }
        cairo_destroy(c)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        let image = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 600, 800))
        XCTAssertEqual(cairo_surface_write_to_png(image, png), CAIRO_STATUS_SUCCESS)
        cairo_surface_destroy(image)
        let rects = (0..<4).map { Rect(x: 20, y: 20 + 420 * Double($0), width: 300, height: 400) }
        let pages = [PaperPage(rect: rects[0], pdf: .init(file: pdf, page: 1)), PaperPage(rect: rects[1], pdf: .init(file: pdf, page: 2)),
                     PaperPage(rect: rects[2], image: png), PaperPage(rect: rects[3], pdf: .init(file: pdf, page: 3))]

        // At 1 and 1.5 device pixels a point (a HiDPI display's fraction).
        for (readAhead, scale) in [(false, 1.0), (true, 1.0), (false, 1.5), (true, 1.5)] {
            PDFPages.shared.forget()
            PaperImages.shared.forget()
            var state = AppState(viewport: Viewport(width: 640, height: 480, scale: scale), paper: pages)
            state.handle(.view(.zoom(1.37, about: Point(x: 123.4, y: 56.7))), at: 1)
            let renderer = try FrameRenderer(viewport: state.viewport)
            for presses in 0..<3 {
                try renderer.render(state.display)
                if readAhead {
                    let d = state.display
                    let down = d.ink.view.paged(1, over: pages, in: d.layout.sceneArea)
                    PaperReadAhead.start(pages, shown: d.ink.view, next: [down], screen: d.viewport.bounds, area: d.layout.sceneArea,
                                         pixelsPerPoint: d.viewport.scale)
                    PaperReadAhead.finish()
                }
                let made = PDFPages.shared.picturesMade + PaperImages.shared.picturesMade
                state.handle(.view(.page(1)), at: 2 + Double(presses))
                try renderer.render(state.display)
                let madeByTheFrame = PDFPages.shared.picturesMade + PaperImages.shared.picturesMade - made
                if readAhead {
                    XCTAssertEqual(madeByTheFrame, 0, "×\(scale), Page Down \(presses + 1): every picture was read ahead")
                } else {
                    XCTAssertGreaterThan(madeByTheFrame, 0, "×\(scale), Page Down \(presses + 1): the frame made its pictures")
                }
            }
        }
        PDFPages.shared.forget()
        PaperImages.shared.forget()
    }

    /// A picture's key gives back the scale and quarter-pixel corner it was made at, which a
    /// stand-in is stretched from (every quarter, a scale that is no round number).
    func testAPicturesKeyGivesBackItsPlacement() {
        for qx in [0.0, 0.25, 0.5, 0.75] {
            for qy in [0.0, 0.25, 0.5, 0.75] {
                let key = PagePictures.Key(file: "a.pdf", page: 3, pixelsPerPoint: 1.8333, size: (595.28, 841.89), quarter: (qx, qy))
                XCTAssertEqual(key.quarter.x, qx)
                XCTAssertEqual(key.quarter.y, qy)
                XCTAssertEqual(key.pixelsPerPoint, 1.8333, accuracy: 1e-12)
            }
        }
        let a = PagePictures.Key(file: "a.pdf", page: 1, pixelsPerPoint: 2, size: (100, 200), quarter: (0.25, 0))
        XCTAssertNotEqual(a, PagePictures.Key(file: "a.pdf", page: 1, pixelsPerPoint: 2, size: (200, 100), quarter: (0.25, 0)))
        XCTAssertNotEqual(a, PagePictures.Key(file: "a.pdf", page: 1, pixelsPerPoint: 2, size: (100, 200), quarter: (0, 0.25)))
    }

    /// Zooming over a PDF page or an image in the window: the frame of a zoom step draws the
    /// page from its picture at the last scale, stretched, and makes none on the frame loop; the
    /// page's own picture is made aside, and a later frame repaints the page from it. The
    /// window's frame is then the one a renderer that draws every page at its own scale draws,
    /// to the pixel.
    func testAZoomStepDrawsAStandInThenThePagesOwnPicture() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Lines of "text" on a page of 300 × 400 points: a PDF, and a PNG at 2 pixels a point.
        func lines(_ c: OpaquePointer) {
            for line in 0..<30 { cairo_rectangle(c, 30, 30 + 11 * Double(line), 60 + Double(line * 37 % 180), 6) }
            cairo_set_source_rgb(c, 0.1, 0.1, 0.3)
            cairo_fill(c)
        }
        let pdf = dir + "/scan.pdf", png = dir + "/scan.png"
        let surface = try XCTUnwrap(cairo_pdf_surface_create(pdf, 300, 400))
        let c = try XCTUnwrap(cairo_create(surface))
        lines(c)
        cairo_destroy(c)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        let image = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 600, 800))
        let ci = try XCTUnwrap(cairo_create(image))
        cairo_set_source_rgb(ci, 1, 1, 1)
        cairo_paint(ci)
        cairo_scale(ci, 2, 2)
        lines(ci)
        cairo_destroy(ci)
        XCTAssertEqual(cairo_surface_write_to_png(image, png), CAIRO_STATUS_SUCCESS)
        cairo_surface_destroy(image)
        let rect = Rect(x: 20, y: 20, width: 300, height: 400)
        func made() -> Int { PDFPages.shared.picturesMade + PaperImages.shared.picturesMade }
        func finish() {
            PDFPages.shared.finishMakingAside()
            PaperImages.shared.finishMakingAside()
        }
        for (name, page) in [("a PDF's page", PaperPage(rect: rect, pdf: .init(file: pdf, page: 1))), ("an image", PaperPage(rect: rect, image: png))] {
            PDFPages.shared.forget()
            PaperImages.shared.forget()
            defer {
                PDFPages.shared.forget()
                PaperImages.shared.forget()
            }
            var state = AppState(viewport: Viewport(width: 640, height: 480), paper: [page])
            let window = try FrameRenderer(viewport: state.viewport, standIns: true)
            try window.render(state.display)
            for step in 1...3 {
                let before = made(), aside = PaperStandIns.madeAside
                state.handle(.view(.zoom(1.1, about: Point(x: 201.3, y: 187.9))), at: Double(step))
                try window.render(state.display)
                finish()
                XCTAssertEqual(made() - before, 1, "\(name), zoom step \(step): one picture made")
                XCTAssertEqual(PaperStandIns.madeAside, aside + 1, "\(name), zoom step \(step): made aside, not on the frame loop")
                let exact = try FrameRenderer(viewport: state.viewport, canonical: true)
                try exact.render(state.display)
                let repainted = try window.render(state.display)
                XCTAssertFalse(repainted.isEmpty, "\(name), zoom step \(step): the page repainted from its own picture")
                XCTAssertEqual(try window.render(state.display), [], "\(name), zoom step \(step): then nothing more")
                let r = ImageComparer(tolerance: .init(threshold: 0.02, maxDiffPixels: 0, maxDiffRatio: nil)).compare(window.frame, exact.frame).0
                XCTAssertTrue(r.passed, "\(name), zoom step \(step): \(r.summary)")
            }
            // Eight steps a frame apart, as a wheel turned on gives them: each frame a stand-in,
            // the pictures of the steps passed by left unmade; once the last is made, the frame
            // is the exact one.
            for step in 4...11 {
                state.handle(.view(.zoom(1.1, about: Point(x: 201.3, y: 187.9))), at: Double(step))
                try window.render(state.display)
            }
            finish()
            XCTAssertFalse(try window.render(state.display).isEmpty, "\(name): the page repainted from its own picture")
            let exact = try FrameRenderer(viewport: state.viewport, canonical: true)
            try exact.render(state.display)
            let r = ImageComparer(tolerance: .init(threshold: 0.02, maxDiffPixels: 0, maxDiffRatio: nil)).compare(window.frame, exact.frame).0
            XCTAssertTrue(r.passed, "\(name), after a zoom of eight steps: \(r.summary)")
        }
    }
}
