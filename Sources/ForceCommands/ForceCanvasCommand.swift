import ArgumentParser
import ForceCore
import Foundation

/// `forcecanvas`: the commands users run. `--version` (the version and the commit it was built
/// from) works on it and on every subcommand.
package struct ForceCanvasCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "forcecanvas",
        abstract: "Force input on the desktop: pressure ink, TouchCanvas style, on SDL2 and Cairo.",
        version: versionText,
        subcommands: [RunCommand.self, RenderCommand.self, CheckCommand.self, DevicesCommand.self, LessonsCommand.self,
                      AppIconCommand.self, ImportCommand.self, CompareCommand.self, DiagramCommand.self],
        defaultSubcommand: RunCommand.self)

    /// `forcecanvas 0.1.0 (commit 4eb9b6c1a2b3)`.
    package static let versionText = "forcecanvas \(BuildStamp.version) (commit \(BuildStamp.commit))"

    package init() {}

    /// Ignores SIGPIPE first: a closed pipe behind stdout or stderr then fails a write (which
    /// is ignored) instead of killing the program mid-save. Every command ends one way: help and
    /// `--version` on stdout with status 0; a problem on stderr as `forcecanvas: …`, with status
    /// 64 for a usage error (the usage follows) and 1 for a failure (`errorReport`).
    package static func main() {
        signal(SIGPIPE, SIG_IGN)
        let arguments = negativeValuesJoined(Array(CommandLine.arguments.dropFirst()))
        if let problem = unknownCommand(arguments) {
            printProblem(problem)
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            let report = errorReport(for: error)
            if !report.text.isEmpty {
                let out = report.status == ExitCode.success.rawValue ? FileHandle.standardOutput : FileHandle.standardError
                out.write(Data((report.text.hasSuffix("\n") ? report.text : report.text + "\n").utf8))
            }
            Foundation.exit(report.status)
        }
    }

    /// What an error that ended a command prints and the status it exits with: ArgumentParser's
    /// message with "Error: " turned into "forcecanvas: ", the one style of every problem.
    package static func errorReport(for error: any Error) -> (text: String, status: Int32) {
        let status = exitCode(for: error).rawValue
        var text = fullMessage(for: error)
        if status != ExitCode.success.rawValue, !text.isEmpty {
            if text.hasPrefix("Error: ") { text = String(text.dropFirst("Error: ".count)) }
            text = problemLine(text)
        }
        return (text, status)
    }

    /// The options that take several numbers in a row (`--at 1 2.5`).
    static let numberListOptions: Set<String> = ["--at"]

    /// The arguments with a negative number after a long option joined to it (`--at -1` is
    /// `--at=-1`): ArgumentParser reads `-1` as an option and said "Missing value for '--at'"
    /// (swift-argument-parser #31), where the option's own check says what is wrong with the
    /// value. A number list with a negative among its numbers is given one number an option
    /// (`--at 1 -2` is `--at=1 --at=-2`). No option of ForceCanvas is a digit, and after `--`
    /// nothing is touched.
    static func negativeValuesJoined(_ arguments: [String]) -> [String] {
        // A number as written: digits or a point after an optional minus (not "inf" or "nan").
        func isNumber(_ s: String) -> Bool {
            let body = s.hasPrefix("-") ? s.dropFirst() : Substring(s)
            guard let c = body.first, c.isASCII, c.isNumber || c == "." else { return false }
            return Double(s) != nil
        }
        func isNegative(_ s: String) -> Bool { s.hasPrefix("-") && isNumber(s) }
        var out: [String] = []
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a == "--" {
                out += arguments[i...]
                break
            }
            i += 1
            guard a.hasPrefix("--"), !a.contains("=") else {
                out.append(a)
                continue
            }
            // The numbers that follow: a list's whole run, else the one value.
            var end = i
            while end < arguments.count, isNumber(arguments[end]), end == i || numberListOptions.contains(a) { end += 1 }
            let values = arguments[i..<end]
            guard values.contains(where: isNegative) else {
                out.append(a)
                continue
            }
            out += values.map { "\(a)=\($0)" }
            i = end
        }
        return out
    }

    /// The commands by name (`help` is ArgumentParser's).
    static var commandNames: [String] {
        configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
    }

    /// A first word that is no command: `run` takes no words, only options, so a bare word
    /// first is a mistyped command, named as such with the commands there are (the nearest
    /// first), not an argument error of `run`.
    static func unknownCommand(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !commandNames.contains(first) else { return nil }
        let near = SessionKeys.suggestion(for: first, among: Set(commandNames)).map { " (did you mean \"\($0)\"?)" } ?? ""
        return "unknown command \"\(first)\"\(near); the commands are \(commandNames.joined(separator: ", ")) (forcecanvas --help)"
    }
}
