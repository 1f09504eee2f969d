import Foundation

/// The user's folders as the XDG Base Directory and user-dirs specifications define them, from
/// an `Environment` (and, for the pictures folder, `user-dirs.dirs`).
public struct UserFolders: Sendable {
    public let environment: Environment

    public init(_ environment: Environment = .current) { self.environment = environment }

    /// `$XDG_STATE_HOME`, else `~/.local/state`; nil when neither variable says where.
    public var stateHome: String? { environment[.xdgStateHome] ?? environment[.home].map { $0 + "/.local/state" } }

    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    public var configHome: String? { environment[.xdgConfigHome] ?? environment[.home].map { $0 + "/.config" } }

    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    public var dataHome: String? { environment[.xdgDataHome] ?? environment[.home].map { $0 + "/.local/share" } }

    /// `$XDG_DATA_DIRS`, else `/usr/local/share` and `/usr/share` (the specification's default).
    public var dataDirectories: [String] {
        let dirs = (environment[.xdgDataDirs] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return dirs.isEmpty ? ["/usr/local/share", "/usr/share"] : dirs
    }

    /// The pictures folder, as `xdg-user-dir PICTURES` finds it: `$XDG_PICTURES_DIR`, else the
    /// line `XDG_PICTURES_DIR="$HOME/…"` of `$XDG_CONFIG_HOME/user-dirs.dirs`; a folder set to
    /// the home folder itself means "none" there, so then, and when nothing says, `~/Pictures`.
    public var pictures: String? {
        guard let home = environment[.home] else { return environment[.xdgPicturesDir] }
        if let set = environment[.xdgPicturesDir] { return set }
        if let configHome, let data = try? FileKind.readWhole(configHome + "/user-dirs.dirs", limit: 1 << 20),
           let found = Self.userDirectory("PICTURES", in: String(decoding: data, as: UTF8.self), home: home),
           found != home, found != home + "/" {
            return found
        }
        return home + "/Pictures"
    }

    /// The folder `user-dirs.dirs` text gives for `name` (`XDG_NAME_DIR="$HOME/Pictures"`): a
    /// path relative to `$HOME` or absolute, as the file's own comment says; nil when absent.
    static func userDirectory(_ name: String, in text: String, home: String) -> String? {
        let key = "XDG_\(name)_DIR="
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix(key) else { continue }
            var value = Substring(line.dropFirst(key.count))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            if value.hasPrefix("$HOME") { return home + value.dropFirst("$HOME".count) }
            if value.hasPrefix("/") { return String(value) }
            return nil
        }
        return nil
    }
}
