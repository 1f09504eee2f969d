/// Where every force in the core comes from: the two mouse emulators, the force before the
/// pressure curve (`raw`) and after it (`force`), and the curve.
///
/// A device's value is clamped once, where it enters (`PointerInput.normalizedForce`); the curve
/// is applied in one place (`curved(_:)`); and every reader (the gauge, the curve panel's dot,
/// the ink, the scenes, the plot and the trail) takes its force from here, so no two of them
/// can disagree.
///
/// The canvas and the force scenes use the mouse differently (`PressStyle`): a stroke on the
/// canvas starts where the last one left off (`PressureEmulator.startingStroke`), a press in a
/// force scene starts light, at 0, with an emulator of its own (`sceneEmulator`).
public struct PressureInput: Equatable, Sendable {
    /// How a scene takes the mouse's force.
    public enum PressStyle: Equatable, Sendable {
        /// The canvas: a stroke starts where the last one left off (never below 0.10), and a
        /// touch without force draws at the emulator's level.
        case ink
        /// A force scene: each mouse press starts at 0 and the wheel raises it; a device without
        /// force gives 0 (the scene's timed fallback drives it instead).
        case force
    }

    /// The canvas's emulator (the wheel, `[`/`]` and Shift).
    public private(set) var emulator: PressureEmulator
    /// The emulator of a press in a force scene: a copy of `emulator` restarted at 0 at each press.
    public private(set) var sceneEmulator: PressureEmulator
    /// Device force → canvas force.
    public private(set) var curve: PressureCurve
    /// The force before the curve (device or emulator) of the current or last sample.
    public private(set) var raw: Double
    /// The force the current or last press acts with: `raw` through the curve, or, at a frame
    /// tick of a press a timed fallback drives, the fallback's level (`drive(fallback:)`).
    public private(set) var force: Double

    /// The emulators and the curve at the start (the raw force is the emulator's at time 0).
    public init(emulator: PressureEmulator, curve: PressureCurve) {
        self.emulator = emulator
        sceneEmulator = emulator.restarted(level: 0, deepPress: false)
        self.curve = curve
        raw = emulator.force(at: 0)
        force = Self.curved(raw, through: curve)
    }

    /// The emulator the mouse uses in a scene of `style`.
    public func emulator(for style: PressStyle) -> PressureEmulator {
        style == .ink ? emulator : sceneEmulator
    }

    /// The force a mouse sample would carry at `t` in a scene of `style`, before the curve.
    public func emulated(at t: Double, style: PressStyle) -> Double { emulator(for: style).force(at: t) }

    /// `raw` through the pressure curve.
    public func curved(_ raw: Double) -> Double { Self.curved(raw, through: curve) }

    /// The one application of the pressure curve in the program.
    private static func curved(_ raw: Double, through curve: PressureCurve) -> Double { curve.apply(raw) }

    /// What the gauge and the curve panel show: the press's forces while one is down, else what
    /// the next mouse sample would carry.
    public func shown(isPressed: Bool, at t: Double, style: PressStyle) -> (raw: Double, force: Double) {
        guard !isPressed else { return (raw, force) }
        let next = startingPress(at: t, style: style).force(at: t)
        return (next, curved(next))
    }

    /// The emulator a mouse press going down at `t` starts with in a scene of `style`: on the
    /// canvas where the last stroke left off (never below the emulator's start level), in a force
    /// scene at 0 (the deep press kept). `down` takes it, and the idle gauge shows its force.
    private func startingPress(at t: Double, style: PressStyle) -> PressureEmulator {
        switch style {
        case .ink: emulator.startingStroke(at: t)
        case .force: emulator.restarted(level: 0, deepPress: emulator.isDeepPress)
        }
    }

    /// Whether a sample's device has force in a scene of `style`: a device value, or the mouse's
    /// emulator unless simulated pressure is on (the canvas also counts a mouse sample carrying
    /// a force as force).
    public static func hasForce(source: InputSource, device: Double?, simulated: Bool, style: PressStyle) -> Bool {
        switch style {
        case .ink: device != nil || (source == .mouse && !simulated)
        case .force: source == .mouse ? !simulated : device != nil
        }
    }

    // MARK: Samples

    /// A press goes down: a mouse press restarts its emulator (`style`), and the sample carries
    /// the device's force (`device`, nil for none) or the emulator's.
    public mutating func down(source: InputSource, device: Double?, at t: Double, style: PressStyle) {
        let mouse = source == .mouse
        switch style {
        case .ink:
            if mouse { emulator = startingPress(at: t, style: style) }
            take(device ?? emulator.force(at: t))
        case .force:
            if mouse { sceneEmulator = startingPress(at: t, style: style) }
            take(device ?? (mouse ? sceneEmulator.force(at: t) : 0))
        }
    }

    /// A move, lift or cancel of the press `pressed` (its source) with the sample's `source`:
    /// the device's force, else the emulator's for the mouse. On the canvas a force-less touch
    /// keeps the force it had, and so does a lift without force (the stroke ends as it went).
    public mutating func sample(_ phase: PointerPhase, source: InputSource, pressed: InputSource, device: Double?,
                                at t: Double, style: PressStyle) {
        switch style {
        case .ink:
            if let device {
                take(device)
            } else if phase == .move, pressed == .mouse {
                take(emulator.force(at: t))
            }
        case .force:
            take(device ?? (source == .mouse ? sceneEmulator.force(at: t) : 0))
        }
    }

    /// The emulator's force changed (a notch, a key step, a step of its ease): the force is the
    /// emulator's now. Returns whether that is a move of the press (a mouse press is down).
    public mutating func emulatorMoved(pressed: InputSource?, at t: Double, style: PressStyle) -> Bool {
        switch pressed {
        case .mouse?:
            take(emulated(at: t, style: style))
            return true
        case nil:
            // Between strokes the canvas shows where the next one starts.
            if style == .ink { take(emulator.force(at: t)) }
            return false
        default:
            return false
        }
    }

    /// A frame tick of a press that a timed fallback drives: its level is the force.
    public mutating func drive(fallback level: Double) { force = level }

    private mutating func take(_ newRaw: Double) {
        raw = newRaw
        force = curved(newRaw)
    }

    // MARK: The emulators and the curve

    /// The wheel while the mouse presses (`style`'s emulator).
    public mutating func wheel(_ notches: Double, at t: Double, style: PressStyle) {
        if style == .ink { emulator.wheel(notches, at: t) } else { sceneEmulator.wheel(notches, at: t) }
    }

    /// `[` / `]`: a keyboard step of `style`'s emulator.
    public mutating func step(by steps: Int, at t: Double, style: PressStyle) {
        if style == .ink { emulator.stepBy(steps, at: t) } else { sceneEmulator.stepBy(steps, at: t) }
    }

    /// Shift, the deep press: both emulators.
    public mutating func setDeepPress(_ down: Bool) {
        emulator.isDeepPress = down
        sceneEmulator.isDeepPress = down
    }

    /// A new curve: the current force goes through it.
    public mutating func setCurve(_ c: PressureCurve) {
        curve = c
        force = curved(raw)
    }

    /// Whether either emulator is easing at `t` (a force change every frame).
    public func isEasing(at t: Double) -> Bool { emulator.isEasing(at: t) || sceneEmulator.isEasing(at: t) }
}
