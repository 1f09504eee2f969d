import CCairo
import CairoRender
import ForceCore
import ForceFiles
import Foundation
import TestSupport
import XCTest

/// A drawing given back to Xournal++: `render --xopp` writes a document that Xournal++ 1.1
/// (Debian's `xournalpp`, which `./run.sh test` installs) opens and draws with the same strokes,
/// widths and colour as ForceCanvas; `--svg` and `--pdf` write the same drawing as vectors.
final class XoppExportTests: XCTestCase {
    func testXournalppDrawsTheExportAsForceCanvasDoes() throws {
        try Self.requireXournalpp()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let source = Binary.repository.appendingPathComponent("Assets/Sessions/golden-pressure.jsonl").path
        let r = try Binary.forcecanvas(["render", source, "--xopp", "\(dir)/d.xopp", "--svg", "\(dir)/d.svg", "--pdf", "\(dir)/d.pdf"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").map(String.init), ["\(dir)/d.xopp", "\(dir)/d.svg", "\(dir)/d.pdf"])
        let svg = try String(contentsOfFile: "\(dir)/d.svg", encoding: .utf8)
        XCTAssertTrue(svg.hasPrefix("<?xml"), "an SVG")
        XCTAssertEqual(FileManager.default.contents(atPath: "\(dir)/d.pdf")?.prefix(5), Data("%PDF-".utf8))
        let gz = try XCTUnwrap(FileManager.default.contents(atPath: "\(dir)/d.xopp"))
        XCTAssertEqual(Array(gz.prefix(2)), [0x1F, 0x8B], "gzipped, as Xournal++ writes it")

        // Xournal++ at 72 dpi: one pixel a point, as ForceCanvas's own ink-only picture.
        let theirs = try Self.xournalppPicture(of: "\(dir)/d.xopp", dpi: 72, in: dir)
        let session = try SessionCoding.parse(String(contentsOfFile: source, encoding: .utf8), file: source)
        let state = Fixtures.finalState(session)
        try Exporter.export(state.display.ink, viewport: state.screenSize, format: .png, to: "\(dir)/ours.png")
        let ours = try XCTUnwrap(PNGPixels(path: "\(dir)/ours.png"))
        XCTAssertEqual([theirs.width, theirs.height], [ours.width, ours.height], "one page the size of the screen")
        // Each of the three strokes, across its length: the same thickness within a pixel, and
        // the same ink colour where both are solid. Thickness is the ink's coverage summed down
        // a column (its antialiased edges count by how much they cover), not a count of pixels
        // past a threshold, which rounds each picture's edges on its own.
        let (oursInk, theirsInk) = (darkest(ours), darkest(theirs))
        for (top, bottom) in [(30, 140), (140, 260), (260, 360)] {
            for column in stride(from: 120, through: 780, by: 60) {
                let a = thickness(ours, ink: oursInk, x: column, from: top, to: bottom)
                let b = thickness(theirs, ink: theirsInk, x: column, from: top, to: bottom)
                XCTAssertGreaterThan(a, 3, "a stroke at x \(column), y \(top)–\(bottom)")
                XCTAssertLessThanOrEqual(abs(a - b), 1, "x \(column), y \(top)–\(bottom): ForceCanvas \(a) px, Xournal++ \(b) px")
            }
        }
        XCTAssertEqual(oursInk, theirsInk, accuracy: 3, "the ink's colour")
    }

    /// Dashed and dotted lines from Xournal++ (`style`), drawn by both at 4 px a point: along
    /// each line, the same gaps at the same places (within half a point), in Xournal++'s
    /// picture of the document and in ForceCanvas's of what it imported.
    func testDashedLinesAreDrawnAsXournalppDrawsThem() throws {
        try Self.requireXournalpp()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lines = [(30, "dash", 1.0), (60, "dashdot", 1.0), (90, "cust: 4 6", 2.0), (120, "dot", 0.6)]
        var doc = ##"<?xml version="1.0" standalone="no"?><xournal creator="test" fileversion="4"><page width="400" height="150">"##
            + ##"<background type="solid" color="#ffffffff" style="plain"/><layer>"##
        for (y, style, width) in lines {
            doc += ##"<stroke tool="pen" color="#000000ff" width="\##(width)" style="\##(style)" capStyle="round">20 \##(y) 380 \##(y)</stroke>"##
        }
        doc += "</layer></page></xournal>\n"
        try doc.write(toFile: "\(dir)/d.xopp", atomically: true, encoding: .utf8)
        let theirs = try Self.xournalppPicture(of: "\(dir)/d.xopp", dpi: 288, in: dir)
        let (session, summary) = try XoppDocument.session(from: Array(doc.utf8), title: nil)
        XCTAssertEqual(summary.dashed, lines.count)
        let state = Fixtures.finalState(session)
        let scale = 4.0, margin = XoppDocument.margin
        try Exporter.export(state.display.ink, viewport: Viewport(width: state.screenSize.width, height: state.screenSize.height, scale: scale),
                            format: .png, to: "\(dir)/ours.png")
        let ours = try XCTUnwrap(PNGPixels(path: "\(dir)/ours.png"))
        XCTAssertEqual(theirs.width, 1600, "Xournal++ at 4 px a point")
        /// The centres of the gaps along a line at `y` (page points), from x = 40 to 360, in points.
        func gaps(_ p: PNGPixels, offset: Double, y: Int) -> [Double] {
            let row = Int((Double(y) + offset) * scale)
            let paper = p.luminance(x: Int((10 + offset) * scale), y: row)
            var out: [Double] = [], start: Int?
            for px in Int((40 + offset) * scale)...Int((360 + offset) * scale) {
                let isPaper = p.luminance(x: px, y: row) > paper - 64
                if isPaper, start == nil { start = px }
                if !isPaper, let s = start {
                    if s > Int((40 + offset) * scale) { out.append(Double(s + px - 1) / 2 / scale - offset) }
                    start = nil
                }
            }
            return out
        }
        for (y, style, _) in lines {
            let a = gaps(ours, offset: margin, y: y), b = gaps(theirs, offset: 0, y: y)
            XCTAssertGreaterThan(b.count, 20, "\(style): Xournal++ draws it dashed")
            XCTAssertEqual(a.count, b.count, "\(style): as many gaps\nForceCanvas \(a)\nXournal++ \(b)")
            for (g, h) in zip(a, b) { XCTAssertEqual(g, h, accuracy: 0.5, "\(style): a gap at x \(h)") }
        }
    }

    /// A display (Xournal++ is a GTK program) and Debian's `xournalpp`, or the test is skipped.
    /// A document's pages on the canvas as Xournal++ draws them (`PaperPage`): every ruling's
    /// lines and dots (staves and isometric ones too) at the same pixels in the same colours,
    /// on white, yellow and dark paper,
    /// with Xournal++'s own settings, against Xournal++'s picture at 72 dpi. Xournal++ 1.1.3
    /// (Debian's) reads a graph's `r1` and `lw` but not yet a ruled page's `r1` or a lined
    /// page's `m1` (`PaperTests` checks those against later versions' rules), and it ends a
    /// graph's vertical lines 2.5 pt short of the page's bottom, where later versions, and
    /// ForceCanvas, take them to the edge: graph pages are compared above their last 4 rows.
    func testPagesAreDrawnAsXournalppDrawsThem() throws {
        try Self.requireXournalpp()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let pages = [("lined", "#ffffffff", ""), ("ruled", "#ffffffff", ""), ("graph", "#ffffffff", ""),
                     ("dotted", "#ffffffff", ""), ("plain", "#ffee99ff", ""), ("lined", "#303030ff", ""),
                     ("graph", "#ffffffff", "r1=20,lw=1"), ("staves", "#ffffffff", ""), ("staves", "#303030ff", ""),
                     ("isodotted", "#ffffffff", ""), ("isograph", "#ffffffff", "")]
        var doc = ##"<?xml version="1.0" standalone="no"?><xournal creator="test" fileversion="4">"##
        for (style, colour, config) in pages {
            doc += ##"<page width="200" height="240"><background type="solid" color="\##(colour)" style="\##(style)""##
                + (config.isEmpty ? "" : ##" config="\##(config)""##) + "/><layer/></page>"
        }
        doc += "</xournal>"
        try doc.write(toFile: "\(dir)/p.xopp", atomically: true, encoding: .utf8)
        let x = try Binary.run("/usr/bin/env", ["xournalpp", "--create-img=\(dir)/x.png", "--export-png-dpi=72", "\(dir)/p.xopp"],
                               environment: ProcessInfo.processInfo.environment.merging(["HOME": dir]) { $1 })
        XCTAssertEqual(x.status, 0, x.stderr)

        let (session, summary) = try XoppDocument.session(from: Array(doc.utf8), title: nil)
        XCTAssertEqual(summary.otherBackgrounds, 0)
        let state = Fixtures.finalState(session)
        try Exporter.export(state.display.ink, viewport: state.screenSize, format: .png, to: "\(dir)/ours.png")
        let ours = try XCTUnwrap(PNGPixels(path: "\(dir)/ours.png"))
        for (i, page) in pages.enumerated() {
            let theirs = try XCTUnwrap(PNGPixels(path: "\(dir)/x-\(i + 1).png"), "Xournal++'s page \(i + 1)")
            XCTAssertEqual([theirs.width, theirs.height], [200, 240])
            let rect = session.paper[i].rect
            var differing = 0, lines = 0
            for y in 0..<(page.0 == "graph" ? 236 : 240) {
                for x in 0..<200 {
                    let a = ours.rgb(x: Int(rect.x) + x, y: Int(rect.y) + y), b = theirs.rgb(x: x, y: y)
                    if b != theirs.rgb(x: 100, y: 20) { lines += 1 }
                    let close = [16, 8, 0].allSatisfy { abs(Int(a >> $0 & 0xFF) - Int(b >> $0 & 0xFF)) <= 2 }
                    if !close { differing += 1 }
                }
            }
            XCTAssertEqual(differing, 0, "page \(i + 1), \(page): \(differing) pixels differ from Xournal++'s")
            if page.0 != "plain" { XCTAssertGreaterThan(lines, 100, "page \(i + 1) has its ruling") }
        }
    }

    /// An annotated PDF under its pages, as Xournal++ draws it: each page's PDF page at its own
    /// size from the page's corner, the same pixels at 72 dpi. The PDF is ForceCanvas's own
    /// (`render --pdf` of a document with pages: lined and graph paper), the document names it
    /// from its folder, and `import` finds it there.
    func testAnAnnotatedPDFIsDrawnAsXournalppDrawsIt() throws {
        try Self.requireXournalpp()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let header = ##"{"format":"forcecanvas-session","version":2,"width":400,"height":800,"scale":1,"paper":["##
            + ##"{"x":10,"y":10,"width":300,"height":400,"ruling":"lined"},{"x":10,"y":420,"width":200,"height":300,"ruling":"dotted"}]}"##
        try (header + "\n").write(toFile: "\(dir)/pages.jsonl", atomically: true, encoding: .utf8)
        let made = try Binary.forcecanvas(["render", "\(dir)/pages.jsonl", "--pdf", "\(dir)/slides.pdf"])
        XCTAssertEqual(made.status, 0, made.stderr)
        let doc = ##"<?xml version="1.0" standalone="no"?><xournal creator="test" fileversion="4">"##
            + ##"<page width="200" height="300"><background type="pdf" domain="absolute" filename="slides.pdf" pageno="2"/><layer/></page>"##
            + ##"<page width="300" height="400"><background type="pdf" pageno="1"/><layer/></page></xournal>"##
        let (session, _, ours) = try Self.importBesideXournalpp(doc, in: dir)
        for (i, rect) in session.paper.map(\.rect).enumerated() {
            let (differing, marks) = try Self.compare(ours, page: rect, withXournalpps: "\(dir)/x-\(i + 1).png")
            XCTAssertGreaterThan(marks, 500, "page \(i + 1) has the PDF's ruling")
            XCTAssertEqual(differing, 0, "page \(i + 1): \(differing) pixels differ from Xournal++'s")
        }
    }

    /// Image backgrounds: a PNG named by its path, one attached beside the document
    /// (`NAME.xopp.bg_2.png`) and a page that clones the first page's are drawn stretched to
    /// their pages, and so is a JPEG, the same pixels as Xournal++ 1.1 draws them at 72 dpi; a
    /// file that cannot be read is said (not drawn: the page keeps its colour, and the file).
    /// Exported back to `.xopp`, the pages name their images.
    func testImageBackgroundsAreDrawnAsXournalppDrawsThem() throws {
        try Self.requireXournalpp()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.writeTestPicture(to: ["\(dir)/scan.png", "\(dir)/notes.xopp.bg_2.png"])
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 60)).write(to: URL(fileURLWithPath: "\(dir)/photo.jpg"))
        // The picture as a JPEG, as a camera or a scanner writes one (ffmpeg's encoder: JFIF, 4:2:0).
        let jpeg = try Binary.run("/usr/bin/env", ["ffmpeg", "-loglevel", "error", "-i", "\(dir)/scan.png", "-q:v", "4", "\(dir)/photo-2.jpg"])
        XCTAssertEqual(jpeg.status, 0, jpeg.stderr)
        let doc = ##"<?xml version="1.0" standalone="no"?><xournal creator="test" fileversion="4">"##
            + ##"<page width="300" height="400"><background type="pixmap" domain="absolute" filename="\##(dir)/scan.png"/><layer/></page>"##
            + ##"<page width="200" height="300"><background type="pixmap" domain="attach" filename="bg_2.png"/><layer/></page>"##
            + ##"<page width="250" height="170"><background type="pixmap" domain="clone" filename="0"/><layer/></page>"##
            + ##"<page width="200" height="300"><background type="pixmap" domain="absolute" filename="\##(dir)/photo-2.jpg"/><layer/></page></xournal>"##
        let (session, state, ours) = try Self.importBesideXournalpp(doc, in: dir)
        XCTAssertEqual(session.paper.map(\.image), ["\(dir)/scan.png", "\(dir)/notes.xopp.bg_2.png", "\(dir)/scan.png", "\(dir)/photo-2.jpg"])
        for (i, rect) in session.paper.map(\.rect).enumerated() {
            let (differing, marks) = try Self.compare(ours, page: rect, withXournalpps: "\(dir)/x-\(i + 1).png")
            XCTAssertGreaterThan(marks, 3000, "page \(i + 1) has the image")
            XCTAssertEqual(differing, 0, "page \(i + 1): \(differing) pixels differ from Xournal++'s")
        }
        // A PDF export embeds the JPEG itself (its bytes, DCT-coded), not its pixels decoded.
        let pdf = try Binary.forcecanvas(["render", "\(dir)/notes.jsonl", "--pdf", "\(dir)/notes.pdf"])
        XCTAssertEqual(pdf.status, 0, pdf.stderr)
        let pdfBytes = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/notes.pdf"))
        XCTAssertNotNil(pdfBytes.range(of: Data("/DCTDecode".utf8)), "the JPEG embedded as a JPEG")
        // Back to Xournal++: each page names its image.
        let back = XoppDocument.xml(state.display.ink, viewport: state.screenSize)
        XCTAssertEqual(back.components(separatedBy: "<background type=\"pixmap\" domain=\"absolute\" filename=\"\(dir)/scan.png\"/>").count, 3, back)
        XCTAssertTrue(back.contains("filename=\"\(dir)/notes.xopp.bg_2.png\""), back)

        // A file that is not a JPEG libjpeg-turbo reads is said, its page left its colour; so is
        // an image moved away since the import.
        let broken = ##"<xournal><page width="200" height="200"><background type="pixmap" domain="absolute" filename="\##(dir)/photo.jpg"/><layer/></page></xournal>"##
        try broken.write(toFile: "\(dir)/photo.xopp", atomically: true, encoding: .utf8)
        let said = try Binary.forcecanvas(["import", "\(dir)/photo.xopp", "--out", "\(dir)/photo.jsonl"])
        XCTAssertEqual(said.status, 0, said.stderr)
        XCTAssertTrue(said.stdout.contains("image backgrounds not drawn: 1 page, \(dir)/photo.jpg, which cannot be read as a PNG or a JPEG"), said.stdout)
        let kept = try SessionCoding.parse(String(contentsOfFile: "\(dir)/photo.jsonl", encoding: .utf8), file: "photo.jsonl")
        XCTAssertEqual(kept.paper.map(\.image), ["\(dir)/photo.jpg"], "the page keeps it: written back, Xournal++ may read it")
        try FileManager.default.moveItem(atPath: "\(dir)/scan.png", toPath: "\(dir)/moved.png")
        PaperImages.shared.forget()
        XCTAssertEqual(XoppDocument.unreadableBackgrounds(under: session.paper),
                       "image backgrounds not drawn: 2 pages, \(dir)/scan.png, which cannot be read as a PNG or a JPEG")
        let rendered = try Binary.forcecanvas(["render", "\(dir)/notes.jsonl", "--out", "\(dir)/again.png"])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        XCTAssertTrue(rendered.stderr.contains("image backgrounds not drawn: 2 pages"), rendered.stderr)
        let drawn = try Binary.forcecanvas(["render", "\(dir)/notes.jsonl", "--pdf", "\(dir)/again.pdf"])
        XCTAssertEqual(drawn.status, 0, drawn.stderr)
        XCTAssertTrue(drawn.stderr.contains("image backgrounds not drawn: 2 pages"), "the drawing as a PDF says it too: \(drawn.stderr)")
    }

    /// Typed text, as Xournal++ 1.1 draws it at 72 dpi: each text's ink in the same box to a
    /// pixel, with as much ink in it to a tenth: its size and place from the page's corner,
    /// a bold title of two lines, a monospaced line, an italic one, colours. (Xournal++ draws in the machine's
    /// fonts, where "Sans" is DejaVu Sans: ForceCanvas's pinned one. Its glyphs' edges differ
    /// by a shade where Xournal++ hints them.)
    func testTypedTextIsDrawnAsXournalppDrawsIt() throws {
        try Self.requireXournalpp()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let texts = [(##"font="Sans" size="12" x="30" y="20" color="#000000ff""##, "A note &amp; a sum: 2 &lt; 3", Rect(x: 25, y: 15, width: 250, height: 25)),
                     (##"font="Sans Bold" size="20" x="30" y="60" color="#3333ccff""##, "Bold title\nsecond line", Rect(x: 25, y: 55, width: 250, height: 60)),
                     (##"font="DejaVu Sans Mono" size="10" x="30" y="140" color="#cc0000ff""##, "mono 0123 {x}", Rect(x: 25, y: 135, width: 250, height: 20)),
                     (##"font="Sans Italic" size="14" x="30" y="162" color="#000000ff""##, "slanted, as it should lean", Rect(x: 25, y: 158, width: 250, height: 30))]
        let doc = ##"<?xml version="1.0" standalone="no"?><xournal creator="test" fileversion="4"><page width="300" height="200">"##
            + ##"<background type="solid" color="#ffffffff" style="plain"/><layer>"##
            + texts.map { "<text \($0.0)>\($0.1)</text>" }.joined() + "</layer></page></xournal>"
        let (session, _, ours) = try Self.importBesideXournalpp(doc, in: dir)
        XCTAssertEqual(session.paper[0].texts.count, 4)
        // (One page: Xournal++ names its picture without a page number.)
        let theirs = try XCTUnwrap(PNGPixels(path: "\(dir)/x.png"))
        let page = session.paper[0].rect
        for (attributes, _, region) in texts {
            let a = Self.ink(ours, region, at: Point(x: page.x, y: page.y), darkerThan: 160)
            let b = Self.ink(theirs, region, at: .zero, darkerThan: 160)
            XCTAssertGreaterThan(b.count, 100, "Xournal++ drew \(attributes)")
            XCTAssertTrue(zip(a.box, b.box).allSatisfy { abs($0 - $1) <= 1 }, "\(attributes): ours \(a.box), Xournal++'s \(b.box)")
            XCTAssertEqual(Double(a.count), Double(b.count), accuracy: Double(b.count) / 10, "\(attributes): as much ink")
        }
    }

    /// A picture with hard edges, colours and a diagonal, 200 × 300 pixels, written as a PNG to
    /// each of `paths`.
    static func writeTestPicture(to paths: [String]) throws {
        let surface = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 200, 300))
        defer { cairo_surface_destroy(surface) }
        let c = try XCTUnwrap(cairo_create(surface))
        cairo_set_source_rgb(c, 1, 1, 1)
        cairo_paint(c)
        for (i, (r, g, b)) in [(0.9, 0.2, 0.2), (0.2, 0.6, 0.9), (0.2, 0.7, 0.3)].enumerated() {
            cairo_set_source_rgb(c, r, g, b)
            cairo_rectangle(c, 20 + Double(i) * 55, 30 + Double(i) * 70, 45, 120)
            cairo_fill(c)
        }
        cairo_set_source_rgb(c, 0.1, 0.1, 0.15)
        cairo_set_line_width(c, 3)
        cairo_move_to(c, 10, 290)
        cairo_line_to(c, 190, 10)
        cairo_stroke(c)
        cairo_destroy(c)
        for path in paths { XCTAssertEqual(cairo_surface_write_to_png(surface, path), CAIRO_STATUS_SUCCESS) }
    }

    /// Pictures on a page (Xournal++'s `<image>`, a PNG in base64), as Xournal++ 1.1 draws
    /// them at 72 dpi: stretched to their boxes (one at its pixels' size, one shrunk and one
    /// stretched out of proportion), over the paper, the same pixels.
    func testPicturesAreDrawnAsXournalppDrawsThem() throws {
        try Self.requireXournalpp()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.writeTestPicture(to: ["\(dir)/picture.png"])
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/picture.png")).base64EncodedString()
        let boxes = [(10, 10, 210, 310), (230, 20, 330, 170), (230, 200, 390, 260)]
        let doc = ##"<?xml version="1.0" standalone="no"?><xournal creator="test" fileversion="4"><page width="400" height="320">"##
            + ##"<background type="solid" color="#ffee99ff" style="plain"/><layer>"##
            + boxes.map { ##"<image left="\##($0.0)" top="\##($0.1)" right="\##($0.2)" bottom="\##($0.3)">"## + data + "</image>" }.joined()
            + "</layer></page></xournal>"
        let (session, _, ours) = try Self.importBesideXournalpp(doc, in: dir)
        XCTAssertEqual(session.paper[0].pictures.count, 3)
        XCTAssertTrue(session.paper[0].pictures[0].file.hasPrefix(dir + "/data/forcecanvas/pictures/"), session.paper[0].pictures[0].file)
        // (One page: Xournal++ names its picture without a page number.)
        let (differing, marks) = try Self.compare(ours, page: session.paper[0].rect, withXournalpps: "\(dir)/x.png")
        XCTAssertGreaterThan(marks, 50_000, "the paper and the pictures")
        XCTAssertEqual(differing, 0, "\(differing) pixels differ from Xournal++'s")
    }

    /// A highlighter is multiplied with what is under it, as Xournal++ draws it: over the paper
    /// it is its tint, over black ink the ink stays black (drawn over it, it made the ink olive).
    /// Both pictures at 72 dpi, a pixel of each kind within 3 of Xournal++'s in every channel.
    func testAHighlighterOverInkIsDrawnAsXournalppDrawsIt() throws {
        try Self.requireXournalpp()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let doc = ##"<?xml version="1.0" standalone="no"?><xournal creator="test" fileversion="4"><page width="200" height="100">"##
            + ##"<background type="solid" color="#ffffffff" style="plain"/><layer>"##
            + ##"<stroke tool="pen" color="#000000ff" width="8">20 50 180 50</stroke>"##
            + ##"<stroke tool="highlighter" color="#ffee007f" width="24">100 10 100 90</stroke>"##
            + ##"<stroke tool="highlighter" color="#3399ff7f" width="24">150 10 150 90</stroke>"##
            + "</layer></page></xournal>"
        let (session, _, ours) = try Self.importBesideXournalpp(doc, in: dir)
        let theirs = try XCTUnwrap(PNGPixels(path: "\(dir)/x.png"))
        let corner = session.paper[0].rect
        for (x, y, label) in [(100, 50, "yellow over the ink"), (100, 25, "yellow over the paper"),
                              (150, 50, "blue over the ink"), (150, 75, "blue over the paper"), (60, 50, "the ink")] {
            let a = ours.rgb(x: Int(corner.x) + x, y: Int(corner.y) + y), b = theirs.rgbOverWhite(x: x, y: y)
            let channels = [16, 8, 0].map { (Int(a >> $0 & 0xFF), Int(b >> $0 & 0xFF)) }
            XCTAssertTrue(channels.allSatisfy { abs($0.0 - $0.1) <= 3 }, "\(label): ours \(channels.map(\.0)), Xournal++'s \(channels.map(\.1))")
        }
        XCTAssertLessThan(ours.luminance(x: Int(corner.x) + 100, y: Int(corner.y) + 50), 10, "the ink stays black under the highlighter")
    }

    /// LaTeX as Xournal++ 1.1 keeps it, a PDF of the formula, drawn in its box as Xournal++
    /// draws it (the same box of ink to a pixel, as much ink to a tenth: ForceCanvas draws
    /// the PDF into a picture at 4 pixels a point, Xournal++ draws its vectors), and written
    /// back to `.xopp` as the same PDF.
    func testLaTeXAsAPDFIsDrawnAsXournalppDrawsIt() throws {
        try Self.requireXournalpp()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A "formula": a 60 × 24 pt PDF with strokes and a disc, on no paper.
        let surface = try XCTUnwrap(cairo_pdf_surface_create("\(dir)/formula.pdf", 60, 24))
        let c = try XCTUnwrap(cairo_create(surface))
        cairo_set_source_rgb(c, 0, 0, 0)
        cairo_set_line_width(c, 2)
        cairo_move_to(c, 4, 4)
        cairo_line_to(c, 20, 20)
        cairo_move_to(c, 20, 4)
        cairo_line_to(c, 4, 20)
        cairo_stroke(c)
        cairo_arc(c, 40, 12, 8, 0, 2 * .pi)
        cairo_fill(c)
        cairo_destroy(c)
        cairo_surface_destroy(surface)
        let pdf = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/formula.pdf")).base64EncodedString()
        let doc = ##"<?xml version="1.0" standalone="no"?><xournal creator="test" fileversion="4"><page width="300" height="200">"##
            + ##"<background type="solid" color="#ffffffff" style="plain"/><layer>"##
            + ##"<teximage text="x \cdot \bullet" left="30" top="40" right="150" bottom="88">"## + pdf + "</teximage>"
            + "</layer></page></xournal>"
        let (session, state, ours) = try Self.importBesideXournalpp(doc, in: dir)
        let picture = try XCTUnwrap(session.paper[0].pictures.first)
        XCTAssertEqual(picture.latex, "x \\cdot \\bullet")
        XCTAssertTrue(picture.file.hasSuffix(".png"), picture.file)
        let theirs = try XCTUnwrap(PNGPixels(path: "\(dir)/x.png"))
        let page = session.paper[0].rect
        let region = Rect(x: 20, y: 30, width: 140, height: 70)
        let a = Self.ink(ours, region, at: Point(x: page.x, y: page.y), darkerThan: 128)
        let b = Self.ink(theirs, region, at: .zero, darkerThan: 128)
        XCTAssertGreaterThan(b.count, 500, "Xournal++ drew the formula")
        XCTAssertTrue(zip(a.box, b.box).allSatisfy { abs($0 - $1) <= 1 }, "ours \(a.box), Xournal++'s \(b.box)")
        XCTAssertEqual(Double(a.count), Double(b.count), accuracy: Double(b.count) / 10, "as much ink")
        let back = XoppDocument.xml(state.display.ink, viewport: state.screenSize)
        XCTAssertTrue(back.contains(##"<teximage text="x \cdot \bullet" left="30" top="40" right="150" bottom="88">"## + pdf + "</teximage>"), back)
    }

    /// The box (left, top, right, bottom, in page pixels) of the pixels of `region` (page
    /// pixels) darker than `luminance` in `p`, whose page starts at `corner`, and how many
    /// there are.
    static func ink(_ p: PNGPixels, _ region: Rect, at corner: Point, darkerThan luminance: Int) -> (box: [Int], count: Int) {
        var box = [Int.max, Int.max, Int.min, Int.min], count = 0
        for y in Int(region.y)..<Int(region.maxY) {
            for x in Int(region.x)..<Int(region.maxX) where p.luminance(x: Int(corner.x) + x, y: Int(corner.y) + y) < luminance {
                box = [min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)]
                count += 1
            }
        }
        return (box, count)
    }

    /// `doc` written as `dir/notes.xopp`; Xournal++'s pictures of its pages at 72 dpi
    /// (`dir/x-1.png`, …); the session `import` makes of it (leaving nothing out), the state it
    /// ends in, and ForceCanvas's PNG export of it.
    static func importBesideXournalpp(_ doc: String, in dir: String) throws -> (Session, AppState, PNGPixels) {
        try doc.write(toFile: "\(dir)/notes.xopp", atomically: true, encoding: .utf8)
        let x = try Binary.run("/usr/bin/env", ["xournalpp", "--create-img=\(dir)/x.png", "--export-png-dpi=72", "\(dir)/notes.xopp"],
                               environment: ProcessInfo.processInfo.environment.merging(["HOME": dir]) { $1 })
        XCTAssertEqual(x.status, 0, x.stderr)
        var environment = Binary.isolatedEnvironment()
        environment["XDG_DATA_HOME"] = dir + "/data"
        let imported = try Binary.forcecanvas(["import", "\(dir)/notes.xopp", "--out", "\(dir)/notes.jsonl"], environment: environment)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertFalse(imported.stdout.contains("not drawn"), imported.stdout)
        let session = try SessionCoding.parse(String(contentsOfFile: "\(dir)/notes.jsonl", encoding: .utf8), file: "notes.jsonl")
        let state = Fixtures.finalState(session)
        try Exporter.export(state.display.ink, viewport: state.screenSize, format: .png, to: "\(dir)/ours.png")
        let ours = try XCTUnwrap(PNGPixels(path: "\(dir)/ours.png"))
        return (session, state, ours)
    }

    /// How many pixels of page `rect` in `ours` differ from Xournal++'s picture of it (`path`)
    /// by more than 2 in a channel, and how many of Xournal++'s are not white. Xournal++'s
    /// picture is taken over white, as its pages are on screen: it leaves a page under an
    /// image unpainted, and a stretched image's edge pixels, blended with what is past the
    /// image, come out partly transparent.
    static func compare(_ ours: PNGPixels, page rect: Rect, withXournalpps path: String) throws -> (differing: Int, marks: Int) {
        let theirs = try XCTUnwrap(PNGPixels(path: path))
        XCTAssertEqual([theirs.width, theirs.height], [Int(rect.width), Int(rect.height)])
        var differing = 0, marks = 0
        for y in 0..<theirs.height {
            for x in 0..<theirs.width {
                let a = ours.rgb(x: Int(rect.x) + x, y: Int(rect.y) + y), b = theirs.rgbOverWhite(x: x, y: y)
                if b != 0xFF_FFFF { marks += 1 }
                if ![16, 8, 0].allSatisfy({ abs(Int(a >> $0 & 0xFF) - Int(b >> $0 & 0xFF)) <= 2 }) { differing += 1 }
            }
        }
        return (differing, marks)
    }

    static func requireXournalpp() throws {
        try Binary.requireDisplay()
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xournalpp") else {
            throw MissingPrerequisite("xournalpp is not installed (./run.sh test installs it)")
        }
    }

    /// Xournal++'s own picture of the document `xopp` at `dpi` (`--create-img`, its settings in
    /// `dir`, not the user's), written to `dir/x.png`.
    static func xournalppPicture(of xopp: String, dpi: Int, in dir: String) throws -> PNGPixels {
        let x = try Binary.run("/usr/bin/env", ["xournalpp", "--create-img=\(dir)/x.png", "--export-png-dpi=\(dpi)", xopp],
                               environment: ProcessInfo.processInfo.environment.merging(["HOME": dir]) { $1 })
        XCTAssertEqual(x.status, 0, x.stderr)
        return try XCTUnwrap(PNGPixels(path: "\(dir)/x.png"), x.stderr)
    }

    /// The ink's thickness down column `x` between `top` and `bottom`: each pixel counts by how
    /// far it is from the paper (the column's first pixel) towards `ink` (the picture's darkest).
    func thickness(_ p: PNGPixels, ink: Double, x: Int, from top: Int, to bottom: Int) -> Double {
        let paper = Double(p.luminance(x: x, y: top))
        guard paper - ink > 64 else { return 0 }
        return (top..<bottom).reduce(0.0) { $0 + min(1, max(0, (paper - Double(p.luminance(x: x, y: $1))) / (paper - ink))) }
    }

    func darkest(_ p: PNGPixels) -> Double {
        var least = 255
        for y in stride(from: 0, to: p.height, by: 2) { for x in stride(from: 0, to: p.width, by: 2) { least = min(least, p.luminance(x: x, y: y)) } }
        return Double(least)
    }
}
