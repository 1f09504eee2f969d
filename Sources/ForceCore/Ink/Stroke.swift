/// One continuous line of ink, from pointer down to pointer up.
public struct Stroke: Equatable, Hashable, Sendable, Identifiable {
    public let id: Int
    public var source: InputSource
    /// Whether the samples carry real force; force-less strokes get simulated pressure.
    public var hasForce: Bool
    public var points: [InkPoint]
    public var isFinished: Bool

    public init(id: Int, source: InputSource, hasForce: Bool, points: [InkPoint] = [], isFinished: Bool = false) {
        self.id = id
        self.source = source
        self.hasForce = hasForce
        self.points = points
        self.isFinished = isFinished
    }

    /// How many leading points may be drawn into the frozen cache.
    ///
    /// A finished stroke freezes whole. A live stroke freezes its longest settled prefix,
    /// never its last two real points (the next sample may still bend the outline there) and
    /// never past a point that is predicted or awaits an update (TouchCanvas's rule).
    public var frozenCount: Int {
        if isFinished { return points.count }
        let limit = max(0, realCount - Self.unfrozenTail)
        var count = 0
        while count < limit, points[count].isSettled { count += 1 }
        return count
    }

    /// 2: the newest points stay live.
    public static let unfrozenTail = 2

    /// The index of the first predicted point (or `points.count`).
    public var realCount: Int {
        var n = points.count
        while n > 0, points[n - 1].type.contains(.predicted) { n -= 1 }
        return n
    }
}
