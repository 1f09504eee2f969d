import CairoRender
import ForceCore
@testable import ForceFiles
import Foundation
import TestSupport
import XCTest

/// A Xournal++ document as a session: pages one below the other, each stroke with its tool,
/// colour and size, per-point widths turned back into forces; what is not ink counted.
final class XoppImportTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/xournal-tools.xml").path

    func testToolsColoursWidthsAndPages() throws {
        let xml = Array(try XCTUnwrap(FileManager.default.contents(atPath: Self.fixture)))
        let gz = try XCTUnwrap(XoppDocument.gzip(xml))
        let (session, summary) = try XoppDocument.session(from: gz, title: "tools")
        XCTAssertEqual(summary, XoppDocument.Summary(pages: 2, strokes: 4, points: 13, skipped: 1, texts: 1, erasers: 1, fills: 1, dashed: 1),
                       "the first page is lined, and drawn so")
        XCTAssertEqual(try XoppDocument.session(from: xml, title: "tools").0, session, "plain XML reads the same")
        let m = XoppDocument.margin
        XCTAssertEqual(session.viewport, Viewport(width: Int((419.53 + 2 * m).rounded(.up)), height: Int((2 * 595.28 + 3 * m).rounded(.up))))
        let state = Fixtures.finalState(session)
        let strokes = state.ink.strokes
        XCTAssertEqual(strokes.count, 4)
        // The whiteout eraser stroke: a white pen stroke over what it erased, as Xournal++ draws it.
        XCTAssertEqual(strokes[3].tool, InkTool(kind: .pen, colour: InkColour(red: 255, green: 255, blue: 255), size: 5))
        XCTAssertEqual(strokes[0].tool, InkTool(kind: .pen, colour: InkColour(hex: "#3333ccff"), size: 1.41, dash: [6, 3]), "style=\"dash\"")
        XCTAssertEqual(strokes[1].tool.colour, InkColour(hex: "#ff0000ff"))
        XCTAssertEqual(strokes[2].tool.kind, .highlighter)
        XCTAssertEqual(strokes[2].tool.fill ?? 0, 128.0 / 255, accuracy: 1e-12, "fill=\"128\": the highlighter fills its shape")
        XCTAssertNil(strokes[0].tool.fill)
        XCTAssertLessThanOrEqual(strokes[2].tool.pieceColour?.alpha ?? 255, 128)
        // The second page starts below the first and a margin.
        XCTAssertEqual(strokes[2].points[0].preciseLocation.y, 100 + m + 595.28 + m, accuracy: 0.01)
        XCTAssertEqual(strokes[0].points[0].preciseLocation.x, 60 + m, accuracy: 0.01)
        // Segment widths 1, 2, 3 at size 2 come back as forces whose widths are the mean of the
        // segments each point joins (the ends take their one segment's).
        var options = OutlineOptions()
        options.size = 2
        let widths = strokes[1].points.map { 2 * OutlinePolygon.radius(pressure: $0.force, options: options) }
        for (a, b) in zip(widths, [1.0, 1.5, 2.5, 3]) { XCTAssertEqual(a, b, accuracy: 0.01) }
        // A stroke without per-point widths is drawn at its size: force 0.5.
        XCTAssertEqual(strokes[0].points.map(\.force).max() ?? 0, 0.5, accuracy: 0.001)
    }

    /// Xournal++ writes a pressure-sensitive stroke's widths as its size × the pressure (here
    /// 0.2 to 1.1 at size 2.26), thinner than perfect-freehand's thinnest (half the size): they
    /// came back 1.13 pt wide or more. The session then draws with TouchCanvas's mapping,
    /// Xournal++'s rule, and every width comes back; a stroke without widths keeps its size.
    func testPressureWidthsThinnerThanHalfTheSizeComeBack() throws {
        let widths = [0.2, 0.42, 0.8, 1.1, 1.6]
        let xml = "<xournal><page width=\"400\" height=\"300\"><layer>"
            + "<stroke tool=\"pen\" color=\"#002e99ff\" width=\"2.26 \(widths.map { String($0) }.joined(separator: " "))\">10 10 30 10 50 10 70 10 90 10 110 10</stroke>"
            + "<stroke tool=\"pen\" color=\"#000000ff\" width=\"2.26\">10 60 110 60</stroke></layer></page></xournal>"
        let (session, summary) = try XoppDocument.session(from: Array(xml.utf8), title: nil)
        XCTAssertEqual(summary.widthMapping, .touchCanvas)
        XCTAssertEqual(session.options.widthMapping, .touchCanvas)
        let state = Fixtures.finalState(session)
        XCTAssertEqual(state.display.ink.style.outline.widthMapping, .touchCanvas, "the session draws with it")
        var options = OutlineOptions()
        options.widthMapping = .touchCanvas
        options.size = 2.26
        let back = state.ink.strokes[0].points.map { 2 * OutlinePolygon.radius(pressure: $0.force, options: options) }
        for (a, b) in zip(back, [0.2, 0.31, 0.61, 0.95, 1.35, 1.6]) { XCTAssertEqual(a, b, accuracy: 0.01) }
        XCTAssertEqual(state.ink.strokes[1].points.map(\.force).max() ?? 0, 0.5, accuracy: 0.001, "drawn at its size in either mapping")

        // A damaged width ("nan", 0) takes the one before it and a negative one is straightened
        // up, in place: the widths after it stay with their segments (they were dropped, and
        // every later point took its neighbour's width); each point the mean of its two.
        XCTAssertEqual(XoppDocument.widths("2 1 nan 3 -2 0 x"), [2, 1, 1, 3, 2, 2, 2])
        XCTAssertEqual(XoppDocument.widths("nan 1 2"), [], "no size: the default")
        let damaged = "<xournal><page width=\"400\" height=\"300\"><layer><stroke tool=\"pen\" color=\"#000000ff\" width=\"2 1 nan 3 -2\">"
            + "10 10 30 10 50 10 70 10 90 10</stroke></layer></page></xournal>"
        var pf = OutlineOptions()
        pf.size = 2
        let repaired = Fixtures.finalState(try XoppDocument.session(from: Array(damaged.utf8), title: nil).0).ink.strokes[0]
        for (a, b) in zip(repaired.points.map({ 2 * OutlinePolygon.radius(pressure: $0.force, options: pf) }), [1.0, 1, 2, 2.5, 2]) {
            XCTAssertEqual(a, b, accuracy: 0.01)
        }

        // Widths perfect-freehand reaches (ForceCanvas's own exports) keep its mapping.
        let within = xml.replacingOccurrences(of: "0.2 0.42 0.8 1.1", with: "1.2 1.5 2 2.8")
        XCTAssertEqual(try XoppDocument.session(from: Array(within.utf8), title: nil).1.widthMapping, .perfectFreehand)
    }

    /// Coordinates and widths on lines of their own, ended as Windows ends them ("\r\n"),
    /// read as they do with "\n" or spaces (the stroke was lost: "0 strokes").
    func testWindowsLineEndsSeparateCoordinatesAndWidths() throws {
        func document(_ separator: String) -> [UInt8] {
            let widths = ["2", "1", "2", "3"].joined(separator: separator)
            let points = ["100 200", "150 200", "200 250", "260 250"].joined(separator: separator)
            return Array(("<xournal><page width=\"600\" height=\"400\"><layer><stroke tool=\"pen\" color=\"#000000ff\" width=\""
                + widths + "\">" + separator + points + separator + "</stroke></layer></page></xournal>").utf8)
        }
        let (spaced, summary) = try XoppDocument.session(from: document(" "), title: nil)
        XCTAssertEqual(summary.points, 4)
        for separator in ["\r\n", "\n", "\r", "\t"] {
            let (session, _) = try XoppDocument.session(from: document(separator), title: nil)
            XCTAssertEqual(session.events, spaced.events, "separated by \(separator.unicodeScalars.map { $0.value })")
        }
    }

    func testWhatIsNotAXournalDocumentSaysWhy() {
        XCTAssertThrowsError(try XoppDocument.session(from: Array("<?xml version=\"1.0\"?><svg/>".utf8), title: nil)) { e in
            XCTAssertEqual((e as? XoppDocument.Problem)?.message, "no <page>: not a Xournal++ document")
        }
        XCTAssertThrowsError(try XoppDocument.session(from: [0x1F, 0x8B, 8, 0, 0, 0], title: nil)) { e in
            XCTAssertEqual((e as? XoppDocument.Problem)?.message, "the gzip data is damaged or cut short")
        }
        XCTAssertThrowsError(try XoppDocument.session(from: Array("<xournal><page width=\"10\" height=\"10\"><layer><stroke".utf8), title: nil))
        // A page beyond a session's reach says so (its width once trapped as an Int).
        XCTAssertThrowsError(try XoppDocument.session(from: Array("<xournal><page width=\"1e300\" height=\"800\"></page></xournal>".utf8), title: nil)) { e in
            XCTAssertEqual((e as? XoppDocument.Problem)?.message, "a page of 1e+300 × 800 points, beyond the 1000000 points a session reaches")
        }
    }

    /// Xournal++ also keeps a document as a zip package (content.xml beside mimetype,
    /// META-INF and thumbnails), and opens it as it opens a gzipped one: so does the import
    /// (the package's content.xml deflated, the rest stored). A damaged package says how.
    func testAZipPackageReadsAsTheDocumentItHolds() throws {
        let package = URL(fileURLWithPath: Self.fixture).deletingLastPathComponent().appendingPathComponent("xournal-tools-package.xopp").path
        let zip = Array(try XCTUnwrap(FileManager.default.contents(atPath: package)))
        let xml = Array(try XCTUnwrap(FileManager.default.contents(atPath: Self.fixture)))
        XCTAssertEqual(try XoppDocument.session(from: zip, title: "tools").0, try XoppDocument.session(from: xml, title: "tools").0)
        var renamed = zip
        for problem in [(Array(zip.prefix(zip.count - 30)), "cut short"), (Array(zip.prefix(60)), "cut short")] {
            XCTAssertThrowsError(try XoppDocument.session(from: problem.0, title: nil)) { e in
                XCTAssertTrue((e as? XoppDocument.Problem)?.message.contains(problem.1) ?? false, "\(e)")
            }
        }
        // Its central directory names content.xml "content.xmk": there is no document in it.
        let name = Array("content.xml".utf8)
        let last = try XCTUnwrap((0...(renamed.count - name.count)).last { renamed[$0..<($0 + name.count)].elementsEqual(name) })
        renamed[last + name.count - 1] = UInt8(ascii: "k")
        XCTAssertThrowsError(try XoppDocument.session(from: renamed, title: nil)) { e in
            XCTAssertEqual((e as? XoppDocument.Problem)?.message, "a zip package whose content.xml is missing: not a Xournal++ document")
        }
        XCTAssertThrowsError(try XoppDocument.session(from: [], title: nil)) { e in
            XCTAssertEqual((e as? XoppDocument.Problem)?.message, "the file is empty")
        }
    }

    /// What a damaged document's strokes hold (1e12, nan, inf) stays within a session's reach,
    /// and the session reads back: `import` never writes a file it cannot open.
    func testADamagedStrokeStaysWithinReachAndReadsBack() throws {
        let xml = "<xournal><page width=\"100\" height=\"800\"><layer><stroke tool=\"pen\" color=\"black\" width=\"1\">1e12 5 nan 7 inf -1e300</stroke></layer></page></xournal>"
        let (session, summary) = try XoppDocument.session(from: Array(xml.utf8), title: nil)
        XCTAssertEqual(summary.points, 3)
        let places = session.events.compactMap { e -> Point? in if case .pointer(let p) = e.event { return p.location } else { return nil } }
        XCTAssertTrue(places.allSatisfy { abs($0.x) <= InputLimits.maximumCoordinate && abs($0.y) <= InputLimits.maximumCoordinate }, "\(places)")
        XCTAssertEqual(try SessionCoding.parse(SessionCoding.encode(session), file: "damaged").events, session.events)
    }

    /// Exported and imported again: the same strokes, tools and forces (the margin aside), and
    /// exported once more, the same segment widths: a document saved and opened again and again
    /// keeps its widths (each point took its own segment's force, half a segment on each time).
    func testARoundTripKeepsTheDrawing() throws {
        var state = AppState(viewport: Viewport(width: 600, height: 400))
        state.handle(.tool(InkTool(colour: InkColour(red: 0, green: 114, blue: 178), size: 6)), at: 0)
        var t = 0.1
        for (i, x) in stride(from: 100.0, through: 400, by: 20).enumerated() {
            state.handle(.pointer(PointerInput(phase: i == 0 ? .down : (x >= 400 ? .up : .move), location: Point(x: x, y: 200),
                                               source: .pen, rawForce: 0.2 + Double(i) / 30, maximumForce: 1)), at: t)
            t += 0.01
        }
        let gz = try XCTUnwrap(XoppDocument.gzipped(state.display.ink, viewport: state.screenSize))
        let back = Fixtures.finalState(try XoppDocument.session(from: gz, title: nil).0)
        XCTAssertEqual(back.ink.strokes.count, 1)
        XCTAssertEqual(back.ink.strokes[0].tool, state.ink.strokes[0].tool)
        let m = XoppDocument.margin
        XCTAssertEqual(back.ink.strokes[0].points.map { $0.preciseLocation.x - m }, state.ink.strokes[0].points.map(\.preciseLocation.x))
        // Each segment's width is the width at its middle (Xournal++ draws the whole segment at
        // one width); a point takes the mean of its two segments': its own force where the force
        // changes evenly, as here. The ends take their one segment's.
        let forces = state.ink.strokes[0].points.map(\.force)
        let backForces = back.ink.strokes[0].points.map(\.force)
        XCTAssertEqual(backForces.count, forces.count)
        let n = forces.count
        for i in 1..<n - 1 { XCTAssertEqual(backForces[i], forces[i], accuracy: 0.002, "point \(i)") }
        XCTAssertEqual(backForces[0], (forces[0] + forces[1]) / 2, accuracy: 0.002)
        XCTAssertEqual(backForces[n - 1], (forces[n - 2] + forces[n - 1]) / 2, accuracy: 0.002)
        // Saved again: every segment's width as the first export wrote it, but the two at the ends.
        func segmentWidths(_ gz: [UInt8]) throws -> [Double] {
            let xml = String(decoding: try XoppDocument.inflate(gz), as: UTF8.self)
            let attribute = try XCTUnwrap(xml.range(of: "width=\"", options: .backwards))
            let end = try XCTUnwrap(xml[attribute.upperBound...].firstIndex(of: "\""))
            return XoppDocument.widths(String(xml[attribute.upperBound..<end])).dropFirst().map { $0 }
        }
        let first = try segmentWidths(gz)
        let again = try segmentWidths(try XCTUnwrap(XoppDocument.gzipped(back.display.ink, viewport: back.screenSize)))
        XCTAssertEqual(first.count, n - 1)
        XCTAssertEqual(again.count, n - 1)
        for i in 1..<n - 2 { XCTAssertEqual(again[i], first[i], accuracy: 0.002, "segment \(i)") }
    }

    /// A filled shape goes to Xournal++ with its fill's alpha out of 255 and comes back filled.
    func testAFilledShapeKeepsItsFill() throws {
        var state = AppState(viewport: Viewport(width: 600, height: 400))
        state.handle(.tool(InkTool(colour: InkColour(red: 213, green: 94, blue: 0), size: 3, fill: 0.5)), at: 0)
        for i in 0...12 {
            let a = Double(i) / 12 * 2 * Double.pi
            state.handle(.pointer(PointerInput(phase: i == 0 ? .down : (i == 12 ? .up : .move), location: Point(x: 300 + 80 * cos(a), y: 200 + 80 * sin(a)),
                                               source: .pen, rawForce: 0.5, maximumForce: 1)), at: 0.1 + Double(i) / 100)
        }
        let xml = XoppDocument.xml(state.display.ink, viewport: state.screenSize)
        XCTAssertTrue(xml.contains(##"color="#d55e00ff" width="3"##) && xml.contains(##" fill="128" capStyle="round">"##), xml)
        let back = Fixtures.finalState(try XoppDocument.session(from: Array(xml.utf8), title: nil).0)
        XCTAssertEqual(back.ink.strokes.map(\.tool.fill), [128.0 / 255])
        // Xournal++'s "no fill" (−1) and a fill of 0 are no fill.
        for fill in ["-1", "0"] {
            let doc = ##"<xournal><page width="200" height="200"><layer><stroke tool="pen" color="#000000ff" width="1" fill=""## + fill
                + ##"">10 10 50 10 50 50 10 10</stroke></layer></page></xournal>"##
            let (session, summary) = try XoppDocument.session(from: Array(doc.utf8), title: nil)
            XCTAssertEqual(summary.fills, 0)
            XCTAssertEqual(Fixtures.finalState(session).ink.strokes.map(\.tool.fill), [nil])
        }
    }

    /// Dashed and dotted lines (Xournal++'s `style`): each named style and its own lengths
    /// ("cust: …") become the tool's dash pattern, written back as they came; a style that is no
    /// pattern (a word, lengths ForceCanvas refuses) is drawn solid and counted apart.
    func testLineStylesBecomeDashPatternsAndGoBack() throws {
        let styles = ["dash": [6.0, 3], "dot": [0.5, 3], "dashdot": [6, 3, 0.5, 3], "cust: 10 5.5": [10, 5.5], "plain": nil,
                      "heavyDownstroke": nil, "cust: 0.1 0.1": nil, "cust: 4 x": nil]
        for (style, pattern) in styles.sorted(by: { $0.key < $1.key }) {
            let doc = ##"<xournal><page width="200" height="200"><layer><stroke tool="pen" color="#000000ff" width="1" style=""## + style
                + ##"">10 10 150 10</stroke></layer></page></xournal>"##
            let (session, summary) = try XoppDocument.session(from: Array(doc.utf8), title: nil)
            let strokes = Fixtures.finalState(session).ink.strokes
            XCTAssertEqual(strokes.map(\.tool.dash), [pattern], style)
            XCTAssertEqual(summary.dashed, pattern == nil ? 0 : 1, style)
            XCTAssertEqual(summary.otherStyles, pattern == nil && style != "plain" ? 1 : 0, style)
            // Written back as Xournal++ reads it, and read again the same.
            var state = AppState(viewport: Viewport(width: 300, height: 300))
            state.handle(.tool(strokes[0].tool), at: 0)
            for (i, x) in [80.0, 140, 200].enumerated() {
                state.handle(.pointer(PointerInput(phase: i == 0 ? .down : (i == 2 ? .up : .move), location: Point(x: x, y: 150),
                                                   source: .pen, rawForce: 0.5, maximumForce: 1)), at: 0.1 + Double(i) / 100)
            }
            let xml = XoppDocument.xml(state.display.ink, viewport: state.screenSize)
            let written = pattern == nil ? "" : " style=\"\(style == "cust: 10 5.5" ? "cust: 10 5.5" : style)\""
            XCTAssertTrue(xml.contains(##"width="1 1 1""## + written + ##" capStyle="round">"##), "\(style): \(xml)")
            let back = Fixtures.finalState(try XoppDocument.session(from: Array(xml.utf8), title: nil).0)
            XCTAssertEqual(back.ink.strokes.map(\.tool.dash), [pattern], style)
        }
    }

    /// Every highlighter takes Xournal++'s opacity, whatever alpha its colour says; one without
    /// a colour (Xournal++ refuses the file) is ForceCanvas's yellow at that opacity.
    func testHighlightersTakeXournalppsOpacity() throws {
        let doc = ##"<xournal><page width="300" height="200"><background type="solid" color="#ffffffff" style="plain"/><layer>"##
            + ##"<stroke tool="highlighter" color="#00ff00ff" width="8">20 30 200 30</stroke>"##
            + ##"<stroke tool="highlighter" color="#0000ff40" width="8">20 60 200 60</stroke>"##
            + ##"<stroke tool="highlighter" width="8">20 90 200 90</stroke></layer></page></xournal>"##
        let (session, _) = try XoppDocument.session(from: Array(doc.utf8), title: nil)
        let colours = Fixtures.finalState(session).ink.strokes.map(\.tool.pieceColour)
        var yellow = InkTool.highlighterYellow
        yellow.alpha = 120
        XCTAssertEqual(colours, [InkColour(red: 0, green: 255, blue: 0, alpha: 120), InkColour(red: 0, green: 0, blue: 255, alpha: 120), yellow])
    }

    /// A document of several pages goes back to Xournal++ as it came: page by page, each with
    /// its size and its paper, each stroke on its page in that page's points; read again, the
    /// pages and the strokes are where they were.
    func testADocumentIsWrittenBackPageByPage() throws {
        let doc = ##"<xournal><page width="300" height="200"><background type="solid" color="#ffee99ff" style="graph" config="m1=20,rm=1"/><layer>"##
            + ##"<stroke tool="pen" color="#ff0000ff" width="2">10 10 50 60 90 20</stroke></layer></page>"##
            + ##"<page width="250" height="400"><background type="solid" color="#ffffffff" style="lined"/><layer>"##
            + ##"<stroke tool="pen" color="#0000ffff" width="3">100 300 150 350</stroke>"##
            + ##"<stroke tool="highlighter" color="#ffff00ff" width="8">20 30 200 30</stroke></layer></page></xournal>"##
        let (session, _) = try XoppDocument.session(from: Array(doc.utf8), title: nil)
        let state = Fixtures.finalState(session)
        let xml = XoppDocument.xml(state.display.ink, viewport: state.screenSize)
        XCTAssertEqual(xml.components(separatedBy: "<page ").count - 1, 2, xml)
        XCTAssertTrue(xml.contains(##"<page width="300" height="200">"## + "\n" + ##"<background type="solid" color="#ffee99ff" style="graph" config="m1=20,rm=1"/>"##), xml)
        XCTAssertTrue(xml.contains(##"<page width="250" height="400">"## + "\n" + ##"<background type="solid" color="#ffffffff" style="lined"/>"##), xml)
        XCTAssertTrue(xml.contains(">100 300 150 350</stroke>"), "in its page's points: \(xml)")
        let pageTwo = try XCTUnwrap(xml.range(of: "<page width=\"250\""))
        XCTAssertTrue(xml[pageTwo.lowerBound...].contains("100 300 150 350") && !xml[pageTwo.lowerBound...].contains("10 10 50 60"),
                      "each stroke on its own page")
        let (back, _) = try XoppDocument.session(from: Array(xml.utf8), title: nil)
        XCTAssertEqual(back.paper, session.paper)
        let again = Fixtures.finalState(back)
        XCTAssertEqual(again.ink.strokes.map { $0.points.map(\.preciseLocation) }, state.ink.strokes.map { $0.points.map(\.preciseLocation) })
        // A drawing without pages is still one page of the screen's size.
        let plain = Fixtures.finalState(Session(viewport: Viewport(width: 640, height: 480)))
        XCTAssertTrue(XoppDocument.xml(plain.display.ink, viewport: plain.screenSize).contains(##"<page width="640" height="480">"##))
    }

    /// A PDF of two pages (300 × 400 lined, 200 × 300 graph paper), made by ForceCanvas's own
    /// export of a document with pages, at `path`.
    static func writeTwoPagePDF(_ path: String) throws {
        let state = AppState(viewport: Viewport(width: 400, height: 800), paper: [
            PaperPage(rect: Rect(x: 10, y: 10, width: 300, height: 400), ruling: .lined),
            PaperPage(rect: Rect(x: 10, y: 420, width: 200, height: 300), ruling: .graph),
        ])
        try Exporter.export(state.display.ink, viewport: state.screenSize, format: .pdf, to: path)
    }

    /// An annotated PDF (Xournal++'s most common document) comes with its pages: each page
    /// drawn on its page of the PDF, found where Xournal++ says (an absolute path, one from the
    /// document's folder, or the file attached beside it). A page past the PDF's end, and a PDF
    /// that cannot be read, are said; a document written back to Xournal++ names its PDF again.
    func testAnAnnotatedPDFComesWithItsPages() throws {
        let dir = NSTemporaryDirectory() + "xopp-pdf-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.writeTwoPagePDF("\(dir)/slides.pdf")
        func doc(_ background: String) -> [UInt8] {
            Array(("<xournal><page width=\"300\" height=\"400\">" + background + "<layer/></page>"
                   + ##"<page width="200" height="300"><background type="pdf" pageno="1"/><layer/></page>"##
                   + ##"<page width="200" height="300"><background type="pdf" pageno="7"/><layer/></page></xournal>"##).utf8)
        }
        let absolute = ##"<background type="pdf" domain="absolute" filename="\##(dir)/slides.pdf" pageno="2"/>"##
        let (session, summary) = try XoppDocument.session(from: doc(absolute), title: nil)
        XCTAssertEqual(session.paper.map(\.pdf), [PaperPage.PDFPage(file: "\(dir)/slides.pdf", page: 2),
                                                  PaperPage.PDFPage(file: "\(dir)/slides.pdf", page: 1), nil])
        XCTAssertEqual(session.paper.count { $0.pdf != nil }, 2)
        XCTAssertEqual(XoppDocument.leftOut(summary), ["not drawn: the PDF under 1 page"], "page 7 of 2")

        // From the document's folder, and attached beside it.
        let relative = ##"<background type="pdf" domain="absolute" filename="./sub/../slides.pdf" pageno="2"/>"##
        XCTAssertEqual(try XoppDocument.session(from: doc(relative), title: nil, source: "\(dir)/notes.xopp").0.paper, session.paper)
        try FileManager.default.copyItem(atPath: "\(dir)/slides.pdf", toPath: "\(dir)/notes.xopp.bg.pdf")
        let attached = ##"<background type="pdf" domain="attach" filename="bg.pdf" pageno="2"/>"##
        XCTAssertEqual(try XoppDocument.session(from: doc(attached), title: nil, source: "\(dir)/notes.xopp").0.paper[0].pdf,
                       PaperPage.PDFPage(file: "\(dir)/notes.xopp.bg.pdf", page: 2))
        // A PDF that is not there: white pages, and its name said; the pages keep it (a
        // document written back names it again, and one opened once the file is there draws it).
        let missing = ##"<background type="pdf" domain="absolute" filename="\##(dir)/gone.pdf" pageno="1"/>"##
        let (goneSession, gone) = try XoppDocument.session(from: doc(missing), title: nil)
        XCTAssertEqual(XoppDocument.leftOut(gone), ["not drawn: the PDF under 3 pages, \(dir)/gone.pdf, which cannot be read"])
        XCTAssertEqual(goneSession.paper.map(\.pdf), [1, 1, 7].map { PaperPage.PDFPage(file: "\(dir)/gone.pdf", page: $0) })
        XCTAssertEqual(XoppDocument.unreadableBackgrounds(under: goneSession.paper), XoppDocument.leftOut(gone).first)
        XCTAssertEqual(try SessionCoding.parse(SessionCoding.encode(goneSession), file: "s.jsonl").paper, goneSession.paper)
        let goneBack = XoppDocument.xml(Fixtures.finalState(goneSession).display.ink, viewport: goneSession.viewport)
        XCTAssertTrue(goneBack.contains(##"<background type="pdf" domain="absolute" filename="\##(dir)/gone.pdf" pageno="1"/>"##), goneBack)
        try FileManager.default.copyItem(atPath: "\(dir)/slides.pdf", toPath: "\(dir)/gone.pdf")
        PDFPages.shared.forget()
        XCTAssertNil(XoppDocument.unreadableBackgrounds(under: goneSession.paper), "once there, it is read")
        try FileManager.default.removeItem(atPath: "\(dir)/gone.pdf")
        PDFPages.shared.forget()

        // Moved away after the import: the document says so as it opens (its pages white).
        XCTAssertNil(XoppDocument.unreadableBackgrounds(under: session.paper))
        try FileManager.default.moveItem(atPath: "\(dir)/slides.pdf", toPath: "\(dir)/moved.pdf")
        PDFPages.shared.forget()
        XCTAssertEqual(XoppDocument.unreadableBackgrounds(under: session.paper), "not drawn: the PDF under 2 pages, \(dir)/slides.pdf, which cannot be read")
        try FileManager.default.moveItem(atPath: "\(dir)/moved.pdf", toPath: "\(dir)/slides.pdf")
        PDFPages.shared.forget()

        // The session keeps the PDF (named once), and so does the document written back.
        let text = SessionCoding.encode(session)
        XCTAssertEqual(text.components(separatedBy: "slides.pdf").count - 1, 1, "the PDF named once")
        XCTAssertEqual(try SessionCoding.parse(text, file: "s.jsonl").paper, session.paper)
        let state = Fixtures.finalState(session)
        let xml = XoppDocument.xml(state.display.ink, viewport: state.screenSize)
        XCTAssertTrue(xml.contains(##"<background type="pdf" domain="absolute" filename="\##(dir)/slides.pdf" pageno="2"/>"##), xml)
        XCTAssertTrue(xml.contains(##"<background type="pdf" pageno="1"/>"##), xml)
        XCTAssertEqual(try XoppDocument.session(from: Array(xml.utf8), title: nil).0.paper.map(\.pdf), session.paper.map(\.pdf))
    }

    /// A PDF opened to be drawn on: its pages one below the other, a margin apart, each on its
    /// page of the PDF, named by its absolute path; a file that is not a PDF is said.
    func testAPDFOpensAsItsPagesToDrawOn() throws {
        let dir = NSTemporaryDirectory() + "pdf-doc-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.writeTwoPagePDF("\(dir)/slides.pdf")
        let (session, summary) = try PDFDocument.session(of: "\(dir)/slides.pdf", title: "slides")
        XCTAssertEqual(summary, PDFDocument.Summary(pages: 2, pagesLeftOut: 0))
        let m = XoppDocument.margin
        XCTAssertEqual(session.paper, [
            PaperPage(rect: Rect(x: m, y: m, width: 300, height: 400), pdf: PaperPage.PDFPage(file: "\(dir)/slides.pdf", page: 1)),
            PaperPage(rect: Rect(x: m, y: 2 * m + 400, width: 200, height: 300), pdf: PaperPage.PDFPage(file: "\(dir)/slides.pdf", page: 2)),
        ])
        XCTAssertEqual(session.viewport, Viewport(width: 300 + 2 * Int(m), height: 700 + 3 * Int(m)))
        XCTAssertTrue(session.events.isEmpty)
        XCTAssertEqual(try SessionCoding.parse(SessionCoding.encode(session), file: "s.jsonl").paper, session.paper)
        // Drawn on, its PDF export is the annotated PDF: a page for each page.
        var state = Fixtures.finalState(session)
        state.handle(.pointer(PointerInput(phase: .down, location: Point(x: 100, y: 100), source: .pen, rawForce: 0.5, maximumForce: 1)), at: 1)
        state.handle(.pointer(PointerInput(phase: .up, location: Point(x: 200, y: 150), source: .pen, rawForce: 0.5, maximumForce: 1)), at: 1.1)
        XCTAssertEqual(state.ink.strokes.count, 1)
        try Exporter.export(state.display.ink, viewport: state.screenSize, format: .pdf, to: "\(dir)/annotated.pdf")
        XCTAssertEqual(try PDFDocument.session(of: "\(dir)/annotated.pdf", title: nil).1.pages, 2)

        try "not a pdf".write(toFile: "\(dir)/bad.pdf", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try PDFDocument.session(of: "\(dir)/bad.pdf", title: nil)) { error in
            XCTAssertEqual("\(error)", "not a PDF Poppler can read")
        }
    }

    /// Pages past the canvas's last point (a million points down) keep their strokes, drawn
    /// at its edge as before, but get no paper, and the import says so: every page it writes is
    /// one a session reads back.
    func testPagesPastTheCanvasHaveNoPaperAndAreSaid() throws {
        let page = ##"<page width="500" height="300000"><background type="solid" color="#ffffffff" style="lined"/><layer>"##
            + ##"<stroke tool="pen" color="#000000ff" width="2">10 10 50 60</stroke></layer></page>"##
        let doc = "<xournal>" + String(repeating: page, count: 4) + "</xournal>"
        let (session, summary) = try XoppDocument.session(from: Array(doc.utf8), title: nil)
        XCTAssertEqual(summary.pages, 4)
        XCTAssertEqual(summary.strokes, 4, "every stroke is kept")
        XCTAssertEqual(summary.pagesPastReach, 1, "the fourth page ends past 1,000,000 points")
        XCTAssertEqual(session.paper.count, 3)
        XCTAssertEqual(session.paper.map(\.ruling), [.lined, .lined, .lined], "each page its own background")
        XCTAssertEqual(XoppDocument.leftOut(summary), ["past the canvas's last point: 1 page, their strokes drawn at its edge, without their paper"])
        XCTAssertEqual(try SessionCoding.parse(SessionCoding.encode(session), file: "x.jsonl").paper, session.paper)
    }

    /// Each page's paper comes with it, where it was: its colour, its ruling and Xournal++'s
    /// settings for it. What is not paper the canvas draws is said: an annotated PDF's pages
    /// whose PDF is not there, an image not found, a ruling ForceCanvas does not draw
    /// (a template's ":copy"); those pages are white (the PDF's, the image's) or their colour.
    func testPagesComeWithTheirPaperAndWhatIsNotDrawnIsSaid() throws {
        let backgrounds = [
            ##"<background type="pdf" domain="absolute" filename="/tmp/slides.pdf" pageno="1"/>"##,
            ##"<background type="pdf" pageno="2"/>"##,
            ##"<background type="solid" color="#ffffffff" style="graph" config="m1=40,rm=1"/>"##,
            ##"<background type="solid" color="#ffff80ff" style="plain"/>"##,
            ##"<background type="pixmap" domain="attach" filename="bg.png"/>"##,
            ##"<background type="solid" color="#fefefeff" style="lined"/>"##,
            ##"<background type="solid" color="#303030ff" style=":copy"/>"##,
            ##"<background type="solid" color="#ffffffff" style="plain"/>"##,
        ]
        let doc = "<xournal>" + backgrounds.map { ##"<page width="100" height="120">"## + $0 + "<layer/></page>" }.joined() + "</xournal>"
        let (session, summary) = try XoppDocument.session(from: Array(doc.utf8), title: nil)
        XCTAssertEqual(summary.pages, 8)
        XCTAssertEqual(summary.pdfBackgrounds, 2)
        XCTAssertEqual(summary.otherBackgrounds, 1, "a style not known")
        XCTAssertEqual(summary.imageBackgrounds, 1, "an image attached to a document read from bytes, with no folder to find it in")
        XCTAssertEqual(XoppDocument.leftOut(summary), ["not drawn: the PDF under 2 pages, /tmp/slides.pdf, which cannot be read",
                                                       "image backgrounds not drawn: 1 page, bg.png, which cannot be read as a PNG or a JPEG",
                                                       "drawn on plain paper: 1 page (backgrounds ForceCanvas does not know)"])
        let m = XoppDocument.margin
        XCTAssertEqual(session.paper.map(\.rect), (0..<8).map { Rect(x: m, y: m + Double($0) * (120 + m), width: 100, height: 120) },
                       "one below the other, a margin apart")
        XCTAssertEqual(session.paper.map(\.ruling), [.plain, .plain, .graph, .plain, .plain, .lined, .plain, .plain])
        XCTAssertEqual(session.paper.map(\.colour.hex), ["#ffffffff", "#ffffffff", "#ffffffff", "#ffff80ff", "#ffffffff", "#fefefeff",
                                                         "#303030ff", "#ffffffff"])
        XCTAssertEqual(session.paper[2].config, "m1=40,rm=1")
        // The session keeps them, and so does the state it replays into.
        let again = try SessionCoding.parse(SessionCoding.encode(session), file: "x.jsonl")
        XCTAssertEqual(again.paper, session.paper)
        XCTAssertEqual(Fixtures.finalState(again).display.ink.paper, session.paper)
    }

    /// A page's typed text comes with it: its place from the page's corner, its font and
    /// size, its colour and its lines, XML's escapes read (named and numbered), a Windows line
    /// end one line break, a control character left out. The session keeps it, the state it
    /// replays into draws it, and a document written back to Xournal++ holds it, under the ink.
    /// Text on a page past the canvas's reach, and past the most a session holds, is left out
    /// and said.
    func testTypedTextComesWithItsPageAndGoesBack() throws {
        let doc = ##"<xournal><page width="300" height="200"><background type="solid" color="#ffffffff" style="plain"/><layer>"##
            + ##"<text font="Sans" size="12" x="60" y="30" color="#000000ff" ts="0" fn="">A note &amp; a sum: 2 &lt; 3</text>"##
            + "<text font=\"Serif Bold\" size=\"20.5\" x=\"10.25\" y=\"80\" color=\"#3333ccff\">Title\r\nsecond &#20013;&#x6587;\u{1} line</text>"
            + ##"<stroke tool="pen" color="#ff0000ff" width="2">10 10 50 60</stroke></layer></page>"##
            + ##"<page width="300" height="200"><layer><text x="5" y="6">no font, size or colour</text>"##
            + ##"<text font="Noto Sans CJK SC Bold" x="5" y="40">a long font name</text>"##
            + "<text font=\"" + String(repeating: "字", count: 30) + "\" x=\"5\" y=\"80\">a font name too long</text></layer></page></xournal>"
        let (session, summary) = try XoppDocument.session(from: Array(doc.utf8), title: nil)
        XCTAssertEqual(summary.texts, 5)
        XCTAssertEqual(summary.skipped, 0)
        XCTAssertEqual(XoppDocument.leftOut(summary), [], "nothing left out")
        let black = InkColour(red: 0, green: 0, blue: 0)
        XCTAssertEqual(session.paper[0].texts, [
            PaperText(x: 60, y: 30, font: "Sans", size: 12, colour: black, text: "A note & a sum: 2 < 3"),
            PaperText(x: 10.25, y: 80, font: "Serif Bold", size: 20.5, colour: try XCTUnwrap(InkColour(hex: "#3333ccff")),
                      text: "Title\nsecond 中文 line"),
        ])
        XCTAssertEqual(session.paper[1].texts, [PaperText(x: 5, y: 6, text: "no font, size or colour"),
                                                PaperText(x: 5, y: 40, font: "Noto Sans CJK SC Bold", text: "a long font name"),
                                                PaperText(x: 5, y: 80, font: String(repeating: "字", count: 21), text: "a font name too long")],
                       "a font's name kept whole up to 64 bytes, cut between characters past that")
        let text = SessionCoding.encode(session)
        XCTAssertTrue(text.contains(##""texts":[{"x":5,"y":6,"colour":"#000000ff","text":"no font, size or colour"},"##), text)
        let again = try SessionCoding.parse(text, file: "x.jsonl")
        XCTAssertEqual(again.paper, session.paper)
        let state = Fixtures.finalState(again)
        XCTAssertEqual(state.display.ink.paper, session.paper)

        // Back to Xournal++: each page its texts, before its strokes (under the ink), and read
        // back the same.
        let xml = XoppDocument.xml(state.display.ink, viewport: state.screenSize)
        XCTAssertTrue(xml.contains(##"<text font="Serif Bold" size="20.5" x="10.25" y="80" color="#3333ccff">Title"## + "\n"
                                   + ##"second 中文 line</text>"##), xml)
        XCTAssertTrue(xml.contains(##"A note &amp; a sum: 2 &lt; 3</text>"##), xml)
        let textAt = try XCTUnwrap(xml.range(of: "<text font=\"Sans\"")), strokeAt = try XCTUnwrap(xml.range(of: "<stroke"))
        XCTAssertLessThan(textAt.lowerBound, strokeAt.lowerBound)
        let back = try XoppDocument.session(from: Array(xml.utf8), title: nil)
        XCTAssertEqual(back.0.paper.map(\.texts), session.paper.map(\.texts))

        // Past the canvas's reach (the fourth page ends past 1,000,000 points), and past the
        // most texts a session holds: left out, and said.
        let far = ##"<page width="500" height="300000"><layer><text x="1" y="1">far</text></layer></page>"##
        let (farSession, farSummary) = try XoppDocument.session(from: Array(("<xournal>" + String(repeating: far, count: 4) + "</xournal>").utf8), title: nil)
        XCTAssertEqual(farSummary.texts, 3)
        XCTAssertEqual(farSummary.textsLeftOut, 1)
        XCTAssertEqual(farSession.paper.map(\.texts.count), [1, 1, 1])
        let many = "<xournal><page width=\"500\" height=\"500\"><layer>"
            + String(repeating: ##"<text x="1" y="1">a</text>"##, count: 1200) + "</layer></page></xournal>"
        let (manySession, manySummary) = try XoppDocument.session(from: Array(many.utf8), title: nil)
        let kept = manySession.paper[0].texts.count
        XCTAssertEqual(kept + manySummary.textsLeftOut, 1200)
        var more = manySession.paper[0]
        XCTAssertLessThanOrEqual(more.contentBytes, PaperPage.maximumContentBytes)
        more.texts.append(more.texts[0])
        XCTAssertGreaterThan(more.contentBytes, PaperPage.maximumContentBytes, "as many as the session holds")
        XCTAssertEqual(XoppDocument.leftOut(manySummary), ["typed text past the most a session holds or the canvas reaches, left out: \(1200 - kept) texts"])
        XCTAssertNoThrow(try SessionCoding.parse(SessionCoding.encode(manySession), file: "x.jsonl"))
        let long = String(repeating: "x", count: PaperText.maximumBytes + 1)
        let (_, longSummary) = try XoppDocument.session(from: Array("<xournal><page width=\"9\" height=\"9\"><layer><text x=\"1\" y=\"1\">\(long)</text></layer></page></xournal>".utf8), title: nil)
        XCTAssertEqual(longSummary.textsLeftOut, 1, "a text longer than a session keeps")
    }

    /// An attribute's references are resolved as XML has them: the five named ones and
    /// character references, decimal or hexadecimal; an ampersand that starts none is kept. A
    /// tab or line end goes back as a reference, which XML keeps (written as it is, a reader
    /// that follows XML makes it a space).
    func testAttributesResolveCharacterReferencesAndGoBackWithTheirLineEnds() throws {
        let tag = ##"<teximage text="&#x3b1;&#10;&apos;b&apos; &#38; &lt;&gt;&quot; &bogus; &#1114112; &amp;#65;" left="1"/>"##
        var scanner = XMLScanner(Array(tag.utf8))
        let element = try XCTUnwrap(scanner.next())
        XCTAssertEqual(element.attributes["text"], "α\n'b' & <>\" &bogus; &#1114112; &#65;")
        XCTAssertEqual(element.attributes["left"], "1")
        let formula = "\\begin{aligned}\n\ta &= b\\\\\n\tc &< d\n\\end{aligned}"
        let written = XoppDocument.escapedAttribute(formula)
        XCTAssertFalse(written.contains("\n") || written.contains("\t"), written)
        var back = XMLScanner(Array("<teximage text=\"\(written)\"/>".utf8))
        XCTAssertEqual(try back.next()?.attributes["text"], formula)
    }

    /// A page's pictures come with it: each kept once as a file in the pictures folder, named by
    /// its bytes, and drawn stretched where Xournal++ puts it; the session names the file among
    /// its images and reads it back; `.xopp` gets the picture back, its bytes in base64. Data
    /// that is not an image, and any picture read with no folder to keep it in, is left out and
    /// said; a kept file deleted since is said when the document opens.
    func testPicturesAreKeptAsFilesAndGoBack() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let png = "iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAFElEQVR4nGP4z8DAAMb//0MZUA4Aep8J984HxOcAAAAASUVORK5CYII="
        // (The first picture's base64 broken over two lines, as a file may have it.)
        let wrapped: String = String(png.prefix(40)) + "\n" + String(png.dropFirst(40))
        let first: String = ##"<xournal><page width="300" height="200"><layer><image left="10" top="20" right="110" bottom="70">"##
            + wrapped + "</image>"
        let others: String = ##"<image left="0" top="0" right="5" bottom="5">bm90IGFuIGltYWdl</image>"##
            + ##"<teximage text="x^2" left="0" top="0" right="5" bottom="5">JVBERi0=</teximage>"##
            + ##"<teximage text="y^2 &lt; 1 &amp;amp;" left="20" top="30" right="28" bottom="34">"## + png + "</teximage>"
            + ##"<stroke tool="pen" color="#ff0000ff" width="2">10 10 50 60</stroke></layer></page>"##
        let second: String = ##"<page width="300" height="200"><layer><image left="1" top="2" right="3" bottom="4">"## + png
            + "</image></layer></page></xournal>"
        let doc = first + others + second
        let (session, summary) = try XoppDocument.session(from: Array(doc.utf8), title: nil, pictures: folder + "/pictures")
        XCTAssertEqual(summary.pictures, 3)
        XCTAssertEqual(summary.skipped, 2, "data that is not an image, and the LaTeX as a PDF")
        XCTAssertEqual(XoppDocument.leftOut(summary), ["left out: 2 image or LaTeX elements"])
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder + "/pictures")
        XCTAssertEqual(kept.count, 1, "the same bytes kept once, and nothing of what is no picture: \(kept)")
        let file = folder + "/pictures/" + kept[0]
        XCTAssertTrue(file.hasSuffix(".png"))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), Data(base64Encoded: png))
        XCTAssertEqual(session.paper[0].pictures, [PaperPicture(x: 10, y: 20, width: 100, height: 50, file: file),
                                                   PaperPicture(x: 20, y: 30, width: 8, height: 4, file: file, latex: "y^2 < 1 &amp;")],
                       "the LaTeX as a PNG is a picture, its formula unescaped once (\"&amp;amp;\" is \"&amp;\")")
        XCTAssertEqual(session.paper[1].pictures, [PaperPicture(x: 1, y: 2, width: 2, height: 2, file: file)])
        let text = SessionCoding.encode(session)
        XCTAssertTrue(text.contains(##""images":["\##(file)"]"##), text)
        XCTAssertTrue(text.contains(##""pictures":[{"x":10,"y":20,"width":100,"height":50,"image":0},{"x":20,"y":30,"##), text)
        let again = try SessionCoding.parse(text, file: "x.jsonl")
        XCTAssertEqual(again.paper, session.paper)
        XCTAssertNil(XoppDocument.unreadableBackgrounds(under: again.paper))
        // Imported again: the same file.
        XCTAssertEqual(try XoppDocument.session(from: Array(doc.utf8), title: nil, pictures: folder + "/pictures").0.paper, session.paper)
        // Back to Xournal++, and back again.
        let state = Fixtures.finalState(again)
        let xml = XoppDocument.xml(state.display.ink, viewport: state.screenSize)
        XCTAssertTrue(xml.contains(##"<image left="10" top="20" right="110" bottom="70">\##(png)</image>"##), xml)
        XCTAssertTrue(xml.contains(##"<teximage text="y^2 &lt; 1 &amp;amp;" left="20" top="30" right="28" bottom="34">\##(png)</teximage>"##), xml)
        XCTAssertTrue(text.contains(##""image":0,"latex":"y^2 < 1 &amp;"}"##), text)
        let back = try XoppDocument.session(from: Array(xml.utf8), title: nil, pictures: folder + "/pictures").0
        XCTAssertEqual(back.paper.map(\PaperPage.pictures), session.paper.map(\PaperPage.pictures))
        // No folder to keep them in: left out.
        let (_, without) = try XoppDocument.session(from: Array(doc.utf8), title: nil)
        XCTAssertEqual([without.pictures, without.skipped], [0, 5])
        // A kept file deleted since: said.
        try FileManager.default.removeItem(atPath: file)
        XCTAssertEqual(XoppDocument.unreadableBackgrounds(under: again.paper),
                       "pictures not drawn: 3 pictures, \(file), which cannot be read as a PNG or a JPEG")
    }

    /// A picture left out for want of room (past the session's images, or its header) leaves
    /// no file behind in the pictures folder; those kept are all there.
    func testPicturesLeftOutLeaveNoFiles() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var png = try XCTUnwrap(Data(base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAFElEQVR4nGP4z8DAAMb//0MZUA4Aep8J984HxOcAAAAASUVORK5CYII="))
        // Distinct files, each readable: a byte after the end of the PNG tells each apart.
        let count = PaperPage.maximumImages + 6
        var doc = ##"<xournal><page width="300" height="200"><layer>"##
        for i in 0..<count {
            png.append(UInt8(i & 0xFF))
            doc += ##"<image left="0" top="0" right="4" bottom="2">"## + png.base64EncodedString() + "</image>"
        }
        doc += "</layer></page></xournal>"
        let (session, summary) = try XoppDocument.session(from: Array(doc.utf8), title: nil, pictures: folder + "/pictures")
        XCTAssertEqual([summary.pictures, summary.skipped], [PaperPage.maximumImages, 6])
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder + "/pictures")
        XCTAssertEqual(kept.count, PaperPage.maximumImages, "a file for each picture kept, none for those left out")
        XCTAssertEqual(Set(session.paper[0].pictures.map { ($0.file as NSString).lastPathComponent }), Set(kept))
    }
}
