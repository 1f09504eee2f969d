import CSDL2

/// Seconds since the window started plus `origin` (a restored canvas goes on from its own
/// time), from SDL's performance counter, and SDL event timestamps (milliseconds of
/// SDL_GetTicks) on the same time base. A class: the player's "continue drawing from here"
/// moves the clock to the replay's time (`rebase`), and the loop reads the same clock.
final class FrameClock {
    /// The time the window started at (moved by `rebase`).
    private(set) var origin: Double
    private let startCounter: UInt64
    private let frequency: Double
    private let startTicks: UInt32

    init(startingAt origin: Double = 0) {
        self.origin = origin
        startTicks = SDL_GetTicks()
        startCounter = SDL_GetPerformanceCounter()
        frequency = Double(SDL_GetPerformanceFrequency())
    }

    /// Makes `now` read `t` from here on (events' stamps follow).
    func rebase(now t: Double) { origin += t - now }

    var now: Double { origin + Double(SDL_GetPerformanceCounter() &- startCounter) / frequency }

    /// An event's time in seconds on this clock (SDL stamps events in whole milliseconds).
    func time(ofEventStamp ms: UInt32) -> Double { origin + Double(Int64(ms) - Int64(startTicks)) / 1000 }
}

/// Frame rate and the cost of frames that drew, for the HUD's fps and p50/p99.
struct FrameTimer {
    /// 240 frames: four seconds at 60 fps.
    static let window = 240
    private var costs: [Double] = []
    private var ticks: [Double] = []
    private var next = 0

    /// A frame that drew something took `cost` seconds.
    mutating func record(cost: Double) {
        if costs.count < Self.window {
            costs.append(cost)
        } else {
            costs[next] = cost
            next = (next + 1) % Self.window
        }
    }

    /// The loop went round once, at time `t`.
    mutating func tick(at t: Double) {
        ticks.append(t)
        while let first = ticks.first, t - first > 1 { ticks.removeFirst() }
    }

    /// Loop frames per second over the last second.
    var fps: Double {
        guard let first = ticks.first, let last = ticks.last, last > first else { return 0 }
        return Double(ticks.count - 1) / (last - first)
    }

    /// The q-quantile of frame cost in milliseconds.
    func percentile(_ q: Double) -> Double {
        guard !costs.isEmpty else { return 0 }
        let sorted = costs.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * q).rounded()))] * 1000
    }
}
