/// The window's title: what is open, then the program, as desktop windows name themselves
/// ("5 · Peek and pop — ForceCanvas player", "Recording peek.jsonl — ForceCanvas").
enum WindowTitle {
    static let program = "ForceCanvas"

    /// `player`: the session in the player (its title, else its name); `lessonMenu`: the lesson
    /// picker is open; `recording`: the file `--record` writes.
    static func text(player: String?, lessonMenu: Bool, recording: String?) -> String {
        if lessonMenu { return "Lessons — \(program)" }
        if let player { return "\(player) — \(program) player" }
        if let recording { return "Recording \(recording) — \(program)" }
        return "Canvas — \(program)"
    }
}
