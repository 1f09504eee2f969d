#if canImport(Glibc)
import ForcePlatform
import Glibc
#endif

/// Files written under a temporary name and moved into place, so that a failure never leaves
/// half a file where the user expects a whole one.
enum AtomicFile {
    static func temporaryPath(for path: String) -> String { PartialFiles.temporary(for: path) }

    /// Moves the finished temporary file onto `path`.
    static func commit(_ path: String) throws(RenderError) {
        let temporary = temporaryPath(for: path)
        guard rename(temporary, path) == 0 else {
            discard(path)
            throw RenderError.write(path, "cannot move the finished file into place")
        }
    }

    /// Removes the temporary file of a failed write.
    static func discard(_ path: String) { _ = unlink(temporaryPath(for: path)) }
}
