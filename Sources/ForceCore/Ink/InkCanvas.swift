/// The ink on the canvas: finished strokes, the live stroke, undo history.
///
/// Point typing follows TouchCanvas: of the samples that arrive between two frames the last is
/// `standard` and the others `coalesced`; predicted points are appended at each frame and removed
/// when the next real sample arrives; a force change without movement appends a `needsUpdate`
/// point whose force is replaced by following changes until it settles into `updated`.
///
/// Every change is made in place: appending a sample to the live stroke never copies the points
/// already there, and finished strokes are indexed (`StrokeIndex`) so that erasing and partial
/// redraws look only at the strokes near a place.
public struct InkCanvas: Equatable, Sendable {
    /// An undoable change.
    public enum Edit: Equatable, Sendable {
        case add(Stroke)
        case clear([Stroke])
        /// Strokes an eraser gesture removed, with the indices they had (ascending).
        case erase([ErasedStroke])
        /// A drawing opened over the canvas (`open`): the strokes before and the ones opened.
        case open(before: [Stroke], after: [Stroke])
    }

    /// A stroke the eraser removed and where it was in the stacking order.
    public struct ErasedStroke: Equatable, Sendable {
        public var index: Int
        public var stroke: Stroke
    }

    /// How finished ink changed other than by a stroke being appended: a renderer's cache
    /// repaints where `strokes` were (or everything, when `strokes` is nil) to catch up with
    /// `revision`.
    public struct Damage: Equatable, Sendable {
        public var revision: Int
        /// The strokes that appeared, disappeared or changed (nil: too many to list; repaint all).
        public var strokes: [Stroke]?
    }

    /// 10 pt: the eraser's reach around the pen tip, beyond the ink's own half-width.
    public static let eraserRadius = 10.0

    /// 0.2 s without a further force change settles a `needsUpdate` point into `updated`.
    public static let forceSettleInterval = 0.2

    /// 64: damage entries kept; a renderer further behind than this redraws everything.
    public static let damageHistory = 64

    public private(set) var strokes: [Stroke] = []
    /// The stroke being drawn, if any.
    public var live: Stroke? { isDrawing ? liveStroke : nil }
    /// Whether a stroke is being drawn (`liveStroke`).
    public private(set) var isDrawing = false
    /// The stroke being drawn while `isDrawing`, else `Stroke.idle` (so canvases without one
    /// compare equal). Kept out of an optional so every sample changes it where it is: through
    /// an optional (`live?.append`), the 152-byte stroke was moved out and back a dozen times
    /// a sample.
    private(set) var liveStroke = Stroke.idle
    public private(set) var undoStack: [Edit] = []
    /// What new strokes are drawn with (`InputEvent.tool`).
    public internal(set) var tool = InkTool.pen
    public private(set) var redoStack: [Edit] = []
    /// Bumped whenever finished ink changed other than by appending (undo, redo, clear, cancel,
    /// erase); `damage` says where.
    public private(set) var revision = 0
    /// The areas of the latest revisions, oldest first.
    public private(set) var damage: [Damage] = []
    /// The finished strokes by place.
    public private(set) var index = StrokeIndex()
    /// Real points in the finished strokes.
    public private(set) var finishedPointCount = 0

    /// Strokes the system took back (an edge swipe that began as ink), newest last, at most
    /// `takenBackLimit`: not the drawing (no undo step, not exported, not counted), kept so the
    /// debug drawing can show them in red whether it was on when they were taken or not — the
    /// drawing itself never depends on the debug option.
    public private(set) var takenBack: [Stroke] = []
    /// 64: taken-back strokes kept for the debug drawing.
    public static let takenBackLimit = 64

    /// The strokes the current eraser gesture removed so far (one undo step per gesture).
    private var erasing: [ErasedStroke]?
    private var nextStrokeID = 1
    private var nextSequence = 0
    private var nextUpdateIndex = 0
    /// Index into the live stroke's points where the current frame's samples start.
    private var frameStart = 0
    /// When the point awaiting a force update last changed (nil when none awaits one).
    public private(set) var pendingForceUpdateTime: Double?

    public init() {}


    // MARK: Samples

    /// Starts a stroke at `location`.
    public mutating func begin(
        at location: Point, force: Double, time: Double, source: InputSource, hasForce: Bool,
        altitude: Double? = nil, azimuth: Double? = nil
    ) {
        if isDrawing { end(at: nil, force: nil, time: time, cancelled: true) }
        liveStroke = Stroke(id: nextStrokeID, source: source, hasForce: hasForce)
        liveStroke.tool = tool
        isDrawing = true
        nextStrokeID += 1
        frameStart = 0
        appendReal(location: location, force: force, time: time, altitude: altitude, azimuth: azimuth)
    }

    /// Adds a real sample to the live stroke (ignored when there is none).
    public mutating func move(
        to location: Point, force: Double, time: Double, altitude: Double? = nil, azimuth: Double? = nil
    ) {
        guard isDrawing else { return }
        appendReal(location: location, force: force, time: time, altitude: altitude, azimuth: azimuth)
    }

    /// A force change while the pointer stands still: a move to the same place whose force is
    /// still expected to change (`needsUpdate`). Further changes before it settles are its updates.
    public mutating func changeForce(to force: Double, time: Double) {
        guard isDrawing, liveStroke.realCount > 0 else { return }
        liveStroke.points.removePredicted()
        let i = liveStroke.realCount - 1
        if liveStroke.points.type(at: i).contains(.needsUpdate) {
            liveStroke.points.setForce(force, at: i)
        } else {
            let last = liveStroke.points[i]
            appendReal(
                location: last.preciseLocation, force: force, time: time,
                altitude: last.altitude, azimuth: last.azimuth, extraType: .needsUpdate,
                updateIndex: nextUpdateIndex)
            nextUpdateIndex += 1
        }
        pendingForceUpdateTime = time
    }

    /// Ends the live stroke, with a last sample if given. A cancelled stroke keeps its ink but
    /// its points are typed `cancelled`; with `discard` it is taken off the canvas (the system
    /// took the press over), no undo step, its pixels repainted.
    public mutating func end(at location: Point?, force: Double?, time: Double, cancelled: Bool = false,
                             discard: Bool = false) {
        guard isDrawing else { return }
        if let location, location.isFinite, let last = liveStroke.points.last(where: \.isReal) {
            let stored = Point(x: PackedInkPoint.quantized(coordinate: location.x),
                               y: PackedInkPoint.quantized(coordinate: location.y))
            let forceChanged = force.map { PackedInkPoint.quantized(force: $0) != last.force } ?? false
            if last.preciseLocation != stored || forceChanged {
                appendReal(location: location, force: force ?? last.force, time: time,
                           altitude: last.altitude, azimuth: last.azimuth)
            }
        }
        var finished = takeLiveStroke()
        finished.points.removePredicted()
        if settlesPendingUpdate(when: true) { finished.settleUpdates() }
        if cancelled {
            for i in 0..<finished.realCount { finished.points.setType(finished.points.type(at: i).union(.cancelled), at: i) }
            // Points already frozen change type (debug colours): that ink is repainted.
            markDamage([finished])
        }
        finished.finish()
        if cancelled, discard {
            takenBack.append(finished)
            if takenBack.count > Self.takenBackLimit { takenBack.removeFirst(takenBack.count - Self.takenBackLimit) }
            return
        }
        insertFinished(finished, at: strokes.count)
        undoStack.append(.add(finished))
        redoStack.removeAll()
    }

    // MARK: Frames

    /// A frame tick: settles quiet force estimates and re-predicts the live stroke.
    public mutating func advance(to time: Double) {
        guard isDrawing else { return }
        let quiet = pendingForceUpdateTime.map { time - $0 >= Self.forceSettleInterval } ?? false
        liveStroke.advanceFrame(to: time, settling: settlesPendingUpdate(when: quiet), nextSequence: nextSequence)
        frameStart = liveStroke.realCount
    }

    // MARK: Edits

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    public mutating func undo() {
        guard let edit = undoStack.popLast() else { return }
        switch edit {
        case .add(let s):
            if let i = position(of: s.id) { removeFinished(at: i) }
            markDamage([s])
        case .clear(let old), .open(let old, _):
            replaceAll(with: old)
            markDamage(nil)
        case .erase(let removed):
            for r in removed { insertFinished(r.stroke, at: min(r.index, strokes.count)) }
            markDamage(removed.map(\.stroke))
        }
        redoStack.append(edit)
    }

    public mutating func redo() {
        guard let edit = redoStack.popLast() else { return }
        switch edit {
        case .add(let s):
            // Strokes stay in id order: a redone stroke goes back where its id belongs.
            insertFinished(s, at: insertionPoint(for: s.id))
            markDamage([s])
        case .clear:
            replaceAll(with: [])
            markDamage(nil)
        case .open(_, let opened):
            replaceAll(with: opened)
            markDamage(nil)
        case .erase(let removed):
            for r in removed {
                if let i = position(of: r.stroke.id) { removeFinished(at: i) }
            }
            markDamage(removed.map(\.stroke))
        }
        undoStack.append(edit)
    }

    /// A new canvas (Ctrl+N): no strokes, no live stroke and no undo history. Not undoable;
    /// stroke ids keep counting, so a renderer never mistakes a new stroke for an old one.
    public mutating func startNew(at time: Double) {
        if isDrawing { end(at: nil, force: nil, time: time, cancelled: true) }
        erasing = nil
        pendingForceUpdateTime = nil
        undoStack.removeAll()
        redoStack.removeAll()
        replaceAll(with: [])
        markDamage(nil)
    }

    /// Puts `strokes` on the canvas as drawing them one after another would (a snapshot read
    /// back): each one's drawing undoable, ids going on after theirs.
    mutating func restore(_ drawn: [Stroke]) {
        _ = takeLiveStroke()
        erasing = nil
        undoStack = drawn.map { .add($0) }
        redoStack.removeAll()
        replaceAll(with: drawn)
        nextStrokeID = max(nextStrokeID, (drawn.map(\.id).max() ?? 0) + 1)
        // The tool the redrawing events leave set: the last stroke's.
        tool = drawn.last?.tool ?? .pen
        markDamage(nil)
    }

    /// Opens a drawing (Open Recent): its finished strokes replace the canvas's in one undoable
    /// step (undo brings the canvas before back), renumbered after every id this canvas used, so
    /// a renderer never mistakes one for an old one. A stroke being drawn is cancelled first.
    public mutating func open(_ drawing: [Stroke], at time: Double, undoable: Bool = true) {
        if isDrawing { end(at: nil, force: nil, time: time, cancelled: true) }
        erasing = nil
        let opened = drawing.filter { $0.isFinished && $0.realCount > 0 }.map { s -> Stroke in
            defer { nextStrokeID += 1 }
            return s.renumbered(nextStrokeID)
        }
        if undoable { undoStack.append(.open(before: strokes, after: opened)) }
        redoStack.removeAll()
        replaceAll(with: opened)
        markDamage(nil)
    }

    /// The strokes the debug drawing shows and their index: the drawing and, in their places
    /// by id, the ones the system took back. Both lists are in id order, so they merge in one
    /// pass, and the index is the drawing's with the few taken-back ones added (this is built
    /// for every frame while debug shows them).
    public var withTakenBack: (strokes: [Stroke], index: StrokeIndex) {
        guard !takenBack.isEmpty else { return (strokes, index) }
        var merged: [Stroke] = []
        merged.reserveCapacity(strokes.count + takenBack.count)
        var i = 0, j = 0
        while i < strokes.count || j < takenBack.count {
            if j == takenBack.count || (i < strokes.count && strokes[i].id < takenBack[j].id) {
                merged.append(strokes[i])
                i += 1
            } else {
                merged.append(takenBack[j])
                j += 1
            }
        }
        var shownIndex = index
        for s in takenBack { shownIndex.insert(s.id, bounds: s.inkBounds) }
        return (merged, shownIndex)
    }

    /// The area the drawing's ink covers (finished strokes and the live one), null when empty.
    public var extent: Rect {
        var r = isDrawing ? liveStroke.inkBounds : .null
        for s in strokes { r = r.union(s.inkBounds) }
        return r
    }

    /// Marks every finished stroke as changed (what is shown of them changed: the debug
    /// drawing came or went), so renderers repaint.
    public mutating func repaintAll() { markDamage(nil) }

    /// Removes every finished stroke (undoable).
    public mutating func clear() {
        guard !strokes.isEmpty else { return }
        undoStack.append(.clear(strokes))
        redoStack.removeAll()
        replaceAll(with: [])
        markDamage(nil)
    }

    // MARK: Eraser

    /// Starts an eraser gesture (the pen's eraser end touched down) and erases at `location`.
    public mutating func beginErase(at location: Point, halfWidth: (Stroke, InkPoint) -> Double) {
        if isDrawing { end(at: nil, force: nil, time: 0, cancelled: true) }
        erasing = []
        erase(at: location, halfWidth: halfWidth)
    }

    /// Removes every finished stroke the eraser touches at `location`: within `eraserRadius` of
    /// the ink's edge (`halfWidth` gives the ink's half-width at a point).
    public mutating func erase(at location: Point, halfWidth: (Stroke, InkPoint) -> Double) {
        guard erasing != nil, location.isFinite else { return }
        let near = index.ids(intersecting: Rect(around: location, radius: Self.eraserRadius))
        let touched = near.compactMap { id in position(of: id).map { strokes[$0] } }
            .filter { Self.touches($0, location, halfWidth) }
        guard !touched.isEmpty else { return }
        for s in touched {
            if let i = position(of: s.id) { removeFinished(at: i) }
        }
        erasing?.append(contentsOf: touched.map { ErasedStroke(index: 0, stroke: $0) })
        markDamage(touched)
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
        let n = stroke.realCount
        guard n > 0 else { return false }
        if n == 1 { return pts.preciseLocation(at: 0).distance(to: p) <= eraserRadius + halfWidth(stroke, pts[0]) }
        var previous = pts[0]
        for i in 1..<n {
            let current = pts[i]
            let reach = eraserRadius + max(halfWidth(stroke, previous), halfWidth(stroke, current))
            if Self.distance(from: p, toSegment: previous.preciseLocation, current.preciseLocation) <= reach { return true }
            previous = current
        }
        return false
    }

    /// Gives each removed stroke the index it had before the gesture. Strokes are kept in id
    /// order (ids grow with creation and undo/redo re-insert in order), so merging the removed
    /// strokes back by id restores the original stacking.
    private static func indexed(_ removed: [ErasedStroke], remaining: [Stroke]) -> [ErasedStroke] {
        let all = (remaining.map(\.id) + removed.map(\.stroke.id)).sorted()
        let byID = Dictionary(removed.map { ($0.stroke.id, $0.stroke) }, uniquingKeysWith: { a, _ in a })
        return all.enumerated().compactMap { i, id in byID[id].map { ErasedStroke(index: i, stroke: $0) } }
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
    public var pointCount: Int { finishedPointCount + (isDrawing ? liveStroke.points.count : 0) }

    // MARK: Internals

    /// Where stroke `id` is in `strokes` (kept in id order), by binary search.
    private func position(of id: Int) -> Int? {
        let i = insertionPoint(for: id)
        return i < strokes.count && strokes[i].id == id ? i : nil
    }

    /// The first index whose stroke id is not below `id`.
    private func insertionPoint(for id: Int) -> Int { strokes.partitionPoint { $0.id < id } }

    private mutating func insertFinished(_ s: Stroke, at i: Int) {
        if i == strokes.count { strokes.append(s) } else { strokes.insert(s, at: i) }
        index.insert(s.id, bounds: s.inkBounds)
        finishedPointCount += s.realCount
    }

    private mutating func removeFinished(at i: Int) {
        let s = strokes.remove(at: i)
        index.remove(s.id)
        finishedPointCount -= s.realCount
    }

    private mutating func replaceAll(with new: [Stroke]) {
        strokes = new
        index = StrokeIndex()
        finishedPointCount = 0
        for s in new {
            index.insert(s.id, bounds: s.inkBounds)
            finishedPointCount += s.realCount
        }
    }

    /// 256: more damaged strokes than this in one change (a clear, its undo) repaint everything.
    static let damageStrokesLimit = 256

    /// Records that `strokes` changed (nil: everything).
    private mutating func markDamage(_ strokes: [Stroke]?) {
        revision += 1
        let listed = strokes.flatMap { $0.count <= Self.damageStrokesLimit ? $0 : nil }
        damage.append(Damage(revision: revision, strokes: listed))
        if damage.count > Self.damageHistory { damage.removeFirst(damage.count - Self.damageHistory) }
    }

    private mutating func appendReal(
        location: Point, force: Double, time: Double, altitude: Double?, azimuth: Double?,
        extraType: PointType = [], updateIndex: Int? = nil
    ) {
        guard isDrawing, location.isFinite else { return }
        // A new sample (not an update of the last one) makes a pending estimate final.
        let settles = settlesPendingUpdate(when: extraType.isEmpty)
        var type: PointType = [.standard]
        type.formUnion(extraType)
        // Changed where it is, never copied out and back: the points' storage stays uniquely
        // owned, and appending never copies the points already there.
        liveStroke.appendReal(InkPoint(
            sequence: nextSequence, time: time, force: force, preciseLocation: location,
            altitude: altitude, azimuth: azimuth, type: type, estimationUpdateIndex: updateIndex),
            settling: settles, frameStart: frameStart)
        nextSequence += 1
    }

    /// The live stroke, taken out (`Stroke.idle` stays behind); nothing is drawn after.
    private mutating func takeLiveStroke() -> Stroke {
        isDrawing = false
        var taken = Stroke.idle
        swap(&taken, &liveStroke)
        return taken
    }

    /// Whether a pending force estimate receives its final value now (`due`, and one is
    /// pending): if so it is no longer pending, and the caller settles the live stroke's points
    /// (needsUpdate → updated).
    private mutating func settlesPendingUpdate(when due: Bool) -> Bool {
        guard due, pendingForceUpdateTime != nil else { return false }
        pendingForceUpdateTime = nil
        return true
    }
}

/// The live stroke's changes that `InkCanvas` makes in place.
extension Stroke {
    /// What `InkCanvas` keeps as its live stroke while none is drawn.
    static let idle = Stroke(id: 0, source: .mouse, hasForce: false)

    /// A real sample arrives: predictions go, a settled estimate is final (`settling`), the
    /// previous sample of this frame (from `frameStart` on) becomes coalesced, the newest is
    /// standard.
    fileprivate mutating func appendReal(_ point: InkPoint, settling: Bool, frameStart: Int) {
        points.removePredicted()
        if settling { settleUpdates() }
        if let i = realCount > 0 ? realCount - 1 : nil, i >= frameStart {
            var type = points.type(at: i)
            if type.contains(.standard) {
                type.remove(.standard)
                type.insert(.coalesced)
                points.setType(type, at: i)
            }
        }
        var p = point
        if source == .finger { p.type.insert(.finger) }
        append(p)
    }

    /// A frame tick: predictions go, a settled estimate is final (`settling`), and the newest
    /// point, unless it awaits a force update, is predicted ahead.
    fileprivate mutating func advanceFrame(to time: Double, settling: Bool, nextSequence: Int) {
        points.removePredicted()
        if settling { settleUpdates() }
        if realCount > 0, !points.type(at: realCount - 1).contains(.needsUpdate) {
            points.setPredicted(Predictor.predict(from: points, now: time, nextSequence: nextSequence))
        }
    }

    /// Every point awaiting a force update received it: needsUpdate → updated.
    fileprivate mutating func settleUpdates() {
        for i in points.awaitingUpdate {
            var type = points.type(at: i)
            type.remove(.needsUpdate)
            type.insert(.updated)
            points.setType(type, at: i)
        }
    }
}
