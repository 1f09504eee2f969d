import ArgumentParser
import CairoRender

/// `forcecanvas app-icon`: writes ForceCanvas's icon for the desktop's hicolor theme (what
/// `run.sh install` puts under `share/icons/hicolor`; packagers may want other sizes).
struct AppIconCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app-icon", abstract: "Write ForceCanvas's app icon as PNG or SVG (for installing).")

    /// 1–1024 px: the hicolor theme's sizes run from 16 to 512.
    static let sizeRange = 1...1024

    @Option(help: "The icon's side in pixels (PNG) or points (SVG).")
    var size = 256

    @Argument(help: "The file to write: .png or .svg.")
    var output: String

    func validate() throws {
        guard Self.sizeRange.contains(size) else {
            throw ValidationError("--size \(size) is out of range: \(Self.sizeRange.lowerBound)–\(Self.sizeRange.upperBound)")
        }
        guard output.hasSuffix(".png") || output.hasSuffix(".svg") else {
            throw ValidationError("\(output): the icon is written as .png or .svg")
        }
    }

    func run() throws {
        do {
            if output.hasSuffix(".svg") {
                try AppIcon.writeSVG(side: Double(size), to: output)
            } else {
                try AppIcon.image(side: size).writePNG(to: output)
            }
        } catch {
            printProblem("\(error)")
            throw ExitCode.failure
        }
    }
}
