/// Force values as the core sees them: normalised to 0…1, never NaN.
public enum Force {
    /// Clamps any device or file value into 0…1. NaN and -inf become 0, +inf becomes 1,
    /// so garbage from a broken device is never drawn as garbage.
    public static func normalized(_ value: Double) -> Double {
        guard !value.isNaN else { return 0 }
        return min(1, max(0, value))
    }

    /// Normalises a raw device value against the device's range; an empty or inverted
    /// range yields nil (the device counts as force-less).
    public static func normalized(raw: Double, maximum: Double) -> Double? {
        guard maximum.isFinite, maximum > 0 else { return nil }
        return normalized(raw / maximum)
    }
}
