/// How the canvas shows its document: a document point `p` appears on the device's screen at
/// `p × scale + offset`. Ink lives in document coordinates; the view is part of the state and
/// changes only by recorded events (`InputEvent.view`), so a replay shows what the user saw.
public struct CanvasView: Equatable, Hashable, Sendable {
    /// Screen points per document point.
    public private(set) var scale: Double
    /// Where the document's origin is on the screen.
    public private(set) var offset: Point

    /// 1/8 to 8: from a whole poster to a pixel's detail (a coordinate times 8 stays exact:
    /// `InputLimits.maximumCoordinate`).
    public static let scaleRange = 0.125...8.0
    /// 24 pt: the margin Ctrl+0 leaves around the drawing.
    public static let fitMargin = 24.0

    /// The identity: document and screen coincide (every session before views, and a new canvas).
    public static let identity = CanvasView(scale: 1, offset: Point(x: 0, y: 0))

    public init(scale: Double, offset: Point) {
        self.scale = Self.clampedScale(scale)
        self.offset = InputLimits.clamped(offset.isFinite ? offset : Point(x: 0, y: 0))
    }

    public var isIdentity: Bool { self == .identity }

    public func toScreen(_ p: Point) -> Point { Point(x: p.x * scale + offset.x, y: p.y * scale + offset.y) }
    public func toDocument(_ p: Point) -> Point { Point(x: (p.x - offset.x) / scale, y: (p.y - offset.y) / scale) }

    public func toScreen(_ r: Rect) -> Rect {
        guard !r.isNull, !isIdentity else { return r }
        return Rect(x: r.x * scale + offset.x, y: r.y * scale + offset.y, width: r.width * scale, height: r.height * scale)
    }

    public func toDocument(_ r: Rect) -> Rect {
        guard !r.isNull, !isIdentity else { return r }
        return Rect(x: (r.x - offset.x) / scale, y: (r.y - offset.y) / scale, width: r.width / scale, height: r.height / scale)
    }

    /// Zooms by `factor` keeping the document point under `anchor` (a screen point) where it is.
    public mutating func zoom(by factor: Double, about anchor: Point) {
        guard factor.isFinite, factor > 0, anchor.isFinite else { return }
        let fixed = toDocument(anchor)
        scale = Self.clampedScale(scale * factor)
        offset = InputLimits.clamped(Point(x: anchor.x - fixed.x * scale, y: anchor.y - fixed.y * scale))
    }

    /// Moves the document by `dx`, `dy` screen points.
    public mutating func pan(dx: Double, dy: Double) {
        guard dx.isFinite, dy.isFinite else { return }
        offset = InputLimits.clamped(Point(x: offset.x + dx, y: offset.y + dy))
    }

    /// The view that shows all of `drawing` (document coordinates) in `area` (the screen's),
    /// centred, at most at scale 1 (a small drawing is not blown up), or the identity when
    /// there is nothing to show. A drawing too large to fit at the smallest scale (a document
    /// of a few dozen pages) is shown from its start: its top, or its left edge, at the
    /// margin, where its first page is, not its middle.
    public static func fitting(_ drawing: Rect, in area: Rect) -> CanvasView {
        guard !drawing.isNull, !area.isNull else { return .identity }
        let room = area.insetBy(fitMargin)
        guard room.width > 0, room.height > 0 else { return .identity }
        let s = clampedScale(min(1, room.width / max(drawing.width, 1), room.height / max(drawing.height, 1)))
        let x = drawing.width * s > room.width ? room.x - drawing.x * s : room.center.x - drawing.center.x * s
        let y = drawing.height * s > room.height ? room.y - drawing.y * s : room.center.y - drawing.center.y * s
        return CanvasView(scale: s, offset: Point(x: x, y: y))
    }

    /// Page Down (`direction` 1) or Page Up (−1): the view moves a screenful (the area less
    /// its two margins) down or up the document, or less, to the nearest page top within that
    /// reach, which then lands at the top margin (`pages`: the pages' rects, document
    /// coordinates, in any order). Zoomed out over many pages, each press is the next page;
    /// zoomed in on one, a screen at a time until the next page's top comes into reach. Pages
    /// bound the moves: Page Down stops where the last page's bottom reaches the bottom margin
    /// (or its top the top margin), Page Up at the first page's top, so paging past either end
    /// does not lose the document in empty space. Without pages (ink on an open canvas), a
    /// screenful each time.
    public mutating func page(_ direction: Int, pages: [Rect], in area: Rect) {
        guard direction != 0, !area.isNull else { return }
        let screen = max(area.height - 2 * Self.fitMargin, area.height / 2)
        // The document's y at the top margin, and how far a screenful reaches (both in document
        // points); a page top within half a pixel of it is the one shown there already.
        let top = (area.y + Self.fitMargin - offset.y) / scale
        let reach = screen / scale, slack = 0.5 / scale
        let tops = pages.map(\.y)
        let target: Double? = direction > 0
            ? tops.filter { $0 > top + slack && $0 <= top + reach }.min()
            : tops.filter { $0 < top - slack && $0 >= top - reach }.max()
        var next = target ?? (direction > 0 ? top + reach : top - reach)
        if target == nil, let first = tops.min(), let lastTop = tops.max(), let bottom = pages.map(\.maxY).max() {
            next = direction > 0 ? min(next, max(lastTop, bottom - reach)) : max(next, first)
            // At the end already (or beyond it, panned there): the key does nothing.
            guard direction > 0 ? next > top + slack : next < top - slack else { return }
        }
        pan(dx: 0, dy: (top - next) * scale)
    }

    /// The view Page Down (`direction` 1) or Page Up (−1) shows over the pages `paper`: this
    /// one moved to the next or previous page's top (`page(_:pages:in:)`).
    public func paged(_ direction: Int, over paper: [PaperPage], in area: Rect) -> CanvasView {
        var view = self
        view.page(direction, pages: paper.map(\.rect), in: area)
        return view
    }

    static func clampedScale(_ s: Double) -> Double {
        s.isFinite ? min(scaleRange.upperBound, max(scaleRange.lowerBound, s)) : 1
    }
}

/// A change of the canvas's view (keys, Ctrl+wheel, a middle-button or space drag).
public enum ViewChange: Equatable, Hashable, Sendable {
    /// Zoom by a factor about a screen point.
    case zoom(Double, about: Point)
    /// Move the document by screen points.
    case pan(dx: Double, dy: Double)
    /// Show the whole drawing (Ctrl+0).
    case fit
    /// Back to the identity: 100 %, the document's origin at the screen's.
    case actualSize
    /// Page Down (1) or Page Up (−1): the next or previous page's top, or a screenful
    /// (`CanvasView.page(_:pageTops:in:)`).
    case page(Int)
}
