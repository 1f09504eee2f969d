import ForcePlatform

/// Where ForceCanvas keeps what it must remember between runs.
public enum StatePaths {
    /// `$XDG_STATE_HOME/forcecanvas`, or `~/.local/state/forcecanvas` (the XDG Base Directory
    /// default); nil when neither variable says where.
    public static func forceCanvas(environment: Environment = .current) -> String? {
        UserFolders(environment).stateHome.map { $0 + "/forcecanvas" }
    }

    /// Where the player's "continue drawing from here" records when `--record` named no file:
    /// `…/forcecanvas/recordings`, beside the journal.
    public static func recordings(environment: Environment = .current) -> String? {
        forceCanvas(environment: environment).map { $0 + "/recordings" }
    }

    /// The documents, each with its autosave journal: `…/forcecanvas/documents`.
    public static func documents(environment: Environment = .current) -> String? {
        forceCanvas(environment: environment).map { $0 + "/documents" }
    }

    /// The journal folder of the versions before documents (`…/forcecanvas/journal`): moved
    /// into `documents` on the first start (`DocumentStore.migrate`).
    public static func journal(environment: Environment = .current) -> String? {
        forceCanvas(environment: environment).map { $0 + "/journal" }
    }

    /// The lessons the user wrote or edited in the player: `$XDG_DATA_HOME/forcecanvas/lessons`,
    /// or `~/.local/share/forcecanvas/lessons` (data the user made, not state: it belongs with
    /// the data, and it is listed beside the bundled lessons, before which it comes, as
    /// `$XDG_DATA_HOME` comes before the system's data folders).
    public static func userLessons(environment: Environment = .current) -> String? {
        UserFolders(environment).dataHome.map { $0 + "/forcecanvas/lessons" }
    }

    /// The dynamic quick actions registered at run time: `…/forcecanvas/shortcuts.json`.
    public static func shortcuts(environment: Environment = .current) -> String? {
        forceCanvas(environment: environment).map { $0 + "/shortcuts.json" }
    }
}
