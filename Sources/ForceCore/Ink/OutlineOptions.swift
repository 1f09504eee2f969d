/// The knobs of the outline renderer, named and defaulted as in perfect-freehand v1.2.2.
public struct OutlineOptions: Equatable, Hashable, Sendable {
    /// Base diameter in points (perfect-freehand's `size`, default 16).
    public var size: Double = 16
    /// How much pressure thins the stroke, -1…1 (default 0.5).
    public var thinning: Double = 0.5
    /// Outline points closer than `size · smoothing` on one side are skipped (default 0.5).
    public var smoothing: Double = 0.5
    /// How far each point lags toward the input, 0…1 (default 0.5).
    public var streamline: Double = 0.5
    /// Derive pressure from speed instead of the samples (for force-less devices).
    public var simulatePressure: Bool = false
    /// Taper lengths in points at the start and end (0 = none).
    public var taperStart: Double = 0
    public var taperEnd: Double = 0
    /// Round caps (true) or flat ends.
    public var capStart: Bool = true
    public var capEnd: Bool = true
    /// How force becomes width, for every renderer (perfect-freehand's radius by default).
    public var widthMapping: InkWidthMapping = .perfectFreehand

    public init() {}

    public static let `default` = OutlineOptions()
}
