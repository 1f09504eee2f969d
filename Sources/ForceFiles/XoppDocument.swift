import CairoRender
import CZlib
import ForceCore
import ForcePlatform
import Foundation

/// A drawing as a Xournal++ document (`.xopp`: gzipped XML, file format 4), so it can be given
/// back to Xournal++: its pages (`InkLayer.paper`: an imported document's, with their
/// backgrounds), or one white page the size of the device's screen, grown to take in any ink
/// drawn beyond it (`InkLayer.exportArea`; points are Xournal++'s unit, 1/72 in), each with one
/// layer, one `<stroke>` per stroke with its tool (pen or highlighter), colour (the ink's for
/// the default pen), fill and line style (its dashes). A
/// stroke's `width` is its width at force 0.5 followed by one width for each segment: Xournal++
/// draws the segment from point i to i + 1 at one width (point i's), and ForceCanvas's outline
/// widens and narrows along it, so the segment's width is the one ForceCanvas's width mapping
/// gives the force at its middle. That keeps the strokes' shape within a pixel in Xournal++
/// (point i's own width left Xournal++'s drawing a step behind wherever the force changes).
/// Imported again, each point takes the mean of the widths of the two segments it joins, so a
/// segment's middle comes back at its width wherever the width changes evenly, and a document
/// saved and opened again and again keeps its widths (each point taking its own segment's width
/// moved them half a segment on at each round trip, 0.1 pt a time on a pressure ramp).
public enum XoppDocument {
    /// "#17171cff": the ink (`Palette.ink`) as Xournal++ writes colours, RGBA.
    static let inkColour = "#17171cff"

    /// The XML of `ink` on its pages, or on one page of its export area (`viewport`'s size when
    /// the ink keeps to the screen).
    public static func xml(_ ink: InkLayer, viewport: Viewport, title: String = "ForceCanvas drawing") -> String {
        var out = "<?xml version=\"1.0\" standalone=\"no\"?>\n"
        out += "<xournal creator=\"ForceCanvas\" fileversion=\"4\">\n<title>\(escaped(title))</title>\n"
        // The document's pages, each stroke on the one it starts on (else the nearest), in that
        // page's points; a canvas without pages is one page of what the other exports hold (the
        // device's screen, grown to take in any ink beyond it).
        let pages = ink.paper.isEmpty ? [PaperPage(rect: ink.exportArea(home: viewport.bounds))] : ink.paper
        var strokesOf = [[Stroke]](repeating: [], count: pages.count)
        for stroke in ink.visibleStrokes {
            guard let start = stroke.points.first(where: { $0.isReal && $0.preciseLocation.isFinite })?.preciseLocation else { continue }
            strokesOf[page(at: start, among: pages)].append(stroke)
        }
        var pdfNamed = false
        for (page, strokes) in zip(pages, strokesOf) {
            let r = page.rect
            out += "<page width=\"\(number(r.width))\" height=\"\(number(r.height))\">\n"
            if let pdf = page.pdf {
                // Xournal++ names the PDF on the first page it is under.
                out += "<background type=\"pdf\"" + (pdfNamed ? "" : " domain=\"absolute\" filename=\"\(escapedAttribute(pdf.file))\"")
                    + " pageno=\"\(pdf.page)\"/>\n<layer>\n"
                pdfNamed = true
            } else if let image = page.image {
                out += "<background type=\"pixmap\" domain=\"absolute\" filename=\"\(escapedAttribute(image))\"/>\n<layer>\n"
            } else {
                out += "<background type=\"solid\" color=\"\(String(page.colour.hex.prefix(7)))ff\" style=\"\(page.ruling.rawValue)\""
                    + (page.config.isEmpty ? "" : " config=\"\(escapedAttribute(page.config))\"") + "/>\n<layer>\n"
            }
            // The page's pictures and typed text first: they are drawn under the ink.
            for picture in page.pictures {
                guard let data = xoppData(of: picture) else { continue }
                let name = picture.latex == nil ? "image" : "teximage"
                out += "<\(name)" + (picture.latex.map { " text=\"\(escapedAttribute($0))\"" } ?? "")
                    + " left=\"\(number(picture.x))\" top=\"\(number(picture.y))\" right=\"\(number(picture.x + picture.width))\""
                    + " bottom=\"\(number(picture.y + picture.height))\">\(data.base64EncodedString())</\(name)>\n"
            }
            for text in page.texts {
                out += "<text font=\"\(escapedAttribute(text.font))\" size=\"\(number(text.size))\" x=\"\(number(text.x))\" y=\"\(number(text.y))\""
                    + " color=\"\(text.colour.hex)\">\(escaped(text.text))</text>\n"
            }
            for stroke in strokes { out += strokeElement(stroke, style: ink.style, offset: Point(x: r.x, y: r.y)) }
            out += "</layer>\n</page>\n"
        }
        out += "</xournal>\n"
        return out
    }

    /// The page among `pages` that holds `p`, else the nearest to it.
    static func page(at p: Point, among pages: [PaperPage]) -> Int {
        var best = 0, bestDistance = Double.infinity
        for (i, page) in pages.enumerated() {
            let r = page.rect
            let dx = max(r.x - p.x, 0, p.x - r.maxX), dy = max(r.y - p.y, 0, p.y - r.maxY)
            let d = dx * dx + dy * dy
            if d == 0 { return i }
            if d < bestDistance { (best, bestDistance) = (i, d) }
        }
        return best
    }

    /// A stroke as Xournal++'s `<stroke>`, its points less `offset` (its page's top left).
    static func strokeElement(_ stroke: Stroke, style: InkStyle, offset: Point) -> String {
        var options = style.outline
        if let size = stroke.tool.size { options.size = size }
        let width = { (force: Double) in 2 * OutlinePolygon.radius(pressure: force, options: options) }
        let colour = stroke.tool.pieceColour?.hex ?? inkColour
        var points = stroke.points.filter(\.isReal).filter { $0.preciseLocation.isFinite }
        guard let first = points.first else { return "" }
        // Xournal++ draws a stroke from two points up: a dot is a stroke onto itself.
        if points.count == 1 { points.append(first) }
        var widths = [number(width(0.5))]
        for (p, q) in zip(points, points.dropFirst()) { widths.append(number(width((p.force + q.force) / 2))) }
        // A filled shape's inside: its alpha out of 255, as Xournal++ writes it.
        let fill = stroke.tool.fill.map { " fill=\"\(Int(($0 * 255).rounded()))\"" } ?? ""
        let dash = stroke.tool.dash.map { " style=\"\(lineStyle($0))\"" } ?? ""
        return "<stroke tool=\"\(stroke.tool.kind.rawValue)\" color=\"\(colour)\" width=\"\(widths.joined(separator: " "))\"\(fill)\(dash) capStyle=\"round\">"
            + points.map { "\(number($0.preciseLocation.x - offset.x)) \(number($0.preciseLocation.y - offset.y))" }.joined(separator: " ")
            + "</stroke>\n"
    }

    /// A dash pattern as Xournal++'s `style`: its name for its own three, else `cust: ` and the
    /// lengths.
    static func lineStyle(_ dash: [Double]) -> String {
        InkTool.namedDashes.first { $0.pattern == dash }?.name ?? "cust: " + dash.map(number).joined(separator: " ")
    }

    /// The dash pattern of Xournal++'s `style` ("dash", "cust: 10 5"…); nil for a solid line
    /// ("plain", none) and for a style that is no pattern ForceCanvas draws (counted apart).
    static func dash(style: String) -> [Double]? {
        if let named = InkTool.namedDashes.first(where: { $0.name == style }) { return named.pattern }
        guard style.hasPrefix("cust:") else { return nil }
        let lengths = style.dropFirst(5).split(whereSeparator: isListSeparator).map { Double($0) }
        guard !lengths.isEmpty, lengths.allSatisfy({ $0 != nil }) else { return nil }
        let pattern = lengths.compactMap { $0 }
        return InkTool.dashProblem(pattern) == nil ? pattern : nil
    }

    /// `value` with at most four decimals, in the C locale (never "1,5").
    static func number(_ value: Double) -> String {
        var s = String(format: "%.4f", locale: Locale(identifier: "en_US_POSIX"), value)
        while s.contains("."), s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }

    /// XML's text unescaped (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and character references),
    /// with its line ends made `\n` and the control characters a text may not hold left out
    /// (`PaperText.isControl`): a typed text as a page keeps it.
    static func unescaped(_ xml: String) -> String {
        var out = String.UnicodeScalarView()
        resolvingReferences(in: xml.replacingOccurrences(of: "\r\n", with: "\n")) { u in
            let u: Unicode.Scalar = u == "\r" ? "\n" : u
            if !PaperText.isControl(u) { out.append(u) }
        }
        return String(out)
    }

    /// An attribute's value as written between its quotes, its references resolved (the
    /// named five and character references, `&#10;` or `&#x4E2D;`); nothing else changes.
    static func attributeValue<S: StringProtocol>(_ raw: S) -> String {
        guard raw.contains("&") else { return String(raw) }
        var out = String.UnicodeScalarView()
        resolvingReferences(in: raw) { out.append($0) }
        return String(out)
    }

    /// Hands `add` the scalars of `xml` with its references resolved: an ampersand that starts
    /// no reference XML knows (an unknown name, a number that is no character) is kept as it is.
    private static func resolvingReferences<S: StringProtocol>(in xml: S, _ add: (Unicode.Scalar) -> Void) {
        var rest = Substring(xml).unicodeScalars
        while let first = rest.first {
            rest = rest.dropFirst()
            guard first == "&", let semicolon = rest.prefix(12).firstIndex(of: ";") else {
                add(first)
                continue
            }
            let name = String(rest[..<semicolon])
            var scalar = xmlEntities[name]
            if scalar == nil, name.hasPrefix("#") {
                let digits = name.dropFirst()
                let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                scalar = value.flatMap(Unicode.Scalar.init)
            }
            guard let scalar else {
                add(first)
                continue
            }
            add(scalar)
            rest = rest[rest.index(after: semicolon)...]
        }
    }

    /// XML's five named entities.
    static let xmlEntities: [String: Unicode.Scalar] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// `text` escaped for an attribute's value: also its tabs and line ends, as character
    /// references (a reader that follows XML turns a tab or line end written as it is into a
    /// space; a formula of several lines keeps them).
    static func escapedAttribute(_ text: String) -> String {
        escaped(text).replacingOccurrences(of: "\t", with: "&#9;").replacingOccurrences(of: "\n", with: "&#10;")
            .replacingOccurrences(of: "\r", with: "&#13;")
    }

    /// The gzip file of `ink` (what `.xopp` holds); nil if zlib fails.
    public static func gzipped(_ ink: InkLayer, viewport: Viewport, title: String = "ForceCanvas drawing") -> [UInt8]? {
        gzip(Array(xml(ink, viewport: viewport, title: title).utf8))
    }

    /// `bytes` in the gzip format (zlib's deflate with a gzip wrapper: window bits 15 + 16).
    static func gzip(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
                            zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 64)
        var input = bytes
        let status: Int32 = input.withUnsafeMutableBufferPointer { inBuffer in
            out.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Array(out.prefix(Int(stream.total_out)))
    }
}

extension XoppDocument {
    /// What reading a Xournal++ document found, for its one-line report.
    public struct Summary: Equatable, Sendable {
        public var pages = 0
        public var strokes = 0
        public var points = 0
        /// LaTeX, and pictures that are not drawn: not a PNG or a JPEG, on a page past the
        /// canvas's reach, past the most a session holds, or read with no folder to keep them in.
        public var skipped = 0
        /// Pictures drawn on their pages (`PaperPage.pictures`; the others are `skipped`).
        public var pictures = 0
        /// Text boxes drawn on their pages (`PaperPage.texts`), and those left out: on a page
        /// past the canvas's reach, or past the most a session holds (`PaperText`).
        public var texts = 0
        public var textsLeftOut = 0
        /// Eraser strokes (Xournal++'s whiteout), drawn as Xournal++ draws them: white pen strokes.
        public var erasers = 0
        /// Strokes Xournal++ fills (a shape's inside: imported, `InkTool.fill`), dashes
        /// (`style`: imported, `InkTool.dash`), or draws in a style ForceCanvas does not know
        /// (drawn solid).
        public var fills = 0
        public var dashed = 0
        public var otherStyles = 0
        /// Pages whose background the canvas does not draw (it draws their paper, its colour,
        /// its ruling, its image and its PDF page: `PaperPage`): a PDF page whose file cannot
        /// be read (`unreadablePDF` names it) or is inside a zip package, and any other (a
        /// style it does not know).
        public var pdfBackgrounds = 0
        public var otherBackgrounds = 0
        public var unreadablePDF: String?
        /// Pages whose image is not drawn (not a PNG ForceCanvas reads, not there, inside a zip
        /// package: `unreadableImage` names the first). (A page keeps its PDF's page and its
        /// image, `PaperPage.pdf` and `PaperPage.image`, whether they can be read or not: one
        /// that cannot is drawn in its colour, said as the document opens, and named again in
        /// a document written back.)
        public var imageBackgrounds = 0
        public var unreadableImage: String?
        /// Pictures whose files cannot be read (moved or deleted since they were kept):
        /// `unreadablePicture` names the first.
        public var unreadablePictures = 0
        public var unreadablePicture: String?
        /// Pages past the canvas's reach (`InputLimits.maximumCoordinate` down, or after
        /// `PaperPage.maximumCount` pages): their strokes are drawn at its edge, without paper.
        public var pagesPastReach = 0
        /// The width mapping the session draws with: perfect-freehand's, unless a per-point
        /// width is beyond its reach (`session(from:title:options:)`).
        public var widthMapping = InkWidthMapping.perfectFreehand
    }

    /// What of a document is not drawn as Xournal++ draws it, one phrase each ("left out: 2 text,
    /// image or LaTeX elements"): `import` prints them, and the window says them when it opens
    /// the document. Each begins with words of its own (no two alike), so a status line that
    /// joins them with " · " is translated part by part (`MessageTemplates`).
    public static func leftOut(_ summary: Summary) -> [String] {
        var out: [String] = []
        if summary.skipped > 0 { out.append("left out: " + Wording.count(summary.skipped, "image or LaTeX element")) }
        if summary.textsLeftOut > 0 {
            out.append("typed text past the most a session holds or the canvas reaches, left out: " + Wording.count(summary.textsLeftOut, "text"))
        }
        if summary.otherStyles > 0 {
            out.append("drawn solid, in a line style ForceCanvas does not draw: " + Wording.count(summary.otherStyles, "stroke"))
        }
        if summary.pdfBackgrounds > 0 {
            out.append("not drawn: the PDF under " + Wording.count(summary.pdfBackgrounds, "page")
                       + (summary.unreadablePDF.map { ", \($0), which cannot be read" } ?? ""))
        }
        if summary.pagesPastReach > 0 {
            out.append("past the canvas's last point: " + Wording.count(summary.pagesPastReach, "page")
                       + ", their strokes drawn at its edge, without their paper")
        }
        if summary.imageBackgrounds > 0 {
            out.append("image backgrounds not drawn: " + Wording.count(summary.imageBackgrounds, "page")
                       + (summary.unreadableImage.map { ", \($0), which cannot be read as a PNG or a JPEG" } ?? ""))
        }
        if summary.unreadablePictures > 0 {
            out.append("pictures not drawn: " + Wording.count(summary.unreadablePictures, "picture")
                       + (summary.unreadablePicture.map { ", \($0), which cannot be read as a PNG or a JPEG" } ?? ""))
        }
        if summary.otherBackgrounds > 0 {
            out.append("drawn on plain paper: " + Wording.count(summary.otherBackgrounds, "page") + " (backgrounds ForceCanvas does not know)")
        }
        return out
    }

    /// What a document whose PDF or image can no longer be read (moved, deleted since it was
    /// imported) says as it opens: the phrases `leftOut` says at import (the first such file of
    /// each), its pages drawn in their colour; nil when every page's files read.
    public static func unreadableBackgrounds(under pages: [PaperPage]) -> String? {
        var summary = Summary()
        if let file = Set(pages.compactMap(\.pdf?.file)).filter({ PDFPages.shared.pageCount(of: $0) == nil }).min() {
            summary.pdfBackgrounds = pages.count { $0.pdf?.file == file }
            summary.unreadablePDF = file
        }
        if let file = Set(pages.compactMap(\.image)).filter({ !PaperImages.canRead($0) }).min() {
            summary.imageBackgrounds = pages.count { $0.image == file }
            summary.unreadableImage = file
        }
        let unreadable = Set(pages.flatMap { $0.pictures.map(\.file) }).filter { !PaperImages.canRead($0) }
        if let file = unreadable.min() {
            summary.unreadablePictures = pages.reduce(0) { n, page in n + page.pictures.count { unreadable.contains($0.file) } }
            summary.unreadablePicture = file
        }
        let said = leftOut(summary)
        return said.isEmpty ? nil : said.joined(separator: " · ")
    }

    /// Why a file is not a Xournal++ document.
    public struct Problem: Error, CustomStringConvertible, Equatable {
        public var message: String
        public var description: String { message }
    }

    /// The colour of a whiteout stroke that names none: white, a page's.
    static let whiteout = InkColour.white

    /// The margin around the pages on the session's screen (`PaperPage.deskMargin`).
    public static let margin = PaperPage.deskMargin
    /// 120 samples a second: the times points get (the format has none), strokes 0.2 s apart.
    public static let sampleRate = 120.0
    public static let strokeGap = 0.2
    /// 256 MiB: the most XML a document may inflate to.
    public static let maximumXMLBytes = 256 << 20

    /// The session that draws the document `bytes` (gzipped, or plain XML): its pages one below
    /// the other on one screen with a margin, every pen and highlighter stroke with its colour,
    /// its size (the width at force 0.5) and, where Xournal++ kept per-point widths, the force
    /// that gives each width through the width mapping of `options`, the session's.
    ///
    /// That mapping is perfect-freehand's (`options`' own, ForceCanvas's exports' widths all in
    /// its reach) unless a per-point width is beyond it: Xournal++ writes a pressure-sensitive
    /// stroke's widths as its size × the pressure, down to nothing, and perfect-freehand's
    /// thinnest is half the size, so its thin parts came back twice as wide or more. TouchCanvas's
    /// mapping (`max(force, 0.025) · 2 · size`) is Xournal++'s rule: the session then uses it,
    /// and every width comes back (a stroke's size, force 0.5, looks the same in both).
    ///
    /// An annotated PDF's pages are drawn on their paper when its file can be read: a path
    /// Xournal++ wrote (`domain="absolute"`; a relative one from `source`'s folder, the
    /// document's path) or a PDF attached beside it (`domain="attach"`: `source` + `.bg.pdf`).
    ///
    /// Its pictures (`<image>`) are kept in `pictures`, a folder (`keep(picture:in:)`); without
    /// one they are left out.
    public static func session(from bytes: [UInt8], title: String?, source: String? = nil, pictures: String? = nil,
                               options: OutlineOptions = OutlineOptions()) throws(Problem) -> (Session, Summary) {
        let xml = try inflate(bytes)
        let isPackage = bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
        // The PDF under the pages (Xournal++ names it on the first page it is under) and its
        // number of pages; nil until named, or when it cannot be read.
        var pdf: (file: String, pages: Int)?
        // The PDF named, when it cannot be read: its pages keep it (`PaperPage.pdf`), as a
        // document's do when its PDF is moved after the import, and a document written back
        // names it again.
        var missingPDF: String?
        var summary = Summary()
        var events: [TimedEvent] = []
        // Each pointer event's width and its stroke's size, turned into forces once the
        // document's widths say which mapping draws them all.
        var widthsOf: [(event: Int, width: Double, size: Double)] = []
        var t = 0.1
        var tool = InkTool.pen
        var pageTop = margin, height = margin, width = 0.0
        var paper: [PaperPage] = []
        // The images the pages so far are drawn on (a session names at most
        // `PaperPage.maximumImages`).
        var images: Set<String> = []
        // Whether the page being read has its paper (`paper.last`).
        var pageHasPaper = false
        // The bytes the texts and pictures on the pages so far take in the session's header
        // (at most `PaperPage.maximumContentBytes`).
        var contentBytes = 0
        // Changes the page being read by `change` (a text or a picture added, which adds
        // `bytes` to the header) when it then fits in the header; whether it did.
        func add(_ bytes: Int, _ change: (inout PaperPage) -> Void) -> Bool {
            guard contentBytes + bytes <= PaperPage.maximumContentBytes else { return false }
            contentBytes += bytes
            change(&paper[paper.count - 1])
            return true
        }
        // How a message names a background file that cannot be read.
        func unreadable(_ file: String?, _ name: String, domain: String) -> String {
            file ?? (isPackage && domain == "attach" ? "\(name) inside the .xopp package" : name)
        }
        var scanner = XMLScanner(xml)
        while let element = try scanner.next() {
            switch element.name {
            case "page":
                guard element.isStart else { continue }
                let w = Double(element.attributes["width"] ?? "") ?? 0, h = Double(element.attributes["height"] ?? "") ?? 0
                guard w.isFinite, h.isFinite, w > 0, h > 0 else { throw Problem(message: "a page without a width and height") }
                guard w <= InputLimits.maximumCoordinate, h <= InputLimits.maximumCoordinate else {
                    throw Problem(message: String(format: "a page of %g × %g points, beyond the 1000000 points a session reaches", w, h))
                }
                if summary.pages > 0 { pageTop = height + margin }
                summary.pages += 1
                // A page past the canvas's reach (or past the most a session holds) has no
                // paper: its strokes are drawn at the canvas's edge, and it is said.
                let page = PaperPage(rect: Rect(x: margin, y: pageTop, width: w, height: h))
                pageHasPaper = page.problem == nil && paper.count < PaperPage.maximumCount
                if pageHasPaper { paper.append(page) } else { summary.pagesPastReach += 1 }
                width = max(width, w)
                height = pageTop + h
            case "stroke":
                guard element.isStart else { continue }
                let kind = element.attributes["tool"] ?? "pen"
                // An eraser stroke is Xournal++'s whiteout: it draws it as an opaque stroke of its
                // colour (white) over what is under it, ink and page lines alike. So does this,
                // as a pen stroke: left out, the ink it had erased came back.
                let isWhiteout = kind == "eraser"
                if isWhiteout { summary.erasers += 1 }
                // Xournal++'s fill is the alpha of the shape's inside, 0–255 (−1: none).
                let fill = element.attributes["fill"].flatMap { Int($0) }.flatMap { $0 > 0 ? Double(min(255, $0)) / 255 : nil }
                if fill != nil { summary.fills += 1 }
                var dash: [Double]?
                if let style = element.attributes["style"], style != "plain" {
                    dash = Self.dash(style: style)
                    if dash != nil { summary.dashed += 1 } else { summary.otherStyles += 1 }
                }
                let text = scanner.text(until: "stroke")
                // Numbers only, and within a session's reach (a damaged file's "nan" or 1e300 is not a place).
                let reach = InputLimits.maximumCoordinate
                let coordinates = text.split(whereSeparator: isListSeparator)
                    .compactMap { Double($0) }.map { $0.isFinite ? min(reach, max(-reach, $0)) : 0 }
                guard coordinates.count >= 2 else { continue }
                let widths = Self.widths(element.attributes["width"] ?? "1")
                let size = min(InkTool.sizeRange.upperBound, max(InkTool.sizeRange.lowerBound, widths.first ?? 1))
                var colour = element.attributes["color"].flatMap(colour(named:)) ?? (isWhiteout ? Self.whiteout : nil)
                // Xournal++ draws a highlighter at its own opacity, whatever alpha the file gives it
                // (and refuses one without a colour: here it is ForceCanvas's yellow at that opacity).
                if kind == "highlighter" {
                    colour = colour ?? InkTool.highlighterYellow
                    colour?.alpha = Self.highlighterAlpha
                }
                let next = InkTool(kind: kind == "highlighter" ? .highlighter : .pen, colour: colour, size: size, fill: fill, dash: dash)
                if next != tool {
                    tool = next
                    events.append(TimedEvent(time: t, event: .tool(tool)))
                }
                let n = coordinates.count / 2
                for i in 0..<n {
                    let x = min(reach, coordinates[2 * i] + margin), y = min(reach, coordinates[2 * i + 1] + pageTop)
                    // Point i's width: the mean of the two segments' it joins (the first and
                    // the last take their one segment's); none: force 0.5.
                    if widths.count > 1 {
                        let last = widths.count - 1
                        let before = widths[min(max(i, 1), last)], after = widths[min(i + 1, last)]
                        widthsOf.append((events.count, (before + after) / 2, size))
                    }
                    let phase: PointerPhase = i == 0 ? .down : (i == n - 1 ? .up : .move)
                    events.append(TimedEvent(time: t, event: .pointer(PointerInput(phase: phase, location: Point(x: x, y: y), source: .pen,
                                                                                   rawForce: 0.5, maximumForce: 1))))
                    t += 1 / sampleRate
                }
                if n == 1 {
                    events.append(TimedEvent(time: t, event: .pointer(PointerInput(phase: .up, location: Point(x: min(reach, coordinates[0] + margin), y: min(reach, coordinates[1] + pageTop)),
                                                                                   source: .pen, rawForce: 0.5, maximumForce: 1))))
                }
                t += strokeGap
                summary.strokes += 1
                summary.points += n
            case "background":
                // The page's paper: its colour and ruling, drawn under the ink. A PDF or an image
                // under it, or a style ForceCanvas does not know (Xournal++'s ":copy"), is said.
                guard element.isStart, pageHasPaper, var page = paper.last else { continue }
                let type = element.attributes["type"] ?? "solid", style = element.attributes["style"] ?? "plain"
                if type == "pdf" {
                    if let name = element.attributes["filename"] {
                        let domain = element.attributes["domain"] ?? "absolute"
                        let file = backgroundPath(name, domain: domain, attached: ".bg.pdf", source: source, inPackage: isPackage)
                        pdf = file.flatMap { f in PDFPages.shared.pageCount(of: f).map { (f, $0) } }
                        missingPDF = pdf == nil ? file : nil
                        if pdf == nil { summary.unreadablePDF = unreadable(file, name, domain: domain) }
                    }
                    let number = element.attributes["pageno"].flatMap { Int($0) }
                    if let pdf, let n = number, (1...pdf.pages).contains(n) {
                        page.pdf = PaperPage.PDFPage(file: pdf.file, page: n)
                    } else if pdf == nil, let file = missingPDF, let n = number {
                        // Kept: drawn in the page's colour, and said, until the file is there.
                        page.pdf = PaperPage.PDFPage(file: file, page: n)
                    }
                    // (A path too long for a session, or a page number past any PDF's, is not
                    // kept either.)
                    if page.pdf == nil || page.problem != nil { page.pdf = nil }
                    if page.pdf == nil || pdf == nil { summary.pdfBackgrounds += 1 }
                } else if type == "pixmap" {
                    // An image stretched to the page: a file beside the document or anywhere, or
                    // the image of an earlier page (`clone`: its index from 0).
                    let name = element.attributes["filename"] ?? "", domain = element.attributes["domain"] ?? "absolute"
                    let file = domain == "clone"
                        ? Int(name).flatMap { paper.indices.dropLast().contains($0) ? paper[$0].image : nil }
                        : backgroundPath(name, domain: domain, attached: "." + name, source: source, inPackage: isPackage)
                    // Kept even when it cannot be read (not there yet, moved, a kind ForceCanvas
                    // does not read): drawn in the page's colour, and said.
                    page.image = file
                    // (A path too long for a session is not kept, nor a file past the most a
                    // session names.)
                    if page.image.map({ !images.contains($0) && images.count >= PaperPage.maximumImages }) == true { page.image = nil }
                    if let image = page.image, page.problem == nil { images.insert(image) } else { page.image = nil }
                    if page.image.map(PaperImages.canRead) != true {
                        summary.imageBackgrounds += 1
                        if summary.unreadableImage == nil, domain != "clone" { summary.unreadableImage = unreadable(file, name, domain: domain) }
                    }
                } else if type != "solid" {
                    summary.otherBackgrounds += 1
                } else {
                    if let c = element.attributes["color"].flatMap(colour(named:)) { page.colour = InkColour(red: c.red, green: c.green, blue: c.blue) }
                    let ruling = PaperPage.Ruling(rawValue: style), config = element.attributes["config"] ?? ""
                    if let ruling, config.utf8.count <= PaperPage.maximumConfigBytes {
                        page.ruling = ruling
                        page.config = config
                    } else {
                        summary.otherBackgrounds += 1  // its colour, plain
                    }
                }
                paper[paper.count - 1] = page
            case "text":
                guard element.isStart else { continue }
                let content = Self.unescaped(scanner.text(until: "text"))
                let colour = element.attributes["color"].flatMap(colour(named:)) ?? InkColour(red: 0, green: 0, blue: 0)
                let size = element.finite("size") ?? 12
                var text = PaperText(x: Double(element.attributes["x"] ?? "") ?? 0, y: Double(element.attributes["y"] ?? "") ?? 0,
                                     font: element.attributes["font"].map { $0.prefix(utf8Bytes: PaperText.maximumFontBytes) } ?? "Sans",
                                     size: min(PaperText.sizeRange.upperBound, max(PaperText.sizeRange.lowerBound, size)),
                                     colour: colour, text: content)
                if text.font.isEmpty { text.font = "Sans" }
                // On a page with paper, and within what a session holds; else left out, and said.
                guard pageHasPaper, text.problem == nil,
                      add(paper[paper.count - 1].contentBytes(adding: text), { $0.texts.append(text) }) else {
                    summary.textsLeftOut += 1
                    continue
                }
                summary.texts += 1
            case "image", "teximage":
                // (LaTeX is a picture too: a PNG, as Xournal++ 1.0 and .xoj files keep it, or
                // a PDF, as Xournal++ 1.1 does, drawn into a PNG beside it.)
                guard element.isStart else { continue }
                let data = scanner.text(until: element.name)
                let left = element.finite("left") ?? 0, top = element.finite("top") ?? 0
                // Kept as a file in the pictures folder, named by its bytes (once however
                // often it is imported), and drawn when it is an image ForceCanvas reads; on a
                // page with paper, with room for its file among the session's images and for
                // it in the header. Else left out, and said.
                let box = (width: (element.finite("right") ?? 0) - left, height: (element.finite("bottom") ?? 0) - top)
                guard pageHasPaper, let folder = pictures, let kept = Self.keep(picture: data, in: folder, box: box) else {
                    summary.skipped += 1
                    continue
                }
                let file = kept.file
                // (The attribute is unescaped already: only what a formula may not hold goes.)
                let latex = element.name == "teximage"
                    ? String(String.UnicodeScalarView((element.attributes["text"] ?? "").unicodeScalars.filter { !PaperText.isControl($0) }))
                    : nil
                let picture = PaperPicture(x: left, y: top, width: box.width, height: box.height, file: file, latex: latex)
                guard images.contains(file) || images.count < PaperPage.maximumImages, picture.problem == nil,
                      add(paper[paper.count - 1].contentBytes(adding: picture), { $0.pictures.append(picture) }) else {
                    // (The files it made are not left behind for nothing.)
                    for made in kept.made { try? FileManager.default.removeItem(atPath: made) }
                    summary.skipped += 1
                    continue
                }
                images.insert(file)
                summary.pictures += 1
            default:
                break
            }
        }
        guard summary.pages > 0 else { throw Problem(message: "no <page>: not a Xournal++ document") }
        let screen = Self.screen(pagesWide: width, down: height)
        var mapped = options
        if !widthsOf.allSatisfy({ Self.reaches($0.width, size: $0.size, options: options) }) { mapped.widthMapping = .touchCanvas }
        summary.widthMapping = mapped.widthMapping
        for (i, width, size) in widthsOf {
            guard case .pointer(var p) = events[i].event else { continue }
            var o = mapped
            o.size = size
            p.rawForce = Self.force(giving: width, options: o)
            events[i] = TimedEvent(time: events[i].time, event: .pointer(p))
        }
        // A linear curve without a minimum: the forces come back as the widths gave them.
        var session = Session(viewport: screen, pressureCurve: PressureCurve(.linear, minimumPressure: 0), events: events)
        session.options.widthMapping = mapped.widthMapping
        session.title = title
        session.paper = paper
        return (session, summary)
    }

    /// The session's screen for pages `width` points wide, one below the other down to
    /// `bottom`, with the margin around them: at most a session's largest window (many pages
    /// are taller: the rest is scrolled to).
    static func screen(pagesWide width: Double, down bottom: Double) -> Viewport {
        let side = Double(Viewport.maximumSide)
        return Viewport(width: Int(min(side, (width + 2 * margin).rounded(.up))), height: Int(min(side, (bottom + margin).rounded(.up))))
    }

    /// The file a picture's base64 `data` is kept in: `folder/HASH.png` (or `.jpg`), HASH its
    /// bytes' FNV-1a 64 (`StableHash`) in hex, written once (a file of that name already there
    /// is its bytes), the folder made as needed. A PDF (Xournal++ 1.1's LaTeX) is kept as
    /// `HASH.pdf`, and its first page drawn into `HASH.png` beside it, `pdfPixelsPerPoint`
    /// pixels a point of its `box`: that is the picture, and `.xopp` gets the PDF back
    /// (`xoppData(of:)`). Returns the picture's file and the files this call made (none where
    /// they were there already), for a caller that leaves the picture out to remove; nil when
    /// the data is none of these, or cannot be read or written.
    static func keep(picture data: String, in folder: String, box: (width: Double, height: Double)) -> (file: String, made: [String])? {
        guard let bytes = Data(base64Encoded: data, options: .ignoreUnknownCharacters), !bytes.isEmpty else { return nil }
        let kind: String
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            kind = "png"
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            kind = "jpg"
        } else if bytes.starts(with: Array("%PDF".utf8)) {
            kind = "pdf"
        } else {
            return nil
        }
        var hash = StableHash()
        for b in bytes { hash.add(b) }
        let stem = absolute(folder) + "/" + String(format: "%016llx", hash.value)
        let file = stem + "." + kind
        let written = !FileManager.default.fileExists(atPath: file)
        if written {
            do {
                try FileManager.default.createDirectory(atPath: absolute(folder), withIntermediateDirectories: true)
                try bytes.write(to: URL(fileURLWithPath: file), options: .atomic)
            } catch {
                return nil
            }
        }
        var picture: String? = file
        var made = written ? [file] : []
        if kind == "pdf" {
            // The PDF drawn into a PNG of the box's size (at most 4,096 pixels a side).
            let png = stem + ".png", scale = min(pdfPixelsPerPoint, 4096 / max(1, box.width, box.height))
            let drawable = box.width > 0 && box.height > 0 && box.width.isFinite && box.height.isFinite
            let there = drawable && FileManager.default.fileExists(atPath: png)
            let drawn = there || drawable && PDFPages.shared.writeFirstPage(of: file, width: Int((box.width * scale).rounded(.up)),
                                                                           height: Int((box.height * scale).rounded(.up)), toPNG: png)
            if drawn, !there { made.append(png) }
            picture = drawn ? png : nil
        }
        guard let picture, PaperImages.canRead(picture) else {
            // Nothing is kept of data that is not a picture.
            for f in made { try? FileManager.default.removeItem(atPath: f) }
            return nil
        }
        return (picture, made)
    }

    /// 120 (0.47): the alpha Xournal++ 1.1 draws every highlighter with (its files say 0x7f,
    /// and it draws 0xff or 0x40 the same).
    static let highlighterAlpha: UInt8 = 120

    /// 4 pixels a point (288 dpi): a PDF's LaTeX drawn into its picture as sharp as a page
    /// zoomed to 400 %.
    static let pdfPixelsPerPoint = 4.0

    /// The bytes `.xopp` gets for a picture: its file's, or, for a picture drawn from a PDF
    /// (`keep`: `HASH.png` beside `HASH.pdf`), the PDF's; nil when they cannot be read.
    static func xoppData(of picture: PaperPicture) -> Data? {
        if picture.latex != nil, picture.file.hasSuffix(".png") {
            let pdf = String(picture.file.dropLast(4)) + ".pdf"
            if let data = try? FileKind.readWhole(pdf) { return data }
        }
        return try? FileKind.readWhole(picture.file)
    }

    /// `path` made absolute against the working directory, `.` and `..` resolved.
    static func absolute(_ path: String) -> String {
        ((path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path) as NSString).standardizingPath
    }

    /// Where the PDF or the image Xournal++ names as `name` in `domain` is: an absolute path as
    /// it is, a relative one from the folder of `source` (the document), an attached one beside
    /// the document (`source` + `attached`: Xournal++ names its PDF `.bg.pdf`, an image `.` and
    /// its `name`); nil when it cannot be known (no `source`, or attached inside a zip package).
    static func backgroundPath(_ name: String, domain: String, attached: String, source: String?, inPackage: Bool) -> String? {
        let folder = source.map { ($0 as NSString).deletingLastPathComponent }.map { $0.isEmpty ? "." : $0 }
        switch domain {
        case "attach":
            guard let source, !inPackage else { return nil }
            return absolute(source + attached)
        default:
            if name.hasPrefix("/") { return absolute(name) }
            guard let folder else { return nil }
            return absolute(folder + "/" + name)
        }
    }

    /// A stroke's `width` attribute: its size, then, where Xournal++ kept them, each point's
    /// width, in place. A damaged entry ("nan", 0, a word) takes the width before it (the size
    /// for the first), so the ones after stay with their points; a negative one counts as its
    /// magnitude (Xournal++ straightens those up too). No valid size: an empty list.
    static func widths(_ attribute: String) -> [Double] {
        var out: [Double] = []
        for token in attribute.split(whereSeparator: isListSeparator) {
            if let w = Double(token).map(abs), w.isFinite, w > 0 {
                out.append(w)
            } else if let previous = out.last {
                out.append(previous)
            } else {
                return []  // no size: the stroke is drawn at the default
            }
        }
        return out
    }

    /// Whether `c` separates the numbers of a list (a stroke's coordinates, its widths): XML's
    /// white space, and a Windows line end, which Swift reads as one character ("\r\n"; an XML
    /// parser reads it as "\n": a document saved with them lost every stroke they were in).
    static func isListSeparator(_ c: Character) -> Bool { c == " " || c == "\n" || c == "\t" || c == "\r" || c == "\r\n" }

    /// Whether `options`' width mapping gives `width` at some force for a stroke of `size`
    /// (within 1 %: Xournal++ writes widths to a few decimals).
    static func reaches(_ width: Double, size: Double, options: OutlineOptions) -> Bool {
        var o = options
        o.size = size
        let thinnest = 2 * OutlinePolygon.radius(pressure: 0, options: o), widest = 2 * OutlinePolygon.radius(pressure: 1, options: o)
        return width >= thinnest * 0.99 && width <= widest * 1.01
    }

    /// The force whose width, through `options`, is `width` (the width mapping inverted by
    /// bisection; widths beyond the mapping's range take its ends).
    static func force(giving width: Double, options: OutlineOptions) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if 2 * OutlinePolygon.radius(pressure: mid, options: options) < width { lo = mid } else { hi = mid }
        }
        return max(0.001, (lo + hi) / 2)
    }

    /// `#rrggbbaa`, or one of Xournal's named colours.
    static func colour(named name: String) -> InkColour? {
        if let c = InkColour(hex: name) { return c }
        let named: [String: String] = ["black": "#000000", "blue": "#3333cc", "red": "#ff0000", "green": "#008000", "gray": "#808080",
                                       "lightblue": "#00c0ff", "lightgreen": "#00ff00", "magenta": "#ff00ff", "orange": "#ff8000",
                                       "yellow": "#ffff00", "white": "#ffffff"]
        return named[name].flatMap { InkColour(hex: $0) }
    }

    /// The XML: gunzipped, or taken from a zip package's `content.xml` (`XoppDocument+Zip`), or
    /// as it is; at most `maximumXMLBytes`.
    static func inflate(_ bytes: [UInt8]) throws(Problem) -> [UInt8] {
        guard !bytes.isEmpty else { throw Problem(message: "the file is empty") }
        if let content = try zippedContent(bytes) { return content }
        guard bytes.count >= 2, bytes[0] == 0x1F, bytes[1] == 0x8B else { return bytes }
        // 15 + 32: zlib reads the gzip header itself.
        return try inflated(bytes[...], windowBits: 15 + 32, damaged: "the gzip data is damaged or cut short")
    }

    /// `bytes` inflated by zlib with `windowBits` (gzip, or raw deflate), at most
    /// `maximumXMLBytes`; `damaged` says what is wrong when they do not end as deflate ends.
    static func inflated(_ bytes: ArraySlice<UInt8>, windowBits: Int32, damaged: String) throws(Problem) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Problem(message: "zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var out: [UInt8] = []
        var input = Array(bytes)
        var block = [UInt8](repeating: 0, count: 1 << 16)
        var status = Z_OK
        input.withUnsafeMutableBufferPointer { inBuffer in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = uInt(inBuffer.count)
            repeat {
                block.withUnsafeMutableBufferPointer { b in
                    stream.next_out = b.baseAddress
                    stream.avail_out = uInt(b.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                out += block[0..<(block.count - Int(stream.avail_out))]
            } while status == Z_OK && out.count <= maximumXMLBytes
        }
        guard out.count <= maximumXMLBytes else { throw Problem(message: "it inflates to more than \(maximumXMLBytes >> 20) MiB of XML") }
        guard status == Z_STREAM_END else { throw Problem(message: damaged) }
        return out
    }
}

/// The elements of an XML document, start and end tags with their attributes, in order: enough
/// for Xournal++'s format (no DTD, no CDATA of interest). Text between tags is read on request.
struct XMLScanner {
    struct Element {
        var name: String
        var attributes: [String: String]
        var isStart: Bool

        /// The attribute `key` as a finite number; nil when absent, not a number, or not finite.
        func finite(_ key: String) -> Double? {
            Double(attributes[key] ?? "").flatMap { $0.isFinite ? $0 : nil }
        }
    }

    private let bytes: [UInt8]
    private var at = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next tag, or nil at the end; a tag left open is an error.
    mutating func next() throws(XoppDocument.Problem) -> Element? {
        while at < bytes.count {
            guard let open = bytes[at...].firstIndex(of: UInt8(ascii: "<")) else { at = bytes.count; return nil }
            guard let close = bytes[open...].firstIndex(of: UInt8(ascii: ">")) else { throw XoppDocument.Problem(message: "a tag is not closed: the XML is cut short") }
            at = close + 1
            let inner = bytes[(open + 1)..<close]
            guard let first = inner.first else { continue }
            if first == UInt8(ascii: "?") || first == UInt8(ascii: "!") { continue }
            let isEnd = first == UInt8(ascii: "/")
            let body = String(decoding: isEnd ? inner.dropFirst() : inner, as: UTF8.self)
            let selfClosing = body.hasSuffix("/")
            let text = selfClosing ? String(body.dropLast()) : body
            let name = String(text.prefix { !$0.isWhitespace })
            var attributes: [String: String] = [:]
            if !isEnd {
                var rest = text.dropFirst(name.count)[...]
                while let eq = rest.firstIndex(of: "=") {
                    let key = rest[..<eq].trimmingCharacters(in: .whitespacesAndNewlines)
                    let afterEq = rest[rest.index(after: eq)...].drop { $0.isWhitespace }
                    guard let quote = afterEq.first, quote == "\"" || quote == "'" else { break }
                    let valueStart = afterEq.index(after: afterEq.startIndex)
                    guard let end = afterEq[valueStart...].firstIndex(of: quote) else { break }
                    attributes[key] = XoppDocument.attributeValue(afterEq[valueStart..<end])
                    rest = afterEq[afterEq.index(after: end)...]
                }
            }
            return Element(name: name, attributes: attributes, isStart: !isEnd)
        }
        return nil
    }

    /// The text from here to `</name>`, which is consumed.
    mutating func text(until name: String) -> String {
        let end = Array("</\(name)>".utf8)
        var i = at
        while i + end.count <= bytes.count {
            if bytes[i] == end[0], Array(bytes[i..<(i + end.count)]) == end {
                let text = String(decoding: bytes[at..<i], as: UTF8.self)
                at = i + end.count
                return text
            }
            i += 1
        }
        let text = String(decoding: bytes[at...], as: UTF8.self)
        at = bytes.count
        return text
    }
}
