/// The ink on the canvas: finished strokes, the live stroke, undo history.
///
/// Point typing follows TouchCanvas: of the samples that arrive between two frames the last is
/// `standard` and the others `coalesced`; predicted points are appended at each frame and removed
/// when the next real sample arrives; a force change without movement appends a `needsUpdate`
/// point whose force is replaced by following changes until it settles into `updated`.
public struct InkCanvas: Equatable, Sendable {
    /// An undoable change.
    public enum Edit: Equatable, Sendable {
        case add(Stroke)
        case clear([Stroke])
        /// Strokes an eraser gesture removed, with the indices they had (ascending).
        case erase([ErasedStroke])
    }

    /// A stroke the eraser removed and where it was in the stacking order.
    public struct ErasedStroke: Equatable, Sendable {
        public var index: Int
        public var stroke: Stroke
    }

    /// 10 pt: the eraser's reach around the pen tip, beyond the ink's own half-width.
    public static let eraserRadius = 10.0

    /// 0.2 s without a further force change settles a `needsUpdate` point into `updated`.
    public static let forceSettleInterval = 0.2

    public private(set) var strokes: [Stroke] = []
    public private(set) var live: Stroke?
    public private(set) var undoStack: [Edit] = []
    public private(set) var redoStack: [Edit] = []
    /// Bumped whenever finished ink changed other than by appending (undo, redo, clear, cancel):
    /// a renderer's cache of finished ink must then be rebuilt.
    public private(set) var revision = 0

    /// The strokes the current eraser gesture removed so far (one undo step per gesture).
    private var erasing: [ErasedStroke]?
    private var nextStrokeID = 1
    private var nextSequence = 0
    private var nextUpdateIndex = 0
    /// Index into the live stroke's points where the current frame's samples start.
    private var frameStart = 0
    /// When the pending force update was last changed.
    private var pendingUpdateTime: Double?
    /// When the point awaiting a force update last changed (nil when none awaits one).
    public var pendingForceUpdateTime: Double? { pendingUpdateTime }

    public init() {}

    // MARK: Samples

    /// Starts a stroke at `location`.
    public mutating func begin(
        at location: Point, force: Double, time: Double, source: InputSource, hasForce: Bool,
        altitude: Double? = nil, azimuth: Double? = nil
    ) {
        if live != nil { end(at: nil, force: nil, time: time, cancelled: true) }
        live = Stroke(id: nextStrokeID, source: source, hasForce: hasForce)
        nextStrokeID += 1
        frameStart = 0
        appendReal(location: location, force: force, time: time, altitude: altitude, azimuth: azimuth)
    }

    /// Adds a real sample to the live stroke (ignored when there is none).
    public mutating func move(
        to location: Point, force: Double, time: Double, altitude: Double? = nil, azimuth: Double? = nil
    ) {
        guard live != nil else { return }
        appendReal(location: location, force: force, time: time, altitude: altitude, azimuth: azimuth)
    }

    /// A force change while the pointer stands still: a move to the same place whose force is
    /// still expected to change (`needsUpdate`). Further changes before it settles are its updates.
    public mutating func changeForce(to force: Double, time: Double) {
        guard var stroke = live else { return }
        removePredicted(&stroke)
        if let i = stroke.points.indices.last, stroke.points[i].type.contains(.needsUpdate) {
            stroke.points[i].force = Force.normalized(force)
            live = stroke
        } else if let last = stroke.points.last {
            live = stroke
            appendReal(
                location: last.preciseLocation, force: force, time: time,
                altitude: last.altitude, azimuth: last.azimuth, extraType: .needsUpdate,
                updateIndex: nextUpdateIndex)
            nextUpdateIndex += 1
        }
        pendingUpdateTime = time
    }

    /// Ends the live stroke, with a last sample if given. A cancelled stroke keeps its ink but
    /// its points are typed `cancelled`.
    public mutating func end(at location: Point?, force: Double?, time: Double, cancelled: Bool = false) {
        guard live != nil else { return }
        if let location, let last = live?.points.last,
            last.preciseLocation != location || (force.map { $0 != last.force } ?? false)
        {
            appendReal(location: location, force: force ?? last.force, time: time, altitude: last.altitude, azimuth: last.azimuth)
        }
        guard var stroke = live else { return }
        removePredicted(&stroke)
        settle(&stroke)
        if cancelled {
            for i in stroke.points.indices { stroke.points[i].type.insert(.cancelled) }
            // Points already frozen change type: cached ink must be redrawn.
            revision += 1
        }
        stroke.isFinished = true
        live = nil
        strokes.append(stroke)
        undoStack.append(.add(stroke))
        redoStack.removeAll()
    }

    // MARK: Frames

    /// A frame tick: settles quiet force estimates and re-predicts the live stroke.
    public mutating func advance(to time: Double) {
        guard var stroke = live else { return }
        removePredicted(&stroke)
        if let t = pendingUpdateTime, time - t >= Self.forceSettleInterval { settle(&stroke) }
        let predicted = stroke.points.last?.type.contains(.needsUpdate) == true
            ? [] : Predictor.predict(from: stroke.points, now: time, nextSequence: nextSequence)
        stroke.points.append(contentsOf: predicted)
        live = stroke
        frameStart = stroke.realCount
    }

    // MARK: Edits

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    public mutating func undo() {
        guard let edit = undoStack.popLast() else { return }
        switch edit {
        case .add(let s): strokes.removeAll { $0.id == s.id }
        case .clear(let old): strokes = old
        case .erase(let removed):
            for r in removed { strokes.insert(r.stroke, at: min(r.index, strokes.count)) }
        }
        redoStack.append(edit)
        revision += 1
    }

    public mutating func redo() {
        guard let edit = redoStack.popLast() else { return }
        switch edit {
        case .add(let s): strokes.append(s)
        case .clear: strokes = []
        case .erase(let removed):
            let ids = Set(removed.map(\.stroke.id))
            strokes.removeAll { ids.contains($0.id) }
        }
        undoStack.append(edit)
        revision += 1
    }

    /// Removes every finished stroke (undoable).
    public mutating func clear() {
        guard !strokes.isEmpty else { return }
        undoStack.append(.clear(strokes))
        redoStack.removeAll()
        strokes = []
        revision += 1
    }

    // MARK: Eraser

    /// Starts an eraser gesture (the pen's eraser end touched down) and erases at `location`.
    public mutating func beginErase(at location: Point, halfWidth: (Stroke, InkPoint) -> Double) {
        if live != nil { end(at: nil, force: nil, time: 0, cancelled: true) }
        erasing = []
        erase(at: location, halfWidth: halfWidth)
    }

    /// Removes every finished stroke the eraser touches at `location`: within `eraserRadius` of
    /// the ink's edge (`halfWidth` gives the ink's half-width at a point).
    public mutating func erase(at location: Point, halfWidth: (Stroke, InkPoint) -> Double) {
        guard erasing != nil, location.isFinite else { return }
        let touched = strokes.filter { Self.touches($0, location, halfWidth) }
        guard !touched.isEmpty else { return }
        let ids = Set(touched.map(\.id))
        strokes.removeAll { ids.contains($0.id) }
        erasing?.append(contentsOf: touched.map { ErasedStroke(index: 0, stroke: $0) })
        revision += 1
    }

    /// Ends the eraser gesture: what it removed becomes one undo step.
    public mutating func endErase() {
        guard let removed = erasing else { return }
        erasing = nil
        guard !removed.isEmpty else { return }
        undoStack.append(.erase(Self.indexed(removed, remaining: strokes)))
        redoStack.removeAll()
    }

    public var isErasing: Bool { erasing != nil }

    private static func touches(_ stroke: Stroke, _ p: Point, _ halfWidth: (Stroke, InkPoint) -> Double) -> Bool {
        let pts = stroke.points
        guard let first = pts.first else { return false }
        if pts.count == 1 { return first.preciseLocation.distance(to: p) <= eraserRadius + halfWidth(stroke, first) }
        for i in 1..<pts.count {
            let a = pts[i - 1].preciseLocation, b = pts[i].preciseLocation
            let reach = eraserRadius + max(halfWidth(stroke, pts[i - 1]), halfWidth(stroke, pts[i]))
            if Self.distance(from: p, toSegment: a, b) <= reach { return true }
        }
        return false
    }

    /// Gives each removed stroke the index it had before the gesture. Strokes are kept in id
    /// order (ids grow with creation and undo/redo re-insert in order), so merging the removed
    /// strokes back by id restores the original stacking.
    private static func indexed(_ removed: [ErasedStroke], remaining: [Stroke]) -> [ErasedStroke] {
        let all = (remaining + removed.map(\.stroke)).sorted { $0.id < $1.id }
        let removedIDs = Set(removed.map(\.stroke.id))
        return all.enumerated().compactMap { i, s in removedIDs.contains(s.id) ? ErasedStroke(index: i, stroke: s) : nil }
    }

    /// The distance from `p` to the segment a–b.
    static func distance(from p: Point, toSegment a: Point, _ b: Point) -> Double {
        let ab = b - a
        let len2 = ab.dot(ab)
        guard len2 > 0 else { return p.distance(to: a) }
        let t = min(1, max(0, (p - a).dot(ab) / len2))
        return p.distance(to: a + ab * t)
    }

    /// The total number of points on the canvas.
    public var pointCount: Int { strokes.reduce(live?.points.count ?? 0) { $0 + $1.points.count } }

    // MARK: Internals

    private mutating func appendReal(
        location: Point, force: Double, time: Double, altitude: Double?, azimuth: Double?,
        extraType: PointType = [], updateIndex: Int? = nil
    ) {
        guard var stroke = live, location.isFinite else { return }
        removePredicted(&stroke)
        if extraType.isEmpty { settle(&stroke) }
        // The previous sample of this frame becomes coalesced; the newest is standard.
        if let i = stroke.points.indices.last, i >= frameStart, stroke.points[i].type.contains(.standard) {
            stroke.points[i].type.remove(.standard)
            stroke.points[i].type.insert(.coalesced)
        }
        var type: PointType = [.standard]
        type.formUnion(extraType)
        if stroke.source == .finger { type.insert(.finger) }
        stroke.points.append(InkPoint(
            sequence: nextSequence, time: time, force: force, preciseLocation: location,
            altitude: altitude, azimuth: azimuth, type: type, estimationUpdateIndex: updateIndex))
        nextSequence += 1
        live = stroke
    }

    /// Predicted points are stale as soon as a real sample (or a frame) arrives.
    private func removePredicted(_ stroke: inout Stroke) {
        stroke.points.removeLast(stroke.points.count - stroke.realCount)
    }

    /// The pending estimate received its final value: needsUpdate → updated.
    private mutating func settle(_ stroke: inout Stroke) {
        guard pendingUpdateTime != nil else { return }
        for i in stroke.points.indices.reversed() where stroke.points[i].type.contains(.needsUpdate) {
            stroke.points[i].type.remove(.needsUpdate)
            stroke.points[i].type.insert(.updated)
        }
        pendingUpdateTime = nil
    }
}
