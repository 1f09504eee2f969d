import ArgumentParser
import Foundation

/// `forcecanvas`: the commands users run. `--version` (the version and the commit it was built
/// from) works on it and on every subcommand.
package struct ForceCanvasCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "forcecanvas",
        abstract: "Force input on the desktop: pressure ink, TouchCanvas style, on SDL2 and Cairo.",
        version: versionText,
        subcommands: [RunCommand.self, RenderCommand.self, CheckCommand.self, DevicesCommand.self, LessonsCommand.self,
                      AppIconCommand.self, ImportCommand.self, CompareCommand.self],
        defaultSubcommand: RunCommand.self)

    /// `forcecanvas 0.1.0 (commit 4eb9b6c1a2b3)`.
    package static let versionText = "forcecanvas \(BuildStamp.version) (commit \(BuildStamp.commit))"

    package init() {}

    /// Ignores SIGPIPE first: a closed pipe behind stdout or stderr then fails a write (which
    /// is ignored) instead of killing the program mid-save.
    package static func main() {
        signal(SIGPIPE, SIG_IGN)
        main(nil)
    }
}
