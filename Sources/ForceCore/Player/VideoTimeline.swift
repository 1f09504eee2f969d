/// How a video's time maps to its session's, so its captions can be read: each caption stays
/// on screen at least its reading time (`readingTime`). A caption marked `pause` holds its
/// frame that long; one without a pause slows the video over the stretch it is shown for as
/// much as that needs. Captions' speeds are kept (as in the player) unless the speed was
/// chosen (`--speed`), which, as in the player, wins over theirs.
///
/// A pure value: the video replay asks it which session time each video frame shows, and the
/// subtitle track takes its cues from it.
public struct VideoTimeline: Equatable, Sendable {
    /// 17 characters a second: a comfortable reading rate for subtitles (broadcasters' guides
    /// give 15–20 for adults).
    public static let defaultReadingRate = 17.0
    /// 1.5 s: the shortest time a caption stays on screen, however short.
    public static let minimumReadingTime = 1.5
    /// 1…100 characters a second.
    public static let readingRateRange = 1.0...100.0

    /// A stretch of the video.
    public enum Segment: Equatable, Sendable {
        /// Session time from `from` to `to` at `speed` session seconds a video second.
        case play(from: Double, to: Double, speed: Double)
        /// Session time `at` held for `seconds` of video (a caption's pause).
        case hold(at: Double, seconds: Double)

        /// Its length in video seconds.
        public var videoSeconds: Double {
            switch self {
            case .play(let a, let b, let s): return (b - a) / s
            case .hold(_, let seconds): return seconds
            }
        }
    }

    /// A caption as a subtitle cue: its text and when it shows, in video seconds.
    public struct Cue: Equatable, Sendable {
        public var text: String
        public var start: Double
        public var end: Double
    }

    /// The video, stretch after stretch, from session time 0 to the session's end.
    public let segments: [Segment]
    /// The captions' cues, in order.
    public let cues: [Cue]

    /// 9 characters a second: the reading rate of Chinese subtitles (Netflix's Simplified
    /// Chinese timed-text guide gives 9 for adults): a Chinese character takes 17/9 as long
    /// as a Latin one.
    public static let chineseReadingRate = 9.0

    /// The reading time of `text` at `rate` Latin characters a second (at least
    /// `minimumReadingTime`); a Chinese or Japanese character, or full-width punctuation,
    /// counts `defaultReadingRate / chineseReadingRate` characters.
    public static func readingTime(_ text: String, rate: Double = defaultReadingRate) -> Double {
        let wide = text.unicodeScalars.filter(isWide).count
        let narrow = text.count - wide
        return max(minimumReadingTime, (Double(narrow) + Double(wide) * defaultReadingRate / chineseReadingRate) / rate)
    }

    /// A CJK ideograph, kana, or full-width punctuation.
    static func isWide(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFF60, 0x20000...0x2FFFF: true
        default: false
        }
    }

    /// The timeline of a session `duration` seconds long with `captions` (by time), played at
    /// `speed` — the user's when `chosen`, else the start speed the captions then change.
    /// The captions are read (and their cues written) in `language` where they have it.
    public init(duration: Double, captions: [Player.TimedCaption], speed: Double = PlaybackSpeed.normal, chosen: Bool = false,
                readingRate: Double = defaultReadingRate, language: String = "en") {
        let end = max(0, duration)
        let captions = captions.filter { $0.time <= end }.sorted { $0.time < $1.time }
        // Where each caption shows: from its time to its duration's end or the next caption.
        let spans: [(from: Double, to: Double, caption: Caption)] = captions.enumerated().map { i, c in
            let next = i + 1 < captions.count ? captions[i + 1].time : end
            let to = c.caption.duration.map { min(c.time + $0, next) } ?? next
            return (c.time, max(c.time, to), c.caption)
        }
        var segments: [Segment] = []
        var speedNow = PlaybackSpeed.clamped(speed)
        var t = 0.0
        var cues: [Cue] = []
        var video = 0.0
        func play(to b: Double, at s: Double) {
            guard b > t else { return }
            segments.append(.play(from: t, to: b, speed: s))
            video += (b - t) / s
            t = b
        }
        for span in spans {
            play(to: span.from, at: speedNow)
            if !chosen, let s = span.caption.speed { speedNow = PlaybackSpeed.clamped(s) }
            let reading = Self.readingTime(span.caption.text(in: language), rate: readingRate)
            let start = video
            let shown = span.to - span.from
            if span.caption.pause || shown <= 0 {
                // Held for its reading time, then played on as usual.
                segments.append(.hold(at: span.from, seconds: reading))
                video += reading
                play(to: span.to, at: speedNow)
            } else {
                // Slowed over its stretch as much as reading it needs (never sped up).
                play(to: span.to, at: min(speedNow, shown / reading))
            }
            cues.append(Cue(text: span.caption.text(in: language), start: start, end: max(video, start + reading)))
        }
        play(to: end, at: speedNow)
        self.segments = segments
        self.cues = cues
    }

    /// The video's length in seconds.
    public var videoSeconds: Double { segments.reduce(0) { $0 + $1.videoSeconds } }

    /// The session time of the last hold that starts before video time `v`, if any.
    public func heldTime(before v: Double) -> Double? {
        var start = 0.0, held: Double?
        for s in segments {
            guard start < v else { break }
            if case .hold(let at, _) = s { held = at }
            start += s.videoSeconds
        }
        return held
    }

    /// The session time video time `v` shows, and whether it is a held caption's frame (then
    /// the caption at that time must be on screen: the frame at or after it).
    public func sessionTime(atVideoTime v: Double) -> (time: Double, held: Bool) {
        var start = 0.0
        for s in segments {
            let length = s.videoSeconds
            if v < start + length {
                switch s {
                case .play(let a, let b, let speed): return (min(b, a + (v - start) * speed), false)
                case .hold(let at, _): return (at, true)
                }
            }
            start += length
        }
        switch segments.last {
        case .play(_, let b, _)?: return (b, false)
        case .hold(let at, _)?: return (at, true)
        case nil: return (0, false)
        }
    }
}
