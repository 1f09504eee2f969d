import ArgumentParser
import Foundation

@main
struct ForceCanvasCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forcecanvas",
        abstract: "Force input on the desktop: pressure ink, TouchCanvas style, on SDL2 and Cairo.",
        subcommands: [RunCommand.self, RenderCommand.self, CheckCommand.self, BenchCommand.self, DevicesCommand.self,
                      LessonsCommand.self],
        defaultSubcommand: RunCommand.self)

    /// Ignores SIGPIPE first: a closed pipe behind stdout or stderr then fails a write (which
    /// is ignored) instead of killing the program mid-save.
    static func main() {
        signal(SIGPIPE, SIG_IGN)
        main(nil)
    }
}
