/// The reference demo of the confirm button (seed 004, TB_ForceTouchSelector's storyboard):
/// a full-width red "DELETE EVENT" bar at the bottom of a dark screen; firing fades in a
/// "DELETED" pill over 1.0 s, ease-out. Sizes are points.
public enum DeleteEventDemo {
    /// 61 pt, the bar's height (storyboard height constraint).
    public static let barHeight = 61.0
    /// (0.898, 0.276, 0.309), the bar's red (storyboard `backgroundColor`).
    public static let barColor = InteractionColor(red: 0.898, green: 0.276, blue: 0.309)
    /// (0.145, 0.145, 0.188), the screen behind the bar (storyboard view `backgroundColor`).
    public static let backgroundColor = InteractionColor(red: 0.145, green: 0.145, blue: 0.188)
    /// "DELETE EVENT", the bar's title (storyboard).
    public static let barTitle = "DELETE EVENT"
    /// (0.966, 0.980, 0.980), the bar title's colour (storyboard `titleColor`).
    public static let barTitleColor = InteractionColor(red: 0.966, green: 0.980, blue: 0.980)

    /// 70 pt, the pill's width (storyboard width constraint).
    public static let pillWidth = 70.0
    /// 26 pt, the pill's height (storyboard height constraint).
    public static let pillHeight = 26.0
    /// 13 pt, the pill's corner radius (storyboard `layer.cornerRadius`): a full capsule.
    public static let pillCornerRadius = 13.0
    /// "DELETED", the pill's text (storyboard).
    public static let pillText = "DELETED"
    /// 11 pt, the pill's font size (storyboard system font 11).
    public static let pillFontSize = 11.0
    /// (0.927, 0.368, 0.380), the pill's fill (storyboard `backgroundColor`).
    public static let pillColor = InteractionColor(red: 0.927, green: 0.368, blue: 0.380)
    /// (1, 0.984, 0.980), the pill's text colour (storyboard `textColor`).
    public static let pillTextColor = InteractionColor(red: 1, green: 0.984, blue: 0.980)
    /// 67 pt, the pill's top below the screen's vertical centre (storyboard: y 351 on the
    /// 320×568 screen whose centre is at 284).
    public static let pillOffsetBelowCentre = 67.0
    /// 1.0 s, the pill's fade-in (reference `UIViewPropertyAnimator(duration: 1.0, curve: .easeOut)`).
    public static let pillFadeDuration = 1.0

    /// The bar: full width, at the bottom of the viewport.
    public static func barRect(in viewport: Viewport) -> Rect { barRect(in: viewport.bounds) }

    /// The bar: full width of the scene's area, at its bottom.
    public static func barRect(in area: Rect) -> Rect {
        Rect(x: area.x, y: area.maxY - barHeight, width: area.width, height: barHeight)
    }

    /// The bar's title with room round it: 17 pt bold capitals, about 125 pt wide in the
    /// bundled DejaVu Sans Bold (the painter's), taken as 180 × 28 pt centred in the bar.
    public static func titleRect(in area: Rect) -> Rect {
        let bar = barRect(in: area)
        return Rect(x: bar.center.x - 90, y: bar.center.y - 14, width: 180, height: 28)
    }

    /// The pill: centred horizontally, its top `pillOffsetBelowCentre` below the centre.
    public static func pillRect(in viewport: Viewport) -> Rect { pillRect(in: viewport.bounds) }

    /// The pill, centred in the scene's area.
    public static func pillRect(in area: Rect) -> Rect {
        Rect(x: area.center.x - pillWidth / 2, y: area.center.y + pillOffsetBelowCentre, width: pillWidth, height: pillHeight)
    }

    /// The pill's alpha `seconds` after the action fired: 0 before, ease-out to 1 over 1.0 s,
    /// then 1. NaN counts as "not yet" (0).
    public static func pillAlpha(secondsSinceFiring seconds: Double) -> Double {
        guard !seconds.isNaN else { return 0 }
        return TimingCurve.easeOut.value(at: seconds / pillFadeDuration)
    }
}
