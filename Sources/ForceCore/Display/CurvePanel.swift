/// The pressure-curve panel: a plot of the curve with its two control points as handles and
/// the current raw → curved force as a moving dot. Its geometry lives in the core because
/// dragging a handle is input the core handles (and replays).
public struct CurvePanel: Equatable, Sendable {
    /// Space around the plot inside the panel: the title above, the axis label below.
    static let plotInset = (left: 34.0, top: 40.0, right: 14.0, bottom: 22.0)
    /// 36 pt: the figures' height under the plot in a narrow panel.
    static let figuresHeight = 36.0
    /// 14 pt: how close a press must come to a handle to grab it.
    public static let handleReach = 14.0
    /// 20 pt: a handle closer than this to its fixed end (the linear preset puts both on the
    /// ends) is drawn this far along the diagonal instead, where it can be seen and grabbed.
    public static let handleOffset = 20.0

    /// The whole panel, in the panel's points: the window's over `uiScale` (the painter draws
    /// the panel `uiScale` times larger, so it lands on the dock's rect).
    public let frame: Rect
    /// How much larger the panel is drawn than its points (`ScreenLayout.uiScale`).
    public let uiScale: Double
    /// The square the curve is plotted in: input 0…1 left to right, output 0…1 bottom to top.
    public let plot: Rect
    /// Where the figures go (raw → out, the curve's settings): right of the plot in a wide
    /// panel, under it in a narrow one.
    public let figures: Rect

    /// The panel in `window`, the dock's rect for it, drawn `uiScale` times larger than its points.
    public init(frame window: Rect, uiScale: Double = 1) {
        self.uiScale = uiScale
        let frame = window.scaled(by: 1 / uiScale)
        self.frame = frame
        let i = Self.plotInset
        if frame.width >= 1.6 * frame.height {
            let side = max(0, frame.height - i.top - i.bottom)
            plot = Rect(x: frame.x + i.left, y: frame.y + i.top, width: side, height: side)
            figures = Rect(x: plot.maxX + 24, y: plot.y, width: max(0, frame.maxX - 12 - plot.maxX - 24), height: side)
        } else {
            let side = max(0, min(frame.width - i.left - i.right, frame.height - i.top - i.bottom - Self.figuresHeight))
            plot = Rect(x: frame.x + i.left, y: frame.y + i.top, width: side, height: side)
            figures = Rect(x: frame.x + 12, y: plot.maxY + i.bottom, width: frame.width - 24, height: Self.figuresHeight)
        }
    }

    /// The point of the plot for input `x` and output `y`, both 0…1.
    public func point(x: Double, y: Double) -> Point {
        Point(x: plot.x + plot.width * x, y: plot.maxY - plot.height * y)
    }

    /// The control points' positions (0…100 units as in `PressureCurve`).
    public func handles(of c: PressureCurve) -> [Point] {
        [point(x: c.x1 / 100, y: c.y1 / 100), point(x: c.x2 / 100, y: c.y2 / 100)]
    }

    /// Where the handles are drawn and grabbed: at the control points, except that one sitting
    /// on (or near) its fixed end is moved `handleOffset` along the diagonal, inward.
    public func displayedHandles(of c: PressureCurve) -> [Point] {
        let ends = [point(x: 0, y: 0), point(x: 1, y: 1)]
        return handles(of: c).enumerated().map { i, h in
            let end = ends[i], other = ends[1 - i]
            guard h.distance(to: end) < Self.handleOffset else { return h }
            return end + (other - end).normalized * Self.handleOffset
        }
    }

    /// Whether a handle is drawn away from its control point (the arm then shows where it acts).
    public func isOffset(handle i: Int, of c: PressureCurve) -> Bool {
        displayedHandles(of: c)[i] != handles(of: c)[i]
    }

    /// A point of the window in the panel's points.
    func local(_ p: Point) -> Point { p * (1 / uiScale) }

    /// The handle (0 or 1) within reach of `window` (a point of the window), the nearer one if both are.
    public func handle(at window: Point, of c: PressureCurve) -> Int? {
        let p = local(window)
        let d = displayedHandles(of: c).map { $0.distance(to: p) }
        guard let best = d.indices.min(by: { d[$0] < d[$1] }), d[best] <= Self.handleReach else { return nil }
        return best
    }

    /// The curve with handle `index` moved to `window` (a point of the window; clamped to the
    /// plot, whole 0…100 units).
    public func moving(handle index: Int, to window: Point, in c: PressureCurve) -> PressureCurve {
        let p = local(window)
        guard plot.width > 0, plot.height > 0 else { return c }
        let x = (100 * (p.x - plot.x) / plot.width).rounded()
        let y = (100 * (plot.maxY - p.y) / plot.height).rounded()
        let cx = min(100, max(0, x)), cy = min(100, max(0, y))
        return index == 0 ? c.with(x1: cx, y1: cy) : c.with(x2: cx, y2: cy)
    }
}
