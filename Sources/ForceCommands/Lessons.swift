import ArgumentParser
import ForceCore
import ForceFiles
import ForcePlatform
import Foundation

/// The bundled lessons: the sessions in the lessons folder (`Assets/Lessons` in the source tree,
/// `share/forcecanvas/lessons` installed; each a real session with captions, made by
/// `Assets/Lessons/tools/make_lessons.py`), named after their files.
enum Lessons {
    /// One lesson file: its name (the file's, without `.jsonl`), title and length.
    struct Lesson {
        var name: String
        var title: String
        var path: String
        var duration: Double
        var captions: Int
        /// One the user wrote or edited in the player (`StatePaths.userLessons`).
        var isUsers = false
    }

    /// The user's lessons and the bundled ones in `directory` that none of the user's is named
    /// after (an edited copy comes in the original's place, as `$XDG_DATA_HOME` comes before the
    /// system's data folders), by name.
    static func all(bundledIn directory: String, users: String? = StatePaths.userLessons()) -> [Lesson] {
        var mine: [Lesson] = []
        if let users, FileKind.of(users) == .folder {
            mine = list(in: users).map { l in
                var l = l
                l.isUsers = true
                return l
            }
        }
        let names = Set(mine.map(\.name))
        return (mine + list(in: directory).filter { !names.contains($0.name) })
            .sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
    }

    /// The lessons folder: the given one, else the one the resource locator finds (none found
    /// stops the command, naming every place it looked). A given one that is not a folder stops
    /// it too: read as empty, it would list only the user's lessons, as if it held none.
    static func directory(_ explicit: String?) throws -> String {
        if let explicit, FileKind.of(explicit) != .folder {
            printProblem("--lessons \(explicit): " + (access(explicit, F_OK) == 0 ? "not a folder" : "no such folder"))
            throw ExitCode.validationFailure
        }
        return try Resources.path(of: .lessons, explicit: explicit)
    }

    /// The lessons in `directory`, by name; a file that does not read is said on stderr and left out.
    static func list(in directory: String) -> [Lesson] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".jsonl") }.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        return names.compactMap { file in
            let path = "\(directory)/\(file)"
            var captions = 0
            do {
                let parser = try SessionFileReader(path: path).parseAll { line in
                    if case .event(let e) = line, case .caption = e.event { captions += 1 }
                }
                let name = String(file.dropLast(".jsonl".count))
                return Lesson(name: name, title: parser.header?.title ?? name, path: path, duration: parser.duration,
                              captions: captions)
            } catch {
                printProblem("lesson \(file) is left out: \(error)")
                return nil
            }
        }
    }

    /// The lesson `name` names: its whole name, its number ("5" for "5-peek-and-pop"), or a
    /// prefix only it has. Else a usage error listing them.
    static func find(_ name: String, in lessons: [Lesson]) throws -> Lesson {
        if let exact = lessons.first(where: { $0.name == name }) { return exact }
        let numbered = lessons.filter { $0.name.split(separator: "-").first.map(String.init) == name }
        if numbered.count == 1 { return numbered[0] }
        let prefixed = lessons.filter { $0.name.hasPrefix(name) }
        if prefixed.count == 1 { return prefixed[0] }
        // Any unique part of the name, or of the title, whatever the case: `--lesson peek`.
        let needle = name.lowercased()
        let containing = name.isEmpty ? [] : lessons.filter { $0.name.lowercased().contains(needle) || $0.title.lowercased().contains(needle) }
        if prefixed.isEmpty, containing.count == 1 { return containing[0] }
        let known = lessons.map(\.name).joined(separator: ", ")
        let several = prefixed.count > 1 ? prefixed : containing
        throw ValidationError(lessons.isEmpty ? "no lessons found (--lessons DIR names another folder)"
                              : several.count > 1 ? "\"\(name)\" is part of \(several.map(\.name).joined(separator: " and ")): say which"
                              : "no lesson \"\(name)\": the lessons are \(known)")
    }
}

/// `forcecanvas lessons`: the bundled lessons, one a line.
struct LessonsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lessons", abstract: "List the bundled lessons (run --lesson NAME plays one).")

    @Option(name: .customLong("lessons"), help: "The lessons folder (default: the installed lessons, or the source tree's).")
    var directory: String?

    func run() throws {
        let lessons = Lessons.all(bundledIn: try Lessons.directory(directory))
        let width = lessons.map(\.name.count).max() ?? 0
        for l in lessons {
            print(l.name.padding(toLength: width, withPad: " ", startingAt: 0)
                  + String(format: "  %5.1f s  %2d captions  ", l.duration, l.captions) + l.title + (l.isUsers ? "  (yours)" : ""))
        }
        print("forcecanvas run --lesson NAME (or its number) plays one; Ctrl+O in the window picks one")
    }
}
