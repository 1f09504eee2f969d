/// Where a quick-action menu goes for an app icon (SPEC 6): below the icon if it fits, else
/// above; aligned to the icon's left edge with the glyphs on the left when the icon is on the
/// left half of the screen, to its right edge with the glyphs on the right otherwise; always
/// inside the viewport with a margin (when the menu fits at all).
///
/// Item 0 is the row nearest the icon (top row below it, bottom row above it), so dynamic
/// items, which follow the static ones, end up further from the finger (seed 000).
public struct QuickActionLayout: Equatable, Hashable, Sendable {
    /// 250 pt, the menu's width (chosen: about the width of the iOS quick-action platter).
    public static let defaultWidth = 250.0
    /// 8 pt between the icon and the menu (chosen).
    public static let gap = 8.0
    /// 8 pt, the least distance from the menu to a viewport edge (chosen).
    public static let margin = 8.0
    /// 48 pt, a row with a one-line title and no subtitle (chosen, iOS-like).
    public static let singleLineRowHeight = 48.0
    /// 58 pt, a row with a title and a subtitle, each one line (chosen, iOS-like).
    public static let subtitleRowHeight = 58.0
    /// 66 pt, a row whose title wraps to two lines (no subtitle, SPEC 6; chosen, iOS-like).
    public static let twoLineRowHeight = 66.0
    /// 16 pt, the glyph column's inset from the menu's side (chosen).
    public static let glyphInset = 16.0
    /// 24 pt, the side of a row's icon glyph (chosen).
    public static let glyphSize = 24.0

    /// Whether the menu sits below or above the icon.
    public enum Placement: Equatable, Hashable, Sendable { case below, above }
    /// Which side of each row shows the icon glyph (and which icon edge the menu aligns to).
    public enum Side: Equatable, Hashable, Sendable { case left, right }

    /// The whole menu.
    public let menuRect: Rect
    /// One rectangle per item; index 0 is nearest the icon.
    public let itemRects: [Rect]
    public let placement: Placement
    public let glyphSide: Side

    /// The row height for an item: two lines when its title wraps (only possible without a
    /// subtitle), else one line with or without a subtitle. The caller measures the title.
    public static func rowHeight(for item: ShortcutItem, titleWraps: Bool) -> Double {
        if !item.titleMayWrap { return subtitleRowHeight }
        return titleWraps ? twoLineRowHeight : singleLineRowHeight
    }

    /// Lays out rows of the given heights for an icon in a window without a dock.
    public init(iconRect: Rect, rowHeights: [Double], viewport: Viewport, width: Double = defaultWidth) {
        self.init(iconRect: iconRect, rowHeights: rowHeights, bounds: viewport.bounds, width: width)
    }

    /// Lays out rows of the given heights for an icon inside `bounds` (the scene's area); a
    /// non-finite or non-positive height counts as one line, a non-finite icon rect as a point
    /// at the centre. `labelClearance` is the space the icon's label takes under it: a menu
    /// below starts under the label, never across it.
    public init(iconRect: Rect, rowHeights: [Double], bounds: Rect, width: Double = defaultWidth,
                labelClearance: Double = 0) {
        let icon = iconRect.x.isFinite && iconRect.y.isFinite && iconRect.width.isFinite && iconRect.height.isFinite
            ? iconRect : Rect(x: bounds.center.x, y: bounds.center.y, width: 0, height: 0)
        let heights = rowHeights.map { $0.isFinite && $0 > 0 ? $0 : Self.singleLineRowHeight }
        let menuHeight = heights.reduce(0, +)
        let requested = width.isFinite && width > 0 ? width : Self.defaultWidth
        let menuWidth = max(0, min(requested, bounds.width - 2 * Self.margin))

        let side: Side = icon.x + icon.width / 2 < bounds.center.x ? .left : .right
        let x = Self.clamp(side == .left ? icon.x : icon.maxX - menuWidth,
                           low: bounds.x + Self.margin, high: bounds.maxX - Self.margin - menuWidth)

        let clearance = labelClearance.isFinite ? max(0, labelClearance) : 0
        let top = icon.maxY + clearance + Self.gap
        let roomBelow = bounds.maxY - Self.margin - top
        let roomAbove = icon.y - Self.gap - Self.margin - bounds.y
        let placement: Placement = menuHeight <= roomBelow || (menuHeight > roomAbove && roomBelow >= roomAbove)
            ? .below : .above
        let y = Self.clamp(placement == .below ? top : icon.y - Self.gap - menuHeight,
                           low: bounds.y + Self.margin, high: bounds.maxY - Self.margin - menuHeight)

        menuRect = Rect(x: x, y: y, width: menuWidth, height: menuHeight)
        var rects: [Rect] = []
        var offset = 0.0
        for h in heights {
            let top = placement == .below ? y + offset : y + menuHeight - offset - h
            rects.append(Rect(x: x, y: top, width: menuWidth, height: h))
            offset += h
        }
        itemRects = rects
        self.placement = placement
        glyphSide = side
    }

    /// The item under a point, or nil.
    public func item(at point: Point) -> Int? {
        itemRects.firstIndex { $0.contains(point) }
    }

    /// Whether a point is on the menu.
    public func contains(_ point: Point) -> Bool { menuRect.contains(point) }

    /// The glyph's square in a row (on `glyphSide`), or nil for a bad index.
    public func glyphRect(ofItem index: Int) -> Rect? {
        guard itemRects.indices.contains(index) else { return nil }
        let row = itemRects[index]
        let gx = glyphSide == .left ? row.x + Self.glyphInset : row.maxX - Self.glyphInset - Self.glyphSize
        return Rect(x: gx, y: row.y + (row.height - Self.glyphSize) / 2, width: Self.glyphSize, height: Self.glyphSize)
    }

    /// `value` within low…high; low wins when the range is empty (the menu is too big).
    private static func clamp(_ value: Double, low: Double, high: Double) -> Double {
        max(low, min(value, high))
    }
}
