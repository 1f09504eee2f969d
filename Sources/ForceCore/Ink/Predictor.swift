/// Extrapolates points ahead of the pointer, as UIKit's predicted touches do.
public enum Predictor {
    /// 1/60 s: one frame at 60 fps.
    public static let frameInterval = 1.0 / 60
    /// Predictions reach 1 and 2 frames ahead (at least one frame, as the issue asks).
    public static let leads: [Double] = [1, 2]
    /// Samples older than 3 frames are not extrapolated: the pointer has stopped.
    public static let maximumAge = 3 * frameInterval
    /// A prediction never reaches further than this from the last sample, in points.
    public static let maximumReach = 48.0
    /// 64 samples: how far back a sample at an earlier time is looked for.
    static let lookBack = 64

    /// Predicted points after the last two real points of `points`, at frame time `now`.
    /// Empty when the pointer is not moving or the samples are stale.
    public static func predict(from points: StrokePoints, now: Double, nextSequence: Int) -> [InkPoint] {
        let n = points.realCount
        guard n >= 2 else { return [] }
        let last = points[n - 1]
        // The newest earlier sample at a different time gives the velocity (a bounded look
        // back: samples of one instant are few).
        var j = n - 2
        while j > max(0, n - Self.lookBack), points.time(at: j) >= last.time { j -= 1 }
        let prev = points[j]
        let dt = last.time - prev.time
        guard dt > 1e-6, now - last.time <= maximumAge else { return [] }
        let velocity = (last.preciseLocation - prev.preciseLocation) * (1 / dt)
        guard velocity.length > 1 else { return [] }
        return leads.enumerated().map { k, lead in
            var step = velocity * (lead * frameInterval)
            if step.length > maximumReach { step = step.normalized * maximumReach }
            return InkPoint(
                sequence: nextSequence + k, time: last.time + lead * frameInterval, force: last.force,
                preciseLocation: last.preciseLocation + step, altitude: last.altitude, azimuth: last.azimuth,
                type: last.type.intersection(.finger).union(.predicted))
        }
    }
}
