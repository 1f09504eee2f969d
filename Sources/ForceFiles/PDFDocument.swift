import CairoRender
import ForceCore
import ForcePlatform
import Foundation

/// A PDF opened to be drawn on (`run --open slides.pdf`, a file dropped on the window, `import`):
/// a session of no strokes whose pages are the PDF's, one below the other with Xournal++'s
/// margin, each on its page of the PDF (`PaperPage.pdf`), as Xournal++'s "Annotate PDF" lays
/// them out. What is drawn on them is exported as the annotated PDF (a page for each page).
public enum PDFDocument {
    /// What opening the PDF found.
    public struct Summary: Equatable, Sendable {
        public var pages = 0
        /// Pages past the most a session holds, or past the canvas's last point: not laid out.
        public var pagesLeftOut = 0
    }

    /// Whether `bytes` (a file's first bytes) begin a PDF.
    public static func isPDF(_ bytes: some Collection<UInt8>) -> Bool { bytes.starts(with: Array("%PDF-".utf8)) }

    /// The session of the PDF at `path` (made absolute: the session names it so).
    public static func session(of path: String, title: String?) throws(XoppDocument.Problem) -> (Session, Summary) {
        let file = XoppDocument.absolute(path)
        guard let sizes = PDFPages.shared.pageSizes(of: file, limit: PaperPage.maximumCount + 1) else {
            throw XoppDocument.Problem(message: "not a PDF Poppler can read")
        }
        guard !sizes.isEmpty else { throw XoppDocument.Problem(message: "a PDF of no pages") }
        let margin = XoppDocument.margin
        var summary = Summary()
        var paper: [PaperPage] = []
        var top = margin, width = 0.0
        for (i, size) in sizes.enumerated() {
            summary.pages += 1
            // (To a ten-thousandth of a point, as Xournal++ writes sizes: Poppler's come with
            // the float noise of the file's.)
            let w = (size.width * 10_000).rounded() / 10_000, h = (size.height * 10_000).rounded() / 10_000
            let page = PaperPage(rect: Rect(x: margin, y: top, width: w, height: h),
                                 pdf: PaperPage.PDFPage(file: file, page: i + 1))
            guard paper.count < PaperPage.maximumCount, page.problem == nil else {
                summary.pagesLeftOut += 1
                continue
            }
            paper.append(page)
            width = max(width, w)
            top = page.rect.maxY + margin
        }
        guard !paper.isEmpty else { throw XoppDocument.Problem(message: "its pages are larger than a canvas holds") }
        var session = Session(viewport: XoppDocument.screen(pagesWide: width, down: paper.last.map(\.rect.maxY) ?? 0))
        session.title = title
        session.paper = paper
        return (session, summary)
    }

    /// What of the PDF is not laid out, one phrase (as `XoppDocument.leftOut`).
    public static func leftOut(_ summary: Summary) -> [String] {
        summary.pagesLeftOut > 0 ? ["past the canvas's last point: " + Wording.count(summary.pagesLeftOut, "page") + ", left out"] : []
    }
}
