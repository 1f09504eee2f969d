import CCairo
import Foundation
import ForceCore

/// Draws the Messages scene: the list, a peek (blurred backdrop, sharp source row, preview
/// panel, progress rings, preview actions) and the popped detail view.
struct MessagesPainter {
    let messages: MessagesDisplay
    let viewport: Viewport

    static let background = RGBA(1, 1, 1)
    /// Around the list column.
    static let listBackground = RGBA(0.94, 0.94, 0.96)
    static let separator = RGBA(0.86, 0.86, 0.88)
    static let secondaryText = RGBA(0.45, 0.45, 0.50)
    static let primaryText = RGBA(0.08, 0.08, 0.10)
    static let tint = RGBA(0.0, 0.48, 1.0)
    /// 0.35: how dark the dimming behind a peek gets.
    static let peekDim = 0.35
    /// Ring radii around the press point: preview inside, commit outside (points).
    static let previewRingRadius = 34.0
    static let commitRingRadius = 46.0
    static let ringWidth = 6.0

    // MARK: The list

    /// Draws the title bar and rows (what the backdrop blurs).
    func drawList(_ cr: OpaquePointer) {
        let l = messages.layout
        CairoDrawing.setColour(Self.listBackground, cr)
        cairo_paint(cr)
        cairo_rectangle(cr, l.column.x, l.column.y, l.column.width, l.column.height)
        CairoDrawing.setColour(Self.background, cr)
        cairo_fill(cr)
        TextPainter.draw("Messages", at: Point(x: l.titleBar.x + 16, y: l.titleBar.y + 14),
                         style: .init(size: 28, bold: true, colour: Self.primaryText), width: MessagesLayout.titleReserve - 16,
                         overflow: .ellipsize, in: cr)
        if let notice = messages.notice {
            let n = l.noticeLine
            TextPainter.draw(notice, at: Point(x: n.x, y: n.y), style: .init(size: 12, colour: Self.secondaryText), width: n.width,
                             alignment: .right, overflow: .ellipsize, in: cr)
        }
        // Rows scroll under the title bar: clipped to the list below it.
        cairo_save(cr)
        cairo_rectangle(cr, l.list.x, l.list.y, l.list.width, l.list.height)
        cairo_clip(cr)
        for (i, row) in messages.rows.enumerated() {
            let r = l.row(i)
            if r.y > l.list.maxY { break }
            if r.maxY > l.list.y { drawRow(row, at: i, cr) }
        }
        cairo_restore(cr)
    }

    /// The preview interaction's state (teaching), as Confirm shows its button's: drawn over a
    /// peek's blur, under the detail view.
    func drawState(_ cr: OpaquePointer) {
        StateLinesPainter(lines: messages.state, rect: messages.layout.stateLine, background: nil, inset: 0, top: 0,
                          alignment: .right, sizes: (11, 10), colours: (Self.primaryText, Self.secondaryText)).draw(cr)
    }

    private func drawRow(_ row: MessageRow, at index: Int, _ cr: OpaquePointer) {
        let l = messages.layout, r = l.row(index), a = l.avatar(index)
        cairo_rectangle(cr, r.x, r.y, r.width, r.height)
        CairoDrawing.setColour(Self.background, cr)
        cairo_fill(cr)
        drawAvatar(row, in: a, cr)
        let textX = a.maxX + 12, textWidth = r.maxX - textX - 16
        TextPainter.draw(row.time, at: Point(x: r.maxX - 116, y: r.y + 14), style: .init(size: 13, colour: Self.secondaryText),
                         width: 100, alignment: .right, overflow: .ellipsize, in: cr)
        TextPainter.draw(row.sender, at: Point(x: textX, y: r.y + 13), style: .init(size: 16, bold: true, colour: Self.primaryText),
                         width: textWidth - 110, overflow: .ellipsize, in: cr)
        TextPainter.draw(row.preview, at: Point(x: textX, y: r.y + 39), style: .init(size: 14, colour: Self.secondaryText),
                         width: textWidth, overflow: .ellipsize, in: cr)
        cairo_rectangle(cr, textX, r.maxY - 0.5, r.maxX - textX, 0.5)
        CairoDrawing.setColour(Self.separator, cr)
        cairo_fill(cr)
    }

    func drawAvatar(_ row: MessageRow, in a: Rect, _ cr: OpaquePointer) {
        let c = Point(x: a.x + a.width / 2, y: a.y + a.height / 2)
        let colour = Self.hueColour(row.hue)
        let gradient = cairo_pattern_create_linear(0, a.y, 0, a.maxY)
        cairo_pattern_add_color_stop_rgb(gradient, 0, colour.r * 0.8 + 0.2, colour.g * 0.8 + 0.2, colour.b * 0.8 + 0.2)
        cairo_pattern_add_color_stop_rgb(gradient, 1, colour.r * 0.8, colour.g * 0.8, colour.b * 0.8)
        cairo_new_path(cr)
        cairo_arc(cr, c.x, c.y, a.width / 2, 0, 2 * Double.pi)
        cairo_set_source(cr, gradient)
        cairo_fill(cr)
        cairo_pattern_destroy(gradient)
        let size = a.width * 0.36
        TextPainter.draw(row.initials, at: Point(x: a.x, y: c.y - size * 0.62), style: .init(size: size, bold: true, colour: RGBA(1, 1, 1)),
                         width: a.width, alignment: .center, overflow: .ellipsize, in: cr)
    }

    /// A saturated colour of hue `h` (0…1).
    static func hueColour(_ h: Double) -> RGBA {
        let k = { (n: Double) -> Double in
            let x = (n + h * 6).truncatingRemainder(dividingBy: 6)
            return 1 - 0.75 * max(0, min(1, min(x, 4 - x)))
        }
        return RGBA(k(5) * 0.85 + 0.1, k(3) * 0.85 + 0.1, k(1) * 0.85 + 0.1)
    }

    // MARK: Peek

    /// How blurred and dimmed the list is behind `p`: the preview's progress while the press
    /// lasts, falling with the presence as a cancelled peek shrinks away.
    static func blur(of p: PeekDisplay) -> BackdropBlur {
        BackdropBlur(fraction: min(1, p.previewProgress) * p.presence, fullDim: peekDim)
    }

    /// Draws a peek over the list; `backdrop` is the blurred list. `morph` 0…1 moves the panel
    /// onto the list column as a pop's detail view fades in over it.
    /// Without `rings` the progress rings are left to the GL presenter (`Shaders/ring.frag`).
    func drawPeek(_ p: PeekDisplay, backdrop: BlurredBackdrop?, morph: Double = 0, rings: Bool = true, _ cr: OpaquePointer) {
        if let backdrop { backdrop.paint(into: cr, blur: Self.blur(of: p)) }
        if !p.isPeeked || p.presence < 1 {
            // The source rect stays sharp while the rest blurs (UIKit's preview transition).
            let l = messages.layout
            let source = l.source(index: p.index, part: p.part)
            cairo_save(cr)
            // An avatar lifts by 3 % with the preview and settles back as a cancelled peek goes;
            // a row, which fills the list's column, stays its size (it never outgrows the column).
            let scale = p.part == .avatar ? 1 + 0.03 * min(1, p.previewProgress) * p.presence : 1
            let c = source.center
            cairo_translate(cr, c.x, c.y)
            cairo_scale(cr, scale, scale)
            cairo_translate(cr, -c.x, -c.y)
            CairoDrawing.roundedRect(source, radius: p.part == .avatar ? source.width / 2 : 12, cr)
            cairo_clip(cr)
            drawRow(p.row, at: p.index, cr)
            cairo_restore(cr)
        }
        if p.isPeeked { drawPreviewPanel(p, morph: morph, cr) }
        if rings, p.showsRings { drawRings(p, cr) }
    }

    /// The preview panel: appears at the peek, grows toward full size with the commit
    /// progress, slides up to reveal the actions, and on a cancel goes back into the row it
    /// came from, fading (UIKit's preview platter returns to its source view). During a pop
    /// (`morph` > 0) it grows onto the list column while its content fades out in the first
    /// half, so the detail's content, fading in in the second half, never doubles it.
    private func drawPreviewPanel(_ p: PeekDisplay, morph: Double, _ cr: OpaquePointer) {
        let m = Force.normalized(morph)
        let going = 1 - Force.normalized(p.presence)
        // An ease-out: most of the way back in the first part of the dismissal.
        let back = 1 - (1 - going) * (1 - going)
        let source = messages.layout.source(index: p.index, part: p.part)
        let shown = Self.lerp(panelFrame(p), messages.layout.column, m)
        let frame = Self.lerp(shown, source, back)
        cairo_save(cr)
        let c = frame.center
        let scale = 1 - 0.08 * (1 - p.commitProgress) * (1 - back)
        cairo_translate(cr, c.x, c.y)
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, -c.x, -c.y)
        // The groups below cover only the platter and its shadow, not the whole frame (a
        // group is as large as the clip: a whole-window group costs a window's pixels twice).
        CairoDrawing.clip(to: frame.union(CairoDrawing.softShadowBounds(frame, blur: Self.shadowBlur, offsetY: Self.shadowOffset)), cr)
        cairo_push_group(cr)
        // A soft shadow under the platter, as iOS's previews float (not a hard bar): 24 pt of
        // blur, 8 pt down, about 30 % at its darkest (chosen to read as UIKit's platter does).
        CairoDrawing.softShadow(frame, radius: 14, blur: Self.shadowBlur, offsetY: Self.shadowOffset, alpha: 0.3 * (1 - m), cr)
        CairoDrawing.fillRoundedRect(frame, radius: 14 * (1 - m), colour: Self.background, cr)
        cairo_push_group(cr)
        CairoDrawing.roundedRect(frame, radius: 14 * (1 - m), cr)
        cairo_clip(cr)
        // The content keeps the layout it had at full size (no text reflows as the frame goes
        // back into the row): laid out in `shown`, scaled to the frame's width, cut by the frame.
        let k = frame.width / max(1, shown.width)
        cairo_translate(cr, frame.x, frame.y)
        cairo_scale(cr, k, k)
        cairo_translate(cr, -shown.x, -shown.y)
        if p.part == .avatar {
            drawProfile(p.row, in: shown, cr)
        } else {
            drawConversation(p.row, in: shown, cr)
        }
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, Force.normalized(1 - 2 * m))
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, p.presence)
        cairo_restore(cr)
        if p.actionsReveal > 0 { drawActions(p, below: frame, cr) }
    }

    /// The platter's shadow: 24 pt of blur, 8 pt down.
    static let shadowBlur = 24.0
    static let shadowOffset = 8.0

    static func lerp(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
        Rect(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t,
             width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
    }

    /// The panel's rect (the layout is shared with input: actions are hit-tested there).
    func panelFrame(_ p: PeekDisplay) -> Rect { messages.layout.peekPanel(reveal: p.actionsReveal) }

    private func drawConversation(_ row: MessageRow, in f: Rect, _ cr: OpaquePointer) {
        let header = Rect(x: f.x, y: f.y, width: f.width, height: 56)
        cairo_save(cr)
        CairoDrawing.roundedRect(f, radius: 14, cr)
        cairo_clip(cr)
        cairo_rectangle(cr, header.x, header.y, header.width, header.height)
        CairoDrawing.setColour(RGBA(0.97, 0.97, 0.98), cr)
        cairo_fill(cr)
        cairo_restore(cr)
        drawAvatar(row, in: Rect(x: f.x + 14, y: f.y + 10, width: 36, height: 36), cr)
        TextPainter.draw(row.sender, at: Point(x: f.x + 60, y: f.y + 18), style: .init(size: 16, bold: true, colour: Self.primaryText),
                         width: f.width - 76, overflow: .ellipsize, in: cr)
        drawBubble(row.body, time: row.time, in: f, top: f.y + 72, cr)
    }

    func drawBubble(_ text: String, time: String, in f: Rect, top: Double, _ cr: OpaquePointer) {
        let maxWidth = f.width * 0.72
        let style = TextPainter.Style(size: 15, colour: Self.primaryText)
        let size = TextPainter.measure(text, style: style, width: maxWidth - 28, in: cr)
        TextPainter.draw(time, at: Point(x: f.x, y: top), style: .init(size: 11, colour: Self.secondaryText),
                         width: f.width, alignment: .center, overflow: .ellipsize, in: cr)
        let bubble = Rect(x: f.x + 16, y: top + 22, width: size.width + 28, height: size.height + 20)
        CairoDrawing.fillRoundedRect(bubble, radius: 18, colour: RGBA(0.91, 0.91, 0.93), cr)
        TextPainter.draw(text, at: Point(x: bubble.x + 14, y: bubble.y + 10), style: style, width: maxWidth - 28, in: cr)
    }

    private func drawProfile(_ row: MessageRow, in f: Rect, _ cr: OpaquePointer) {
        let d = min(96.0, f.height * 0.34)
        drawAvatar(row, in: Rect(x: f.x + (f.width - d) / 2, y: f.y + 24, width: d, height: d), cr)
        TextPainter.draw(row.sender, at: Point(x: f.x + 16, y: f.y + 36 + d), style: .init(size: 22, bold: true, colour: Self.primaryText),
                         width: f.width - 32, alignment: .center, overflow: .ellipsize, in: cr)
        TextPainter.draw(row.profile, at: Point(x: f.x + 32, y: f.y + 72 + d), style: .init(size: 14, colour: Self.secondaryText),
                         width: f.width - 64, alignment: .center, in: cr)
    }

    private func drawActions(_ p: PeekDisplay, below frame: Rect, _ cr: OpaquePointer) {
        let layout = messages.layout
        let sheet = layout.actionsSheet(reveal: p.actionsReveal)
        cairo_save(cr)
        CairoDrawing.clip(to: sheet, cr)
        cairo_push_group(cr)
        CairoDrawing.fillRoundedRect(sheet, radius: 14, colour: RGBA(0.98, 0.98, 0.99, 0.97), cr)
        for (i, action) in p.actions.enumerated() {
            let r = layout.actionRow(i, reveal: p.actionsReveal)
            if p.highlightedAction == i {
                cairo_rectangle(cr, r.x, r.y, r.width, r.height)
                CairoDrawing.setColour(RGBA(0.85, 0.85, 0.88), cr)
                cairo_fill(cr)
            }
            let colour = action.style == .destructive ? RGBA(1.0, 0.23, 0.19) : Self.tint
            TextPainter.draw(action.title, at: Point(x: r.x, y: r.y + 17),
                             style: .init(size: 18, bold: action.style == .default, colour: colour),
                             width: r.width, alignment: .center, overflow: .ellipsize, in: cr)
            if action.style == .selected {
                // UIPreviewActionStyle.selected: a checkmark beside the title.
                cairo_set_line_width(cr, 2.5)
                cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
                CairoDrawing.setColour(Self.tint, cr)
                cairo_move_to(cr, r.maxX - 44, r.y + 28)
                cairo_line_to(cr, r.maxX - 38, r.y + 34)
                cairo_line_to(cr, r.maxX - 26, r.y + 21)
                cairo_stroke(cr)
            }
            if i > 0 {
                cairo_rectangle(cr, r.x, r.y, r.width, 0.5)
                CairoDrawing.setColour(Self.separator, cr)
                cairo_fill(cr)
            }
        }
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, p.actionsReveal * p.presence)
        cairo_restore(cr)
    }

    /// Two rings near the press (never over the previewed item or the panel): the preview
    /// transition inside, the commit transition outside.
    private func drawRings(_ p: PeekDisplay, _ cr: OpaquePointer) {
        for ring in Self.rings(of: p) { ring.draw(cr) }
    }

    /// The peek's rings as shapes (none once it has faded away): the preview ring, then, once
    /// peeked, the commit ring.
    static func rings(of p: PeekDisplay) -> [RingShape] {
        guard p.presence > 0 else { return [] }
        let c = p.ringsCenter, k = p.ringsReach / MessagesLayout.ringsReach
        func ring(_ radius: Double, _ fraction: Double, _ colour: RGBA) -> RingShape {
            RingShape(center: c, radius: radius * k, width: ringWidth * k, fraction: fraction, colour: colour,
                      style: .progress(track: RingShape.track(for: colour)))
        }
        var out = [ring(previewRingRadius, p.previewProgress, tint.with(alpha: p.presence))]
        if p.isPeeked { out.append(ring(commitRingRadius, p.commitProgress, RGBA(1.0, 0.58, 0.0, p.presence))) }
        return out
    }

    // MARK: Detail

    /// The detail view, opaque over the whole scene (its background is the list's), faded in
    /// by `appear`: over the peek it popped from, a clean cross-fade. While it pops from a peek
    /// its content comes in over the second half only (the peek's content left in the first).
    func drawDetail(_ d: DetailDisplay, _ cr: OpaquePointer) {
        let col = messages.layout.column
        let bar = Rect(x: col.x, y: col.y, width: col.width, height: MessagesLayout.titleHeight)
        cairo_save(cr)
        cairo_push_group(cr)
        CairoDrawing.setColour(Self.listBackground, cr)
        cairo_paint(cr)
        cairo_rectangle(cr, col.x, col.y, col.width, col.height)
        CairoDrawing.setColour(Self.background, cr)
        cairo_fill(cr)
        cairo_rectangle(cr, bar.x, bar.y, bar.width, bar.height)
        CairoDrawing.setColour(RGBA(0.97, 0.97, 0.98), cr)
        cairo_fill(cr)
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, d.appear)
        cairo_push_group(cr)
        TextPainter.draw("‹ Messages", at: Point(x: bar.x + 12, y: bar.y + 22), style: .init(size: 16, colour: Self.tint),
                         width: 140, overflow: .ellipsize, in: cr)
        TextPainter.draw(d.part == .avatar ? "Profile" : d.row.sender, at: Point(x: bar.x, y: bar.y + 22),
                         style: .init(size: 16, bold: true, colour: Self.primaryText), width: bar.width, alignment: .center,
                         overflow: .ellipsize, in: cr)
        let content = Rect(x: col.x, y: bar.maxY, width: col.width, height: col.height - bar.height)
        if d.part == .avatar {
            drawProfile(d.row, in: content, cr)
        } else {
            drawBubble(d.row.body, time: d.row.time, in: content, top: content.y + 20, cr)
        }
        TextPainter.draw("Esc or tap ‹ Messages to go back", at: Point(x: col.x, y: col.maxY - 64),
                         style: .init(size: 12, colour: Self.secondaryText), width: col.width, alignment: .center,
                         overflow: .ellipsize, in: cr)
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, d.from == nil ? d.appear : Force.normalized(2 * d.appear - 1))
        cairo_restore(cr)
    }
}
