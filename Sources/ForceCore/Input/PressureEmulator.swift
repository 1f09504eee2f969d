import Foundation

/// The mouse-wheel pressure emulator: the desktop stand-in for the iOS Simulator's
/// "Use Trackpad Force" (seed 001). The wheel, `[`/`]` and a deep-press modifier set the force
/// that mouse samples carry.
///
/// A notch or key step sets a new `level`; the force eases to it over `easing` seconds as a
/// critically damped spring (no overshoot), so a stroke drawn while turning the wheel has no
/// rectangular shoulders. The eased force is a function of time (`force(at:)`), never of
/// frames. The deep press is instant: it stands for the trackpad's deep click, a deliberate
/// jump to full force, and lifting it returns to the eased level at once.
public struct PressureEmulator: Equatable, Hashable, Sendable {
    /// 0.1 per wheel notch or key press, the default step.
    public static let defaultStep = 0.1
    /// 0.5, the force of the very first stroke.
    public static let initialLevel = 0.5
    /// 0.1, one default notch: a new stroke on the canvas never starts below this, even after
    /// a stroke that ended at 0 (it would start hairline-thin in TouchCanvas's mapping).
    public static let minimumStartLevel = 0.1
    /// 1.0, a deep press (Shift held).
    public static let deepPressLevel = 1.0
    /// 0.08 s, how long a new level takes to ease in (issue 8: "about 80 ms").
    public static let defaultEasing = 0.08
    /// 0: sessions written before easing existed (no `pressureEasing` in their header) were
    /// drawn with instant notches, and replay so.
    public static let easingBeforeVersionField = 0.0
    /// 1 s, the longest easing accepted (chosen: beyond that the force lags the wheel visibly).
    public static let maximumEasing = 1.0
    /// 5 time constants make one ease: the spring's time constant is `easing / 5`, and the
    /// ease ends on its level at `easing`, where a critically damped spring from rest is
    /// within 6·e⁻⁵ ≈ 4 % of the step (0.004 of a 0.1 notch).
    public static let timeConstantsPerEase = 5.0

    /// Force change per wheel notch / key step.
    public var step: Double
    /// The level the wheel and keys set: where the force eases to, and stays.
    public private(set) var level: Double
    /// Whether the deep-press modifier is held.
    public var isDeepPress: Bool = false
    /// Seconds a new level takes to ease in; 0 changes the force at once (steps).
    public let easing: Double
    /// The spring's state when the level last changed.
    private var ease: Ease?

    /// Where the force was, and how fast it moved, when the level last changed.
    private struct Ease: Equatable, Hashable, Sendable {
        var start: Double
        var force: Double
        /// Force per second.
        var velocity: Double
    }

    public init(step: Double = PressureEmulator.defaultStep, level: Double = PressureEmulator.initialLevel,
                deepPress: Bool = false, easing: Double = PressureEmulator.defaultEasing) {
        self.step = step.isFinite && step > 0 ? step : PressureEmulator.defaultStep
        self.level = Force.normalized(level)
        self.isDeepPress = deepPress
        self.easing = Self.validEasing(easing)
    }

    /// `easing` clamped to 0…`maximumEasing` (NaN, negative: 0, steps).
    public static func validEasing(_ easing: Double) -> Double {
        easing.isNaN ? 0 : min(max(easing, 0), maximumEasing)
    }

    /// An emulator with the same step and easing, at `level`, for a new press.
    public func restarted(level: Double, deepPress: Bool) -> PressureEmulator {
        PressureEmulator(step: step, level: level, deepPress: deepPress, easing: easing)
    }

    /// This emulator for a new stroke: where the last one left off, but never below
    /// `minimumStartLevel` (any ease still running ends at once).
    public func startingStroke(at t: Double) -> PressureEmulator {
        guard easedLevel(at: t) < Self.minimumStartLevel || level < Self.minimumStartLevel else { return self }
        return restarted(level: max(level, Self.minimumStartLevel), deepPress: isDeepPress)
    }

    /// The force a mouse sample carries at time `t`.
    public func force(at t: Double) -> Double { isDeepPress ? Self.deepPressLevel : easedLevel(at: t) }

    /// The level as eased at time `t` (the force without the deep press).
    public func easedLevel(at t: Double) -> Double { spring(at: t).force }

    /// When the current ease ends (nil before any level change eased).
    public var easeEnd: Double? { ease.map { $0.start + easing } }

    /// Whether the force is still easing toward the level at time `t`.
    public func isEasing(at t: Double) -> Bool {
        guard let ease, t.isFinite else { return false }
        return t - ease.start < easing
    }

    /// Applies wheel motion at time `t` (in notches; fractional for smooth scrolling). Returns
    /// whether the level changed.
    @discardableResult
    public mutating func wheel(_ notches: Double, at t: Double) -> Bool {
        guard notches.isFinite else { return false }
        return set(level + notches * step, at: t)
    }

    /// Steps the level by whole keyboard steps at time `t`. Returns whether the level changed.
    @discardableResult
    public mutating func stepBy(_ steps: Int, at t: Double) -> Bool {
        set(level + Double(steps) * step, at: t)
    }

    private mutating func set(_ value: Double, at t: Double) -> Bool {
        // Rounded to 1e-9 so that ten 0.1 steps land exactly on 1.0, not 0.9999999999.
        let new = (Force.normalized(value) * 1e9).rounded() / 1e9
        guard new != level else { return false }
        if easing > 0, t.isFinite {
            // The spring restarts from where it is, keeping its speed: notches in a row blend.
            let now = spring(at: t)
            ease = Ease(start: t, force: now.force, velocity: now.velocity)
        } else {
            ease = nil
        }
        level = new
        return true
    }

    /// The critically damped spring toward `level`: with e₀ the distance from the level and v₀
    /// the speed at the start, e(s) = (e₀ + (v₀ + e₀/τ)·s)·e^(−s/τ); it ends on the level at
    /// `easing`.
    private func spring(at t: Double) -> (force: Double, velocity: Double) {
        guard let ease, t.isFinite else { return (level, 0) }
        let s = max(0, t - ease.start)
        guard s < easing else { return (level, 0) }
        let tau = easing / Self.timeConstantsPerEase
        let e0 = ease.force - level
        let a = ease.velocity + e0 / tau
        let decay = exp(-s / tau)
        let force = level + (e0 + a * s) * decay
        let velocity = (ease.velocity - a * s / tau) * decay
        return (Force.normalized(force), velocity)
    }
}
