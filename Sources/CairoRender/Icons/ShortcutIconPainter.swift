import CCairo
import Foundation
import ForceCore

/// Draws the 29 system glyphs of home-screen quick actions (`UIApplicationShortcutIconType`) as
/// vector line art in the manner of iOS's SF Symbols, and the app icons of the Home scene.
///
/// Each glyph is written once on `GlyphPen`'s 24-unit grid and scaled to the largest square
/// centred in the rect it is given, so it draws the same at 16 px and at 96 px. The icon groups
/// live in `ShortcutIconPainter+Marks.swift`, `+Objects.swift` and `+Media.swift`; app icons in
/// `+AppIcon.swift`.
public struct ShortcutIconPainter {
    /// 2 grid units: a line 1/12 of the glyph's side, about the weight of SF Symbols' regular
    /// glyphs at quick-action sizes.
    static let lineWidth = 2.0

    /// Draws `icon` in `colour`, scaled to the largest square centred in `rect`. Pure geometry:
    /// nothing is painted outside `rect`, and the context's state and path are left as found.
    public static func draw(_ icon: ShortcutIconType, in rect: Rect, colour: RGBA, into cr: OpaquePointer) {
        let side = min(rect.width, rect.height)
        guard side > 0, side.isFinite, rect.x.isFinite, rect.y.isFinite else { return }
        cairo_save(cr)
        cairo_new_path(cr)
        cairo_translate(cr, rect.x + (rect.width - side) / 2, rect.y + (rect.height - side) / 2)
        cairo_scale(cr, side / GlyphPen.gridSize, side / GlyphPen.gridSize)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_set_source_rgba(cr, colour.r, colour.g, colour.b, colour.a)
        cairo_set_line_width(cr, lineWidth)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        draw(icon, GlyphPen(cr: cr))
        cairo_new_path(cr)
        cairo_restore(cr)
    }

    private static func draw(_ icon: ShortcutIconType, _ pen: GlyphPen) {
        switch icon {
        case .compose: compose(pen)
        case .play: play(pen)
        case .pause: pause(pen)
        case .add: add(pen)
        case .location: location(pen)
        case .search: search(pen)
        case .share: share(pen)
        case .prohibit: prohibit(pen)
        case .contact: contact(pen)
        case .home: home(pen)
        case .markLocation: markLocation(pen)
        case .favorite: favorite(pen)
        case .love: love(pen)
        case .cloud: cloud(pen)
        case .invitation: invitation(pen)
        case .confirmation: confirmation(pen)
        case .mail: mail(pen)
        case .message: message(pen)
        case .date: date(pen)
        case .time: time(pen)
        case .capturePhoto: capturePhoto(pen)
        case .captureVideo: captureVideo(pen)
        case .task: task(pen)
        case .taskCompleted: taskCompleted(pen)
        case .alarm: alarm(pen)
        case .bookmark: bookmark(pen)
        case .shuffle: shuffle(pen)
        case .audio: audio(pen)
        case .update: update(pen)
        }
    }

    // MARK: Shared proportions (grid units)

    /// 12, the centre of the grid on both axes.
    static let centre = GlyphPen.gridSize / 2
    /// 9.5, the radius of the circle-based glyphs (prohibit, contact, confirmation, task, time):
    /// with the line's half width they reach 1.5 units from the grid's edge, as SF Symbols'
    /// circles fill their template's safe area.
    static let ringRadius = 9.5

    /// Shorthand for a grid point.
    static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
}
