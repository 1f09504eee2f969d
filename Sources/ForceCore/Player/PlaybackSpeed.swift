/// The player's speeds: any factor in `range` (`--speed`, a caption's `speed`), and the steps
/// the speed keys go through.
public enum PlaybackSpeed {
    /// 0.1× to 4× (issue 12): slow enough to watch a ring fill frame by frame, fast enough to
    /// skim a long recording.
    public static let range = 0.1...4.0
    /// The steps of `-`/`=` and `<`/`>` (issue 12), like a video player's.
    public static let steps: [Double] = [0.1, 0.25, 0.5, 1, 2, 4]
    /// 1×: session time runs as fast as the clock.
    public static let normal = 1.0

    /// `speed` clamped into `range` (NaN gives `normal`).
    public static func clamped(_ speed: Double) -> Double {
        guard !speed.isNaN else { return normal }
        return min(range.upperBound, max(range.lowerBound, speed))
    }

    /// The next step up from `speed` (a speed between steps goes to the step above it).
    public static func faster(than speed: Double) -> Double {
        steps.first { $0 > speed + 1e-9 } ?? range.upperBound
    }

    /// The next step down from `speed`.
    public static func slower(than speed: Double) -> Double {
        steps.last { $0 < speed - 1e-9 } ?? range.lowerBound
    }

    /// "0.25×", "1×", "4×": how the timeline shows a speed.
    public static func label(_ speed: Double) -> String {
        let rounded = (speed * 100).rounded() / 100
        if rounded == rounded.rounded() { return "\(Int(rounded))×" }
        var text = String(rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text + "×"
    }
}
