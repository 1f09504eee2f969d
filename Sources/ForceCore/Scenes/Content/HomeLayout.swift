/// The Home scene's grid of app icons: four columns of 76 pt icons with their names.
public struct HomeLayout: Equatable, Sendable {
    /// 76 pt icons in 132×128 pt cells (iOS home-screen proportions at a desktop size).
    public static let iconSize = 76.0
    public static let cell = (width: 132.0, height: 128.0)
    public static let columns = 4
    /// 40 pt between the scene tabs and the first row.
    public static let topGap = 40.0

    public let icons: [Rect]

    public init(viewport: Viewport, count: Int, top: Double) {
        let rows = (count + Self.columns - 1) / Self.columns
        let gridWidth = Self.cell.width * Double(Self.columns)
        let x0 = ((Double(viewport.width) - gridWidth) / 2).rounded()
        let gridHeight = Self.cell.height * Double(rows)
        let y0 = max(top + Self.topGap, ((Double(viewport.height) - gridHeight) / 2).rounded())
        icons = (0..<count).map { i in
            let col = Double(i % Self.columns), row = Double(i / Self.columns)
            return Rect(x: x0 + col * Self.cell.width + (Self.cell.width - Self.iconSize) / 2,
                        y: y0 + row * Self.cell.height, width: Self.iconSize, height: Self.iconSize)
        }
    }

    /// The label's rect under icon `i`.
    public func label(_ i: Int) -> Rect {
        let r = icons[i]
        return Rect(x: r.center.x - Self.cell.width / 2, y: r.maxY + 6, width: Self.cell.width, height: 18)
    }
}
