/// The pressure-curve panel: a plot of the curve with its two control points as handles and
/// the current raw → curved force as a moving dot. Its geometry lives in the core because
/// dragging a handle is input the core handles (and replays).
public struct CurvePanel: Equatable, Sendable {
    /// The panel's size in points.
    public static let size = (width: 224.0, height: 256.0)
    /// Space around the plot inside the panel (title above, figures below).
    static let plotInset = (left: 34.0, top: 40.0, right: 14.0, bottom: 52.0)
    /// 14 pt: how close a press must come to a handle to grab it.
    public static let handleReach = 14.0
    static let margin = 16.0

    /// The whole panel.
    public let frame: Rect
    /// The square the curve is plotted in: input 0…1 left to right, output 0…1 bottom to top.
    public let plot: Rect

    /// The panel for a viewport: bottom right (clear of the debug legend at the top right
    /// down to 440-point-high windows).
    public init(viewport: Viewport) {
        let w = Double(viewport.width), h = Double(viewport.height)
        frame = Rect(x: w - Self.margin - Self.size.width, y: h - Self.margin - Self.size.height,
                     width: Self.size.width, height: Self.size.height)
        let i = Self.plotInset
        plot = Rect(x: frame.x + i.left, y: frame.y + i.top,
                    width: frame.width - i.left - i.right, height: frame.height - i.top - i.bottom)
    }

    /// The point of the plot for input `x` and output `y`, both 0…1.
    public func point(x: Double, y: Double) -> Point {
        Point(x: plot.x + plot.width * x, y: plot.maxY - plot.height * y)
    }

    /// The control points' positions (0…100 units as in `PressureCurve`).
    public func handles(of c: PressureCurve) -> [Point] {
        [point(x: c.x1 / 100, y: c.y1 / 100), point(x: c.x2 / 100, y: c.y2 / 100)]
    }

    /// The handle (0 or 1) within reach of `p`, the nearer one if both are.
    public func handle(at p: Point, of c: PressureCurve) -> Int? {
        let d = handles(of: c).map { $0.distance(to: p) }
        guard let best = d.indices.min(by: { d[$0] < d[$1] }), d[best] <= Self.handleReach else { return nil }
        return best
    }

    /// The curve with handle `index` moved to `p` (clamped to the plot, whole 0…100 units).
    public func moving(handle index: Int, to p: Point, in c: PressureCurve) -> PressureCurve {
        guard plot.width > 0, plot.height > 0 else { return c }
        let x = (100 * (p.x - plot.x) / plot.width).rounded()
        let y = (100 * (plot.maxY - p.y) / plot.height).rounded()
        let cx = min(100, max(0, x)), cy = min(100, max(0, y))
        return index == 0 ? c.with(x1: cx, y1: cy) : c.with(x2: cx, y2: cy)
    }
}
