/// What the help overlay says: the keys and gestures of the scene on screen first, then the
/// ones that work everywhere. Every gesture the program understands is listed somewhere.
public struct HelpSection: Equatable, Sendable {
    /// A key or gesture and what it does.
    public struct Entry: Equatable, Sendable {
        public var key: String
        public var meaning: String
    }

    public var title: String
    public var entries: [Entry]

    /// A section titled `title` of (key, meaning) pairs.
    public init(_ title: String, _ entries: [(String, String)]) {
        self.title = title
        self.entries = entries.map { Entry(key: $0.0, meaning: $0.1) }
    }
}

public enum HelpContent {
    /// The sections for a scene (its own, `Scene.help`): its own first, then the common ones; in
    /// the player, the player's keys instead of the scene's (its input does not reach the replay).
    public static func sections(own: HelpSection, inPlayer: Bool = false) -> [HelpSection] {
        [inPlayer ? player : own, everywhere]
    }

    static let player = HelpSection("Player (run --replay FILE, run --lesson NAME, Ctrl+O)", [
        ("Space", "play / pause (a caption may pause it: Space goes on)"),
        ("−  =   or   <  >  /  0", "slower / faster: 0.1× … 4× (yours stays)  /  the session's speed again"),
        ("←  →", "one frame back / forward (1/60 s of the session)"),
        ("Shift+←  Shift+→", "the previous / next input event"),
        ("Home  End", "the start / the end"),
        ("Click or drag the timeline", "seek; its marks: down and up, peek, pop, confirm 0.97, callbacks, checkpoints, captions"),
        ("Return", "continue drawing from here: the replay becomes your canvas, recorded to a new file"),
        ("C  /  E  /  Delete", "a caption at the playhead (type it, Return keeps it)  /  edit the one on screen  /  delete it, or the checkpoint here"),
        ("P  /  S  /  F5", "the caption on screen pauses the player  /  its speed: none, 0.25×, 0.5×, 1×, 2×  /  a checkpoint here"),
        ("Ctrl+S", "save as a lesson of your own; every edit is saved at once in your lessons, which Ctrl+O lists"),
        ("M  T  H  L  G  K  D  ?  /  N", "panels over the replay (the replay itself does not change)  /  those its dock has no room for, in turn"),
        ("U  /  Shift+U", "larger / smaller panels, help and strip, for a projector (the replay does not change)"),
        ("Esc", "back to your canvas"),
    ])

    static let everywhere = HelpSection("Everywhere", [
        ("1 2 3 4  /  Tab  /  click a tab", "scenes: Canvas, Messages, Home, Confirm"),
        ("Swipe down from the top edge", "the notification shade follows; tap it, press Esc or drag it up to close"),
        ("Swipe up from the bottom edge", "Home (unless the scene defers that edge)"),
        ("Swipe from the left edge", "back (never deferred)"),
        ("E", "edge protection of this scene: none → top → bottom → left → right → all"),
        ("I", "home indicator auto-hide (edge deferral then stops working)"),
        ("L  /  G", "the callback log  /  the force plot with its thresholds"),
        ("M  /  T", "the live state diagram of what is in focus  /  the pointer's trail, coloured by force"),
        ("H  /  F2", "HUD: fps, frame time, pressure, device, edges"),
        ("K", "the pressure-curve panel (drag its handles)"),
        ("V", "pressure curve: soft → linear → firm"),
        ("F5", "a checkpoint, while recording"),
        ("? / F1  /  F11  /  U", "this help  /  fullscreen  /  larger text for a projector (Shift+U: smaller)"),
        ("Esc", "closes the help, the shade, a menu, the actions, a detail view"),
        ("Ctrl+O  /  Ctrl+Q", "documents, lessons, trash  /  quit"),
    ])
}
