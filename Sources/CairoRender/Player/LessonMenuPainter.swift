import CCairo
import Foundation
import ForceCore
import ForcePlatform

/// The picker over the window: a title and the keys, then one row per entry (a document's
/// thumbnail, its name and detail; a lesson's title), the highlighted one filled; a name being
/// typed shows with a caret.
struct LessonMenuPainter {
    let menu: LessonMenu
    /// The window, shaded under the picker.
    let bounds: Rect
    /// Where the picker is centred (`LessonMenu.area`: the window less the message line's strip).
    let area: Rect

    var frame: Rect { menu.frame(in: area) }

    /// The keys line's top in the title, and its type.
    static let keysTop = 26.0
    static let keysStyle = TextPainter.Style(size: 11, colour: Palette.panelDim)

    /// The keys the picker takes, as its title says them: while a path is typed (on the line
    /// above them), while a name is, or the list's.
    static func keys(_ menu: LessonMenu) -> String {
        if menu.openingPath != nil { return "Return opens · Ctrl+V pastes · Esc" }
        if menu.naming != nil { return "Type the name · Return keeps it · Esc leaves it as it was" }
        return "Return opens · F2 renames · Ctrl+D duplicates · Delete → trash · Ctrl+Z undoes · N new · Ctrl+L a file · Esc"
    }

    /// `keys` ("Return opens · F2 renames · …") with the spaces within each key's part made
    /// no-break spaces, so a line breaks only at a " · ".
    static func unbroken(_ keys: String) -> String {
        keys.components(separatedBy: " · ").map { $0.replacingOccurrences(of: " ", with: "\u{00A0}") }.joined(separator: " · ")
    }

    /// 48 × 30 pt: a thumbnail in a 36 pt row.
    static let thumbnailSize = (width: 48.0, height: 30.0)

    func draw(_ cr: OpaquePointer) {
        cairo_rectangle(cr, bounds.x, bounds.y, bounds.width, bounds.height)
        CairoDrawing.setColour(RGBA(0, 0, 0, 0.45), cr)
        cairo_fill(cr)
        let f = frame
        CairoDrawing.fillRoundedRect(f, radius: 12, colour: RGBA(0.12, 0.12, 0.15, 0.97), cr)
        TextPainter.draw("DOCUMENTS · LESSONS · TRASH", at: Point(x: f.x + 16, y: f.y + 9),
                         style: .init(size: 12, bold: true, colour: Palette.panelDim), width: f.width - 32, overflow: .ellipsize, in: cr)
        if let path = menu.openingPath {
            // The path being typed, then its keys on the line below.
            let labelStyle = TextPainter.Style(size: 12, bold: true, colour: Palette.panelText)
            let label = Translation.text("Open:")
            let labelWidth = TextPainter.measure(label, style: labelStyle, width: nil, in: cr).width
            TextPainter.draw(label, at: Point(x: f.x + 16, y: f.y + Self.keysTop - 1), style: labelStyle, in: cr)
            let x = f.x + 16 + labelWidth + 6
            TypedTextPainter.draw(path, at: Point(x: x, y: f.y + Self.keysTop - 1), width: max(0, f.maxX - 18 - x),
                                  style: .init(size: 12, colour: Palette.panelText), caret: Palette.accent, in: cr)
            TextPainter.draw(Self.keys(menu), at: Point(x: f.x + 16, y: f.y + Self.keysTop + 16), style: Self.keysStyle,
                             width: f.width - 32, overflow: .ellipsizeMiddle, in: cr)
        } else {
            // On two lines: the keys are wider than the picker, at its widest too. A line
            // breaks between two keys, never between a key and what it does ("Ctrl+L" at
            // one line's end, "a file" at the next one's start).
            var style = Self.keysStyle
            style.translated = false
            TextPainter.draw(Self.unbroken(Translation.text(Self.keys(menu))), at: Point(x: f.x + 16, y: f.y + Self.keysTop),
                             style: style, width: f.width - 32, overflow: .wrapThenEllipsizeMiddle(lines: 2), in: cr)
        }
        if menu.entries.isEmpty {
            TextPainter.draw("No documents or lessons found", at: Point(x: f.x + 16, y: f.y + LessonMenu.titleHeight + 8),
                             style: .init(size: 13), width: f.width - 32, in: cr)
            return
        }
        for (i, e) in menu.entries.enumerated() where menu.isShown(i, in: f) {
            drawRow(e, highlighted: i == menu.highlighted, in: menu.row(i, in: f), cr)
        }
    }

    private func drawRow(_ e: LessonMenu.Entry, highlighted: Bool, in r: Rect, _ cr: OpaquePointer) {
        if highlighted { CairoDrawing.fillRoundedRect(r, radius: 8, colour: Palette.accent, cr) }
        var left = r.x + 12
        if e.kind != .lesson, e.kind != .emptyTrash { left = drawThumbnail(e.thumbnail, in: r, cr) }
        let detailWidth = e.detail.isEmpty ? 0.0 : min(200, r.width / 2.4)
        var title = e.title
        if highlighted, e.kind == .emptyTrash, menu.confirmingEmptyTrash { title = "Return again deletes them for good · Esc keeps them" }
        let dim = e.kind == .trashed || e.kind == .emptyTrash
        var style = TextPainter.Style(size: 13, bold: highlighted, colour: dim && !highlighted ? Palette.panelDim : Palette.panelText)
        let titleWidth = r.maxX - 12 - detailWidth - left
        if highlighted, let naming = menu.naming {
            TypedTextPainter.draw(naming, at: Point(x: left, y: r.y + 9), width: titleWidth, style: style, caret: Palette.panelText, in: cr)
        } else {
            // A document's name shows as it was typed; a lesson's title and the trash's rows
            // in the interface's language.
            if case .document = e.kind { style.translated = false }
            TextPainter.draw(title, at: Point(x: left, y: r.y + 9), style: style, width: titleWidth, overflow: .ellipsize, in: cr)
        }
        if !e.detail.isEmpty {
            TextPainter.draw(e.detail, at: Point(x: r.maxX - 12 - detailWidth, y: r.y + 10),
                             style: .init(size: 12, colour: highlighted ? Palette.panelText : Palette.panelDim),
                             width: detailWidth, alignment: .right, overflow: .ellipsize, in: cr)
        }
    }

    /// Draws a document's thumbnail (a blank card when it has none yet) at the row's left;
    /// returns where the title starts.
    private func drawThumbnail(_ path: String?, in r: Rect, _ cr: OpaquePointer) -> Double {
        let size = Self.thumbnailSize
        let box = Rect(x: r.x + 6, y: r.y + (r.height - size.height) / 2, width: size.width, height: size.height)
        CairoDrawing.fillRoundedRect(box, radius: 3, colour: Palette.paper, cr)
        if let path, let image = ThumbnailCache.shared.image(path) {
            cairo_save(cr)
            cairo_rectangle(cr, box.x, box.y, box.width, box.height)
            cairo_clip(cr)
            let scale = min(box.width / Double(image.pixelWidth), box.height / Double(image.pixelHeight))
            cairo_translate(cr, box.x + (box.width - scale * Double(image.pixelWidth)) / 2,
                            box.y + (box.height - scale * Double(image.pixelHeight)) / 2)
            cairo_scale(cr, scale, scale)
            cairo_set_source_surface(cr, image.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
            cairo_restore(cr)
        }
        return box.maxX + 10
    }
}

/// Thumbnails read once per file version (path and modification time), for the picker that
/// draws them every frame it is open. Holds at most `capacity`; the frame loop's thread only.
final class ThumbnailCache: @unchecked Sendable {
    static let shared = ThumbnailCache()
    /// 64 thumbnails (160 × 100 × 4 bytes: 4 MB at most).
    static let capacity = 64

    private let lock = NSLock()
    private var images: [String: (mtime: Int, image: ImageSurface?)] = [:]

    func image(_ path: String) -> ImageSurface? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let mtime = Int(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int(info.st_mtim.tv_nsec)
        lock.lock()
        defer { lock.unlock() }
        if let hit = images[path], hit.mtime == mtime { return hit.image }
        if images.count >= Self.capacity { images.removeAll() }
        let image = try? ImageSurface.readPNG(path)
        images[path] = (mtime, image)
        return image
    }
}
