/// Something the finger drags from a system edge, 0 (at rest where it was) … 1 (all the way):
/// it follows the finger; let go, it settles to 0 or 1 with an animation, past `openFraction`
/// (or after a flick) to 1. Its position is a function of time (`progress(at:)`), so replays
/// skip idle frames exactly.
///
/// The notification shade is one (a swipe from the top pulls it down; a tap on the open shade,
/// Esc, or a drag up closes it); the home and back swipes are others (`SystemChrome.swipe`):
/// the scene follows the finger and settles, going home or back, or cancelling, as the shade does.
public typealias NotificationShade = FollowedDrag

public struct FollowedDrag: Equatable, Sendable {
    /// 0.3 s for a whole settle (open ↔ closed); a shorter way takes proportionally less,
    /// never under a fifth of it (chosen: UIKit's interactive transitions finish in about as long).
    public static let settleDuration = 0.3
    /// 0.35 of the screen: a pull let go past this settles open (the shade down, the swipe
    /// done), a push from the open shade let go above 1 − this settles closed.
    public static let openFraction = 0.35
    /// 300 pt/s: a flick this fast settles in its direction however short it was (chosen).
    public static let flickSpeed = 300.0
    /// 50 ms: a sample that stays put this soon after the last keeps its speed (three frames
    /// at 60 Hz; a finger held still longer has stopped).
    public static let heldSpeedWindow = 0.05

    /// Where the shade is.
    public enum Motion: Equatable, Sendable {
        /// At rest: 0 closed, 1 open.
        case rest(Double)
        /// A finger holds it at this progress (0…1); the last two samples give its speed.
        case following(progress: Double, y: Double, time: Double, velocity: Double)
        /// Easing out from one progress to another since a time.
        case settling(from: Double, to: Double, since: Double)
    }

    public private(set) var motion: Motion = .rest(0)

    public init() {}

    /// How far the shade is down at `t`, 0…1.
    public func progress(at t: Double) -> Double {
        switch motion {
        case .rest(let v): return v
        case .following(let p, _, _, _): return p
        case .settling(let from, let to, let since):
            let d = duration(from, to)
            guard t.isFinite, d > 0 else { return to }
            let f = Force.normalized((t - since) / d)
            let eased = 1 - (1 - f) * (1 - f)
            return from + (to - from) * eased
        }
    }

    /// Whether the shade is down or coming down (presses go to it, not to the scene).
    public var isOpen: Bool {
        switch motion {
        case .rest(let v): return v > 0
        case .following: return true
        case .settling(_, let to, _): return to > 0
        }
    }

    /// Whether it comes to rest open: at rest open, settling open, or held past `openFraction`.
    public var endsOpen: Bool {
        switch motion {
        case .rest(let v): v > 0
        case .settling(_, let to, _): to > 0
        case .following(let p, _, _, _): p >= Self.openFraction
        }
    }

    /// Whether a finger holds it.
    public var isFollowing: Bool {
        if case .following = motion { return true }
        return false
    }

    /// When the shade next moves on its own after `t`: every frame while it settles.
    public func nextWake(after t: Double) -> Double {
        guard case .settling(let from, let to, let since) = motion, t.isFinite else { return .infinity }
        return t - since < duration(from, to) ? t : .infinity
    }

    /// A finger moved it to `progress` (at `y` points, time `t`). A sample where the last one
    /// was, within `heldSpeedWindow` of it, keeps the speed (a lift repeats the last move's
    /// place: a flick ended so is still a flick).
    public mutating func follow(_ progress: Double, y: Double, at t: Double) {
        var velocity = 0.0
        if case .following(_, let y0, let t0, let v0) = motion {
            if y == y0, t - t0 <= Self.heldSpeedWindow {
                velocity = v0
            } else {
                velocity = t > t0 ? (y - y0) / (t - t0) : (y > y0 ? .infinity : -.infinity)
            }
        }
        motion = .following(progress: Force.normalized(progress), y: y, time: t, velocity: velocity)
    }

    /// The finger let go: settles open past `openFraction` (or after a downward flick),
    /// closed otherwise. `fromOpen` is whether the drag began on the open shade (then it
    /// closes once pushed up past the same fraction, or by an upward flick).
    public mutating func letGo(at t: Double, fromOpen: Bool) {
        guard case .following(let p, _, _, let v) = motion else { return }
        let open: Bool
        if v >= Self.flickSpeed { open = true } else if v <= -Self.flickSpeed { open = false } else {
            open = fromOpen ? p > 1 - Self.openFraction : p >= Self.openFraction
        }
        settle(open: open, at: t)
    }

    /// Eases from where it is to open or closed.
    public mutating func settle(open: Bool, at t: Double) {
        let from = progress(at: t), to = open ? 1.0 : 0.0
        motion = from == to ? .rest(to) : .settling(from: from, to: to, since: t)
    }

    private func duration(_ from: Double, _ to: Double) -> Double {
        Self.settleDuration * max(0.2, abs(to - from))
    }
}
