import Foundation

/// The process's environment, read in one place (as swift-argument-parser's `Platform`): every
/// variable ForceCanvas looks at is a `Key` here, so this file lists them all, and code that
/// needs one takes an `Environment` value, which tests make from a dictionary.
public struct Environment: Sendable {
    /// A variable ForceCanvas reads.
    public struct Key: Hashable, Sendable, CustomStringConvertible {
        /// The variable's name.
        public let name: String
        init(_ name: String) { self.name = name }
        public var description: String { name }

        /// X11's display (the window, `devices`).
        public static let display = Key("DISPLAY")
        /// Wayland's display: a display server is there even without `DISPLAY`.
        public static let waylandDisplay = Key("WAYLAND_DISPLAY")
        /// The user's home folder: the XDG defaults below it.
        public static let home = Key("HOME")
        /// Where programs are looked for (ffmpeg, xournalpp).
        public static let path = Key("PATH")
        /// The journal, recordings and dynamic quick actions (`~/.local/state`).
        public static let xdgStateHome = Key("XDG_STATE_HOME")
        /// The config file and `user-dirs.dirs` (`~/.config`).
        public static let xdgConfigHome = Key("XDG_CONFIG_HOME")
        /// The user's own data folder (`~/.local/share`), searched before `XDG_DATA_DIRS`.
        public static let xdgDataHome = Key("XDG_DATA_HOME")
        /// The system's data folders (`/usr/local/share:/usr/share`), the locator's last places.
        public static let xdgDataDirs = Key("XDG_DATA_DIRS")
        /// The pictures folder when the session exports it (else `user-dirs.dirs` says).
        public static let xdgPicturesDir = Key("XDG_PICTURES_DIR")
        /// ForceCanvas's data folder, searched before any other (the layout of `share/forcecanvas`).
        public static let forceCanvasData = Key("FORCECANVAS_DATA")
        /// The ffmpeg `render --video` runs (else `ffmpeg` on `PATH`).
        public static let forceCanvasFFmpeg = Key("FORCECANVAS_FFMPEG")
        /// The locale's variables, in the order they win: the interface's language (`Translation`).
        public static let lcAll = Key("LC_ALL")
        public static let lcMessages = Key("LC_MESSAGES")
        public static let lang = Key("LANG")
        /// Rounds of the bench's undo section (20 when unset).
        public static let benchUndoRounds = Key("BENCH_UNDO_ROUNDS")
    }

    private let values: [String: String]

    /// The environment given as a dictionary (tests, child processes).
    public init(_ values: [String: String]) { self.values = values }

    /// The environment this process was started with.
    public static var current: Environment { Environment(ProcessInfo.processInfo.environment) }

    /// The variable's value; nil when it is unset or empty (an empty XDG variable means "use
    /// the default", as the XDG Base Directory specification says).
    public subscript(_ key: Key) -> String? {
        guard let value = values[key.name], !value.isEmpty else { return nil }
        return value
    }

    /// Whether a display server is reachable by its variables.
    public var hasDisplay: Bool { self[.display] != nil || self[.waylandDisplay] != nil }

    /// The folders of `PATH` (`/usr/local/bin:/usr/bin:/bin` when unset).
    public var searchPath: [String] {
        (self[.path] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
    }

    /// The full path of the program `name` on `PATH`, or nil.
    public func executable(named name: String) -> String? {
        searchPath.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
