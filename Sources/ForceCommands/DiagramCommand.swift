import ArgumentParser
import CairoRender
import ForceFiles
import Foundation

/// `forcecanvas diagram MACHINE --png|--svg|--pdf OUT`: a state diagram for slides.
struct DiagramCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diagram",
        abstract: "Write a state machine's diagram (the panel M shows, laid out by Graphviz) as PNG, SVG or PDF.",
        discussion: "MACHINE is one of: \(DiagramExport.machines.map(\.name).joined(separator: ", ")).")

    @Argument(help: "The machine.")
    var machine: String

    @Option(help: ArgumentHelp("Write a PNG here.", valueName: "OUT.png"))
    var png: String?

    @Option(help: ArgumentHelp("Write an SVG here.", valueName: "OUT.svg"))
    var svg: String?

    @Option(help: ArgumentHelp("Write a PDF here.", valueName: "OUT.pdf"))
    var pdf: String?

    @Option(help: "The PNG's pixels a point, 1–4 (default 2).")
    var scale: Double = 2

    @Flag(help: "Replace files that exist.")
    var overwrite = false

    func validate() throws {
        guard DiagramExport.machines.contains(where: { $0.name == machine }) else {
            throw ValidationError("no machine \"\(machine)\": the machines are \(DiagramExport.machines.map(\.name).joined(separator: ", "))")
        }
        let outputs = [png, svg, pdf].compactMap { $0 }
        guard !outputs.isEmpty else { throw ValidationError("give --png, --svg or --pdf OUT") }
        guard (1...4).contains(scale) else { throw ValidationError("--scale must be 1–4") }
        let writers = ["png": "--png", "svg": "--svg", "pdf": "--pdf"]
        for (option, path) in [("--png", png), ("--svg", svg), ("--pdf", pdf)] {
            if let path { try OutputFiles.refuseMisnamed(path, option: option, writes: [String(option.dropFirst(2))], others: writers) }
        }
        for path in outputs { try OutputFiles.refuse(path, overwrite: overwrite, inputs: [], command: "diagram") }
    }

    func run() throws {
        guard let diagram = DiagramExport.machines.first(where: { $0.name == machine })?.diagram else { throw ExitCode.validationFailure }
        try Resources.fonts()
        for (path, format) in [(png, Exporter.Format.png), (svg, .svg), (pdf, .pdf)] {
            guard let path else { continue }
            do { try DiagramExport.write(diagram, format: format, scale: scale, to: path) } catch {
                printError(UserMessage(error).log)
                throw ExitCode.failure
            }
            print(path)
        }
    }
}
