import Foundation

/// What `ImageComparer` found.
public struct ImageComparison: Equatable, Sendable {
    /// The golden's size.
    public var expectedSize: PixelSize
    /// The new image's size.
    public var actualSize: PixelSize
    /// The tolerance it was compared with.
    public var tolerance: ImageComparer.Tolerance
    /// Pixels whose distance is above the threshold and that are not anti-aliasing.
    public var differentPixels = 0
    /// Pixels above the threshold left out as anti-aliasing.
    public var antialiasedPixels = 0
    /// Pixels compared (0 when the sizes differ): the masked ones are not.
    public var totalPixels = 0
    /// Pixels under a mask, never compared.
    public var maskedPixels = 0
    /// How many may differ under the tolerance.
    public var allowedPixels = 0
    /// The largest perceptual distance of any pixel, 0…1 (the threshold's scale).
    public var worstDistance = 0.0

    /// A comparison of images of these sizes with nothing counted yet (the comparer fills it in;
    /// `check merge` rebuilds one from a summary).
    public init(expectedSize: PixelSize, actualSize: PixelSize, tolerance: ImageComparer.Tolerance) {
        self.expectedSize = expectedSize
        self.actualSize = actualSize
        self.tolerance = tolerance
    }

    /// Whether the images have different sizes (then nothing else was compared).
    public var sizeMismatch: Bool { expectedSize != actualSize }

    /// Whether the images count as the same.
    public var passed: Bool { !sizeMismatch && differentPixels <= allowedPixels }

    /// The share of pixels that differ, 0…1.
    public var ratio: Double { totalPixels == 0 ? 0 : Double(differentPixels) / Double(totalPixels) }

    /// One line: "1234 px differ (0.121%), worst distance 0.412; allowed 205 (threshold 0.1)",
    /// or the two sizes.
    public var summary: String {
        if sizeMismatch { return "size differs: expected \(expectedSize), actual \(actualSize)" }
        let aa = (antialiasedPixels > 0 ? ", \(antialiasedPixels) px anti-aliasing ignored" : "")
            + (maskedPixels > 0 ? ", \(maskedPixels) px masked" : "")
        return String(format: "%d px differ (%.3f%%)%@, worst distance %.3f; allowed %d (threshold %g)",
                      differentPixels, ratio * 100, aa, worstDistance, allowedPixels, tolerance.threshold)
    }
}
