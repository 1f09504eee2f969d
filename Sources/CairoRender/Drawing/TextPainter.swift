import CCairo
import CPangoCairo
import ForceCore
import ForcePlatform

/// Text laid out with Pango (wrapping, ellipsizing, font fallback), in the pinned fonts only
/// (`PinnedFonts`): DejaVu Sans, and the CJK font for what it lacks (Chinese captions, titles,
/// toasts), so golden images match on every machine.
public enum TextPainter {
    /// The family named explicitly (fonts-dejavu-core).
    public static let family = "DejaVu Sans"
    public static let monoFamily = "DejaVu Sans Mono"

    public struct Style: Sendable {
        public var size: Double
        public var bold: Bool
        public var mono: Bool
        public var colour: RGBA
        /// Drawn in the interface's language where it has a translation; false for text a
        /// user typed (a name, a caption), which shows as typed.
        public var translated = true
        public init(size: Double = 12, bold: Bool = false, mono: Bool = false, colour: RGBA = Palette.panelText) {
            self.size = size
            self.bold = bold
            self.mono = mono
            self.colour = colour
        }
    }

    /// How text that does not fit is handled.
    /// Too long for the width: wrapped, or cut with "…" at its end (or at its start, where the
    /// end matters: text being typed; or in its middle, where both ends do: a file's path), or
    /// wrapped onto at most so many lines, the last cut in its middle if it must be (a status
    /// line: a sentence is read whole, and a long path still shows its file at its end).
    public enum Overflow {
        case wrap, ellipsize, ellipsizeStart, ellipsizeMiddle
        case wrapThenEllipsizeMiddle(lines: Int)
    }

    /// Horizontal alignment of the lines within `width`.
    public enum Alignment { case left, center, right }

    /// Sets font options that do not depend on the machine's fontconfig defaults (grey
    /// antialiasing, no hinting), so text pixels are reproducible.
    public static func prepare(_ cr: OpaquePointer) {
        guard let options = cairo_font_options_create() else { return }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    /// The size `text` takes at `width` (points).
    public static func measure(_ text: String, style: Style, width: Double?, overflow: Overflow = .wrap,
                               in cr: OpaquePointer) -> (width: Double, height: Double) {
        withLayout(text, style: style, width: width, overflow: overflow, alignment: .left, cr: cr) { layout in
            var w: Int32 = 0, h: Int32 = 0
            pango_layout_get_pixel_size(layout, &w, &h)
            return (Double(w), Double(h))
        } ?? (0, 0)
    }

    /// Draws `text` with its top-left corner at `origin`; returns its height.
    @discardableResult
    public static func draw(_ text: String, at origin: Point, style: Style, width: Double? = nil,
                            alignment: Alignment = .left, overflow: Overflow = .wrap, in cr: OpaquePointer) -> Double {
        withLayout(text, style: style, width: width, overflow: overflow, alignment: alignment, cr: cr) { layout in
            cairo_set_source_rgba(cr, style.colour.r, style.colour.g, style.colour.b, style.colour.a)
            cairo_move_to(cr, origin.x, origin.y)
            pango_cairo_show_layout(cr, layout)
            var w: Int32 = 0, h: Int32 = 0
            pango_layout_get_pixel_size(layout, &w, &h)
            return Double(h)
        } ?? 0
    }

    /// The families Pango set `text` in, run by run, and how many characters no pinned font
    /// has (drawn as hex boxes): what shows that Chinese falls back to the CJK font.
    static func fonts(of text: String, style: Style, in cr: OpaquePointer) -> (families: [String], unknownGlyphs: Int) {
        withLayout(text, style: style, width: nil, overflow: .wrap, alignment: .left, cr: cr) { layout in
            var families: [String] = []
            guard let iter = pango_layout_get_iter(layout) else { return ([], 0) }
            defer { pango_layout_iter_free(iter) }
            repeat {
                if let run = pango_layout_iter_get_run_readonly(iter), let font = run.pointee.item.pointee.analysis.font,
                   let description = pango_font_describe(font) {
                    if let family = pango_font_description_get_family(description) { families.append(String(cString: family)) }
                    pango_font_description_free(description)
                }
            } while pango_layout_iter_next_run(iter) != 0
            return (families, Int(pango_layout_get_unknown_glyphs_count(layout)))
        } ?? ([], 0)
    }

    /// Draws a page's typed text (`PaperText`) as Xournal++ draws it: laid out by Pango at its
    /// size in document points (an absolute size: Xournal++ sets Pango's resolution to 72 dpi),
    /// its top left at its place from `corner` (the page's), unwrapped, a line for each of its
    /// line breaks. Its font is the pinned one nearest its name (`documentFamily`), its style
    /// words (Bold, Italic…) kept: a weight or slant its file lacks is made (`PinnedFonts.rules`).
    static func draw(_ text: PaperText, from corner: Point, in cr: OpaquePointer) {
        let font = pango_font_description_from_string(text.font)
        defer { pango_font_description_free(font) }
        pango_font_description_set_family(font, documentFamily(text.font))
        pango_font_description_set_absolute_size(font, text.size * Double(PANGO_SCALE))
        // The document's own words: neither translated nor cut.
        withLayout(text.text, font: font, cr: cr) { layout in
            let c = text.colour
            cairo_set_source_rgba(cr, Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255, Double(c.alpha) / 255)
            cairo_move_to(cr, corner.x + text.x, corner.y + text.y)
            pango_cairo_show_layout(cr, layout)
        }
    }

    /// The pinned family a document's font is drawn in: DejaVu Sans Mono for a monospaced one
    /// (a name with "Mono", "Courier" or "Consol" in it), DejaVu Sans for any other (Xournal++'s
    /// default, "Sans", is DejaVu Sans on Debian; there is no serif among the pinned fonts).
    static func documentFamily(_ font: String) -> String {
        let name = font.lowercased()
        return ["mono", "courier", "consol"].contains(where: name.contains) ? monoFamily : family
    }

    /// 4096 bytes: more text than any overlay shows (a status line, a HUD line, a title);
    /// Pango lays out only this much, so text from a file or a device never costs more a frame.
    public static let maximumLayoutBytes = 4096

    /// `text`, or its first `maximumLayoutBytes` bytes' worth of characters and "…".
    static func bounded(_ text: String) -> String {
        guard text.utf8.count > maximumLayoutBytes else { return text }
        return text.prefix(utf8Bytes: maximumLayoutBytes) + "…"
    }

    private static func withLayout<T>(_ text: String, style: Style, width: Double?, overflow: Overflow,
                                      alignment: Alignment, cr: OpaquePointer, _ body: (OpaquePointer) -> T) -> T? {
        let spec = "\(style.mono ? monoFamily : family)\(style.bold ? " Bold" : "") \(style.size)px"
        let font = pango_font_description_from_string(spec)
        defer { pango_font_description_free(font) }
        // Drawn in the interface's language where the text has a translation (`Translation`).
        return withLayout(Self.bounded(style.translated ? Translation.text(text) : text), font: font, cr: cr) { layout in
            if let width { configure(layout, width: width, overflow: overflow, alignment: alignment) }
            return body(layout)
        }
    }

    /// `text` laid out in `font` with the pinned fonts, for `cr`, handed to `body`; nil when the
    /// pinned fonts are not there. Every command that draws loaded the fonts first and stopped
    /// if it could not, so a failure here draws no text rather than text in fonts nobody chose.
    private static func withLayout<T>(_ text: String, font: OpaquePointer?, cr: OpaquePointer, _ body: (OpaquePointer) -> T) -> T? {
        guard case .success(let fonts) = PinnedFonts.shared, let map = pango_cairo_font_map_get_default() else { return nil }
        fonts.install(on: map)
        prepare(cr)
        guard let layout = pango_cairo_create_layout(cr) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_font_description(layout, font)
        pango_layout_set_text(layout, text, -1)
        return body(layout)
    }

    /// Wraps or ellipsizes `layout` at `width` points, and aligns its lines.
    private static func configure(_ layout: OpaquePointer, width: Double, overflow: Overflow, alignment: Alignment) {
        // Clamped as a Double first: no width can trap the conversion.
        pango_layout_set_width(layout, Int32(Int(clamping: width * Double(PANGO_SCALE), to: 0...Int(Int32.max))))
        switch overflow {
        case .wrap: pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        case .ellipsize: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        case .ellipsizeStart: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_START)
        case .ellipsizeMiddle: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
        case .wrapThenEllipsizeMiddle(let lines):
            // A negative height is a number of lines; the last is ellipsized.
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
            pango_layout_set_height(layout, -Int32(clamping: max(1, lines)))
        }
        switch alignment {
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
    }
}
