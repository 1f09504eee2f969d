/// One home-screen quick action (`UIApplicationShortcutItem`, SPEC 6), static (Info.plist) or
/// dynamic (registered at run time and persisted as JSON).
///
/// JSON keys: `type`, `title`, `subtitle`, `iconType` (the Info.plist name,
/// "UIApplicationShortcutIconTypeCompose"), `iconFile`, `userInfo`. Decoding is lenient where
/// an older or newer version may differ: an unknown `iconType` decodes as no icon.
public struct ShortcutItem: Codable, Equatable, Hashable, Sendable {
    /// The app-defined identifier the app dispatches on ("com.forcecanvas.new-canvas").
    public var type: String
    /// The title; without a subtitle it may wrap to two lines. Cut to
    /// `InputLimits.maximumTitleLength` characters when made, so nothing lays out more.
    public var title: String {
        didSet { if title.utf8.count > InputLimits.maximumTitleLength { title = InputLimits.title(title) } }
    }
    /// The subtitle (one line), cut like the title.
    public var subtitle: String? {
        didSet { if let s = subtitle, s.utf8.count > InputLimits.maximumTitleLength { subtitle = InputLimits.title(s) } }
    }
    /// One of the 29 system icons.
    public var iconType: ShortcutIconType?
    /// A custom template icon's file name (used when `iconType` is nil).
    public var iconFile: String?
    /// App-defined string values carried to the handler.
    public var userInfo: [String: String]?

    public init(type: String, title: String, subtitle: String? = nil, iconType: ShortcutIconType? = nil,
                iconFile: String? = nil, userInfo: [String: String]? = nil) {
        self.type = type
        self.title = InputLimits.title(title)
        self.subtitle = subtitle.map(InputLimits.title)
        self.iconType = iconType
        self.iconFile = iconFile
        self.userInfo = userInfo
    }

    /// Whether the title may wrap to a second line (no subtitle, SPEC 6).
    public var titleMayWrap: Bool { subtitle?.isEmpty ?? true }

    private enum CodingKeys: String, CodingKey {
        case type, title, subtitle, iconType, iconFile, userInfo
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decode(String.self, forKey: .type)
        title = InputLimits.title(try c.decode(String.self, forKey: .title))
        subtitle = try c.decodeIfPresent(String.self, forKey: .subtitle).map(InputLimits.title)
        iconType = try c.decodeIfPresent(String.self, forKey: .iconType).flatMap(ShortcutIconType.init(rawValue:))
        iconFile = try c.decodeIfPresent(String.self, forKey: .iconFile)
        userInfo = try c.decodeIfPresent([String: String].self, forKey: .userInfo)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(type, forKey: .type)
        try c.encode(title, forKey: .title)
        try c.encodeIfPresent(subtitle, forKey: .subtitle)
        try c.encodeIfPresent(iconType?.rawValue, forKey: .iconType)
        try c.encodeIfPresent(iconFile, forKey: .iconFile)
        try c.encodeIfPresent(userInfo, forKey: .userInfo)
    }
}
