/// A set of screen edges, as `UIRectEdge` (same bit values): what a scene prefers to protect
/// with `preferredScreenEdgesDeferringSystemGestures` (SPEC 8, seed 003).
public struct ScreenEdges: OptionSet, Equatable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `UIRectEdgeTop = 1 << 0`.
    public static let top = ScreenEdges(rawValue: 1 << 0)
    /// `UIRectEdgeLeft = 1 << 1`.
    public static let left = ScreenEdges(rawValue: 1 << 1)
    /// `UIRectEdgeBottom = 1 << 2`.
    public static let bottom = ScreenEdges(rawValue: 1 << 2)
    /// `UIRectEdgeRight = 1 << 3`.
    public static let right = ScreenEdges(rawValue: 1 << 3)
    /// `UIRectEdgeAll`: all four.
    public static let all: ScreenEdges = [.top, .left, .bottom, .right]

    /// The single edges in the set, in `ScreenEdge.allCases` order.
    public var edges: [ScreenEdge] { ScreenEdge.allCases.filter { contains($0.set) } }

    /// "top, bottom", "all" or "none", for the HUD.
    public var description: String {
        if self == .all { return "all" }
        let names = edges.map(\.rawValue)
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}
