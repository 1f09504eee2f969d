/// Teaching text in a session: a subtitle the player shows from its time until the next
/// caption, or for its `duration`. A session line `{"t":1.2,"type":"caption","text":"…"}` with
/// optional `"duration"` (seconds), `"pause":true` (the player stops there until Space) and
/// `"speed"` (the playback speed from there on: lessons slow down where the caption says).
///
/// The core ignores captions entirely, as it does checkpoints: a session replays to the same
/// states with or without them.
public struct Caption: Equatable, Hashable, Sendable {
    /// 1024 bytes of UTF-8, as every other text a session line holds (`InputLimits.maximumNameBytes`):
    /// a subtitle is a sentence or two; a longer one is a damaged file.
    public static let maximumTextBytes = InputLimits.maximumNameBytes
    /// 3600 s: the longest a caption may ask to stay (an hour; longer is a typo).
    public static let maximumDuration = 3600.0

    /// What the subtitle says.
    public var text: String
    /// How long it stays, in seconds of session time (nil: until the next caption).
    public var duration: Double?
    /// Whether the player pauses when it reaches this caption (until Space).
    public var pause: Bool
    /// The playback speed from this caption on (nil: unchanged), within `PlaybackSpeed.range`.
    public var speed: Double?

    /// A caption saying `text`, with its options.
    public init(text: String, duration: Double? = nil, pause: Bool = false, speed: Double? = nil) {
        self.text = text
        self.duration = duration
        self.pause = pause
        self.speed = speed
    }
}
