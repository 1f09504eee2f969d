/// A file or folder of ForceCanvas's own data, which `ResourceLocator` finds.
///
/// Each has two places: one in a data folder (`PREFIX/share/forcecanvas`, `FORCECANVAS_DATA`,
/// `XDG_DATA_DIRS/forcecanvas`), laid out as `run.sh install` writes it, and one in the source
/// tree, where the repository keeps it.
public enum Resource: String, CaseIterable, Sendable {
    /// ForceCanvas's static home-screen quick actions.
    case infoPlist
    /// The bundled lessons (sessions with captions).
    case lessons
    /// The bundled sessions: the demo, the golden sessions, the idle ones.
    case sessions
    /// The demo session `./run.sh` renders without a display.
    case demo
    /// The GL presenter's GLSL.
    case shaders
    /// The list of the font files the renderer draws with (`PinnedFonts`).
    case fonts
    /// The bundled sessions' check goldens (the bench's section 13; the source tree only).
    case goldens
    /// The interface's translations: `LANG/LC_MESSAGES/forcecanvas.mo` (built by `run.sh`
    /// from `po/`, into `.build/locale` in the source tree).
    case locale

    /// Its path inside a data folder.
    public var dataPath: String {
        switch self {
        case .infoPlist: "Info.plist"
        case .lessons: "lessons"
        case .sessions: "sessions"
        case .demo: "sessions/demo.jsonl"
        case .shaders: "shaders"
        case .fonts: "fonts/fonts.txt"
        case .goldens: "goldens"
        case .locale: "locale"
        }
    }

    /// Its path inside the source tree.
    public var sourcePath: String {
        switch self {
        case .infoPlist: "Assets/Info.plist"
        case .lessons: "Assets/Lessons"
        case .sessions: "Assets/Sessions"
        case .demo: "Assets/Sessions/demo.jsonl"
        case .shaders: "Shaders"
        case .fonts: "Assets/Fonts/fonts.txt"
        case .goldens: "Tests/Goldens"
        case .locale: ".build/locale"
        }
    }

    /// Whether it is a folder (else a file).
    public var isFolder: Bool {
        switch self {
        case .lessons, .sessions, .shaders, .goldens, .locale: true
        case .infoPlist, .demo, .fonts: false
        }
    }

    /// What it is, in words for messages.
    public var summary: String {
        switch self {
        case .infoPlist: "the quick actions' Info.plist"
        case .lessons: "the lessons folder"
        case .sessions: "the bundled sessions' folder"
        case .demo: "the demo session"
        case .shaders: "the shader folder"
        case .fonts: "the pinned fonts' list"
        case .goldens: "the check goldens' folder"
        case .locale: "the translations' folder"
        }
    }
}
