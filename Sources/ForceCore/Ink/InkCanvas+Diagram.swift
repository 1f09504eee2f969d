/// The point-typing rules of a live ink point as a table for the state-diagram panel: a real
/// sample's type from the moment it arrives (TouchCanvas, SPEC 2).
extension InkCanvas {
    /// What a real point is, by the first type that applies: cancelled, needsUpdate, updated,
    /// coalesced, else standard.
    public enum PointPhase: String, CaseIterable, Sendable {
        case standard, coalesced, needsUpdate, updated, cancelled

        /// The phase of a point of `type`.
        public init(_ type: PointType) {
            if type.contains(.cancelled) {
                self = .cancelled
            } else if type.contains(.needsUpdate) {
                self = .needsUpdate
            } else if type.contains(.updated) {
                self = .updated
            } else if type.contains(.coalesced) {
                self = .coalesced
            } else {
                self = .standard
            }
        }
    }

    /// A real point the panel follows: its stroke, its sequence number and its phase.
    public struct FocusPoint: Equatable, Sendable {
        public var stroke: Int
        public var sequence: Int
        public var phase: PointPhase
    }

    /// 2: the newest point and the one before it (which turns coalesced when another sample
    /// arrives before the frame).
    static let focusCount = 2

    /// The points the diagram follows, at most `focusCount`, oldest first, held inline: the
    /// panel's bookkeeping compares and keeps them after every event and tick.
    public struct FocusPoints: Equatable, Sendable {
        public private(set) var count = 0
        /// Room for `focusCount` (2) points.
        private var slots = InlineArray<2, FocusPoint>(repeating: FocusPoint(stroke: 0, sequence: 0, phase: .standard))

        public subscript(i: Int) -> FocusPoint { slots[i] }
        public var last: FocusPoint? { count > 0 ? slots[count - 1] : nil }

        mutating func append(_ p: FocusPoint) {
            slots[count] = p
            count += 1
        }

        public static func == (a: FocusPoints, b: FocusPoints) -> Bool {
            a.count == b.count && (0..<a.count).allSatisfy { a.slots[$0] == b.slots[$0] }
        }
    }

    /// The newest real points of the live stroke, or of the stroke `lastStroke` when it just
    /// finished (nil: none), oldest first. The stroke's points are read where they are (a
    /// finished stroke through its field, never copied out of the array whole).
    func focus(following lastStroke: Int?) -> FocusPoints {
        if isDrawing { return Self.focus(of: liveStroke.id, liveStroke.points) }
        if let id = lastStroke, let i = strokes.indices.last, strokes[i].id == id { return Self.focus(of: id, strokes[i].points) }
        return FocusPoints()
    }

    private static func focus(of stroke: Int, _ points: StrokePoints) -> FocusPoints {
        var focus = FocusPoints()
        let n = points.realCount
        for i in max(0, n - focusCount)..<n {
            focus.append(FocusPoint(stroke: stroke, sequence: points.firstSequence + i, phase: PointPhase(points.type(at: i))))
        }
        return focus
    }

    /// The rules of `appendReal`, `changeForce`, `settle` and `end`.
    public static let diagram = StateDiagram(
        title: "Point types (InkCanvas)",
        subtitle: "Canvas: the newest real samples; predicted points ahead of the pen go at the next sample",
        states: PointPhase.allCases.map(\.rawValue),
        edges: [
            .init(.entry, "standard", "a sample arrives"),
            .init("standard", "coalesced", "another sample before the frame tick"),
            .init(.entry, "needsUpdate", "force changed without movement (a move whose force will change)"),
            .init("needsUpdate", "updated", "moved, lifted, or 0.2 s without a change"),
            .init(.any, "cancelled", "the stroke is cancelled (the system took the swipe)"),
        ])
}
