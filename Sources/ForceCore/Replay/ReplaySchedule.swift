/// Which frames a replay on a virtual 60 fps clock simulates. Frame k is at k/60 s and handles
/// every event up to that time before its tick.
///
/// Behaviour is a function of time, never of counted frames (SPEC 10), so a replay may jump over
/// frames in which no event arrives, the state does not wake (`AppState.nextWake`) and nothing
/// is captured: the frames it does simulate come out exactly as if it had stepped every one.
public struct ReplaySchedule: Equatable, Sendable {
    /// 60 frames per second, the window's rate.
    public static let framesPerSecond = 60.0
    /// 1e12 s (about 31,700 years): the latest time the clock reaches. Frame numbers stay far
    /// inside `Int`, and a frame's time keeps a resolution of about 1e-4 s, finer than a frame.
    public static let maximumTime = 1e12
    /// The frame at `maximumTime`.
    public static let maximumFrame = Int(maximumTime * framesPerSecond)
    /// 1 ms: a wake is reached from this much earlier, so that floating-point rounding in a
    /// deadline (0.1 + 0.2 is 0.30000000000000004) never jumps past the frame where it fires;
    /// much less than a frame (16.7 ms), so a wake costs at most one extra frame.
    public static let wakeMargin = 1e-3

    /// The frames handed to the caller, ascending.
    public let captures: [Int]

    public init<Frames: Sequence<Int>>(captures: Frames) {
        self.captures = Set(captures).filter { $0 >= 0 }.sorted()
    }

    /// The last captured frame (nil when nothing is captured).
    public var lastCapture: Int? { captures.last }

    /// Frame k's time: k/60 s.
    public static func time(ofFrame k: Int) -> Double { Double(k) / framesPerSecond }

    /// The first frame whose time is at or after `t`: the frame that handles an event at `t`.
    /// Exact against `time(ofFrame:)`; saturates at 0 and `maximumFrame` (NaN gives 0).
    public static func frame(atOrAfter t: Double) -> Int {
        guard t > 0 else { return 0 }
        guard t < maximumTime else { return maximumFrame }
        // Compared as Double first (above), so the conversion cannot trap.
        var k = Int((t * framesPerSecond).rounded(.up))
        while k > 0, time(ofFrame: k - 1) >= t { k -= 1 }
        while k < maximumFrame, time(ofFrame: k) < t { k += 1 }
        return k
    }

    /// The rule every replay steps by (`Replayer.nextFrame`): the frame to simulate after
    /// `frame` is `limit` (the next frame that must be simulated: an event's, a capture's, a
    /// target's) unless the state wakes sooner (`wake` seconds; NaN, or at or before `frame`'s
    /// time: the very next frame). Always after `frame`.
    public static func frame(after frame: Int, limit: Int, wake: Double) -> Int {
        var next = limit
        if wake.isNaN {
            next = frame + 1
        } else if wake < .infinity {
            next = min(next, Self.frame(atOrAfter: wake - wakeMargin))
        }
        return max(frame + 1, next)
    }
}
