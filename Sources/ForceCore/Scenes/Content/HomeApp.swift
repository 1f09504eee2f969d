/// An app icon on the Home scene, with the quick actions its force press offers.
public struct HomeApp: Equatable, Hashable, Sendable, Identifiable {
    public let id: String
    public var name: String
    /// The glyph on the icon.
    public var glyph: ShortcutIconType
    /// The icon's tint, RGB 0…1.
    public var tint: Tint
    /// Built-in items; ForceCanvas's own icon reads its items from Info.plist instead.
    public var shortcuts: [ShortcutItem]

    public struct Tint: Equatable, Hashable, Sendable {
        public var r, g, b: Double
        public init(_ r: Double, _ g: Double, _ b: Double) {
            self.r = r
            self.g = g
            self.b = b
        }
    }

    public init(id: String, name: String, glyph: ShortcutIconType, tint: Tint, shortcuts: [ShortcutItem] = []) {
        self.id = id
        self.name = name
        self.glyph = glyph
        self.tint = tint
        self.shortcuts = shortcuts
    }

    /// ForceCanvas's own icon: its items are the Info.plist's static items plus dynamic ones.
    public static let forceCanvasID = "forcecanvas"

    /// The apps every Home scene shows (fixed, so replays are identical). ForceCanvas sits in
    /// the first column and Music in the last, so menus open on both sides.
    public static let samples: [HomeApp] = {
        func item(_ type: String, _ title: String, _ subtitle: String? = nil, _ icon: ShortcutIconType) -> ShortcutItem {
            ShortcutItem(type: type, title: title, subtitle: subtitle, iconType: icon)
        }
        return [
            HomeApp(id: forceCanvasID, name: "ForceCanvas", glyph: .compose, tint: Tint(0.20, 0.55, 1.0)),
            HomeApp(id: "messages", name: "Messages", glyph: .message, tint: Tint(0.20, 0.78, 0.35), shortcuts: [
                item("messages.new", "New Message", nil, .compose),
                item("messages.ada", "Ada Lovelace", "Conversation", .contact),
                item("messages.grace", "Grace Hopper", "Conversation", .contact),
            ]),
            HomeApp(id: "camera", name: "Camera", glyph: .capturePhoto, tint: Tint(0.45, 0.47, 0.50), shortcuts: [
                item("camera.selfie", "Take Selfie", nil, .capturePhoto),
                item("camera.video", "Record Video", nil, .captureVideo),
                item("camera.photo", "Take Photo", nil, .capturePhoto),
            ]),
            HomeApp(id: "music", name: "Music", glyph: .audio, tint: Tint(0.98, 0.24, 0.35), shortcuts: [
                item("music.play", "Play", "Bach · Goldberg Variations", .play),
                item("music.shuffle", "Shuffle All", nil, .shuffle),
                item("music.search", "Search", nil, .search),
            ]),
            HomeApp(id: "maps", name: "Maps", glyph: .location, tint: Tint(0.30, 0.69, 0.31), shortcuts: [
                item("maps.home", "Directions Home", nil, .home),
                item("maps.mark", "Mark My Location", nil, .markLocation),
                item("maps.share", "Send My Location", nil, .share),
                item("maps.search", "Search Nearby", nil, .search),
            ]),
            HomeApp(id: "mail", name: "Mail", glyph: .mail, tint: Tint(0.16, 0.50, 0.95), shortcuts: [
                item("mail.new", "New Message", nil, .compose),
                item("mail.vip", "VIP", "2 unread", .favorite),
                item("mail.search", "Search", nil, .search),
            ]),
            HomeApp(id: "calendar", name: "Calendar", glyph: .date, tint: Tint(0.93, 0.33, 0.27), shortcuts: [
                item("calendar.new", "Add Event", nil, .add),
                item("calendar.next", "Design review", "Tomorrow 10:00", .date),
            ]),
            HomeApp(id: "clock", name: "Clock", glyph: .time, tint: Tint(0.15, 0.15, 0.18), shortcuts: [
                item("clock.alarm", "Create Alarm", nil, .alarm),
                item("clock.timer", "Start Timer", nil, .time),
            ]),
            HomeApp(id: "weather", name: "Weather", glyph: .cloud, tint: Tint(0.33, 0.62, 0.95), shortcuts: [
                item("weather.here", "Current Location", "12° · Cloudy", .location),
            ]),
            HomeApp(id: "reminders", name: "Reminders", glyph: .task, tint: Tint(0.98, 0.58, 0.12), shortcuts: [
                item("reminders.new", "New Reminder", nil, .add),
                item("reminders.today", "Today", "3 open", .task),
                item("reminders.done", "Completed", nil, .taskCompleted),
            ]),
            HomeApp(id: "notes", name: "Notes", glyph: .bookmark, tint: Tint(0.98, 0.80, 0.18), shortcuts: [
                item("notes.new", "New Note", nil, .compose),
                item("notes.photo", "New Photo", nil, .capturePhoto),
            ]),
            HomeApp(id: "podcasts", name: "Podcasts", glyph: .love, tint: Tint(0.62, 0.30, 0.90), shortcuts: [
                item("podcasts.resume", "Resume", "Episode 42 · 12 min left", .play),
                item("podcasts.update", "Refresh", nil, .update),
            ]),
        ]
    }()
}
