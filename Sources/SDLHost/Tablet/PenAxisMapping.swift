import Foundation

/// Raw valuator values → the core's force and tilt. Pure functions; never NaN.
public enum PenAxisMapping {
    /// A tilt axis whose whole range lies within ±90 reports degrees: xf86-input-wacom and
    /// XWayland use −64…63, xf86-input-libinput −64…64, all in degrees.
    public static let degreeRangeLimit = 90.0
    /// Degrees assumed at each end of a tilt axis with a wider range and no resolution: 64°, the
    /// tilt limit of Wacom pens (the ±64 of xf86-input-libinput's TABLET_TILT_AXIS_MAX).
    public static let unitlessTiltLimit = 64.0
    /// A pen cannot tilt past the tablet surface: 90°.
    public static let maximumTilt = 90.0

    /// The core's (rawForce, maximumForce) for a raw pressure: `raw − min` of `max − min`,
    /// with the raw value clamped into the range first (NaN counts as no pressure), so sessions
    /// record device units and replay identically. Nil when the range is empty or inverted.
    public static func force(raw: Double, min: Double, max: Double) -> (raw: Double, maximum: Double)? {
        let span = max - min
        guard span.isFinite, span > 0 else { return nil }
        let clamped = raw.isNaN ? min : Swift.min(max, Swift.max(min, raw))
        return (clamped - min, span)
    }

    /// A raw tilt value in degrees, by the axis's range and resolution:
    /// 1. a range within ±90 is in degrees (every X driver that reports tilt);
    /// 2. else a positive resolution is units per radian (the X valuator convention for angles);
    /// 3. else the range maps linearly onto ±64° around its centre.
    /// The result is clamped to ±90°; NaN counts as upright (0°).
    public static func tiltDegrees(raw: Double, axis: ValuatorAxis) -> Double {
        guard !raw.isNaN else { return 0 }
        let degrees: Double
        if Swift.max(abs(axis.min), abs(axis.max)) <= degreeRangeLimit {
            degrees = raw
        } else if axis.resolution > 0 {
            degrees = raw / Double(axis.resolution) * 180 / .pi
        } else {
            let centre = (axis.min + axis.max) / 2, half = (axis.max - axis.min) / 2
            degrees = half > 0 ? (raw - centre) / half * unitlessTiltLimit : 0
        }
        return Swift.min(maximumTilt, Swift.max(-maximumTilt, degrees))
    }

    /// Altitude and azimuth (radians) from tilt angles in degrees, as W3C Pointer Events convert
    /// tiltX/tiltY. Tilt X leans the pen's top toward +x (right), tilt Y toward +y (down the
    /// window, toward the user). The pen's direction is (tan tx, tan ty, 1), so
    /// azimuth = atan2(tan ty, tan tx) in window coordinates (y down; this is atan2(ty, tx) when
    /// one tilt is 0 or both are equal) and altitude = π/2 − atan(hypot(tan tx, tan ty)),
    /// clamped to [0, π/2]: π/2 upright, 0 flat on the surface. An upright pen has azimuth 0.
    public static func orientation(tiltX: Double, tiltY: Double) -> (altitude: Double, azimuth: Double) {
        func radians(_ d: Double) -> Double {
            (d.isNaN ? 0 : Swift.min(maximumTilt, Swift.max(-maximumTilt, d))) * .pi / 180
        }
        let a = tan(radians(tiltX)), b = tan(radians(tiltY))
        guard a != 0 || b != 0 else { return (.pi / 2, 0) }
        let altitude = .pi / 2 - atan(hypot(a, b))
        return (Swift.min(.pi / 2, Swift.max(0, altitude)), atan2(b, a))
    }
}
