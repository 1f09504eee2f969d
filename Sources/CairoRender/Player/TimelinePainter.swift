import CCairo
import Foundation
import ForceCore
import ForcePlatform

/// Draws the player's strip below the session's frame: the caption (or what the keys do), the
/// play button, the time, the timeline with its markers and play head, and the speed.
struct TimelinePainter {
    let player: PlayerDisplay

    /// The strip's background: darker than the panels, so the frame above stands apart.
    static let background = RGBA(0.10, 0.10, 0.12)
    /// "time / duration s" with as many decimals (2, 1, 0) as fit `width` as `measure` says: a
    /// session of over 100 s cut its "s" and last digit at two (607.00 / 607.0…).
    static func timeText(_ time: Double, of duration: Double, fitting width: Double, measure: (String) -> Double) -> String {
        var text = ""
        for decimals in [2, 1, 0] {
            text = String(format: "%.\(decimals)f / %.\(decimals)f s", time, duration)
            if measure(text) <= width { break }
        }
        return text
    }

    /// Each marker kind's colour.
    static func colour(_ kind: TimelineMarker.Kind) -> RGBA {
        switch kind {
        case .down, .up: return RGBA(0.80, 0.80, 0.86)
        case .peek: return Palette.accent
        case .pop: return RGBA(0.62, 0.36, 1.0)
        case .confirm: return RGBA(0.25, 0.80, 0.35)
        case .callback: return RGBA(0.95, 0.75, 0.25)
        case .checkpoint: return RGBA(1, 1, 1)
        case .caption: return RGBA(1.0, 0.50, 0.20)
        }
    }

    func draw(_ cr: OpaquePointer) {
        let l = player.layout
        cairo_rectangle(cr, l.strip.x, l.strip.y, l.strip.width, l.strip.height)
        CairoDrawing.setColour(Self.background, cr)
        cairo_fill(cr)
        cairo_rectangle(cr, l.strip.x, l.strip.y, l.strip.width, 1)
        CairoDrawing.setColour(RGBA(1, 1, 1, 0.15), cr)
        cairo_fill(cr)
        drawCaption(l.caption, cr)
        drawButton(l.playButton, cr)
        let timeStyle = TextPainter.Style(size: 12, mono: true)
        TextPainter.draw(Self.timeText(player.time, of: player.duration, fitting: l.timeLabel.width) { text in
            TextPainter.measure(text, style: timeStyle, width: nil, in: cr).width
        }, at: Point(x: l.timeLabel.x, y: l.timeLabel.y + 8), style: timeStyle, width: l.timeLabel.width, overflow: .ellipsize, in: cr)
        TextPainter.draw(PlaybackSpeed.label(player.speed), at: Point(x: l.speedLabel.x, y: l.speedLabel.y + 7),
                         style: .init(size: 14, bold: true, mono: true, colour: player.speed == 1 ? Palette.panelText : Self.colour(.callback)),
                         width: l.speedLabel.width, alignment: .right, in: cr)
        drawTrack(l, cr)
    }

    /// The caption, centred; without one, the title and what the keys do, dimmed; while text
    /// is typed, that text in its place.
    private func drawCaption(_ r: Rect, _ cr: OpaquePointer) {
        if let w = player.writing {
            drawWriting(w, in: r, cr)
            return
        }
        if let c = player.caption {
            CaptionPainter(text: c.text(in: Translation.language.rawValue), held: player.heldByCaption, speedChosen: player.speedChosen && c.speed != nil).draw(in: r, cr)
            return
        }
        // Each part in the interface's language before they are joined (the line as a whole has no translation).
        let line = [player.title.map(Translation.text), player.hint.isEmpty ? nil : Translation.text(player.hint)].compactMap { $0 }
            .joined(separator: "  ·  ")
        TextPainter.draw(line, at: Point(x: r.x, y: r.y + 11), style: .init(size: 12, colour: Palette.panelDim),
                         width: r.width, alignment: .center, overflow: .ellipsize, in: cr)
    }

    /// "New caption at 1.20 s: what was typed▏composing" on a lighter field, the keys below it
    /// (the text's end stays in view: a long text is cut at its start).
    private func drawWriting(_ w: CaptionWriting, in r: Rect, _ cr: OpaquePointer) {
        let field = Rect(x: r.x, y: r.y, width: r.width, height: 22)
        CairoDrawing.fillRoundedRect(field, radius: 4, colour: RGBA(1, 1, 1, 0.14), cr)
        let labelStyle = TextPainter.Style(size: 12, bold: true, colour: Self.colour(.caption))
        let label = Translation.text(w.label) + ":"
        let labelWidth = min(field.width / 3, TextPainter.measure(label, style: labelStyle, width: field.width, in: cr).width)
        TextPainter.draw(label, at: Point(x: field.x + 6, y: field.y + 4), style: labelStyle, width: labelWidth, overflow: .ellipsize, in: cr)
        let textStyle = TextPainter.Style(size: 13, colour: Palette.panelText)
        let x = field.x + 6 + labelWidth + 8, room = max(0, field.maxX - 6 - x)
        TypedTextPainter.draw(w.field, at: Point(x: x, y: field.y + 3), width: room, style: textStyle,
                              caret: Self.colour(.caption), in: cr)
        TextPainter.draw(w.keys, at: Point(x: r.x, y: field.maxY + 1), style: .init(size: 10, colour: Palette.panelDim),
                         width: r.width, alignment: .center, overflow: .ellipsize, in: cr)
    }

    /// ▶ while paused, ❚❚ while playing.
    private func drawButton(_ r: Rect, _ cr: OpaquePointer) {
        CairoDrawing.fillRoundedRect(r, radius: r.height / 2, colour: RGBA(1, 1, 1, 0.12), cr)
        let c = r.center
        cairo_new_path(cr)
        if player.isPlaying {
            for dx in [-5.0, 2.0] { cairo_rectangle(cr, c.x + dx, c.y - 7, 3.5, 14) }
        } else {
            cairo_move_to(cr, c.x - 4, c.y - 8)
            cairo_line_to(cr, c.x + 8, c.y)
            cairo_line_to(cr, c.x - 4, c.y + 8)
            cairo_close_path(cr)
        }
        CairoDrawing.setColour(Palette.panelText, cr)
        cairo_fill(cr)
    }

    /// The track: the played part, the markers (one per pixel column and kind), the play head.
    private func drawTrack(_ l: PlayerLayout, _ cr: OpaquePointer) {
        let t = l.track
        guard t.width > 4 else { return }
        let mid = t.y + t.height / 2
        CairoDrawing.fillRoundedRect(Rect(x: t.x, y: mid - 2, width: t.width, height: 4), radius: 2, colour: RGBA(1, 1, 1, 0.18), cr)
        let head = l.x(ofFrame: player.frame, last: player.lastFrame)
        CairoDrawing.fillRoundedRect(Rect(x: t.x, y: mid - 2, width: head - t.x, height: 4), radius: 2, colour: Palette.accent, cr)
        var drawn = Set<Int>()
        for m in player.markers.fromLines + player.markers.fromState {
            let x = l.x(ofFrame: m.frame, last: player.lastFrame)
            // One mark per kind and pixel column: a 1 kHz session stays cheap to draw.
            guard drawn.insert(Int(x.rounded()) * 16 + kindIndex(m.kind)).inserted else { continue }
            drawMarker(m.kind, x: x.rounded() + 0.5, mid: mid, top: t.y, bottom: t.maxY, cr)
        }
        CairoDrawing.fillCircle(Point(x: head, y: mid), radius: 6, colour: Palette.panelText, cr)
        cairo_rectangle(cr, head - 0.75, t.y + 2, 1.5, t.height - 4)
        CairoDrawing.setColour(Palette.panelText, cr)
        cairo_fill(cr)
    }

    private func kindIndex(_ k: TimelineMarker.Kind) -> Int { TimelineMarker.Kind.allCases.firstIndex(of: k) ?? 0 }

    /// Input below the line (down long, up short), thresholds as tall bars across it,
    /// callbacks as dots above, checkpoints and captions as flags at the top.
    private func drawMarker(_ kind: TimelineMarker.Kind, x: Double, mid: Double, top: Double, bottom: Double, _ cr: OpaquePointer) {
        let colour = Self.colour(kind)
        cairo_new_path(cr)
        cairo_set_line_width(cr, 1)
        switch kind {
        case .down, .up:
            cairo_move_to(cr, x, mid + 4)
            cairo_line_to(cr, x, kind == .down ? bottom - 2 : mid + 9)
            CairoDrawing.setColour(colour.with(alpha: 0.8), cr)
            cairo_stroke(cr)
        case .peek, .pop, .confirm:
            cairo_set_line_width(cr, 2)
            cairo_move_to(cr, x, top + 6)
            cairo_line_to(cr, x, bottom - 6)
            CairoDrawing.setColour(colour, cr)
            cairo_stroke(cr)
        case .callback:
            CairoDrawing.fillCircle(Point(x: x, y: mid - 7), radius: 1.5, colour: colour, cr)
        case .checkpoint, .caption:
            cairo_move_to(cr, x, top + 1)
            cairo_line_to(cr, x + (kind == .caption ? 6 : -6), top + 4)
            cairo_line_to(cr, x, top + 7)
            cairo_close_path(cr)
            CairoDrawing.setColour(colour, cr)
            cairo_fill(cr)
        }
    }
}

/// A caption as a subtitle: white text, centred, in a strip below the frame (the player's, and
/// videos'), never over the scene.
struct CaptionPainter {
    let text: String
    /// Playback waits on this caption: a hint to press Space follows it.
    var held = false
    /// The caption asks for a speed the user's choice overrides: a hint to press 0 follows it.
    var speedChosen = false

    /// 15 pt text (chosen: subtitles read at a glance), at most two lines in the player.
    static let size = 15.0
    /// The text's size (videos' strips use larger text).
    var size = CaptionPainter.size
    /// 9 pt: the smallest a caption is set to fit its band.
    static let smallestSize = 9.0

    /// The caption centred in `r`, at `size`, or as much smaller as it takes to fit `r` (a
    /// long caption in a narrow window, or with larger text: it ran into the timeline below):
    /// the largest half point that fits, down to `smallestSize`; what is still too long is cut
    /// at `r`'s edge.
    func draw(in r: Rect, _ cr: OpaquePointer) {
        let set = fitted(in: r, cr)
        cairo_save(cr)
        cairo_rectangle(cr, r.x, r.y, r.width, r.height)
        cairo_clip(cr)
        TextPainter.draw(set.text, at: Point(x: r.x, y: r.y + max(0, (r.height - set.height) / 2)), style: set.style,
                         width: r.width, alignment: .center, in: cr)
        cairo_restore(cr)
    }

    /// What `draw(in:_:)` writes in `r`: the text with its hints, the style it is set in, and
    /// its height.
    func fitted(in r: Rect, _ cr: OpaquePointer) -> (text: String, style: TextPainter.Style, height: Double) {
        let shown = Translation.text(text) + (held ? "   · " + Translation.text("Space continues") : "")
            + (speedChosen ? "   · " + Translation.text("your speed (0: the lesson's)") : "")
        var style = TextPainter.Style(size: size, bold: true, colour: Palette.panelText)
        func height() -> Double { TextPainter.measure(shown, style: style, width: r.width, in: cr).height }
        var h = height()
        if h > r.height, size > Self.smallestSize {
            // The largest half point that fits, by halving the sizes left (a few measures):
            // `low` fits or is the smallest, every size from `high` up does not.
            var low = Self.smallestSize, high = size
            while high - low > 0.5 {
                // Above `low` whatever the sizes (`size` need not be a half point).
                style.size = max(low + 0.5, ((low + high) / 2 * 2).rounded(.down) / 2)
                if height() <= r.height { low = style.size } else { high = style.size }
            }
            style.size = low
            h = height()
        }
        return (shown, style, h)
    }
}
