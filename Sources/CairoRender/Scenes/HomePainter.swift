import CCairo
import Foundation
import ForceCore

/// Draws the Home scene: a wallpaper, the app icons with their names, a force press growing
/// (the rest blurs), and the open quick-action menu with its items' icons on the side that
/// faces the app icon.
struct HomePainter {
    let home: HomeDisplay
    let viewport: Viewport

    static let wallpaperTop = RGBA(0.17, 0.22, 0.42)
    static let wallpaperBottom = RGBA(0.45, 0.25, 0.45)
    static let platter = RGBA(0.96, 0.96, 0.97, 0.97)
    static let text = RGBA(0.06, 0.06, 0.08)
    static let secondary = RGBA(0.40, 0.40, 0.45)
    /// 0.4: how dark the dimming behind an open menu gets.
    static let dim = 0.4
    /// 13 pt, the platter's corner radius.
    static let platterRadius = 13.0

    /// The wallpaper and the icons (what the backdrop blurs).
    func drawGrid(_ cr: OpaquePointer) {
        let g = cairo_pattern_create_linear(0, 0, 0, Double(viewport.height))
        cairo_pattern_add_color_stop_rgb(g, 0, Self.wallpaperTop.r, Self.wallpaperTop.g, Self.wallpaperTop.b)
        cairo_pattern_add_color_stop_rgb(g, 1, Self.wallpaperBottom.r, Self.wallpaperBottom.g, Self.wallpaperBottom.b)
        cairo_set_source(cr, g)
        cairo_paint(cr)
        cairo_pattern_destroy(g)
        for i in home.apps.indices { drawIcon(i, scale: 1, cr) }
    }

    func drawIcon(_ i: Int, scale: Double, label: Bool = true, _ cr: OpaquePointer) {
        let app = home.apps[i], r = home.icons[i]
        cairo_save(cr)
        let c = r.center
        cairo_translate(cr, c.x, c.y)
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, -c.x, -c.y)
        ShortcutIconPainter.drawAppIcon(app.glyph, tint: RGBA(app.tint.r, app.tint.g, app.tint.b), in: r, into: cr)
        cairo_restore(cr)
        guard label else { return }
        TextPainter.draw(app.name, at: Point(x: home.labels[i].x, y: home.labels[i].y), style: .init(size: 12, colour: RGBA(1, 1, 1)),
                         width: home.labels[i].width, alignment: .center, overflow: .ellipsize, in: cr)
    }

    /// The press and the menu over the grid; `backdrop` is the blurred grid. The pressed icon
    /// stays sharp and its label stays under the blur (as iOS does); below the peek a ring
    /// around it shows how far the press is toward the menu.
    func drawOverlay(backdrop: BlurredBackdrop?, _ cr: OpaquePointer) {
        if let backdrop, paintsBackdrop { backdrop.paint(into: cr, blur: backdropBlur) }
        drawFocus(cr)
        pressRing?.draw(cr)
        drawState(cr)
        drawMenu(cr)
        drawToast(cr)
        drawFallbackHint(cr)
    }

    /// The icon pressed (or whose menu is open), sharp over the blur and growing with the press.
    var focus: Int? { home.menu?.icon ?? home.pressedIcon }

    func drawFocus(_ cr: OpaquePointer) {
        if let focus, home.pressProgress > 0 { drawIcon(focus, scale: 1 + 0.08 * home.pressProgress, label: false, cr) }
    }

    func drawMenu(_ cr: OpaquePointer) {
        if let menu = home.menu { drawMenu(menu, cr) }
    }

    func drawToast(_ cr: OpaquePointer) {
        if let toast = home.toast { drawToast(toast, cr) }
    }

    func drawFallbackHint(_ cr: OpaquePointer) {
        guard home.usesTimedFallback else { return }
        let r = home.layout.fallbackHint
        TextPainter.draw("no force: the timed fallback presses for you", at: Point(x: r.x, y: r.y),
                         style: .init(size: 12, colour: RGBA(1, 1, 1, 0.8)), width: r.width, alignment: .center, in: cr)
    }

    /// Whether the overlay paints the blurred backdrop (given one).
    var paintsBackdrop: Bool { focus != nil && home.pressProgress > 0 }
    /// How blurred and dimmed the grid is behind a press: its progress toward the menu.
    var backdropBlur: BackdropBlur { BackdropBlur(fraction: home.pressProgress, fullDim: Self.dim) }

    /// The ring round the pressed icon while the press grows toward the menu.
    var pressRing: RingShape? {
        guard let ring = home.pressRing else { return nil }
        let colour = RGBA(1, 1, 1, 0.95)
        return RingShape(center: ring.center, radius: HomeLayout.pressRingRadius, width: HomeLayout.pressRingWidth,
                         fraction: ring.progress, colour: colour, style: .progress(track: RingShape.track(for: colour)))
    }

    /// The menu's state (teaching), as Confirm shows its button's: light text on a dark pill.
    func drawState(_ cr: OpaquePointer) {
        StateLinesPainter(lines: home.state, rect: home.layout.stateLines, background: (RGBA(0, 0, 0, 0.35), 8), inset: 8, top: 2,
                          alignment: .center, sizes: (11, 10), colours: (RGBA(1, 1, 1), RGBA(1, 1, 1, 0.8))).draw(cr)
    }

    private func drawMenu(_ menu: HomeDisplay.OpenMenu, _ cr: OpaquePointer) {
        let l = menu.layout
        CairoDrawing.fillRoundedRect(l.menuRect.offsetBy(dx: 0, dy: 4), radius: Self.platterRadius, colour: RGBA(0, 0, 0, 0.25), cr)
        CairoDrawing.fillRoundedRect(l.menuRect, radius: Self.platterRadius, colour: Self.platter, cr)
        cairo_save(cr)
        CairoDrawing.roundedRect(l.menuRect, radius: Self.platterRadius, cr)
        cairo_clip(cr)
        for (i, item) in menu.items.enumerated() where i < l.itemRects.count {
            let r = l.itemRects[i]
            if menu.highlighted == i {
                cairo_rectangle(cr, r.x, r.y, r.width, r.height)
                CairoDrawing.setColour(RGBA(0.82, 0.82, 0.85), cr)
                cairo_fill(cr)
            }
            let glyph = l.glyphRect(ofItem: i)
            if let glyph, let icon = item.iconType {
                ShortcutIconPainter.draw(icon, in: glyph, colour: Self.text, into: cr)
            } else if let glyph, item.iconFile != nil {
                // A template image file is not bundled here: a neutral rounded square stands in.
                CairoDrawing.fillRoundedRect(glyph.insetBy(3), radius: 4, colour: Self.secondary, cr)
            }
            let textX: Double, textWidth = r.width - 2 * QuickActionLayout.glyphInset - QuickActionLayout.glyphSize - 12
            switch l.glyphSide {
            case .left: textX = r.x + QuickActionLayout.glyphInset + QuickActionLayout.glyphSize + 12
            case .right: textX = r.x + QuickActionLayout.glyphInset
            }
            let align: TextPainter.Alignment = l.glyphSide == .left ? .left : .right
            if let subtitle = item.subtitle, !subtitle.isEmpty {
                TextPainter.draw(item.title, at: Point(x: textX, y: r.y + 10), style: .init(size: 16, colour: Self.text),
                                 width: textWidth, alignment: align, overflow: .ellipsize, in: cr)
                TextPainter.draw(subtitle, at: Point(x: textX, y: r.y + 32), style: .init(size: 12, colour: Self.secondary),
                                 width: textWidth, alignment: align, overflow: .ellipsize, in: cr)
            } else {
                let style = TextPainter.Style(size: 16, colour: Self.text)
                let h = TextPainter.measure(item.title, style: style, width: textWidth, in: cr).height
                TextPainter.draw(item.title, at: Point(x: textX, y: r.y + (r.height - min(h, 44)) / 2), style: style,
                                 width: textWidth, alignment: align, in: cr)
            }
            if i > 0 {
                let y = min(r.y, l.itemRects[i - 1].y) == r.y ? r.maxY : r.y
                cairo_rectangle(cr, r.x, y - 0.25, r.width, 0.5)
                CairoDrawing.setColour(RGBA(0.75, 0.75, 0.78), cr)
                cairo_fill(cr)
            }
        }
        cairo_restore(cr)
    }

    /// The toast: its text wraps (it explains), the pill grows upward to hold it.
    private func drawToast(_ text: String, _ cr: OpaquePointer) {
        let base = home.layout.toast
        let style = TextPainter.Style(size: 13, colour: RGBA(1, 1, 1))
        let h = TextPainter.measure(text, style: style, width: base.width - 24, in: cr).height
        let r = Rect(x: base.x, y: base.maxY - max(base.height, h + 16), width: base.width, height: max(base.height, h + 16))
        CairoDrawing.fillRoundedRect(r, radius: 17, colour: RGBA(0, 0, 0, 0.6), cr)
        TextPainter.draw(text, at: Point(x: r.x + 12, y: r.y + 8), style: style, width: r.width - 24, alignment: .center, in: cr)
    }
}
