import Foundation

/// A page of paper under the ink: where a Xournal++ document's page (or an opened PDF's) is on
/// the canvas, with its background (its colour, its ruling, its page of a PDF). Every renderer
/// draws a session's pages below its strokes; a canvas without pages is the blank canvas it
/// always was. A session's pages come from its header (`"paper"`), set when a Xournal++
/// document or a PDF is imported or opened, and are kept by the journal, the player and the
/// document's exports.
public struct PaperPage: Equatable, Hashable, Sendable {
    /// Xournal++'s backgrounds that ForceCanvas draws (its `style` attribute).
    public enum Ruling: String, CaseIterable, Sendable {
        /// Nothing but the colour.
        case plain
        /// Horizontal lines.
        case ruled
        /// Horizontal lines and a margin line.
        case lined
        /// Squares.
        case graph
        /// Dots on a square grid.
        case dotted
        /// Music staves: five lines each, closed at both ends.
        case staves
        /// Dots on a triangular grid.
        case isodotted
        /// A triangular grid.
        case isograph
    }

    /// 48 pt: the desk around and between a document's pages on the canvas, past the edges'
    /// system gestures (`EdgeGesture.edgeMargin`), so no stroke is taken for a swipe; an
    /// export of the pages keeps it around them (`InkLayer.exportArea`).
    public static let deskMargin = 48.0

    /// Where the page is, in document points.
    public var rect: Rect
    /// The paper's colour (opaque).
    public var colour: InkColour
    public var ruling: Ruling
    /// Xournal++'s background settings as its file gives them, `key=value` pairs joined by
    /// commas ("m1=40,rm=1": a 40-point margin, the grid rounded to it); kept as written so a
    /// document exported back to Xournal++ keeps them. `measures` reads the ones it knows,
    /// as Xournal++ does; others are kept and ignored.
    public var config: String
    /// The page of a PDF drawn on the paper at its own size from the page's corner (Xournal++'s
    /// annotated PDF): the file's absolute path and the page's number from 1. A document has one PDF (the
    /// header's `"pdf"`; each page its `"pdfPage"`). nil: none.
    public var pdf: PDFPage?
    /// An image drawn over the paper, stretched to the page (Xournal++'s image background,
    /// `type="pixmap"`): a PNG's or a JPEG's absolute path. A session names each file once (the header's
    /// `"images"`; each page its `"image"`, an index into them). nil: none.
    public var image: String?
    /// Pictures on the page (Xournal++'s `<image>` elements, kept as files: `PaperPicture`),
    /// drawn over its paper, under its texts and the ink.
    public var pictures: [PaperPicture]
    /// Typed text on the page (Xournal++'s `<text>` elements), drawn over its paper and under
    /// the ink, in the document's order.
    public var texts: [PaperText]

    /// Whether a file is read to draw the page: its image or its PDF page.
    public var isDrawnFromAFile: Bool { image != nil || pdf != nil }

    public struct PDFPage: Equatable, Hashable, Sendable {
        public var file: String
        public var page: Int
        public init(file: String, page: Int) {
            self.file = file
            self.page = page
        }
    }

    public init(rect: Rect, colour: InkColour = .white, ruling: Ruling = .plain, config: String = "", pdf: PDFPage? = nil,
                image: String? = nil, pictures: [PaperPicture] = [], texts: [PaperText] = []) {
        self.rect = rect
        self.colour = colour
        self.ruling = ruling
        self.config = config
        self.pdf = pdf
        self.image = image
        self.pictures = pictures
        self.texts = texts
    }

    /// 40 KB: the most a session's pages' texts and pictures take in its header as written
    /// (some 300 texts of a line or two, or 400 pictures): with the most pages, the most masks
    /// and the longest names, the header stays under a line's limit (`PaperTests`).
    public static let maximumContentBytes = 40 << 10

    /// The bytes this page's texts and pictures take in a session's header (`"texts":[…]`,
    /// `"pictures":[…]`, their commas; a picture counted with the longest index of an image).
    public var contentBytes: Int {
        (texts.isEmpty ? 0 : Self.textsListBytes + texts.reduce(0) { $0 + Self.headerBytes(of: $1) })
            + (pictures.isEmpty ? 0 : Self.picturesListBytes + pictures.reduce(0) { $0 + Self.headerBytes(of: $1) })
    }

    /// What adding `text` to this page adds to `contentBytes` (without laying out the others
    /// again: an import adds them one by one).
    public func contentBytes(adding text: PaperText) -> Int {
        (texts.isEmpty ? Self.textsListBytes : 0) + Self.headerBytes(of: text)
    }

    /// What adding `picture` to this page adds to `contentBytes`.
    public func contentBytes(adding picture: PaperPicture) -> Int {
        (pictures.isEmpty ? Self.picturesListBytes : 0) + Self.headerBytes(of: picture)
    }

    /// `,"texts":[]` and `,"pictures":[]`: a page's lists around their items.
    static let textsListBytes = 11, picturesListBytes = 14

    /// The bytes an item takes in its list, its comma included.
    static func headerBytes(of text: PaperText) -> Int { SessionCoding.textMember(text).utf8.count + 1 }
    static func headerBytes(of picture: PaperPicture) -> Int {
        SessionCoding.pictureMember(picture, image: maximumImages - 1).utf8.count + 1
    }

    /// At most 4,000 pages in a session, each with at most 64 bytes of settings: the header
    /// that holds them stays well under a line's limit (`InputLimits.maximumLineBytes`, about
    /// 190 bytes a page at most). Pages are a document's, one below the other: 4,000 pages of
    /// 250 points reach the canvas's last point already.
    public static let maximumCount = 4000
    public static let maximumConfigBytes = 64
    /// At most 64 image files under a session's pages (each named once, by a path of at most
    /// `InputLimits.maximumNameBytes`): the header stays under a line's limit with them.
    public static let maximumImages = 64

    /// What is wrong with this page for a session, nil when nothing: its rectangle finite,
    /// within the coordinate range and not empty, its settings short.
    public var problem: String? {
        let r = rect, reach = InputLimits.maximumCoordinate
        guard [r.x, r.y, r.width, r.height, r.maxX, r.maxY].allSatisfy({ $0.isFinite && abs($0) <= reach }) else {
            return "a page must lie within ±\(Int(reach)) points (its x, y, width and height numbers)"
        }
        guard r.width > 0, r.height > 0 else { return "a page's width and height must be more than 0" }
        guard config.utf8.count <= Self.maximumConfigBytes else {
            return "a page's \"config\" is \(config.utf8.count) bytes long (at most \(Self.maximumConfigBytes))"
        }
        if let pdf {
            guard pdf.file.hasPrefix("/"), pdf.file.utf8.count <= InputLimits.maximumNameBytes else {
                return "a PDF under the pages is named by its absolute path, at most \(InputLimits.maximumNameBytes) bytes"
            }
            guard (1...Self.maximumCount * 100).contains(pdf.page) else {
                return "a page's \"pdfPage\" must be a page number from 1 to \(Self.maximumCount * 100)"
            }
        }
        if let image, !(image.hasPrefix("/") && image.utf8.count <= InputLimits.maximumNameBytes) {
            return "an image under a page is named by its absolute path, at most \(InputLimits.maximumNameBytes) bytes"
        }
        return pictures.lazy.compactMap(\.problem).first ?? texts.lazy.compactMap(\.problem).first
    }
}

/// A picture on a page, as Xournal++ keeps one (`<image left top right bottom>`, a PNG or a
/// JPEG in base64): where it is stretched to, from the page's corner, and the file it is kept
/// in (written at import into the pictures folder, named by its bytes' hash: `XoppDocument`).
/// A session names the file in its header's `"images"`, as it names its pages' backgrounds.
public struct PaperPicture: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var file: String
    /// The LaTeX it was made from, when it is Xournal++'s picture of a formula (`<teximage
    /// text>`): written back as one, so Xournal++ can edit it again.
    public var latex: String?

    public init(x: Double, y: Double, width: Double, height: Double, file: String, latex: String? = nil) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.file = file
        self.latex = latex
    }

    /// What is wrong with this picture for a session, nil when nothing.
    public var problem: String? {
        let reach = InputLimits.maximumCoordinate
        guard [x, y, width, height].allSatisfy({ $0.isFinite && abs($0) <= reach }) else {
            return "a picture must lie within ±\(Int(reach)) points (its x, y, width and height numbers)"
        }
        guard width > 0, height > 0 else { return "a picture's width and height must be more than 0" }
        guard file.hasPrefix("/"), file.utf8.count <= InputLimits.maximumNameBytes else {
            return "an image under a page is named by its absolute path, at most \(InputLimits.maximumNameBytes) bytes"
        }
        if let latex {
            guard latex.utf8.count <= PaperText.maximumBytes else {
                return "a picture's LaTeX holds \(latex.utf8.count) bytes (at most \(PaperText.maximumBytes))"
            }
            guard !latex.unicodeScalars.contains(where: PaperText.isControl) else {
                return "a picture's LaTeX holds a control character (only line breaks and tabs)"
            }
        }
        return nil
    }
}

/// A block of typed text on a page, as Xournal++ keeps it (`<text font size x y color>`): its
/// top left in the page's points (from the page's corner), its font (a Pango description's
/// family and style words: "Sans", "Serif Bold Italic"), its size in points, its colour, and
/// its lines. It is drawn in the pinned fonts (`PinnedFonts`): a family with "Mono" or
/// "Courier" in its name in DejaVu Sans Mono, any other in DejaVu Sans (Xournal++'s default,
/// "Sans", is DejaVu Sans on Debian), its weight kept (bold), so a frame never depends on the
/// machine's fonts.
public struct PaperText: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var font: String
    public var size: Double
    public var colour: InkColour
    public var text: String

    public init(x: Double, y: Double, font: String = "Sans", size: Double = 12, colour: InkColour = InkColour(red: 0, green: 0, blue: 0),
                text: String) {
        self.x = x
        self.y = y
        self.font = font
        self.size = size
        self.colour = colour
        self.text = text
    }

    /// At most 8 KB a text (a few pages of typed notes) and 64 bytes a font's name (and in a
    /// session, `PaperPage.maximumContentBytes` of texts and pictures).
    public static let maximumBytes = 8 << 10
    public static let maximumFontBytes = 64
    /// Sizes from 0.5 to 1,000 points.
    public static let sizeRange = 0.5...1000.0

    /// What is wrong with this text for a session, nil when nothing: its place finite and
    /// within the canvas's reach, its size in range, its font named, both short, and no
    /// control character in it but a line break or a tab.
    public var problem: String? {
        let reach = InputLimits.maximumCoordinate
        guard x.isFinite, y.isFinite, abs(x) <= reach, abs(y) <= reach else {
            return "a text's x and y must lie within ±\(Int(reach)) points"
        }
        guard Self.sizeRange.contains(size) else { return "a text's \"size\" must be from 0.5 to 1000 points" }
        guard !font.isEmpty, font.utf8.count <= Self.maximumFontBytes else {
            return "a text's \"font\" must name a font in 1 to \(Self.maximumFontBytes) bytes"
        }
        guard text.utf8.count <= Self.maximumBytes else {
            return "a text holds \(text.utf8.count) bytes (at most \(Self.maximumBytes))"
        }
        guard !text.unicodeScalars.contains(where: Self.isControl) else {
            return "a text holds a control character (only line breaks and tabs)"
        }
        return nil
    }

    /// A control character other than a line break or a tab (what a text may not hold).
    public static func isControl(_ u: Unicode.Scalar) -> Bool {
        (u.value < 0x20 && u != "\n" && u != "\t") || (0x7F...0x9F).contains(u.value)
    }
}

extension InkColour {
    public static let white = InkColour(red: 255, green: 255, blue: 255)

    /// Xournal++'s test of a light colour (`Color::isLight`): its channels add up to more than 384.
    var isLight: Bool { Int(red) + Int(green) + Int(blue) > 0x180 }
}

/// How a page's ruling is drawn, in the page's own points (its top left is 0, 0): Xournal++'s
/// numbers (`RuledBackgroundView`, `LinedBackgroundView`, `GraphBackgroundView`,
/// `DottedBackgroundView`), changed by the page's settings as Xournal++ changes them.
public struct PaperMeasures: Equatable, Sendable {
    /// The lines' (or dots') colour, and the margin line's.
    public var colour: InkColour
    public var marginColour: InkColour
    public var lineWidth: Double
    /// Ruled and lined: the space between lines (`r1`), 24. Graph and dotted: the squares' side,
    /// 14.17 (5 mm); isometric: the triangles' side, the same.
    public var spacing: Double
    /// Lined: the margin line's x (`m1`; negative from the right), 72. Graph: no line within
    /// this much of the edges (`m1`), 0.
    public var margin: Double
    /// Graph: the grid ends on whole squares inside the margin (`rm=1`).
    public var roundsMargin: Bool
    /// Graph: every this many lines one is bold (`bli`; 0 none), at `boldWidth` (`blw`, 1.5).
    public var boldInterval: Int
    public var boldWidth: Double

    /// Ruled, lined and staves: the first line's y, and the room left below the last.
    public static let header = 80.0, footer = 60.0
    /// Staves: the room left and right of them, between two of them, and between their lines.
    public static let stavesMargin = 50.0, stavesSpacing = 40.0, staffLineSpacing = 5.0

    init(_ page: PaperPage) {
        let light = page.colour.isLight
        let settings = Self.settings(page.config)
        func number(_ key: String, _ fallback: Double) -> Double {
            settings[key].flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil } ?? fallback
        }
        func hexColour(_ key: String, _ fallback: UInt32) -> InkColour {
            let hex = settings[key].map { $0.hasPrefix("0x") || $0.hasPrefix("0X") ? String($0.dropFirst(2)) : $0 }
            let value = hex.flatMap { UInt32($0, radix: 16) } ?? fallback
            return InkColour(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
        }
        let lines = page.ruling == .ruled || page.ruling == .lined
        let (lightColour, darkColour): (UInt32, UInt32) = switch page.ruling {
        case .ruled, .lined: (0x40A0FF, 0x434343)
        case .staves: (0x000000, 0xFFFFFF)
        case .plain, .graph, .dotted, .isodotted, .isograph: (0xBDBDBD, 0x434343)
        }
        colour = light ? hexColour("f1", lightColour) : hexColour("af1", darkColour)
        marginColour = light ? hexColour("f2", 0xFF0080) : hexColour("af2", 0x220080)
        let width = switch page.ruling {
        case .dotted, .isodotted: 1.5
        case .isograph: 1.0
        case .plain, .ruled, .lined, .graph, .staves: 0.5
        }
        lineWidth = max(0, number("lw", width))
        spacing = number("r1", lines ? 24 : 14.17)
        margin = number("m1", page.ruling == .lined ? 72 : 0)
        if page.ruling == .lined, margin < 0 { margin += page.rect.width }
        roundsMargin = margin > 0 && (Int(settings["rm"] ?? "") ?? 0) != 0
        boldInterval = max(0, Int(settings["bli"] ?? "") ?? 0)
        boldWidth = max(0, number("blw", 1.5))
    }

    /// `key=value` pairs joined by commas; the last `=` splits a pair (Xournal++'s reading).
    static func settings(_ config: String) -> [String: String] {
        var out: [String: String] = [:]
        for part in config.split(separator: ",") {
            guard let eq = part.lastIndex(of: "=") else { continue }
            out[String(part[..<eq]).trimmingCharacters(in: .whitespaces)] = String(part[part.index(after: eq)...])
                .trimmingCharacters(in: .whitespaces)
        }
        return out
    }
}

extension PaperPage {
    public var measures: PaperMeasures { PaperMeasures(self) }

    /// The pages of `pages` that show in `shown` (document points) or would after a screenful's
    /// move up or down (Page Up, Page Down, a scroll): their indices, the page nearest the
    /// middle of `shown` first. What a window reads ahead of drawing (`PaperImages.prefetch`).
    public static func near(_ shown: Rect, in pages: [PaperPage]) -> [Int] {
        guard shown.width > 0, shown.height > 0 else { return [] }
        let reach = Rect(x: shown.x, y: shown.y - shown.height, width: shown.width, height: 3 * shown.height)
        let middle = shown.center
        func distance(_ r: Rect) -> Double {
            let dx = max(r.x - middle.x, 0, middle.x - (r.x + r.width)), dy = max(r.y - middle.y, 0, middle.y - (r.y + r.height))
            return dx * dx + dy * dy
        }
        return pages.indices.filter { pages[$0].rect.intersects(reach) }
            .sorted { (distance(pages[$0].rect), $0) < (distance(pages[$1].rect), $1) }
    }

    /// One set of lines of a page's ruling, drawn with one width and cap (a dot is a line of
    /// no length with round caps).
    public struct Lines: Equatable, Sendable {
        public enum Cap: Sendable { case butt, square, round }
        public var colour: InkColour
        public var width: Double
        public var cap: Cap
        /// Each line's ends, in document points.
        public var segments: [(Point, Point)]

        public static func == (a: Lines, b: Lines) -> Bool {
            a.colour == b.colour && a.width == b.width && a.cap == b.cap
                && a.segments.elementsEqual(b.segments) { $0.0 == $1.0 && $0.1 == $1.1 }
        }
    }

    /// The lines of this page's ruling that can show inside `clip` (document points), as
    /// Xournal++ draws them for that part of the page: a line is drawn across the part of the
    /// page in the clip, so the page drawn in pieces is the page drawn whole. At most
    /// `maximumSegments` (a page zoomed far out is drawn without its ruling past that).
    public func lines(within clip: Rect) -> [Lines] {
        let part = clip.intersection(rect)
        guard !part.isNull, ruling != .plain else { return [] }
        let m = measures
        // The part in the page's own points.
        let minX = part.x - rect.x, maxX = part.maxX - rect.x, minY = part.y - rect.y, maxY = part.maxY - rect.y
        let w = rect.width, h = rect.height
        func at(_ x: Double, _ y: Double) -> Point { Point(x: rect.x + x, y: rect.y + y) }
        // Xournal++'s `getIndexBounds`: the steps whose lines fall in [min, max], kept `margin`
        // from both ends of `length`.
        // (None when there are more than `maximumSegments`.)
        func steps(_ lo: Double, _ hi: Double, _ step: Double, _ margin: Double, _ length: Double) -> Range<Int> {
            guard step > 0 else { return 0..<0 }
            let a = (Swift.max(lo, margin) / step).rounded(.up), b = (Swift.min(hi, length - margin) / step).rounded(.down)
            guard a <= b, b - a < Double(Self.maximumSegments) else { return 0..<0 }
            return Int(a)..<Int(b) + 1
        }
        var out: [Lines] = []
        switch ruling {
        case .plain:
            break
        case .ruled, .lined:
            let half = m.lineWidth / 2, top = PaperMeasures.header
            let range = steps(minY - top - half, maxY - top + half, m.spacing, 0, h - top - PaperMeasures.footer)
            out.append(Lines(colour: m.colour, width: m.lineWidth, cap: .butt, segments: range.map { i in
                let y = top + Double(i) * m.spacing
                return (at(minX, y), at(maxX, y))
            }))
            if ruling == .lined {
                out.append(Lines(colour: m.marginColour, width: m.lineWidth, cap: .butt, segments: [(at(m.margin, 0), at(m.margin, h))]))
            }
        case .graph:
            var (x0, x1, y0, y1) = (minX, maxX, minY, maxY)
            if m.margin > 0 {
                (x0, x1, y0, y1) = (Swift.max(x0, m.margin), Swift.min(x1, w - m.margin), Swift.max(y0, m.margin), Swift.min(y1, h - m.margin))
            }
            let half = (m.boldInterval > 0 ? m.boldWidth : m.lineWidth) / 2
            let clearance = Swift.max(m.margin, half)
            let xs = steps(x0 - half, x1 + half, m.spacing, clearance, w)
            let ys = steps(y0 - half, y1 + half, m.spacing, clearance, h)
            if m.roundsMargin {
                let px = steps(m.margin - half, w - m.margin + half, m.spacing, clearance, w)
                let py = steps(m.margin - half, h - m.margin + half, m.spacing, clearance, h)
                (x0, x1) = (Swift.max(x0, m.spacing * Double(px.lowerBound)), Swift.min(x1, m.spacing * Double(px.upperBound - 1)))
                (y0, y1) = (Swift.max(y0, m.spacing * Double(py.lowerBound)), Swift.min(y1, m.spacing * Double(py.upperBound - 1)))
            }
            func grid(bold: Bool?) -> [(Point, Point)] {
                func wanted(_ i: Int) -> Bool { bold.map { ($0 ? i % m.boldInterval == 0 : i % m.boldInterval != 0) } ?? true }
                var segments: [(Point, Point)] = []
                if y0 < y1 { for i in xs where wanted(i) { let x = Double(i) * m.spacing; segments.append((at(x, y0), at(x, y1))) } }
                if x0 < x1 { for i in ys where wanted(i) { let y = Double(i) * m.spacing; segments.append((at(x0, y), at(x1, y))) } }
                return segments
            }
            if m.boldInterval > 0 {
                out.append(Lines(colour: m.colour, width: m.lineWidth, cap: .square, segments: grid(bold: false)))
                out.append(Lines(colour: m.colour, width: m.boldWidth, cap: .square, segments: grid(bold: true)))
            } else {
                out.append(Lines(colour: m.colour, width: m.lineWidth, cap: .square, segments: grid(bold: nil)))
            }
        case .dotted:
            let half = m.lineWidth / 2
            let xs = steps(minX - half, maxX + half, m.spacing, half, w), ys = steps(minY - half, maxY + half, m.spacing, half, h)
            guard xs.count * ys.count <= Self.maximumSegments else { break }
            var dots: [(Point, Point)] = []
            dots.reserveCapacity(xs.count * ys.count)
            for i in xs { for j in ys { let p = at(Double(i) * m.spacing, Double(j) * m.spacing); dots.append((p, p)) } }
            out.append(Lines(colour: m.colour, width: m.lineWidth, cap: .round, segments: dots))
        case .staves:
            // Xournal++ keeps a gap of four line widths more between staves (for its old documents).
            let staff = m.lineWidth + 4 * PaperMeasures.staffLineSpacing
            let between = PaperMeasures.stavesSpacing + staff + 4 * m.lineWidth
            let top = PaperMeasures.header, left = PaperMeasures.stavesMargin, right = w - PaperMeasures.stavesMargin
            let range = steps(minY - top - staff, maxY + m.lineWidth / 2 - top, between, 0, h - top - PaperMeasures.footer)
            var segments: [(Point, Point)] = []
            for i in range {
                let y0 = top + Double(i) * between, y4 = y0 + 4 * PaperMeasures.staffLineSpacing
                for k in 0..<5 {
                    let y = y0 + Double(k) * PaperMeasures.staffLineSpacing
                    segments.append((at(left, y), at(right, y)))
                }
                segments.append((at(right, y4), at(right, y0)))
                segments.append((at(left, y0), at(left, y4)))
            }
            out.append(Lines(colour: m.colour, width: m.lineWidth, cap: .square, segments: segments))
        case .isodotted, .isograph:
            // The whole page's grid (a few thousand dots or lines at most), centred, a triangle's
            // side from the edges; dots outside the clip are left out.
            let t = m.spacing
            guard t > 0 else { break }
            let xstep = 3.0.squareRoot() / 2 * t, ystep = t / 2
            let columns = ((w - 2 * t) / xstep).rounded(.down), rows = ((h - 2 * t) / ystep).rounded(.down)
            guard columns >= 0, rows >= 0, (columns + 1) * (rows + 1) <= Double(Self.maximumSegments) else { break }
            let cols = Int(columns), rowCount = Int(rows)
            let width = Double(cols) * xstep, height = Double(rowCount) * ystep
            let x0 = (w - width) / 2, y0 = (h - height) / 2
            func grid(_ x: Double, _ y: Double) -> Point { at(x0 + x, y0 + y) }
            if ruling == .isodotted {
                let reach = part.insetBy(-m.lineWidth)
                var dots: [(Point, Point)] = []
                for col in 0...cols {
                    let even = col % 2 == 0
                    for row in stride(from: 0, through: even ? rowCount - 2 : rowCount, by: 2) {
                        let p = grid(Double(col) * xstep, (even ? ystep : 0) + Double(row) * ystep)
                        if p.x >= reach.x, p.x <= reach.maxX, p.y >= reach.y, p.y <= reach.maxY { dots.append((p, p)) }
                    }
                }
                out.append(Lines(colour: m.colour, width: m.lineWidth, cap: .round, segments: dots))
            } else {
                out.append(Lines(colour: m.colour, width: m.lineWidth, cap: .round,
                                 segments: Self.isometricLines(columns: cols, rows: rowCount, xstep: xstep, ystep: ystep).map { (grid($0.x, $0.y), grid($1.x, $1.y)) }))
            }
        }
        return out.filter { !$0.segments.isEmpty }
    }

    /// Xournal++'s triangular grid of `columns` × `rows` steps, from its top left: the top and
    /// bottom lines, a vertical line at each column, and the diagonals both ways.
    static func isometricLines(columns cols: Int, rows: Int, xstep: Double, ystep: Double) -> [(Point, Point)] {
        let width = Double(cols) * xstep, height = Double(rows) * ystep
        func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
        var out = [(p(0, 0), p(width, 0)), (p(0, height), p(width, height))]
        for col in 0...cols { out.append((p(Double(col) * xstep, 0), p(Double(col) * xstep, height))) }
        let hdiags = cols / 2, vdiags = rows / 2, diags = hdiags + vdiags
        let hcorr = Double(cols - 2 * hdiags), vcorr = Double(rows - 2 * vdiags)
        // Left-down diagonals: one end along the top then down the right, the other down the
        // left then along the bottom.
        for d in 0..<(diags + (cols - 2 * hdiags) * (rows - 2 * vdiags)) {
            let a = d < hdiags ? p(xstep + Double(d) * 2 * xstep, 0) : p(width, ystep + Double(d - hdiags) * 2 * ystep - hcorr * ystep)
            let b = d < vdiags ? p(0, ystep + Double(d) * 2 * ystep) : p(xstep + Double(d - vdiags) * 2 * xstep - vcorr * xstep, height)
            out.append((a, b))
        }
        // Right-down diagonals, the mirror.
        for d in 0..<diags {
            let a = d < hdiags ? p(width - (xstep + Double(d) * 2 * xstep) - hcorr * xstep, 0) : p(0, ystep + Double(d - hdiags) * 2 * ystep)
            let b = d < vdiags ? p(width, ystep + Double(d) * 2 * ystep + hcorr * ystep)
                : p(width - (xstep + Double(d - vdiags) * 2 * xstep) + (vcorr - hcorr) * xstep, height)
            out.append((a, b))
        }
        return out
    }

    /// 200,000 lines or dots: a page's ruling past that (zoomed far out, a huge page) is not drawn.
    public static let maximumSegments = 200_000
}
