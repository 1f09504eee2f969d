/// The header's `"paper"`: the pages under the ink (`PaperPage`), a list of
/// `{"x", "y", "width", "height", "colour", "ruling", "config", "pdfPage", "image", "pictures",
/// "texts"}` in document points, where `colour` (default white), `ruling` (default plain),
/// `config` (Xournal++'s settings, default none), `pdfPage` (the page of the header's `"pdf"`
/// drawn on it, from 1), `image` (the image of the header's `"images"` drawn on it, from 0),
/// `pictures` (pictures on it: `{"x", "y", "width", "height", "image", "latex"}`, from the
/// page's corner, each an image of `"images"`, `latex` the formula it shows, if any) and
/// `texts` (the typed text on it: `{"x", "y", "font", "size", "colour", "text"}`, its place
/// from the page's corner, `font` default "Sans", `size` default 12, `colour` `#rrggbbaa`,
/// default black) may be left out. The
/// document's one PDF is named once, in the header's `"pdf"`, and its images once each, in
/// `"images"`, by their absolute paths (a document of a few thousand pages keeps its header
/// short).
extension SessionParser {
    static func parsePaper(_ f: SessionFields) throws(SessionError) -> [PaperPage] {
        let pdf = try f.optionalString("pdf")
        let images = try parseImages(f)
        guard let raw = try f.value("paper") else {
            if pdf != nil { throw f.fail("\"pdf\" names the PDF under the pages of \"paper\", and there are none") }
            if !images.isEmpty { throw f.fail("\"images\" names the images under the pages of \"paper\", and there are none") }
            return []
        }
        guard case .array(let items) = raw else { throw f.fail("\"paper\" must be a list of pages {\"x\", \"y\", \"width\", \"height\", …}") }
        guard items.count <= PaperPage.maximumCount else {
            throw f.fail("\"paper\" has \(items.count) pages (at most \(PaperPage.maximumCount))")
        }
        var pages: [PaperPage] = []
        pages.reserveCapacity(items.count)
        // The bytes the texts and pictures of the pages so far take in the header (bounded in all).
        var contentBytes = 0
        for (i, item) in items.enumerated() {
            guard case .object(let members) = item else { throw f.fail("\"paper\" page \(i + 1) must be an object {\"x\", \"y\", \"width\", \"height\", …}") }
            let p = SessionFields(members: members, file: f.file, line: f.line)
            try p.allowOnly(SessionKeys.paperPage, in: "paper")
            let within = "\"paper\" page \(i + 1): "
            func number(_ key: String) throws(SessionError) -> Double {
                do { return try p.number(key) } catch { throw f.fail(within + error.message) }
            }
            var page = PaperPage(rect: Rect(x: try number("x"), y: try number("y"), width: try number("width"), height: try number("height")))
            if let hex = try p.optionalString("colour") {
                guard let c = InkColour(hex: hex), c.alpha == 255 else { throw f.fail(within + "\"colour\" must be #rrggbb, not \"\(hex)\"") }
                page.colour = c
            }
            if let name = try p.optionalString("ruling") {
                guard let ruling = PaperPage.Ruling(rawValue: name) else {
                    throw f.fail(within + "unknown ruling \"\(name)\" (expected \(PaperPage.Ruling.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                page.ruling = ruling
            }
            page.config = try p.optionalString("config") ?? ""
            if try p.value("pdfPage") != nil {
                guard let pdf else { throw f.fail(within + "\"pdfPage\" without a \"pdf\" in the header") }
                let n: Int
                do { n = try p.integer("pdfPage") } catch { throw f.fail(within + error.message) }
                page.pdf = PaperPage.PDFPage(file: pdf, page: n)
            }
            if try p.value("image") != nil {
                do { page.image = try image(p, among: images) } catch { throw f.fail(within + error.message) }
            }
            page.pictures = try parsePictures(p, images: images, within: within)
            page.texts = try parseTexts(p, within: within)
            contentBytes += page.contentBytes
            guard contentBytes <= PaperPage.maximumContentBytes else {
                throw f.fail(within + "the pages' texts and pictures go past the most a session holds (\(PaperPage.maximumContentBytes >> 10) KB as written)")
            }
            if let problem = page.problem { throw f.fail(within + problem) }
            pages.append(page)
        }
        return pages
    }
}

extension SessionParser {
    /// A page's `"pictures"`: a list of `{"x", "y", "width", "height", "image", "latex"}`,
    /// `image` an index into the header's `images`.
    static func parsePictures(_ p: SessionFields, images: [String], within: String) throws(SessionError) -> [PaperPicture] {
        try parseList(p, key: "pictures", within: within, noun: "picture",
                      shape: "\"pictures\" must be a list of pictures {\"x\", \"y\", \"width\", \"height\", \"image\"}",
                      keys: SessionKeys.paperPicture) { t throws(SessionError) in
            let file = try image(t, among: images)
            let picture = PaperPicture(x: try t.number("x"), y: try t.number("y"), width: try t.number("width"),
                                       height: try t.number("height"), file: file, latex: try t.optionalString("latex"))
            if let problem = picture.problem { throw t.fail(problem) }
            return picture
        }
    }

    /// A page's `"texts"`: a list of `{"x", "y", "font", "size", "colour", "text"}`.
    static func parseTexts(_ p: SessionFields, within: String) throws(SessionError) -> [PaperText] {
        try parseList(p, key: "texts", within: within, noun: "text", shape: "\"texts\" must be a list of texts {\"x\", \"y\", \"text\", …}",
                      keys: SessionKeys.paperText) { t throws(SessionError) in
            var text = PaperText(x: try t.number("x"), y: try t.number("y"), text: try t.string("text"))
            if let font = try t.optionalString("font") { text.font = font }
            if let size = try t.optionalNumber("size") { text.size = size }
            if let hex = try t.optionalString("colour") {
                guard let c = InkColour(hex: hex) else { throw t.fail("\"colour\" must be #rrggbbaa, not \"\(hex)\"") }
                text.colour = c
            }
            if let problem = text.problem { throw t.fail(problem) }
            return text
        }
    }

    /// The file of the header's `images` that `fields`' `"image"` names by its index.
    private static func image(_ fields: SessionFields, among images: [String]) throws(SessionError) -> String {
        let k = try fields.integer("image")
        guard images.indices.contains(k) else {
            throw fields.fail("\"image\" \(k) is not one of the header's \(images.count) \"images\" (from 0)")
        }
        return images[k]
    }

    /// A page's list `key` of objects with the members `keys`, each read by `item`; a problem
    /// names the page (`within`) and the item ("text 2: …"); `shape` says what the list is.
    private static func parseList<Item>(
        _ p: SessionFields, key: String, within: String, noun: String, shape: String, keys: Set<String>,
        _ item: (SessionFields) throws(SessionError) -> Item
    ) throws(SessionError) -> [Item] {
        guard let raw = try p.value(key) else { return [] }
        guard case .array(let values) = raw else { throw p.fail(within + shape) }
        var items: [Item] = []
        for (k, value) in values.enumerated() {
            guard case .object(let members) = value else { throw p.fail(within + shape) }
            let t = SessionFields(members: members, file: p.file, line: p.line)
            let at = within + "\(noun) \(k + 1): "
            do throws(SessionError) {
                try t.allowOnly(keys, in: key)
                items.append(try item(t))
            } catch {
                throw p.fail(at + error.message)
            }
        }
        return items
    }
}

extension SessionParser {
    /// The header's `"images"`: a list of at most `PaperPage.maximumImages` paths.
    static func parseImages(_ f: SessionFields) throws(SessionError) -> [String] {
        guard let raw = try f.value("images") else { return [] }
        guard case .array(let items) = raw else { throw f.fail("\"images\" must be a list of paths") }
        guard items.count <= PaperPage.maximumImages else {
            throw f.fail("\"images\" has \(items.count) files (at most \(PaperPage.maximumImages))")
        }
        return try items.map { item throws(SessionError) -> String in
            guard case .string(let path) = item else { throw f.fail("\"images\" must be a list of paths") }
            // Each named as a page holding it must name it, used or not.
            if let problem = PaperPage(rect: Rect(x: 0, y: 0, width: 1, height: 1), image: path).problem { throw f.fail(problem) }
            return path
        }
    }
}

extension SessionCoding {
    /// The header's `"paper"` member with its leading comma, or "" when there are no pages,
    /// after its `"pdf"` when a page has one (a document has one PDF: a page that names
    /// another file than the first, which no import makes, is written without it).
    static func paperMember(_ pages: [PaperPage]) -> String {
        guard !pages.isEmpty else { return "" }
        let pdf = pages.lazy.compactMap(\.pdf?.file).first
        // Each image once, in the order pages first name them (past the most a header holds,
        // which no import makes, a page's image is left out).
        var images: [String] = [], index: [String: Int] = [:]
        for image in pages.flatMap({ [$0.image].compactMap { $0 } + $0.pictures.map(\.file) })
        where index[image] == nil && images.count < PaperPage.maximumImages {
            index[image] = images.count
            images.append(image)
        }
        return (pdf.map { ",\"pdf\":\(quoted($0))" } ?? "")
            + (images.isEmpty ? "" : ",\"images\":[" + images.map(quoted).joined(separator: ",") + "]")
            + ",\"paper\":[" + pages.map { p in
            let r = p.rect
            return "{\"x\":\(num(r.x)),\"y\":\(num(r.y)),\"width\":\(num(r.width)),\"height\":\(num(r.height))"
                + (p.colour == .white ? "" : ",\"colour\":\"\(String(p.colour.hex.prefix(7)))\"")
                + (p.ruling == .plain ? "" : ",\"ruling\":\"\(p.ruling.rawValue)\"")
                + (p.config.isEmpty ? "" : ",\"config\":\(quoted(p.config))")
                + (p.pdf.flatMap { $0.file == pdf ? ",\"pdfPage\":\($0.page)" : nil } ?? "")
                + (p.image.flatMap { index[$0] }.map { ",\"image\":\($0)" } ?? "")
                + pictures(p.pictures.compactMap { picture in index[picture.file].map { pictureMember(picture, image: $0) } })
                + (p.texts.isEmpty ? "" : ",\"texts\":[" + p.texts.map(textMember).joined(separator: ",") + "]") + "}"
        }.joined(separator: ",") + "]"
    }

    /// A page's `"pictures"` member with its leading comma ("" for none).
    private static func pictures(_ members: [String]) -> String {
        members.isEmpty ? "" : ",\"pictures\":[" + members.joined(separator: ",") + "]"
    }

    /// A page's picture as `"pictures"` holds it, its file the header's image `image`.
    public static func pictureMember(_ p: PaperPicture, image: Int) -> String {
        "{\"x\":\(num(p.x)),\"y\":\(num(p.y)),\"width\":\(num(p.width)),\"height\":\(num(p.height)),\"image\":\(image)"
            + (p.latex.map { ",\"latex\":\(quoted($0))" } ?? "") + "}"
    }

    /// A page's text as `"texts"` holds it (its font and size left out at their defaults).
    public static func textMember(_ t: PaperText) -> String {
        "{\"x\":\(num(t.x)),\"y\":\(num(t.y))" + (t.font == "Sans" ? "" : ",\"font\":\(quoted(t.font))")
            + (t.size == 12 ? "" : ",\"size\":\(num(t.size))") + ",\"colour\":\"\(t.colour.hex)\",\"text\":\(quoted(t.text))}"
    }
}
