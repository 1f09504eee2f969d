import ForcePlatform

/// The window's title: what is open, then the program, in the interface's language (a task
/// bar showing "Canvas" beside a window whose tabs say 画布 was the one English word left).
enum WindowTitle {
    static let program = "ForceCanvas"

    /// `player`: the session in the player (its title, else its name); `lessonMenu`: the lesson
    /// picker is open; `recording`: the file `--record` writes.
    static func text(player: String?, lessonMenu: Bool, recording: String?) -> String {
        Translation.text(english(player: player, lessonMenu: lessonMenu, recording: recording))
    }

    /// The title in English, the catalogue's message ids (`Canvas — %s`, `%s — %s player`…).
    static func english(player: String?, lessonMenu: Bool, recording: String?) -> String {
        if lessonMenu { return "Lessons — \(program)" }
        if let player { return "\(player) — \(program) player" }
        if let recording { return "Recording \(recording) — \(program)" }
        return "Canvas — \(program)"
    }
}
