@testable import ForceCore
import TestSupport
import XCTest

/// A document's pages (`PaperPage`): their rulings where Xournal++ puts them, with its settings;
/// the header's `"paper"`, read strictly and written back; and the pages belonging to the
/// document, going with it on Ctrl+N and coming with a drawing opened.
final class PaperTests: XCTestCase {
    let a4 = Rect(x: 48, y: 48, width: 595.27, height: 841.89)

    func testRuledAndLinedPagesFollowXournalppsMeasures() {
        let lined = PaperPage(rect: a4, ruling: .lined)
        let all = lined.lines(within: a4)
        XCTAssertEqual(all.count, 2, "the lines and the margin line")
        let ys = all[0].segments.map { $0.0.y - a4.y }
        XCTAssertEqual(ys.first, 80, "the first line under an 80-point header")
        XCTAssertEqual(ys.count, Int(((841.89 - 80 - 60) / 24).rounded(.down)) + 1, "24 apart down to 60 points from the bottom")
        XCTAssertTrue(all[0].segments.allSatisfy { $0.0.x == a4.x && $0.1.x == a4.maxX }, "across the page")
        XCTAssertEqual(all[0].colour, InkColour(hex: "#40a0ff"))
        XCTAssertEqual(all[0].width, 0.5)
        XCTAssertEqual(all[1].segments.map { $0.0.x - a4.x }, [72], "the margin an inch in")
        XCTAssertEqual(all[1].colour, InkColour(hex: "#ff0080"))

        // Xournal++'s settings: another spacing, a margin from the right, other colours.
        let custom = PaperPage(rect: a4, ruling: .lined, config: "r1=30,m1=-40,f1=0x112233,f2=445566,lw=1")
        let lines = custom.lines(within: a4)
        XCTAssertEqual(lines[0].segments.prefix(2).map { $0.0.y - a4.y }, [80, 110])
        XCTAssertEqual(lines[0].colour, InkColour(hex: "#112233"))
        XCTAssertEqual(lines[0].width, 1)
        XCTAssertEqual(lines[1].segments[0].0.x - a4.x, 595.27 - 40, accuracy: 1e-9)
        XCTAssertEqual(lines[1].colour, InkColour(hex: "#445566"))
        // Dark paper takes the alternative colours.
        let dark = PaperPage(rect: a4, colour: InkColour(red: 48, green: 48, blue: 48), ruling: .lined).lines(within: a4)
        XCTAssertEqual(dark.map(\.colour), [InkColour(hex: "#434343"), InkColour(hex: "#220080")])
        XCTAssertEqual(PaperPage(rect: a4).lines(within: a4), [], "plain paper has no lines")
    }

    func testGraphAndDottedPages() {
        let graph = PaperPage(rect: a4, ruling: .graph).lines(within: a4)
        XCTAssertEqual(graph.count, 1)
        let vertical = graph[0].segments.filter { $0.0.x == $0.1.x }
        XCTAssertEqual(vertical.first.map { $0.0.x - a4.x } ?? 0, 14.17, accuracy: 1e-9, "5 mm squares, none on the edge")
        XCTAssertEqual(vertical.count, Int((595.27 - 0.25) / 14.17))
        // A 40-point margin rounded to whole squares, every fifth line bold.
        let margined = PaperPage(rect: a4, ruling: .graph, config: "m1=40,rm=1,bli=5,blw=2").lines(within: a4)
        XCTAssertEqual(margined.map(\.width), [0.5, 2])
        let xs = margined.flatMap(\.segments).filter { $0.0.x == $0.1.x }.map { $0.0.x - a4.x }
        XCTAssertEqual(xs.min() ?? 0, 3 * 14.17, accuracy: 1e-9, "the first line past the margin")
        XCTAssertTrue(margined[1].segments.filter { $0.0.x == $0.1.x }.allSatisfy {
            (($0.0.x - a4.x) / 14.17).rounded().truncatingRemainder(dividingBy: 5) == 0
        }, "bold lines on every fifth")
        let dots = PaperPage(rect: Rect(x: 0, y: 0, width: 100, height: 50), ruling: .dotted).lines(within: Rect(x: 0, y: 0, width: 100, height: 50))
        XCTAssertEqual(dots[0].cap, .round)
        XCTAssertEqual(dots[0].segments.count, 7 * 3, "steps 1…7 across, 1…3 down: none on the edges")
        XCTAssertTrue(dots[0].segments.allSatisfy { $0.0 == $0.1 }, "a dot is a line of no length")
    }

    /// Staves of five lines 5 points apart, closed at both ends, 50 points from the sides;
    /// isometric paper a triangular grid centred on the page.
    func testStavesAndIsometricPages() {
        let staves = PaperPage(rect: a4, ruling: .staves).lines(within: a4)
        XCTAssertEqual(staves.map(\.colour), [InkColour(hex: "#000000")])
        let first = staves[0].segments.prefix(7).map { ($0.0.x - a4.x, $0.0.y - a4.y, $0.1.x - a4.x, $0.1.y - a4.y) }
        XCTAssertEqual(first.map(\.1), [80, 85, 90, 95, 100, 100, 80], "five lines, then the closing bars")
        XCTAssertEqual(first[0].0, 50)
        XCTAssertEqual(first[0].2, 595.27 - 50, accuracy: 1e-9)
        XCTAssertEqual(staves[0].segments.count % 7, 0)
        let dots = PaperPage(rect: a4, ruling: .isodotted).lines(within: a4)[0].segments
        XCTAssertTrue(dots.allSatisfy { $0.0 == $0.1 && a4.insetBy(14.17 / 2).contains($0.0) }, "dots, kept in from the edges")
        let grid = PaperPage(rect: a4, ruling: .isograph).lines(within: a4)[0]
        XCTAssertEqual(grid.width, 1)
        XCTAssertTrue(grid.segments.contains { $0.0.x != $0.1.x && $0.0.y != $0.1.y }, "diagonals")
        let xs = grid.segments.flatMap { [$0.0.x, $0.1.x] }
        XCTAssertEqual((xs.min() ?? 0) - a4.x, a4.maxX - (xs.max() ?? 0), accuracy: 1e-9, "centred")
    }

    /// Drawn in pieces (the window's repaints), a page is the page drawn whole: every line
    /// crossing a piece is drawn across it, none is missed at a seam.
    func testAPageDrawnInPiecesHasTheLinesOfTheWholePage() {
        for ruling in PaperPage.Ruling.allCases where ruling != .plain {
            let page = PaperPage(rect: a4, ruling: ruling, config: ruling == .graph ? "m1=40,rm=1" : "")
            // A line by its place: a horizontal one by its y (its ends are the piece's), a
            // vertical one by its x (its ends too), a dot by both.
            func places(_ clip: Rect) -> Set<String> {
                Set(page.lines(within: clip).flatMap(\.segments).map { a, b in
                    a == b ? "dot \(a.x) \(a.y)" : a.y == b.y ? "row \(a.y)" : "column \(a.x)"
                })
            }
            let top = Rect(x: a4.x, y: a4.y, width: a4.width, height: 300.3)
            let bottom = Rect(x: a4.x, y: top.maxY, width: a4.width, height: a4.maxY - top.maxY)
            XCTAssertGreaterThan(places(a4).count, 20, "\(ruling)")
            XCTAssertEqual(places(top).union(places(bottom)), places(a4), "\(ruling)")
            if ruling == .ruled || ruling == .lined {
                XCTAssertTrue(page.lines(within: top).flatMap(\.segments).allSatisfy { a, b in a.y != b.y || (a.x == a4.x && b.x == a4.maxX) },
                              "\(ruling): a row is drawn across the page")
            }
        }
    }

    /// A page of a million points a side, zoomed out, is drawn without its dots rather than
    /// with a trillion of them.
    func testAHugePageHasNoMoreThanItsLimitOfLines() {
        let huge = Rect(x: 0, y: 0, width: 1_000_000, height: 1_000_000)
        XCTAssertEqual(PaperPage(rect: huge, ruling: .dotted).lines(within: huge), [])
        XCTAssertTrue(PaperPage(rect: huge, ruling: .graph).lines(within: huge).allSatisfy { $0.segments.count <= 2 * PaperPage.maximumSegments })
    }

    func testTheHeaderReadsPagesStrictlyAndWritesThemBack() throws {
        var session = Session(viewport: Viewport(width: 700, height: 1000))
        session.paper = [PaperPage(rect: a4, ruling: .graph, config: "m1=40,rm=1"),
                         PaperPage(rect: Rect(x: 48, y: 938, width: 595.27, height: 841.89), colour: InkColour(hex: "#ffee99ff") ?? .white)]
        let text = SessionCoding.encode(session)
        XCTAssertTrue(text.contains(##""paper":[{"x":48,"y":48,"width":595.27,"height":841.89,"ruling":"graph","config":"m1=40,rm=1"},"##
                                    + ##"{"x":48,"y":938,"width":595.27,"height":841.89,"colour":"#ffee99"}]"##), text)
        XCTAssertEqual(try SessionCoding.parse(text, file: "p.jsonl").paper, session.paper)
        XCTAssertFalse(SessionCoding.encode(Session(viewport: session.viewport)).contains("paper"), "no pages, no key")

        let header = SessionCoding.headerLine(Session(viewport: session.viewport)).dropLast()
        for (paper, message) in [
            (##"{"x":0,"y":0,"width":10}"##, ##"must be a list of pages"##),
            (##"[{"x":0,"y":0,"width":10}]"##, ##""paper" page 1: missing "height""##),
            (##"[{"x":0,"y":0,"width":10,"height":0}]"##, ##""paper" page 1: a page's width and height must be more than 0"##),
            (##"[{"x":0,"y":0,"width":10,"height":10,"rulling":"graph"}]"##, ##"unknown key "rulling" in "paper" (did you mean "ruling"?)"##),
            (##"[{"x":0,"y":0,"width":10,"height":10,"ruling":"stave"}]"##, ##"unknown ruling "stave" (expected plain, ruled, lined, graph, dotted, staves, isodotted, isograph)"##),
            (##"[{"x":0,"y":0,"width":10,"height":10,"colour":"#ffee9980"}]"##, ##""colour" must be #rrggbb"##),
            (##"[{"x":0,"y":0,"width":10,"height":10},7]"##, ##""paper" page 2 must be an object"##),
            (##"[{"x":2e7,"y":0,"width":10,"height":10}]"##, ##"within ±1000000 points"##),
            (##"[{"x":0,"y":0,"width":10,"height":10,"pdfPage":1}]"##, ##""pdfPage" without a "pdf" in the header"##),
            (##"[{"x":0,"y":0,"width":10,"height":10,"pdfPage":0}],"pdf":"/a.pdf""##, ##""pdfPage" must be a page number from 1"##),
            (##"[{"x":0,"y":0,"width":10,"height":10,"pdfPage":1}],"pdf":"a.pdf""##, ##"named by its absolute path"##),
            (##"[{"x":0,"y":0,"width":10,"height":10,"texts":"a"}]"##, ##""paper" page 1: "texts" must be a list of texts {"x", "y", "text", …}"##),
            (##"[{"x":0,"y":0,"width":10,"height":10,"texts":[{"x":1,"y":2}]}]"##, ##""paper" page 1: text 1: missing "text""##),
            (##"[{"x":0,"y":0,"width":10,"height":10,"texts":[{"x":1,"y":2,"text":"a","fnt":"Sans"}]}]"##,
             ##"text 1: unknown key "fnt" in "texts" (did you mean "font"?)"##),
            (##"[{"x":0,"y":0,"width":10,"height":10,"texts":[{"x":1,"y":2,"text":"a","size":0}]}]"##,
             ##"text 1: a text's "size" must be from 0.5 to 1000 points"##),
            (##"[{"x":0,"y":0,"width":10,"height":10,"texts":[{"x":1,"y":2,"text":"a","colour":"blue"}]}]"##,
             ##"text 1: "colour" must be #rrggbbaa, not "blue""##),
            (##"[{"x":0,"y":0,"width":10,"height":10,"texts":[{"x":1,"y":2,"text":"a","font":""}]}]"##,
             ##"a text's "font" must name a font in 1 to 64 bytes"##),
            (##"[{"x":0,"y":0,"width":10,"height":10,"texts":[{"x":1,"y":2,"text":"a\u0007b"}]}]"##,
             ##"a text holds a control character (only line breaks and tabs)"##),
            (##"[{"x":0,"y":0,"width":10,"height":10,"texts":[{"x":1,"y":2e7,"text":"a"}]}]"##, ##"a text's x and y must lie within ±1000000 points"##),
            (##"[{"x":0,"y":0,"width":10,"height":10,"texts":[{"x":1,"y":2,"text":""## + String(repeating: "x", count: PaperText.maximumBytes + 1) + ##""}]}]"##,
             ##"a text holds 8193 bytes (at most 8192)"##),
            (##"[{"x":0,"y":0,"width":10,"height":10,"texts":["## + Array(repeating: ##"{"x":1,"y":2,"text":"a"}"##, count: 1200).joined(separator: ",") + "]}]",
             ##""paper" page 1: the pages' texts and pictures go past the most a session holds (40 KB as written)"##),
            (##"[{"x":0,"y":0,"width":10,"height":10,"pictures":[{"x":1,"y":2,"width":3,"height":4,"image":0}]}]"##,
             ##""paper" page 1: picture 1: "image" 0 is not one of the header's 0 "images" (from 0)"##),
            (##"[{"x":0,"y":0,"width":10,"height":10,"pictures":{"x":1}}]"##,
             ##""pictures" must be a list of pictures {"x", "y", "width", "height", "image"}"##),
        ] {
            XCTAssertThrowsError(try SessionCoding.parse(header + ",\"paper\":" + paper + "}\n", file: "p.jsonl"), paper) { error in
                XCTAssertTrue("\(error)".hasPrefix("p.jsonl:1: ") && "\(error)".contains(message), "\(paper): \(error)")
            }
        }
    }

    /// Image backgrounds: each file named once in the header's `"images"`, in the order pages
    /// first name it, each page its index; read back strictly.
    func testImagesAreNamedOnceAndEachPageItsOwn() throws {
        var session = Session(viewport: Viewport(width: 700, height: 1000))
        let second = Rect(x: 48, y: 938, width: 595.27, height: 841.89)
        session.paper = [PaperPage(rect: a4, image: "/scans/b.png"), PaperPage(rect: second, image: "/scans/a.png"),
                         PaperPage(rect: second.offsetBy(dx: 0, dy: 890)), PaperPage(rect: second.offsetBy(dx: 0, dy: 1780), image: "/scans/b.png")]
        let text = SessionCoding.encode(session)
        XCTAssertTrue(text.contains(##""images":["/scans/b.png","/scans/a.png"],"paper":[{"x":48,"y":48,"width":595.27,"height":841.89,"image":0},"##), text)
        XCTAssertTrue(text.contains(##""height":841.89,"image":1},"##), text)
        XCTAssertEqual(try SessionCoding.parse(text, file: "p.jsonl").paper, session.paper)

        let header = SessionCoding.headerLine(Session(viewport: session.viewport)).dropLast()
        let page = ##"{"x":0,"y":0,"width":10,"height":10"##
        let tooMany = (0...PaperPage.maximumImages).map { "\"/\($0).png\"" }.joined(separator: ",")
        for (members, message) in [
            (##""paper":[\##(page),"image":0}]"##, ##""paper" page 1: "image" 0 is not one of the header's 0 "images" (from 0)"##),
            (##""images":["/a.png"],"paper":[\##(page),"image":1}]"##, ##""image" 1 is not one of the header's 1 "images""##),
            (##""images":["/a.png"],"paper":[\##(page),"image":0.5}]"##, ##""paper" page 1: "image" must be a whole number"##),
            (##""images":["a.png"],"paper":[\##(page),"image":0}]"##, ##"an image under a page is named by its absolute path"##),
            (##""images":"/a.png","paper":[\##(page)}]"##, ##""images" must be a list of paths"##),
            (##""images":["/a.png",7],"paper":[\##(page)}]"##, ##""images" must be a list of paths"##),
            (##""images":["/a.png","b.png"],"paper":[\##(page),"image":0}]"##, ##"p.jsonl:1: an image under a page is named by its absolute path"##),
            (##""images":["/a.png"]"##, ##""images" names the images under the pages of "paper", and there are none"##),
            (##""images":["## + tooMany + ##"],"paper":[\##(page)}]"##, ##""images" has 65 files (at most 64)"##),
        ] {
            XCTAssertThrowsError(try SessionCoding.parse(header + "," + members + "}\n", file: "p.jsonl"), members) { error in
                XCTAssertTrue("\(error)".hasPrefix("p.jsonl:1: ") && "\(error)".contains(message), "\(members): \(error)")
            }
        }
    }

    /// Ctrl+0 (the whole drawing) shows the whole document: its pages, not only its ink.
    func testTheWholeDrawingIsTheWholeDocument() {
        let pages = [PaperPage(rect: a4, ruling: .lined), PaperPage(rect: Rect(x: 48, y: 938, width: 595.27, height: 841.89))]
        var state = AppState(viewport: Viewport(width: 700, height: 800), paper: pages)
        state.handle(.view(.fit), at: 1)
        let shown = state.display.ink.view.toScreen(pages[0].rect.union(pages[1].rect))
        let area = state.screenLayout.sceneArea
        XCTAssertLessThan(state.display.ink.view.scale, 0.5, "both pages fit")
        XCTAssertTrue(shown.x >= area.x && shown.maxX <= area.maxX && shown.y >= area.y && shown.maxY <= area.maxY, "\(shown) in \(area)")
    }

    /// The most pages a session holds, each as long as a page can be written, make a header a
    /// session reads back: under a line's limit.
    func testTheMostPagesFitInAHeader() throws {
        var session = Session(viewport: Viewport(width: 700, height: 900))
        session.masks = (0..<1000).map { _ in Rect(x: -999_999.1234, y: -999_999.1234, width: 999_999.1234, height: 999_999.1234) }
        session.title = String(repeating: "页", count: InputLimits.maximumNameBytes / 3)
        let config = String(repeating: "m", count: PaperPage.maximumConfigBytes)
        let pdf = "/" + String(repeating: "p", count: InputLimits.maximumNameBytes - 1)
        // The most images, each with the longest name, the last one on most pages.
        let images = (0..<PaperPage.maximumImages).map { i in "/" + String(repeating: "i", count: InputLimits.maximumNameBytes - 4) + String(format: "%03d", i) }
        session.paper = (0..<PaperPage.maximumCount).map { i in
            PaperPage(rect: Rect(x: -999_999.1234, y: -999_999.1234, width: 999_999.1234, height: 999_999.1234),
                      colour: InkColour(red: 1, green: 2, blue: 3), ruling: .isodotted, config: config,
                      pdf: PaperPage.PDFPage(file: pdf, page: PaperPage.maximumCount * 100), image: images[min(i, images.count - 1)])
        }
        // And the most texts and pictures a session holds, with the longest numbers and fonts,
        // a text and a picture a page.
        let font = String(repeating: "\"", count: PaperText.maximumFontBytes)
        let text = PaperText(x: -999_999.123456789, y: -999_999.123456789, font: font, size: 999.123456789,
                             colour: InkColour(red: 1, green: 2, blue: 3, alpha: 4), text: "\"")
        let picture = PaperPicture(x: -999_999.123456789, y: -999_999.123456789, width: 999_999.123456789, height: 999_999.123456789,
                                   file: images[63])
        var written = 0, page = 0
        while true {
            var next = session.paper[page]
            next.texts = [text]
            next.pictures = [picture]
            guard written + next.contentBytes <= PaperPage.maximumContentBytes else { break }
            session.paper[page] = next
            written += next.contentBytes
            page += 1
        }
        XCTAssertGreaterThan(page, 50)
        let header = SessionCoding.headerLine(session)
        XCTAssertLessThan(header.utf8.count, InputLimits.maximumLineBytes)
        let read = try SessionCoding.parse(header + "\n", file: "p.jsonl").paper
        XCTAssertEqual(read.count, PaperPage.maximumCount)
        XCTAssertEqual(read, session.paper, "every page with its PDF page, its image, its pictures and its texts")
    }

    /// The pages a window reads ahead: those on screen and a screenful above and below, the
    /// one under the middle first, then outwards; none for an empty screen.
    func testThePagesNearTheViewAreTheOnesShownAndAScreenfulEachWay() {
        let pages = (0..<10).map { i in PaperPage(rect: Rect(x: 0, y: Double(i) * 900, width: 600, height: 850)) }
        // The screen shows the end of page 3 and the start of page 4 (its middle on page 4).
        let shown = Rect(x: 0, y: 3_500, width: 600, height: 800)
        XCTAssertEqual(PaperPage.near(shown, in: pages), [4, 3, 5])
        // Zoomed out over pages 0 to 2: pages 3 and 4 are within a screenful below.
        XCTAssertEqual(Set(PaperPage.near(Rect(x: 0, y: 0, width: 2_000, height: 2_600), in: pages)), Set(0...5))
        XCTAssertEqual(PaperPage.near(Rect(x: 5_000, y: 0, width: 600, height: 800), in: pages), [], "beside the pages")
        XCTAssertEqual(PaperPage.near(Rect(x: 0, y: 0, width: 0, height: 800), in: pages), [])
    }

    /// The pages are the document's: Ctrl+N leaves them with it (a new document, even with no
    /// stroke drawn on them), and a drawing opened brings its own.
    func testThePagesGoWithTheDocument() {
        let pages = [PaperPage(rect: a4, ruling: .lined)]
        var state = AppState(viewport: Viewport(width: 700, height: 1000), paper: pages)
        XCTAssertEqual(state.display.ink.paper, pages)
        state.handle(.command(.newCanvas), at: 1)
        XCTAssertEqual(state.paper, [])
        XCTAssertEqual(state.takeHostRequests(), [.newDocument], "the pages stay a document of their own")
        state.openDrawing([], paper: pages)
        XCTAssertEqual(state.display.ink.paper, pages)
        state.openDrawing([])
        XCTAssertEqual(state.paper, [], "a drawing without pages opens on the blank canvas")
    }
}
