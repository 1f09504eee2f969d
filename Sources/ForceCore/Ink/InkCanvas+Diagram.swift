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

    /// The newest real points of the live stroke, or of the stroke `lastStroke` when it just
    /// finished (nil: none), oldest first.
    public func focusPoints(following lastStroke: Int?) -> [FocusPoint] {
        var points: [FocusPoint] = []
        points.reserveCapacity(Self.focusCount)
        forEachFocusPoint(following: lastStroke) { points.append($0) }
        return points
    }

    /// Hands `body` the points `focusPoints(following:)` gives, oldest first, reading the stroke
    /// where it is (the diagram's bookkeeping asks after every event and tick).
    func forEachFocusPoint(following lastStroke: Int?, _ body: (FocusPoint) -> Void) {
        if isDrawing {
            liveStroke.forEachFocusPoint(body)
        } else if let id = lastStroke, let i = strokes.indices.last, strokes[i].id == id {
            strokes[i].forEachFocusPoint(body)
        }
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

extension Stroke {
    /// Its newest real points as the diagram follows them, oldest first.
    fileprivate func forEachFocusPoint(_ body: (InkCanvas.FocusPoint) -> Void) {
        let n = realCount
        for i in max(0, n - InkCanvas.focusCount)..<n {
            body(InkCanvas.FocusPoint(stroke: id, sequence: points.firstSequence + i, phase: InkCanvas.PointPhase(points.type(at: i))))
        }
    }
}
