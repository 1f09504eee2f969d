/// How a force becomes the ink's width. One mapping holds for every renderer (outline,
/// classic and debug), so switching the renderer or debug drawing never changes the width.
public enum InkWidthMapping: String, Equatable, Hashable, Sendable, CaseIterable {
    /// perfect-freehand's radius `size · (0.5 − thinning·(0.5 − pressure))`: at size 16 and
    /// thinning 0.5, 8 pt wide at force 0, 16 pt at 0.5, 24 pt at 1 (the default).
    case perfectFreehand = "perfect-freehand"
    /// TouchCanvas's `lineWidth = max(force, 0.025)`, scaled so that force 0.5 gives the
    /// outline's size: 0.8 pt at force 0, 16 pt at 0.5, 32 pt at 1 (kept for teaching).
    case touchCanvas = "touchcanvas"

    /// 0.025, TouchCanvas's least force for a segment's width.
    public static let touchCanvasMinimumForce = 0.025

    /// The other mapping (the `W` key).
    public var next: InkWidthMapping { self == .perfectFreehand ? .touchCanvas : .perfectFreehand }

    /// How the mapping is named on screen.
    public var title: String { self == .perfectFreehand ? "perfect-freehand" : "TouchCanvas" }

    /// The ink's radius at a force, in points, for a base `size` and perfect-freehand's
    /// `thinning` (at least 0.01 pt).
    public func radius(force: Double, size: Double, thinning: Double) -> Double {
        let p = Force.normalized(force)
        switch self {
        case .perfectFreehand:
            guard thinning != 0 else { return size / 2 }
            return max(0.01, size * (0.5 - thinning * (0.5 - p)))
        case .touchCanvas:
            return max(0.01, max(p, Self.touchCanvasMinimumForce) * size)
        }
    }
}
