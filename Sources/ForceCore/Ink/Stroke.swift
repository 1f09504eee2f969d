/// One continuous line of ink, from pointer down to pointer up.
public struct Stroke: Equatable, Hashable, Sendable, Identifiable {
    public let id: Int
    public var source: InputSource
    /// Whether the samples carry real force; force-less strokes get simulated pressure.
    public var hasForce: Bool
    /// The samples, stored compactly (`StrokePoints`).
    public internal(set) var points: StrokePoints
    public var isFinished: Bool
    /// What it is drawn with (the default pen: the ink colour at the style's size).
    public var tool = InkTool.pen
    /// The rectangle around the real samples' precise locations (without the ink's width).
    public private(set) var extent: Rect = .null

    /// 24 pt: how far ink reaches beyond its samples at most — half the widest ink (16 pt at
    /// size 16 and force 1 in every renderer) plus a pen's tilt whisker (10.5 pt) rounded up.
    /// Strokes are indexed and erased by their extent grown by this.
    public static let inkReach = 24.0

    public init(id: Int, source: InputSource, hasForce: Bool, points: [InkPoint] = [], isFinished: Bool = false) {
        self.id = id
        self.source = source
        self.hasForce = hasForce
        self.points = StrokePoints()
        self.isFinished = isFinished
        for p in points {
            if p.type.contains(.predicted) {
                self.points.setPredicted(self.points.predicted + [p])
            } else {
                append(p)
            }
        }
        if isFinished { finish() }
    }

    /// This stroke under another id (a drawing opened into a canvas whose ids went further).
    func renumbered(_ newID: Int) -> Stroke {
        var s = Stroke(id: newID, source: source, hasForce: hasForce, isFinished: isFinished)
        s.tool = tool
        s.points = points
        s.extent = extent
        return s
    }

    /// Marks it finished: it will not grow, so its storage gives back the room it kept to grow.
    /// Every way a stroke is finished goes through here (the canvas's pointer up, a snapshot
    /// read back, a stroke made whole from points).
    mutating func finish() {
        isFinished = true
        points.shrinkToFit()
    }

    /// Appends a real sample (stale predictions go first).
    mutating func append(_ p: InkPoint) {
        points.append(p)
        extent = extent.union(Rect(around: points.preciseLocation(at: points.realCount - 1), radius: 0.5))
    }

    /// The area this stroke's ink can cover: the extent grown by `inkReach`.
    public var inkBounds: Rect { extent.isNull ? .null : extent.insetBy(-reach) }

    /// How far this stroke's ink reaches beyond its samples: `inkReach`, or more for a tool
    /// wider than 16 pt (half its widest ink plus the tilt whisker).
    public var reach: Double { max(Self.inkReach, (tool.size ?? 16) / 2 + 11) }

    /// 2: in debug drawing, where the colour shows the point type, the newest points stay live
    /// (the newest may still change type when the next sample of the same frame arrives).
    public static let unfrozenTail = 2

    /// The longest prefix of real points whose values are final (none awaits an update), short
    /// of the last `keep` real points.
    public func settledCount(keeping keep: Int) -> Int {
        min(max(0, realCount - keep), points.awaitingUpdate.first ?? .max)
    }

    /// The index of the first predicted point (or `points.count`).
    public var realCount: Int { points.realCount }
}
