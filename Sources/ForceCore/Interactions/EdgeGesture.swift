/// Swipes from the screen edges and edge protection (SPEC 8, seed 003): on an unprotected
/// edge a swipe is the system's at once; on a protected (deferred) edge the first swipe goes
/// to the scene and shows a small arrow, and the same swipe again within `deferralWindow`
/// is the system's. The left edge (back) is never deferred.
///
/// A swipe starts with a press within `edgeMargin` of an edge and triggers once the pointer
/// has moved more than `triggerDistance` inward; a press near a corner starts candidates on
/// both edges and the one moved further inward wins. One swipe per press.
public struct EdgeGesture: Equatable, Sendable {
    /// 24 pt, how near an edge a press must begin (chosen: iOS's edge pan region is about 20 pt).
    public static let edgeMargin = 24.0
    /// 40 pt, the inward travel that makes a press a swipe (chosen).
    public static let triggerDistance = 40.0
    /// 1.5 s, how long after a deferred swipe the same swipe goes to the system (seed 003 says
    /// "a short time", "before the arrow disappears"; chosen).
    public static let deferralWindow = 1.5
    /// 0.25 s, the arrow's fade-out at the end of the deferral window (chosen).
    public static let arrowFadeDuration = 0.25

    /// The pointer's part in a swipe.
    public enum State: Equatable, Hashable, Sendable {
        /// No press, or a press that did not begin near an edge.
        case idle
        /// A press began near the `candidates` edges at `start`.
        case tracking(start: Point, candidates: ScreenEdges)
        /// This press already swiped from `edge`; the rest of it is ignored.
        case swiped(ScreenEdge)
    }

    /// What the caller tells the gesture.
    public enum Event: Equatable, Hashable, Sendable {
        case press(at: Point)
        case move(to: Point)
        case release(at: Point)
        case cancel
    }

    /// Who gets a swipe.
    public enum Effect: Equatable, Hashable, Sendable {
        /// The scene gets the swipe and the arrow shows on that edge.
        case deferred(ScreenEdge)
        /// The system gesture of that edge runs (top: notification shade, bottom: home).
        case systemGesture(ScreenEdge)
    }

    /// The arrow of the last deferred swipe.
    public struct Arrow: Equatable, Hashable, Sendable {
        public var edge: ScreenEdge
        /// Where the swipe began (the arrow is drawn at the edge there).
        public var position: Point
        public var shownAt: Double
    }

    /// The screen whose edges count (the window without the teaching dock).
    public var bounds: Rect
    /// The edges whose system gestures are deferred (from `SystemGesturePolicy`); the left
    /// edge in here is ignored.
    public var deferredEdges: ScreenEdges
    public private(set) var state: State = .idle {
        didSet { transitions.record(from: oldValue.name, to: state.name) }
    }
    /// Every change of `state`, for the state-diagram panel (`StateDiagram`).
    public private(set) var transitions = TransitionLog()
    /// The arrow of the last deferred swipe, until a second swipe or a newer deferral replaces it.
    public private(set) var arrow: Arrow?
    private var lastTime = -Double.infinity

    public init(viewport: Viewport, deferredEdges: ScreenEdges = []) {
        self.init(bounds: viewport.bounds, deferredEdges: deferredEdges)
    }

    public init(bounds: Rect, deferredEdges: ScreenEdges = []) {
        self.bounds = bounds
        self.deferredEdges = deferredEdges
    }

    /// The edges actually deferred: `deferredEdges` without the left edge.
    public var effectiveDeferredEdges: ScreenEdges { deferredEdges.subtracting(.left) }

    /// Applies one event and returns who gets a swipe, if one was completed.
    public mutating func handle(_ event: Event, at time: Double) -> [Effect] {
        let t = InteractionInput.time(time, after: lastTime)
        lastTime = t
        switch (state, event) {
        case (_, .press(let at)):
            let near = ScreenEdge.allCases.filter {
                at.isFinite && (0...Self.edgeMargin).contains($0.distance(from: at, in: bounds))
            }
            state = near.isEmpty ? .idle : .tracking(start: at, candidates: ScreenEdges(near.map(\.set)))
            return []
        case (.tracking(let start, let candidates), .move(let to)):
            guard to.isFinite else { return [] }
            let travel = to - start
            let best = candidates.edges
                .map { (edge: $0, distance: travel.dot($0.inward)) }
                .filter { $0.distance > Self.triggerDistance }
                .max { $0.distance < $1.distance }
            guard let edge = best?.edge else { return [] }
            state = .swiped(edge)
            return [swipe(from: edge, at: start, time: t)]
        case (_, .release), (_, .cancel):
            state = .idle
            return []
        case (.idle, .move), (.swiped, .move):
            return []
        }
    }

    /// Whether a swipe from `edge` completed at `t` would be the system's: the edge is not
    /// deferred, or it is the same swipe again within the deferral window.
    public func systemTakes(_ edge: ScreenEdge, at t: Double) -> Bool {
        guard effectiveDeferredEdges.contains(edge.set) else { return true }
        guard let arrow, arrow.edge == edge else { return false }
        return t - arrow.shownAt <= Self.deferralWindow
    }

    /// Stops tracking the current press: it is no swipe (it went on some other way).
    public mutating func abandon() {
        if case .tracking = state { state = .idle }
    }

    /// Decides who gets a completed swipe.
    private mutating func swipe(from edge: ScreenEdge, at start: Point, time t: Double) -> Effect {
        guard effectiveDeferredEdges.contains(edge.set) else { return .systemGesture(edge) }
        if let arrow, arrow.edge == edge, t - arrow.shownAt <= Self.deferralWindow {
            self.arrow = nil
            return .systemGesture(edge)
        }
        arrow = Arrow(edge: edge, position: start, shownAt: t)
        return .deferred(edge)
    }

    /// When the arrow next changes after `t` without input: the start of its fade, every frame
    /// while it fades, +∞ once gone. (The deferral window itself is checked at the next swipe.)
    public func nextWake(after t: Double) -> Double {
        guard let arrow, t.isFinite else { return .infinity }
        let fadeStart = arrow.shownAt + Self.deferralWindow - Self.arrowFadeDuration
        if t < fadeStart { return fadeStart }
        return t - arrow.shownAt < Self.deferralWindow ? t : .infinity
    }

    /// The arrow's alpha at a time: 1 after a deferral, fading out over the window's last
    /// 0.25 s, 0 after the window or without an arrow.
    public func arrowAlpha(at time: Double) -> Double {
        guard let arrow, time.isFinite else { return 0 }
        let age = time - arrow.shownAt
        guard age >= 0, age < Self.deferralWindow else { return 0 }
        let remaining = Self.deferralWindow - age
        return min(1, remaining / Self.arrowFadeDuration)
    }
}
