import CCairo
import CairoRender
import ForceCore
import Foundation

/// Section 19: the canvas's view at its limits: a 2,000-stroke document zoomed in ×4 and out
/// ×0.25 against 100 %.
extension BenchCommand {
    struct ViewCost {
        /// The whole ink drawn again (what a zoom or a pan costs once).
        var redraw: Double
        /// A frame while a stroke is drawn (the live tail and its final pieces).
        var drawing: Timing
    }

    func viewCost(scale: Double, strokes: Int) throws -> ViewCost {
        var state = AppState(viewport: Self.viewport)
        var t = Self.fillCanvas(&state, strokes: strokes, source: .pen)
        let centre = Point(x: Double(Self.viewport.width) / 2, y: Double(Self.viewport.height) / 2)
        if scale != 1 { state.handle(.view(.zoom(scale, about: centre)), at: t) }
        state.advance(to: t)
        let renderer = try FrameRenderer(viewport: state.viewport)
        let clock = ContinuousClock()
        var redraws: [Double] = []
        for _ in 0..<3 {
            renderer.invalidate()
            let start = clock.now
            try renderer.render(state.display)
            redraws.append(seconds(clock.now - start))
        }
        let path = StrokeFixtures.signature(count: frames * 4 + 1, in: Rect(x: 700, y: 400, width: 500, height: 250), seed: 41)
        state.handle(.pointer(PointerInput(phase: .down, location: path[0].preciseLocation, source: .pen, rawForce: 0.5, maximumForce: 1)), at: t)
        var costs: [Double] = []
        for f in 0..<frames {
            for k in 1...4 {
                t += 1.0 / 240
                let p = path[f * 4 + k]
                state.handle(.pointer(PointerInput(phase: .move, location: p.preciseLocation, source: .pen, rawForce: p.force, maximumForce: 1)), at: t)
            }
            state.advance(to: t)
            let start = clock.now
            try renderer.render(state.display)
            costs.append(seconds(clock.now - start))
        }
        return ViewCost(redraw: redraws.min() ?? 0, drawing: Timing(costs))
    }

    /// The frame after Page Down onto a page whose background (a scan at 300 dpi: a PNG, or a
    /// page of a scanned PDF) was not read yet, and onto one the window read ahead
    /// (`PaperReadAhead`, as `WindowApp.readAhead` does when the view moves): medians of rounds
    /// of the two, alternating.
    func pageDownCosts(pdf: Bool) throws -> (onFrame: Double, readAhead: Double) {
        let dir = NSTemporaryDirectory() + "forcecanvas-bench-scan-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let pages = try Self.scannedPages(pdf: pdf, in: dir)
        let renderer = try FrameRenderer(viewport: Self.viewport)
        let clock = ContinuousClock()
        func round(readAhead: Bool) throws -> Double {
            var state = AppState(viewport: Self.viewport, paper: pages)
            PaperImages.shared.forget()
            PDFPages.shared.forget()
            renderer.invalidate()
            try renderer.render(state.display)
            if readAhead {
                let d = state.display
                let down = d.ink.view.paged(1, over: d.ink.paper, in: d.layout.sceneArea)
                PaperReadAhead.start(d.ink.paper, shown: d.ink.view, next: [down], screen: d.viewport.bounds, area: d.layout.sceneArea,
                                     pixelsPerPoint: d.viewport.scale)
                PaperReadAhead.finish()
            }
            state.handle(.view(.page(1)), at: 1)
            let start = clock.now
            try renderer.render(state.display)
            return seconds(clock.now - start)
        }
        var onFrame: [Double] = [], ahead: [Double] = []
        for _ in 0..<5 {
            onFrame.append(try round(readAhead: false))
            ahead.append(try round(readAhead: true))
        }
        PaperImages.shared.forget()
        PDFPages.shared.forget()
        return (Timing(onFrame).median, Timing(ahead).median)
    }

    /// The frames of 12 Ctrl+wheel notches in (×1.1 each, about the middle of the first page of
    /// a scan), each notch a frame 1/60 s after the last, as a user zooms in:
    /// their median and worst; with `standIns` (the window's renderer), also the frame that
    /// repaints the page from its own picture once the pictures made aside are done.
    func zoomCosts(pdf: Bool, standIns: Bool) throws -> (median: Double, worst: Double, refine: Double?) {
        let dir = NSTemporaryDirectory() + "forcecanvas-bench-zoom-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let pages = try Self.scannedPages(pdf: pdf, in: dir)
        let renderer = try FrameRenderer(viewport: Self.viewport, standIns: standIns)
        let clock = ContinuousClock()
        var state = AppState(viewport: Self.viewport, paper: pages)
        PaperImages.shared.forget()
        PDFPages.shared.forget()
        try renderer.render(state.display)
        // About the first page's middle (on screen where it is in the document at 100 %).
        let centre = pages[0].rect.center
        var frames: [Double] = []
        var next = clock.now
        for k in 0..<12 {
            state.handle(.view(.zoom(1.1, about: centre)), at: 1 + Double(k) / 60)
            let start = clock.now
            try renderer.render(state.display)
            frames.append(seconds(clock.now - start))
            // The next notch comes a frame later, as the window's loop paces them.
            next = max(next + .milliseconds(16), clock.now)
            while clock.now < next { usleep(500) }
        }
        var refine: Double?
        if standIns {
            PDFPages.shared.finishMakingAside()
            PaperImages.shared.finishMakingAside()
            let start = clock.now
            try renderer.render(state.display)
            refine = seconds(clock.now - start)
        }
        PaperImages.shared.forget()
        PDFPages.shared.forget()
        let timing = Timing(frames)
        return (timing.median, timing.worst, refine)
    }

    /// Four A4 pages whose backgrounds are a scan at 300 dpi (2,480 × 3,508 pixels of "text"):
    /// PNG files, or the pages of a scanned PDF, written into `dir`.
    static func scannedPages(pdf: Bool, in dir: String) throws -> [PaperPage] {
        guard let scan = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 2480, 3508) else { throw BenchFailure("no image surface") }
        defer { cairo_surface_destroy(scan) }
        if let c = cairo_create(scan) {
            cairo_set_source_rgb(c, 0.97, 0.96, 0.93)
            cairo_paint(c)
            // Lines of "text": short dark dashes, as a scanned page has.
            var seed: UInt64 = 7
            for line in 0..<110 {
                var x = 200.0
                while x < 2280 {
                    seed = seed &* 6364136223846793005 &+ 1442695040888963407
                    let w = 20 + Double(seed >> 58) * 4
                    cairo_rectangle(c, x, 250 + Double(line) * 28, w, 18)
                    x += w + 14
                }
            }
            cairo_set_source_rgb(c, 0.15, 0.15, 0.2)
            cairo_fill(c)
            cairo_destroy(c)
        }
        let size = (width: 595.0, height: 842.0)
        let rects = (0..<4).map { Rect(x: 20, y: 20 + Double($0) * 862, width: size.width, height: size.height) }
        let pages: [PaperPage]
        if pdf {
            // A scanned PDF: each page the scan, as a scanner's PDF holds it.
            let file = dir + "/scans.pdf"
            guard let surface = cairo_pdf_surface_create(file, size.width, size.height), let c = cairo_create(surface) else {
                throw BenchFailure("no PDF surface")
            }
            for _ in rects {
                cairo_save(c)
                cairo_scale(c, size.width / 2480, size.height / 3508)
                cairo_set_source_surface(c, scan, 0, 0)
                cairo_paint(c)
                cairo_restore(c)
                cairo_show_page(c)
            }
            cairo_destroy(c)
            cairo_surface_finish(surface)
            cairo_surface_destroy(surface)
            pages = rects.enumerated().map { PaperPage(rect: $1, pdf: PaperPage.PDFPage(file: file, page: $0 + 1)) }
        } else {
            let files = rects.indices.map { dir + "/page-\($0).png" }
            for f in files where cairo_surface_write_to_png(scan, f) != CAIRO_STATUS_SUCCESS { throw BenchFailure("cannot write \(f)") }
            pages = zip(rects, files).map { PaperPage(rect: $0, image: $1) }
        }
        return pages
    }

    func printViewSection() throws {
        print("19. The canvas's view: 2,000 strokes of 60 points at \(Self.viewport.width)x\(Self.viewport.height), "
              + "zoomed about the centre (software renderer, \(frames) frames of drawing)")
        let base = try viewCost(scale: 1, strokes: 2_000)
        for (name, scale) in [("100 %", 1.0), ("×4", 4.0), ("×0.25", 0.25)] {
            let c = scale == 1 ? base : try viewCost(scale: scale, strokes: 2_000)
            print(String(format: "   %-6@ whole ink %.1f ms (%.2f× 100 %%) · drawing: mean %.3f ms, p99 %.3f ms (%.2f× 100 %%)",
                         name as NSString, c.redraw * 1000, c.redraw / base.redraw, c.drawing.mean * 1000, c.drawing.p99 * 1000,
                         c.drawing.mean / base.drawing.mean))
        }
        for pdf in [false, true] {
            let (onFrame, ahead) = try pageDownCosts(pdf: pdf)
            print(String(format: "   Page Down onto a scan of a page (2,480 × 3,508 pixels, %@) at 100 %%: the frame %.1f ms, read ahead %.1f ms (%.2f×)",
                         (pdf ? "a scanned PDF's page" : "a PNG") as NSString, onFrame * 1000, ahead * 1000, ahead / onFrame))
        }
        for pdf in [false, true] {
            let name = (pdf ? "a scanned PDF's page" : "a PNG") as NSString
            let exact = try zoomCosts(pdf: pdf, standIns: false)
            print(String(format: "   Ctrl+wheel in over a scan of a page (%@), 12 notches a frame each, every page at its own scale: median %.1f ms, worst %.1f ms",
                         name, exact.median * 1000, exact.worst * 1000))
            let window = try zoomCosts(pdf: pdf, standIns: true)
            print(String(format: "   the same as the window draws it (a stand-in while the page's picture is made aside): median %.1f ms, worst %.1f ms (%.2f× and %.2f×), then a repaint of %.1f ms",
                         window.median * 1000, window.worst * 1000, window.median / exact.median, window.worst / exact.worst, (window.refine ?? 0) * 1000))
        }
        print("")
    }
}
