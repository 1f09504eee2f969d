/// The Home scene's grid of app icons in its area: four columns of 76 pt icons with their
/// names (closer rows, then more columns, in a short area), the menu state line above them,
/// the toast near the bottom.
public struct HomeLayout: Equatable, Sendable {
    /// 76 pt icons in 132×128 pt cells (iOS home-screen proportions at a desktop size).
    public static let iconSize = 76.0
    public static let cell = (width: 132.0, height: 128.0)
    public static let columns = 4
    /// 60 pt between the top of the area and the first row: the state lines sit in it, above
    /// the reach of a first-row icon's force ring.
    public static let topGap = 60.0
    /// The label under an icon: 6 pt below it, 18 pt high.
    public static let labelOffset = 6.0
    public static let labelHeight = 18.0
    /// 54 pt: the force ring's radius around a pressed icon, outside the icon's rounded corners
    /// (a 76 pt icon with 17 pt corners reaches 47 pt from its centre) and its 5 pt line.
    public static let pressRingRadius = 54.0
    /// 5 pt, the force ring's line.
    public static let pressRingWidth = 5.0

    /// 112 pt: the row pitch of a short area (the icon, its label and 12 pt to the next).
    public static let shortRowPitch = 112.0

    public let area: Rect
    public let icons: [Rect]

    public init(area: Rect, count: Int) {
        self.area = area
        // A short area (a small window, the dock's bottom band) packs rows closer, then spreads
        // the icons over more columns, so they stay on screen.
        func height(_ columns: Int, _ pitch: Double) -> Double {
            Double((count + columns - 1) / max(1, columns)) * pitch + Self.topGap
        }
        var columns = Self.columns
        var pitch = Self.cell.height
        if height(columns, pitch) > area.height { pitch = Self.shortRowPitch }
        while height(columns, pitch) > area.height, columns < count,
            Double(columns + 1) * Self.cell.width <= area.width - 2 * Self.labelOffset {
            columns += 1
        }
        let rows = (count + columns - 1) / max(1, columns)
        let gridWidth = Self.cell.width * Double(columns)
        let x0 = (area.x + (area.width - gridWidth) / 2).rounded()
        let gridHeight = pitch * Double(rows)
        let y0 = max(area.y + Self.topGap, (area.y + (area.height - gridHeight) / 2).rounded())
        icons = (0..<count).map { i in
            let col = Double(i % columns), row = Double(i / columns)
            return Rect(x: x0 + col * Self.cell.width + (Self.cell.width - Self.iconSize) / 2,
                        y: y0 + row * pitch, width: Self.iconSize, height: Self.iconSize)
        }
    }

    /// The layout of a window without a dock, content from `top` down.
    public init(viewport: Viewport, count: Int, top: Double) {
        self.init(area: Rect(x: 0, y: top, width: Double(viewport.width), height: max(0, Double(viewport.height) - top)),
                  count: count)
    }

    /// The label's rect under icon `i`.
    public func label(_ i: Int) -> Rect {
        let r = icons[i]
        return Rect(x: r.center.x - Self.cell.width / 2, y: r.maxY + Self.labelOffset, width: Self.cell.width,
                    height: Self.labelHeight)
    }

    /// What a label takes under its icon: a menu below the icon starts under it.
    public static var labelClearance: Double { labelOffset + labelHeight }

    /// The icons with their labels.
    public var grid: Rect {
        icons.indices.reduce(Rect.null) { $0.union(icons[$1]).union(label($1)) }
    }

    /// How far a pressed icon's force ring reaches beyond the icon, above and below.
    public static var ringOverhang: Double { pressRingRadius + pressRingWidth / 2 - iconSize / 2 }

    /// The quick-action menu's state (teaching, two lines), above the grid, clear of the ring
    /// round a first-row icon.
    public var stateLines: Rect {
        let g = grid.isNull ? area : grid
        let w = min(max(g.width, 360), area.width - 32)
        return Rect(x: area.x + (area.width - w) / 2, y: max(area.y + 2, g.y - 34 - Self.ringOverhang), width: w, height: 32)
    }

    /// The toast after an action, near the bottom of the area.
    public var toast: Rect {
        let w = min(520.0, area.width - 32)
        return Rect(x: area.x + (area.width - w) / 2, y: area.maxY - 110, width: w, height: 34)
    }

    /// The line that says the timed fallback is pressing (a force-less device), above the toast.
    public var fallbackHint: Rect { Rect(x: area.x, y: area.maxY - 150, width: area.width, height: 18) }
}
