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

    init(_ title: String, _ entries: [(String, String)]) {
        self.title = title
        self.entries = entries.map { Entry(key: $0.0, meaning: $0.1) }
    }
}

public enum HelpContent {
    /// The sections for a scene: its own first, then the common ones; in the player, the
    /// player's keys instead of the scene's (its input does not reach the replay).
    public static func sections(for scene: SceneKind, inPlayer: Bool = false) -> [HelpSection] {
        [inPlayer ? player : own(scene), everywhere]
    }

    static let player = HelpSection("Player (run --replay FILE, run --lesson NAME, Ctrl+O)", [
        ("Space", "play / pause (a caption may pause it: Space goes on)"),
        ("−  =   or   <  >", "slower / faster: 0.1×, 0.25×, 0.5×, 1×, 2×, 4×"),
        ("←  →", "one frame back / forward (1/60 s of the session)"),
        ("Shift+←  Shift+→", "the previous / next input event"),
        ("Home  End", "the start / the end"),
        ("Click or drag the timeline", "seek; its marks: down and up, peek, pop, confirm 0.97, callbacks, checkpoints, captions"),
        ("Return", "continue drawing from here: the replay becomes your canvas, recorded to a new file"),
        ("M  T  H  L  G  K  D  ?", "panels over the replay (the replay itself does not change)"),
        ("Esc", "back to your canvas"),
    ])

    static func own(_ scene: SceneKind) -> HelpSection {
        switch scene {
        case .canvas: return canvas
        case .messages: return messages
        case .home: return home
        case .confirm: return confirm
        }
    }

    static let canvas = HelpSection("Canvas: drawing", [
        ("Drag with a button held", "draw; a stroke starts at the last pressure used, never below 0.10"),
        ("Wheel while pressed", "pressure ± 0.1 a notch (eased); standing still, the blob grows"),
        ("[  ]", "pressure − / + one step"),
        ("Shift", "deep press (1.0) while held"),
        ("D", "debug: TouchCanvas's colours per point type, a dot per sample"),
        ("P", "precise (sub-pixel) locations"),
        ("O", "pressure → opacity"),
        ("R", "renderer: outline (perfect-freehand) ↔ classic (TouchCanvas segments)"),
        ("W", "width mapping: perfect-freehand ↔ TouchCanvas (every renderer)"),
        ("S", "simulated pressure: the mouse as a force-less device"),
        ("Z  /  Y", "undo / redo a stroke (also Ctrl+Z / Ctrl+Shift+Z)"),
        ("C  /  Ctrl+N", "clear (undoable)  /  a new canvas (not undoable)"),
        ("Ctrl+S", "export PNG, SVG, PDF and a .jsonl (Home → Open Recent)"),
        ("A pen's eraser end", "erases the whole strokes it touches"),
        ("Swipe from the top or bottom edge", "deferred: the first swipe draws (an arrow shows), a second within 1.5 s is the system's"),
    ])

    static let messages = HelpSection("Messages: peek and pop", [
        ("Press a row, then wheel up", "the inner ring fills: peek at 0.20; the outer ring: pop at 0.75, while still pressing"),
        ("Press an avatar", "previews the sender's profile instead of the message"),
        ("Lift before the pop", "the peek shrinks away (didCancel)"),
        ("Drag up during a peek", "the preview actions: Reply, Favourite (selected), Delete (destructive)"),
        ("Lift on an action, or tap one", "performs it; Delete removes the row (Z undoes)"),
        ("Wheel, no button held", "scrolls the list"),
        ("Esc, tap ‹ Messages, or swipe from the left edge", "back from the detail view to the list"),
    ])

    static let home = HelpSection("Home: quick actions", [
        ("Press an icon, then wheel up", "the ring fills; at 0.20 the quick-action menu opens"),
        ("Slide to an item and lift", "performs it"),
        ("Lift, then tap an item", "performs it; a tap elsewhere, or Esc, closes the menu"),
        ("A light tap on an icon", "launches the app"),
        ("ForceCanvas's icon", "New Canvas, Peek Demo, Confirm Demo, then Open Recent after a Ctrl+S export"),
    ])

    static let confirm = HelpSection("Confirm: the force-confirm button", [
        ("Press the red bar, then wheel up", "the ring 100 pt above the press fills with force; full (0.97): red CONFIRM"),
        ("Slide into the full ring and release", "green OK: the event is deleted (Z undoes)"),
        ("Release anywhere else", "nothing happens; the ring empties"),
        ("Without force (touch, a pen without pressure)", "the timed fallback fills the ring in about 1 s"),
        ("Swipe up from the bottom edge", "this scene defers it: the first swipe stays here, the same swipe again within 1.5 s goes Home"),
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
        ("? / F1", "this help"),
        ("Esc", "closes the help, the shade, a menu, the actions, a detail view"),
        ("Ctrl+O  /  Ctrl+Q", "lessons: pick one to play  /  quit"),
    ])
}
