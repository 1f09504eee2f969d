/// The force levels at which a press peeks and pops, with the hysteresis band that keeps
/// sensor noise from showing (SPEC 1 and 4).
///
/// Values are normalised force (0…1, after the pressure curve). The hysteresis rule, used by
/// `filtered(_:previous:)`: a rising force is followed at once, a falling force only once it
/// has dropped more than `hysteresis` below the level last followed. Thresholds are crossed
/// on the way up (`level >= threshold`) and latch for the rest of the press, so noise smaller
/// than the band can neither re-cross a threshold nor make a progress ring flicker.
public struct ForceThresholds: Equatable, Hashable, Sendable {
    /// 0.20 normalised, the measured peek: iOS force 1.33 of `maximumPossibleForce` 6.67 (SPEC 1).
    public static let defaultPeek = 0.20
    /// 0.75 normalised, the measured pop: iOS force 5.0 of 6.67 (SPEC 1).
    public static let defaultPop = 0.75
    /// 0.03 normalised, the noise band: about twice the jitter of a resting pen on a wacom tablet
    /// (chosen; 0.2 iOS force units, well below the 1.33 gap from rest to peek).
    public static let defaultHysteresis = 0.03

    /// The peek threshold (preview transition ends here), 0…1.
    public let peek: Double
    /// The pop threshold (commit transition ends here), 0…1, above `peek`.
    public let pop: Double
    /// The width of the noise band, 0 ≤ hysteresis < peek and < pop − peek.
    public let hysteresis: Double

    /// The SPEC thresholds: peek 0.20, pop 0.75, hysteresis 0.03.
    public static let standard = ForceThresholds(checkedPeek: defaultPeek, pop: defaultPop, hysteresis: defaultHysteresis)

    /// Validated thresholds; throws a message naming the bad value and the allowed range.
    public init(peek: Double = defaultPeek, pop: Double = defaultPop, hysteresis: Double = defaultHysteresis) throws(ValidationError) {
        for (name, value) in [("peek", peek), ("pop", pop), ("hysteresis", hysteresis)] where !value.isFinite {
            throw ValidationError(message: "\(name) must be a finite number, got \(value)")
        }
        guard peek > 0, peek < 1 else {
            throw ValidationError(message: "peek must be between 0 and 1 (exclusive), got \(peek)")
        }
        guard pop > peek, pop <= 1 else {
            throw ValidationError(message: "pop must be above peek (\(peek)) and at most 1, got \(pop)")
        }
        guard hysteresis >= 0, hysteresis < peek, hysteresis < pop - peek else {
            throw ValidationError(
                message: "hysteresis must be at least 0 and below both peek (\(peek)) and pop − peek (\(pop - peek)), got \(hysteresis)")
        }
        self.init(checkedPeek: peek, pop: pop, hysteresis: hysteresis)
    }

    private init(checkedPeek peek: Double, pop: Double, hysteresis: Double) {
        self.peek = peek
        self.pop = pop
        self.hysteresis = hysteresis
    }

    /// The force level to act on, given a raw sample and the level followed so far: rises are
    /// followed at once, falls only beyond the hysteresis band. NaN and ±inf are clamped first.
    public func filtered(_ raw: Double, previous: Double) -> Double {
        let force = Force.normalized(raw)
        let last = Force.normalized(previous)
        if force >= last { return force }
        return last - force > hysteresis ? force : last
    }

    /// Preview progress 0…1 for a force level: `level / peek`, clamped.
    public func previewProgress(_ level: Double) -> Double {
        min(1, Force.normalized(level) / peek)
    }

    /// Commit progress 0…1 for a force level: `(level − peek) / (pop − peek)`, clamped.
    public func commitProgress(_ level: Double) -> Double {
        Force.normalized((Force.normalized(level) - peek) / (pop - peek))
    }

    /// Why a set of thresholds was refused, worded for a config file or command line.
    public struct ValidationError: Error, Equatable, Sendable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}
