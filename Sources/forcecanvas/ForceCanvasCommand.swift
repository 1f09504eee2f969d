import ArgumentParser

@main
struct ForceCanvasCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forcecanvas",
        abstract: "Force input on the desktop: pressure ink, TouchCanvas style, on SDL2 and Cairo.",
        subcommands: [RunCommand.self, RenderCommand.self, CheckCommand.self, BenchCommand.self, DevicesCommand.self],
        defaultSubcommand: RunCommand.self)
}
