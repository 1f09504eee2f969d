import Foundation
import ForceCore

/// How much the scene behind a peek (or a quick-action menu) is blurred and dimmed at a
/// transition's progress: the one mapping both presenters follow.
///
/// Apple's advice for UIPreviewInteraction is to drive the animation's fraction from the
/// progress; here the fraction is the progress itself (times the peek's presence while a
/// cancelled peek shrinks away). At 0 nothing is blurred or dimmed, at 1 the blur is
/// `fullSigma` and the dimming `fullDim`, and both are linear between. Both presenters blur the
/// scene by a Gaussian of `sigma` (`GaussianBlur`: the GL presenter every frame in shaders,
/// the software one on the CPU per quarter point of σ, `BlurredBackdrop`) and dim it by `dim`.
public struct BackdropBlur: Equatable, Sendable {
    /// The transition's fraction, 0…1.
    public let fraction: Double
    /// How dark the dimming gets at fraction 1 (0…1 of black).
    public let fullDim: Double

    /// The blur at `fraction` (clamped to 0…1; NaN is 0) of a transition whose dimming ends at `fullDim`.
    public init(fraction: Double, fullDim: Double) {
        self.fraction = Force.normalized(fraction)
        self.fullDim = Force.normalized(fullDim)
    }

    /// 14.6 pt: the Gaussian's standard deviation at full blur, in points at any HiDPI scale
    /// (the strength the first CPU blur had, two box passes of radius 4 at a quarter of the
    /// size: 4 × √(2 × 4 × 5 / 3) pt; a full peek looks as it always did).
    public static let fullSigma = 4 * (40.0 / 3).squareRoot()

    /// The Gaussian's standard deviation at this fraction, in points: 0 at 0, `fullSigma` at 1.
    public var sigma: Double { fraction * Self.fullSigma }
    /// The black laid over the blurred scene, 0…1 of black: 0 at 0, `fullDim` at 1.
    public var dim: Double { fraction * fullDim }
    /// Whether anything is blurred or dimmed at all.
    public var isVisible: Bool { fraction > 0 }
}
