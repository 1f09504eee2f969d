/// The home indicator with `prefersHomeIndicatorAutoHidden` (SPEC 8, seed 003): with
/// auto-hide on, it fades to nearly transparent after 2 s without a tap; a tap (not a drag or
/// a scroll) shows it again and restarts the 2 s. Its alpha is a pure function of the state
/// and the time. It never blocks the home gesture: that is `EdgeGesture`'s bottom edge,
/// which works whatever the alpha.
public struct HomeIndicator: Equatable, Sendable {
    /// 2 s without a tap before the indicator fades (SPEC 8; seed 003: "两秒内没有进行任何交互").
    public static let idleDelay = 2.0
    /// 0.3 s, the fade out (and back in after a tap) (chosen: a quick UIKit-like fade).
    public static let fadeDuration = 0.3
    /// 1.0, the alpha of the shown indicator.
    public static let visibleAlpha = 1.0
    /// 0.15, the alpha of the hidden indicator: "nearly transparent" (seed 003: "非常透明"; chosen).
    public static let hiddenAlpha = 0.15
    /// 10 pt, the most a press may move and still be a tap (chosen).
    public static let tapSlop = 10.0
    /// 0.5 s, the longest press that is still a tap: `UILongPressGestureRecognizer`'s default
    /// `minimumPressDuration`, past which a hold is a long press.
    public static let tapMaximumDuration = 0.5

    /// Whether the indicator may hide; each case remembers when it was last shown and the
    /// alpha it faded in from.
    public enum State: Equatable, Hashable, Sendable {
        /// Auto-hide off: always shown.
        case pinned(since: Double, fromAlpha: Double)
        /// Auto-hide on: shown since `since`, fading `idleDelay` later.
        case autoHiding(since: Double, fromAlpha: Double)
    }

    /// What the caller tells the indicator: the preference, and every pointer press anywhere.
    public enum Event: Equatable, Hashable, Sendable {
        case setAutoHide(Bool)
        case press(at: Point)
        case move(to: Point)
        case release(at: Point)
        case cancel
    }

    /// What happened.
    public enum Effect: Equatable, Hashable, Sendable {
        /// A tap brought a fading or hidden indicator back.
        case shown
    }

    /// A press being watched for a tap.
    private struct Touch: Equatable, Sendable {
        var start: Point
        var time: Double
        var farthest: Double
    }

    public private(set) var state: State
    private var touch: Touch?
    private var lastTime = -Double.infinity

    /// An indicator shown at `time`, auto-hiding or not.
    public init(autoHide: Bool = false, at time: Double = 0) {
        let t = time.isFinite ? time : 0
        state = autoHide ? .autoHiding(since: t, fromAlpha: Self.visibleAlpha) : .pinned(since: t, fromAlpha: Self.visibleAlpha)
        lastTime = t
    }

    /// Whether auto-hide is on.
    public var autoHide: Bool {
        if case .autoHiding = state { return true }
        return false
    }

    /// Applies one event; returns `shown` when a tap revived the indicator.
    public mutating func handle(_ event: Event, at time: Double) -> [Effect] {
        let t = InteractionInput.time(time, after: lastTime)
        lastTime = t
        switch event {
        case .setAutoHide(let on):
            guard on != autoHide else { return [] }
            let from = alpha(at: t)
            state = on ? .autoHiding(since: t, fromAlpha: from) : .pinned(since: t, fromAlpha: from)
            return []
        case .press(let at):
            touch = at.isFinite ? Touch(start: at, time: t, farthest: 0) : nil
            return []
        case .move(let to):
            track(to)
            return []
        case .release(let at):
            track(at)
            defer { touch = nil }
            guard let touch, touch.farthest < Self.tapSlop, t - touch.time <= Self.tapMaximumDuration,
                  case .autoHiding = state else { return [] }
            let from = alpha(at: t)
            state = .autoHiding(since: t, fromAlpha: from)
            return from < Self.visibleAlpha ? [.shown] : []
        case .cancel:
            touch = nil
            return []
        }
    }

    private mutating func track(_ p: Point) {
        guard p.isFinite, var current = touch else { return }
        current.farthest = max(current.farthest, p.distance(to: current.start))
        touch = current
    }

    /// The alpha at a time: fading in from the last alpha over 0.3 s after being shown, 1 until
    /// 2 s after being shown, then (auto-hide only) fading to 0.15 over 0.3 s.
    public func alpha(at time: Double) -> Double {
        let since: Double, from: Double, hides: Bool
        switch state {
        case .pinned(let s, let f): (since, from, hides) = (s, f, false)
        case .autoHiding(let s, let f): (since, from, hides) = (s, f, true)
        }
        guard time.isFinite else { return from }
        let age = time - since
        if age <= 0 { return from }
        if age < Self.fadeDuration {
            let f = age / Self.fadeDuration
            return from * (1 - f) + Self.visibleAlpha * f
        }
        guard hides, age > Self.idleDelay else { return Self.visibleAlpha }
        let fade = min(1, (age - Self.idleDelay) / Self.fadeDuration)
        // Weighted so that the ends are exact: a full fade is exactly `hiddenAlpha`.
        return Self.visibleAlpha * (1 - fade) + Self.hiddenAlpha * fade
    }

    /// When the alpha next changes after `t` without input: every frame while it fades in or
    /// out, the start of the auto-hide fade, +∞ once it rests.
    public func nextWake(after t: Double) -> Double {
        let since: Double, from: Double, hides: Bool
        switch state {
        case .pinned(let s, let f): (since, from, hides) = (s, f, false)
        case .autoHiding(let s, let f): (since, from, hides) = (s, f, true)
        }
        guard t.isFinite else { return .infinity }
        let age = t - since
        if age < Self.fadeDuration, from != Self.visibleAlpha { return t }
        guard hides else { return .infinity }
        if age <= Self.idleDelay { return since + Self.idleDelay }
        return age < Self.idleDelay + Self.fadeDuration ? t : .infinity
    }

    /// Whether the indicator is fully faded at a time.
    public func isHidden(at time: Double) -> Bool { alpha(at: time) <= Self.hiddenAlpha }
}
