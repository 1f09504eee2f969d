import CCairo
import ForceCore
import ForcePlatform

/// The help overlay, laid out from `HelpContent` to fit the window: the largest text size and
/// the fewest columns at which every line, wrapped, fits. Nothing is cut or ellipsized: when
/// even the smallest readable size does not hold it all (small windows), it is shown in two
/// pages, the scene's keys then the common ones, and the wheel turns them.
struct HelpLayout {
    /// A section title or one key with its meaning, and where it goes.
    enum Block {
        case header(String, Rect)
        case entry(key: String, keyRect: Rect, meaning: String, meaningRect: Rect)
    }

    let scene: SceneKind
    /// The scene's own keys (`Scene.help`).
    let own: HelpSection
    let viewport: Viewport
    /// How much larger than its points the help is drawn: `Options.uiScale` (`askedScale`), or
    /// less where the help would not fit the window at it. It is laid out for a window that many
    /// times smaller, and its frame and blocks are in those points.
    let uiScale: Double
    let askedScale: Double
    /// The player's help (its keys in place of the scene's).
    let inPlayer: Bool
    /// The page shown (0 or 1) and how many there are (1 when it all fits).
    let page: Int
    let pages: Int
    let frame: Rect
    let fontSize: Double
    let blocks: [Block]

    /// Text sizes tried, largest first (points); the smallest readable one; the most columns.
    static let sizes = [13.0, 12, 11, 10, 9]
    static let smallestSinglePage = 10.0
    static let maximumColumns = 3
    /// 560 pt: a column's widest; 24 pt between columns; 20 pt padding; 56 pt for the title,
    /// 22 pt for the page line.
    static let columnWidth = 560.0
    static let columnGap = 24.0
    static let padding = 20.0
    static let titleHeight = 56.0
    static let footerHeight = 22.0

    var title: String { inPlayer ? "ForceCanvas · the player: keys" : "ForceCanvas · \(scene.title): keys and gestures" }

    /// The line under a paged help: which page, and how to turn it.
    var footer: String? {
        guard pages > 1 else { return nil }
        return page == 0 ? "page 1 of 2 · wheel down: the keys that work everywhere"
            : "page 2 of 2 · wheel up: this scene's keys"
    }

    /// The help's layout for `d` (its scene, window, page, and whether the player shows): `cached`
    /// while it still fits, else measured anew on `surface`. The renderers keep one each.
    static func reusing(_ cached: HelpLayout?, for d: Display, measuringOn surface: ImageSurface) throws(RenderError) -> HelpLayout {
        let inPlayer = d.player != nil
        let uiScale = d.player?.layout.uiScale ?? d.layout.uiScale
        if let h = cached, h.scene == d.scene.kind, h.own == d.sceneHelp, h.viewport == d.viewport, h.inPlayer == inPlayer,
           h.askedScale == uiScale, h.pages == 1 || h.page == d.helpPage { return h }
        guard let cr = surface.makeContext() else { throw RenderError.surface("cannot measure the help") }
        defer { cairo_destroy(cr) }
        return HelpLayout(scene: d.scene.kind, own: d.sceneHelp, viewport: d.viewport, page: d.helpPage, inPlayer: inPlayer,
                          uiScale: uiScale, measuringWith: cr)
    }

    /// Lays the help of `scene` (its keys `own`) out for `viewport`, measuring text with `cr`;
    /// `page` applies only when the help needs two.
    init(scene: SceneKind, own: HelpSection, viewport window: Viewport, page: Int = 0, inPlayer: Bool = false,
         uiScale: Double = 1, measuringWith cr: OpaquePointer) {
        self.scene = scene
        self.own = own
        self.viewport = window
        askedScale = uiScale
        self.inPlayer = inPlayer
        let all = HelpContent.sections(own: own, inPlayer: inPlayer)
        // The largest of the scales up to the one asked at which the help fits (on one page or
        // two) in readable text; where none does, 1 as ever.
        let scales = [uiScale] + Options.uiScaleSteps.filter { $0 < uiScale }.reversed()
        var found: (chosen: (frame: Rect, size: Double, blocks: [Block], fits: Bool), scale: Double, page: Int, pages: Int)?
        for scale in scales {
            // The window `scale` times smaller, which the help fills as it would at 1.
            let viewport = Viewport(width: Int(Double(window.width) / scale), height: Int(Double(window.height) / scale),
                                    scale: window.scale)
            let whole = Self.fit(all, viewport: viewport, footer: 0, cr: cr)
            var tried = (chosen: whole, scale: scale, page: 0, pages: 1)
            if whole.size < Self.smallestSinglePage || !whole.fits {
                let p = min(max(page, 0), all.count - 1)
                tried = (Self.fit([all[p]], viewport: viewport, footer: Self.footerHeight, cr: cr), scale, p, all.count)
            }
            found = tried
            if tried.chosen.fits, tried.chosen.size >= Self.smallestSinglePage { break }
        }
        let chosen = found?.chosen ?? (.null, Self.sizes[0], [], false)
        self.uiScale = found?.scale ?? 1
        self.page = found?.page ?? 0
        pages = found?.pages ?? 1
        frame = chosen.frame
        fontSize = chosen.size
        // Blocks were placed at the origin: move them into the frame.
        let dx = chosen.frame.x + Self.padding, dy = chosen.frame.y + Self.titleHeight
        blocks = chosen.blocks.map { b in
            switch b {
            case .header(let t, let r): return .header(t, r.offsetBy(dx: dx, dy: dy))
            case .entry(let k, let kr, let m, let mr): return .entry(key: k, keyRect: kr.offsetBy(dx: dx, dy: dy), meaning: m,
                                                                     meaningRect: mr.offsetBy(dx: dx, dy: dy))
            }
        }
    }

    /// The largest size and fewest columns at which `sections` fit (or the smallest size).
    private static func fit(_ sections: [HelpSection], viewport: Viewport, footer: Double,
                            cr: OpaquePointer) -> (frame: Rect, size: Double, blocks: [Block], fits: Bool) {
        let maxWidth = Double(viewport.width) - 32, maxHeight = Double(viewport.height) - 32
        var best: (frame: Rect, size: Double, blocks: [Block], fits: Bool)?
        for size in sizes {
            for columns in 1...maximumColumns {
                let width = min(maxWidth, columnWidth * Double(columns) + columnGap * Double(columns - 1) + 2 * padding)
                let placed = place(sections, size: size, columns: columns, width: width, cr: cr)
                let height = placed.height + titleHeight + padding + footer
                let fits = height <= maxHeight
                if fits || size == sizes.last {
                    let frame = Rect(x: (Double(viewport.width) - width) / 2, y: max(16, (Double(viewport.height) - height) / 2),
                                     width: width, height: height)
                    best = (frame, size, placed.blocks, fits)
                }
                if fits, let best { return best }
            }
        }
        return best ?? (.null, sizes[0], [], false)
    }

    /// Places the sections in `columns` columns (column-major, a header never alone at a
    /// column's foot), at the origin; returns the blocks and the tallest column's height.
    private static func place(_ sections: [HelpSection], size: Double, columns: Int, width: Double,
                              cr: OpaquePointer) -> (blocks: [Block], height: Double) {
        let columnWidth = (width - 2 * padding - columnGap * Double(columns - 1)) / Double(columns)
        let keyWidth = min(200, columnWidth * 0.38)
        let meaningWidth = columnWidth - keyWidth - 10
        let keyStyle = TextPainter.Style(size: size, bold: true), meaningStyle = TextPainter.Style(size: size)
        let headerStyle = TextPainter.Style(size: size + 1, bold: true)
        // Measure every block once: (is a header, height, its key's and meaning's heights).
        var measured: [(header: Bool, height: Double, text: String, meaning: String)] = []
        for (i, section) in sections.enumerated() {
            let h = TextPainter.measure(Translation.text(section.title).uppercased(), style: headerStyle, width: columnWidth, in: cr).height
            measured.append((true, h + (i == 0 ? 4 : 12), section.title, ""))
            for e in section.entries {
                let kh = TextPainter.measure(e.key, style: keyStyle, width: keyWidth - 8, in: cr).height
                let mh = TextPainter.measure(e.meaning, style: meaningStyle, width: meaningWidth, in: cr).height
                measured.append((false, max(kh, mh) + size * 0.35, e.key, e.meaning))
            }
        }
        let total = measured.reduce(0) { $0 + $1.height }
        let target = total / Double(columns)
        var blocks: [Block] = []
        var column = 0, y = 0.0, tallest = 0.0
        for (i, m) in measured.enumerated() {
            let next = i + 1 < measured.count ? measured[i + 1].height : 0
            let need = m.header ? m.height + next : m.height
            if y > 0, y + need > target + 0.5, column < columns - 1 {
                column += 1
                y = 0
            }
            let x = Double(column) * (columnWidth + columnGap)
            let top = m.header && y > 0 ? y + 8 : y
            if m.header {
                blocks.append(.header(m.text, Rect(x: x, y: top, width: columnWidth, height: m.height)))
            } else {
                blocks.append(.entry(key: m.text, keyRect: Rect(x: x, y: top, width: keyWidth - 8, height: m.height),
                                     meaning: m.meaning, meaningRect: Rect(x: x + keyWidth, y: top, width: meaningWidth, height: m.height)))
            }
            y = top + m.height
            tallest = max(tallest, y)
        }
        return (blocks, tallest)
    }
}

/// Draws a `HelpLayout`: an opaque panel (the help is read, not looked through).
struct HelpPainter {
    let layout: HelpLayout

    var frame: Rect { layout.frame }

    func draw(_ cr: OpaquePointer) {
        let r = layout.frame, size = layout.fontSize
        CairoDrawing.fillRoundedRect(r, radius: 14, colour: RGBA(Palette.panel.r, Palette.panel.g, Palette.panel.b), cr)
        TextPainter.draw(layout.title, at: Point(x: r.x + HelpLayout.padding, y: r.y + 16), style: .init(size: 18, bold: true),
                         width: r.width - 2 * HelpLayout.padding, overflow: .ellipsize, in: cr)
        if let footer = layout.footer {
            TextPainter.draw(footer, at: Point(x: r.x + HelpLayout.padding, y: r.maxY - HelpLayout.footerHeight - 8),
                             style: .init(size: 11, colour: Palette.panelDim), width: r.width - 2 * HelpLayout.padding,
                             alignment: .right, in: cr)
        }
        for block in layout.blocks {
            switch block {
            case .header(let text, let rect):
                TextPainter.draw(Translation.text(text).uppercased(), at: Point(x: rect.x, y: rect.y), style: .init(size: size + 1, bold: true,
                                 colour: Palette.panelDim), width: rect.width, in: cr)
            case .entry(let key, let keyRect, let meaning, let meaningRect):
                TextPainter.draw(key, at: Point(x: keyRect.x, y: keyRect.y), style: .init(size: size, bold: true, colour: Palette.accent),
                                 width: keyRect.width, in: cr)
                TextPainter.draw(meaning, at: Point(x: meaningRect.x, y: meaningRect.y), style: .init(size: size),
                                 width: meaningRect.width, in: cr)
            }
        }
    }
}
