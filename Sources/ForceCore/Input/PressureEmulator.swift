/// The mouse-wheel pressure emulator: the desktop stand-in for the iOS Simulator's
/// "Use Trackpad Force" (seed 001). The wheel, `[`/`]` and a deep-press modifier set the force
/// that mouse samples carry.
public struct PressureEmulator: Equatable, Hashable, Sendable {
    /// 0.1 per wheel notch or key press, the default step.
    public static let defaultStep = 0.1
    /// 0.5, the force of the very first stroke.
    public static let initialLevel = 0.5
    /// 1.0, a deep press (Shift held).
    public static let deepPressLevel = 1.0

    /// Force change per wheel notch / key step.
    public var step: Double
    /// The last pressure used; a new stroke starts here.
    public private(set) var level: Double
    /// Whether the deep-press modifier is held.
    public var isDeepPress: Bool = false

    public init(step: Double = PressureEmulator.defaultStep, level: Double = PressureEmulator.initialLevel,
                deepPress: Bool = false) {
        self.step = step.isFinite && step > 0 ? step : PressureEmulator.defaultStep
        self.level = Force.normalized(level)
        self.isDeepPress = deepPress
    }

    /// The force a mouse sample carries right now.
    public var force: Double { isDeepPress ? Self.deepPressLevel : level }

    /// Applies wheel motion (in notches; fractional for smooth scrolling). Returns whether the
    /// force changed.
    @discardableResult
    public mutating func wheel(_ notches: Double) -> Bool {
        guard notches.isFinite else { return false }
        return set(level + notches * step)
    }

    /// Steps the level by whole keyboard steps. Returns whether the force changed.
    @discardableResult
    public mutating func stepBy(_ steps: Int) -> Bool {
        set(level + Double(steps) * step)
    }

    private mutating func set(_ value: Double) -> Bool {
        // Rounded to 1e-9 so that ten 0.1 steps land exactly on 1.0, not 0.9999999999.
        let new = (Force.normalized(value) * 1e9).rounded() / 1e9
        defer { level = new }
        return new != level && !isDeepPress
    }
}
