import Foundation

/// Where ForceCanvas keeps what it must remember between runs.
public enum StatePaths {
    /// `$XDG_STATE_HOME/forcecanvas`, or `~/.local/state/forcecanvas` (the XDG Base Directory
    /// default); nil when neither variable says where.
    public static func forceCanvas(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let base = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].flatMap { $0.isEmpty ? nil : $0 + "/.local/state" }
        return base.map { $0 + "/forcecanvas" }
    }

    /// Where the player's "continue drawing from here" records when `--record` named no file:
    /// `…/forcecanvas/recordings`, beside the journal.
    public static func recordings(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        forceCanvas(environment: environment).map { $0 + "/recordings" }
    }

    /// The autosave journal's folder: `…/forcecanvas/journal`.
    public static func journal(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        forceCanvas(environment: environment).map { $0 + "/journal" }
    }
}
