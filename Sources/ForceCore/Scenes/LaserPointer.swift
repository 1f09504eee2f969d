/// The presenter's laser pointer: while it is on (Ctrl+L, or a pen barrel button held when the
/// config says `laser`), the pointer is a bright dot, a press draws a line that fades away over
/// `fade` seconds, and nothing reaches the scene: no ink, no press, nothing in the document. It
/// is input like any other — the commands and samples are recorded, so replays and videos show
/// it — but it leaves nothing behind.
public struct LaserPointer: Equatable, Sendable {
    /// 1 s: how long a stretch of the line stays, fading (the tools presenters know: Excalidraw,
    /// tldraw and Xournal++'s laser fade in about a second).
    public static let fade = 1.0
    /// 512 samples: a second of a 240 Hz pen with room to spare; older ones are dropped first.
    static let maximumSamples = 512

    /// A point of the line.
    public struct Sample: Equatable, Sendable {
        public var time: Double
        public var location: Point
        /// Whether it was pressed (the line joins pressed samples; a lift breaks it).
        public var pressed: Bool
    }

    /// Ctrl+L turned it on.
    public internal(set) var isOn = false
    /// A barrel button set to `laser` is held.
    var held = false
    /// A press is drawing the line.
    public internal(set) var pressing = false
    /// The line's samples of the last `fade` seconds.
    public internal(set) var samples: [Sample] = []

    /// Whether the pointer is the laser now.
    public var isActive: Bool { isOn || held }

    /// A sample of the pointer while the laser has it: the line grows while pressed.
    mutating func take(_ p: PointerInput, at time: Double) {
        switch p.phase {
        case .down: pressing = true
        case .up, .cancel: pressing = false
        case .move: break
        }
        if pressing || p.phase == .up {
            // The line joins each pressed sample to the next; a lift ends it there.
            samples.append(Sample(time: time, location: p.location, pressed: p.phase != .up))
        } else if p.phase == .cancel, !samples.isEmpty {
            samples[samples.count - 1].pressed = false
        }
        prune(at: time)
    }

    /// Drops the samples that have faded.
    mutating func prune(at time: Double) {
        let old = samples.prefix { time - $0.time > Self.fade }.count
        if old > 0 { samples.removeFirst(old) }
        if samples.count > Self.maximumSamples { samples.removeFirst(samples.count - Self.maximumSamples) }
    }

    /// What to draw at `time`: the dot where the pointer is (while active), and the line's
    /// samples with how much of them is left (1 new, 0 faded).
    public func display(at time: Double, pointer: Point?) -> LaserDisplay? {
        let line = samples.compactMap { s -> LaserDisplay.Point? in
            let left = 1 - (time - s.time) / Self.fade
            return left > 0 ? LaserDisplay.Point(location: s.location, strength: min(1, left), joinsNext: s.pressed) : nil
        }
        let dot = isActive ? pointer : nil
        guard dot != nil || !line.isEmpty else { return nil }
        return LaserDisplay(dot: dot, line: line)
    }

    /// Frames are needed while the line fades.
    func nextWake(after t: Double) -> Double {
        guard let last = samples.last, t - last.time < Self.fade else { return .infinity }
        return t
    }
}

/// The laser as the frame draws it.
public struct LaserDisplay: Equatable, Sendable {
    public struct Point: Equatable, Sendable {
        public var location: ForceCore.Point
        /// 1 just drawn … 0 faded.
        public var strength: Double
        /// Whether the line goes on to the next point (false at a lift).
        public var joinsNext: Bool
    }

    /// The bright dot where the pointer is, while the laser is on.
    public var dot: ForceCore.Point?
    public var line: [Point]
}
