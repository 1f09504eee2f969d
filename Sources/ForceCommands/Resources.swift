import ArgumentParser
import CairoRender
import ForcePlatform

/// The command line's use of the resource locator: a path given on the command line wins;
/// otherwise the locator's search, and a missing resource stops the command with the places
/// it looked (status 1), since anything drawn without it would be wrong.
enum Resources {
    /// The path of `resource`: `explicit` when given, else the first place that has it.
    static func path(of resource: Resource, explicit: String? = nil) throws -> String {
        if let explicit { return explicit }
        do {
            return try ResourceLocator.current.path(of: resource)
        } catch {
            printProblem("\(error)")
            throw ExitCode.failure
        }
    }

    /// The pinned fonts, loaded before anything is drawn; a missing file stops the command
    /// naming it (and the package that installs it).
    @discardableResult
    static func fonts() throws -> PinnedFonts {
        do {
            return try PinnedFonts.require()
        } catch {
            printProblem("\(error)")
            throw ExitCode.failure
        }
    }
}
