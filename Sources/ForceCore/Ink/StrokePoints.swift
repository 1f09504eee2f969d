/// The points of a stroke, stored compactly and read as `InkPoint` values.
///
/// Real samples are kept in 16 bytes each (`PackedInkPoint`: `Float` coordinates, force in
/// 1/32768 steps, microseconds since the first sample, the type bits), in blocks that appending
/// never moves. Tilt is stored only for strokes that have it; sequence numbers are the first
/// one plus the index (a stroke's samples are numbered consecutively); update indices are kept
/// only for the points that had one. Predicted points (at most a few, replaced every frame)
/// follow the real ones.
public struct StrokePoints: RandomAccessCollection, Hashable, Sendable {
    private var packed = BlockList<PackedInkPoint>()
    /// Altitude and azimuth per real point (NaN where a point has none); nil for a stroke
    /// without tilt.
    private var tilt: BlockList<TiltPair>?
    private var updateIndices: [Int: Int] = [:]
    /// The real points typed `needsUpdate`, ascending (at most a few at a time).
    public private(set) var awaitingUpdate: [Int] = []
    /// The predicted points after the real ones.
    public private(set) var predicted: [InkPoint] = []
    /// The first sample's time, in seconds from the session start.
    public private(set) var startTime = 0.0
    /// The first sample's sequence number.
    public private(set) var firstSequence = 0

    struct TiltPair: Hashable, Sendable {
        var altitude: Float
        var azimuth: Float
    }

    /// Forces are stored in steps of 1/32768 (`PackedInkPoint.forceScale`).
    public static let forceResolution = 1 / PackedInkPoint.forceScale

    public init() {}

    // MARK: Collection

    public var startIndex: Int { 0 }
    public var endIndex: Int { packed.count + predicted.count }
    /// How many real (not predicted) points there are.
    public var realCount: Int { packed.count }

    public subscript(i: Int) -> InkPoint {
        if i >= packed.count { return predicted[i - packed.count] }
        let p = packed[i]
        let t = tilt?[i]
        return InkPoint(
            sequence: firstSequence + i,
            time: startTime + Double(p.microseconds) / PackedInkPoint.ticksPerSecond,
            force: Double(p.force) / PackedInkPoint.forceScale,
            preciseLocation: Point(x: Double(p.x), y: Double(p.y)),
            altitude: t.flatMap { $0.altitude.isNaN ? nil : Double($0.altitude) },
            azimuth: t.flatMap { $0.azimuth.isNaN ? nil : Double($0.azimuth) },
            type: PointType(rawValue: p.type),
            estimationUpdateIndex: updateIndices.isEmpty ? nil : updateIndices[i])
    }

    // MARK: Fast reads (no InkPoint built)

    /// The precise location of real point `i`.
    @inline(__always)
    public func preciseLocation(at i: Int) -> Point {
        let p = packed[i]
        return Point(x: Double(p.x), y: Double(p.y))
    }

    /// The force of real point `i`, 0…1.
    @inline(__always)
    public func force(at i: Int) -> Double { Double(packed[i].force) / PackedInkPoint.forceScale }

    /// The time of real point `i`, in seconds.
    @inline(__always)
    public func time(at i: Int) -> Double { startTime + Double(packed[i].microseconds) / PackedInkPoint.ticksPerSecond }

    /// The type of real point `i`.
    @inline(__always)
    public func type(at i: Int) -> PointType { PointType(rawValue: packed[i].type) }

    /// Calls `body` with the real points `range` as they are stored, a contiguous run at a
    /// time, in order, with the first sample's time (a point's time is it plus its
    /// microseconds): for readers of many points, which read them as the fast reads do.
    func forEachRealRun(in range: Range<Int>, _ body: (UnsafeBufferPointer<PackedInkPoint>, _ startTime: Double) -> Void) {
        packed.forEachRun(in: range) { body($0, startTime) }
    }

    // MARK: Changes

    /// Appends a real sample; its values are quantised as stored. Predicted points are dropped
    /// first (a real sample makes them stale).
    public mutating func append(_ p: InkPoint) {
        predicted.removeAll()
        if packed.count == 0 {
            startTime = p.time.isFinite ? p.time : 0
            firstSequence = p.sequence
        }
        packed.append(PackedInkPoint(
            x: PackedInkPoint.storedCoordinate(p.preciseLocation.x),
            y: PackedInkPoint.storedCoordinate(p.preciseLocation.y),
            microseconds: PackedInkPoint.ticks(from: startTime, to: p.time),
            force: PackedInkPoint.forceTicks(p.force),
            type: p.type.subtracting(.predicted).rawValue))
        if p.altitude != nil || p.azimuth != nil || tilt != nil {
            if tilt == nil {
                var list = BlockList<TiltPair>()
                for _ in 0..<(packed.count - 1) { list.append(TiltPair(altitude: .nan, azimuth: .nan)) }
                tilt = list
            }
            tilt?.append(TiltPair(altitude: p.altitude.map(Float.init) ?? .nan, azimuth: p.azimuth.map(Float.init) ?? .nan))
        }
        if let u = p.estimationUpdateIndex { updateIndices[packed.count - 1] = u }
        if p.type.contains(.needsUpdate) { awaitingUpdate.append(packed.count - 1) }
    }

    /// Replaces real point `i`'s force (an estimated force receiving its update).
    public mutating func setForce(_ force: Double, at i: Int) {
        packed[i].force = PackedInkPoint.forceTicks(force)
    }

    /// Replaces real point `i`'s type.
    public mutating func setType(_ type: PointType, at i: Int) {
        let was = PointType(rawValue: packed[i].type).contains(.needsUpdate)
        packed[i].type = type.subtracting(.predicted).rawValue
        if was != type.contains(.needsUpdate) {
            if was { awaitingUpdate.removeAll { $0 == i } } else {
                awaitingUpdate.append(i)
                awaitingUpdate.sort()
            }
        }
    }

    /// Replaces the predicted points.
    public mutating func setPredicted(_ points: [InkPoint]) { predicted = points }

    /// Removes the predicted points.
    public mutating func removePredicted() { predicted.removeAll() }

    /// Gives back the spare room of a stroke that will not grow any more.
    public mutating func shrinkToFit() {
        packed.shrinkToFit()
        tilt?.shrinkToFit()
    }

    /// How many real points its storage has room for.
    var capacity: Int { packed.capacity }

    public static func == (a: StrokePoints, b: StrokePoints) -> Bool {
        a.packed == b.packed && a.predicted == b.predicted && a.startTime == b.startTime
            && a.firstSequence == b.firstSequence && a.tilt == b.tilt && a.updateIndices == b.updateIndices
    }

    public func hash(into h: inout Hasher) {
        h.combine(packed)
        h.combine(predicted.count)
        h.combine(firstSequence)
    }
}
