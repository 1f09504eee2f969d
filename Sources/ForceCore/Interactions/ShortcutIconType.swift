/// The 29 system icons of a home-screen quick action (`UIApplicationShortcutIconType`).
///
/// The raw value is the name an `Info.plist` uses (`UIApplicationShortcutIconTypeCompose`).
public enum ShortcutIconType: String, CaseIterable, Equatable, Hashable, Sendable, Codable {
    case compose = "UIApplicationShortcutIconTypeCompose"
    case play = "UIApplicationShortcutIconTypePlay"
    case pause = "UIApplicationShortcutIconTypePause"
    case add = "UIApplicationShortcutIconTypeAdd"
    case location = "UIApplicationShortcutIconTypeLocation"
    case search = "UIApplicationShortcutIconTypeSearch"
    case share = "UIApplicationShortcutIconTypeShare"
    case prohibit = "UIApplicationShortcutIconTypeProhibit"
    case contact = "UIApplicationShortcutIconTypeContact"
    case home = "UIApplicationShortcutIconTypeHome"
    case markLocation = "UIApplicationShortcutIconTypeMarkLocation"
    case favorite = "UIApplicationShortcutIconTypeFavorite"
    case love = "UIApplicationShortcutIconTypeLove"
    case cloud = "UIApplicationShortcutIconTypeCloud"
    case invitation = "UIApplicationShortcutIconTypeInvitation"
    case confirmation = "UIApplicationShortcutIconTypeConfirmation"
    case mail = "UIApplicationShortcutIconTypeMail"
    case message = "UIApplicationShortcutIconTypeMessage"
    case date = "UIApplicationShortcutIconTypeDate"
    case time = "UIApplicationShortcutIconTypeTime"
    case capturePhoto = "UIApplicationShortcutIconTypeCapturePhoto"
    case captureVideo = "UIApplicationShortcutIconTypeCaptureVideo"
    case task = "UIApplicationShortcutIconTypeTask"
    case taskCompleted = "UIApplicationShortcutIconTypeTaskCompleted"
    case alarm = "UIApplicationShortcutIconTypeAlarm"
    case bookmark = "UIApplicationShortcutIconTypeBookmark"
    case shuffle = "UIApplicationShortcutIconTypeShuffle"
    case audio = "UIApplicationShortcutIconTypeAudio"
    case update = "UIApplicationShortcutIconTypeUpdate"

    /// The short name after the `UIApplicationShortcutIconType` prefix ("Compose").
    public var shortName: String { String(rawValue.dropFirst(Self.prefix.count)) }

    static let prefix = "UIApplicationShortcutIconType"
}
