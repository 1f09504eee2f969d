import Foundation

/// The backdrop blur both presenters compute: a separable Gaussian of σ pixels on a copy of the
/// scene box-averaged down by a size factor that σ allows, then scaled back up bilinearly. The
/// GL presenter runs it in shaders (`BlurChain`, `Shaders/blur.frag`), the software presenter on
/// the CPU (`BlurredBackdrop`); the factor and the weights come from here for both, so the two
/// agree to the rounding of their arithmetic at every progress, not only at the full blur.
public enum GaussianBlur {
    /// Size factors by σ in full-size pixels: the largest factor that still leaves σ ≥ 1.5 of
    /// its texels (2 px for halving, which alone would blur more than a smaller σ asks).
    public static let factors: [(below: Double, factor: Int)] = [(2, 1), (6, 2), (12, 4), (.infinity, 8)]

    /// The size factor for a blur of `sigma` pixels.
    public static func factor(sigma: Double) -> Int { factors.first { sigma < $0.below }?.factor ?? 8 }

    /// A side of `length` pixels reduced by `factor`: one texel for each block, the last one
    /// partial (at least 1).
    public static func reduced(_ length: Int, by factor: Int) -> Int { max(1, (length + factor - 1) / factor) }

    /// 64 texels: the widest reach of one pass (`blur.frag` holds 32 pairs of taps).
    public static let maximumRadius = 64

    /// The Gaussian of `sigma` texels out to 3σ (at most `maximumRadius`), normalised: the weight
    /// of each offset 0…radius on one side (the other side mirrors it). Below 0.01 texels: a copy.
    public static func weights(sigma: Double) -> [Double] {
        guard sigma >= 0.01 else { return [1] }
        let radius = min(maximumRadius, Int((3 * sigma).rounded(.up)))
        let raw = (0...radius).map { x in exp(-0.5 * Double(x * x) / (sigma * sigma)) }
        let total = raw[0] + 2 * raw.dropFirst().reduce(0, +)
        return raw.map { $0 / total }
    }

    /// The same weights in pairs, as `blur.frag` reads them: the centre's weight and, for each
    /// pair of neighbouring offsets, one bilinear fetch placed between them by their weights
    /// (offset in texels) with their summed weight, on one side.
    public static func taps(sigma: Double) -> (centre: Double, pairs: [(offset: Double, weight: Double)]) {
        let w = weights(sigma: sigma)
        var pairs: [(offset: Double, weight: Double)] = []
        for i in stride(from: 1, to: w.count, by: 2) {
            let a = w[i], b = i + 1 < w.count ? w[i + 1] : 0
            pairs.append(((Double(i) * a + Double(i + 1) * b) / (a + b), a + b))
        }
        return (w[0], pairs)
    }
}
