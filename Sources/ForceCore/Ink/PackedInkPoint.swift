/// One stored point of a stroke in 16 bytes: what a stroke keeps per sample.
///
/// `InkPoint` is the value the rest of the program reads; strokes store this instead and decode
/// on access. Every value is quantised once, when the sample is appended, so the live stroke,
/// its frozen pieces, a full redraw, undo, redo and export all draw the very same numbers.
struct PackedInkPoint: Equatable, Hashable, Sendable {
    /// The precise location, in points.
    var x: Float
    var y: Float
    /// Microseconds since the stroke's first sample.
    var microseconds: UInt32
    /// Force in 1/32768 steps (`PackedInkPoint.forceScale`).
    var force: UInt16
    /// `PointType.rawValue`.
    var type: UInt8

    /// 32768: force 0…1 in steps of 1/32768 (0.5 and 0.25 stay exact), far finer than any
    /// device reports (Wacom: 1/65536 of its range, libinput: 1/2048) or the eye can see in width.
    static let forceScale = 32768.0
    /// 1e6: times are kept to the microsecond.
    static let ticksPerSecond = 1e6

    /// The force a sample will be stored with (what `InkPoint.force` reads back).
    static func quantized(force: Double) -> Double {
        Double(forceTicks(force)) / forceScale
    }

    /// Forces come clamped from `PressureInput`; the conversion to 16 bits still saturates, so
    /// a point made by hand with a force outside 0…1 (or NaN) is stored as 0 or 1, never traps.
    static func forceTicks(_ force: Double) -> UInt16 {
        UInt16((Force.normalized(force) * forceScale).rounded())
    }

    /// A coordinate as stored: a `Float`, clamped to its finite range.
    static func quantized(coordinate v: Double) -> Double { Double(storedCoordinate(v)) }

    static func storedCoordinate(_ v: Double) -> Float {
        guard v.isFinite else { return 0 }
        return Float(min(Double(Float.greatestFiniteMagnitude), max(-Double(Float.greatestFiniteMagnitude), v)))
    }

    /// Microseconds after `start`, clamped to what 32 bits hold (71 minutes).
    static func ticks(from start: Double, to time: Double) -> UInt32 {
        let d = ((time - start) * ticksPerSecond).rounded()
        guard d.isFinite, d > 0 else { return 0 }
        return d >= Double(UInt32.max) ? UInt32.max : UInt32(d)
    }
}
