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
}
