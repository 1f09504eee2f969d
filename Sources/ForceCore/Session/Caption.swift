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
    /// The languages a caption's text may be given in (`"text":{"en":…,"zh-Hans":…}`).
    public static let languages = ["en", "zh-Hans"]
    /// 3600 s: the longest a caption may ask to stay (an hour; longer is a typo).
    public static let maximumDuration = 3600.0

    /// What the subtitle says (in English, or the one language it was written in).
    public var text: String
    /// The same in other languages, by language tag (`"zh-Hans"`): a line's `"text"` may be
    /// `{"en":"…","zh-Hans":"…"}` instead of a string (a version 1 caption's string stays valid).
    public var translations: [String: String] = [:]
    /// How long it stays, in seconds of session time (nil: until the next caption).
    public var duration: Double?
    /// Whether the player pauses when it reaches this caption (until Space).
    public var pause: Bool
    /// The playback speed from this caption on (nil: unchanged), within `PlaybackSpeed.range`.
    public var speed: Double?

    /// A caption saying `text`, with its options.
    public init(text: String, translations: [String: String] = [:], duration: Double? = nil, pause: Bool = false,
                speed: Double? = nil) {
        self.text = text
        self.translations = translations
        self.duration = duration
        self.pause = pause
        self.speed = speed
    }
}

extension Caption {
    /// What it says in `language` (a tag: `"zh-Hans"`), else in English.
    public func text(in language: String) -> String { translations[language] ?? text }
}
