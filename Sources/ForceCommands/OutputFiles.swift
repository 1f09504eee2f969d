import ArgumentParser
import ForcePlatform
import Foundation

/// The files a command is asked to write, checked before it reads or writes anything: never a
/// folder or a device, never a file that exists unless `--overwrite` is given, and never, even
/// with it, a file the command reads (`--overwrite` replaces outputs, not the session, document
/// or image being read: `render s.jsonl --svg s.jsonl --overwrite` destroyed the session).
enum OutputFiles {
    /// Refuses `path` as an output of `command` (the word its messages use) reading `inputs`.
    static func refuse(_ path: String, overwrite: Bool, inputs: [String], command: String) throws {
        if let kind = FileKind.of(path) { throw ValidationError("\(path) is \(kind.phrase): \(command) writes only files") }
        if let input = inputs.first(where: { sameFile(path, $0) }) {
            throw ValidationError("\(path) is \(input == path ? "" : "the same file as \(input), ")the file \(command) reads: name another file to write")
        }
        if !overwrite, access(path, F_OK) == 0 {
            throw ValidationError("\(path) exists: \(command) never replaces a file unless --overwrite is given")
        }
    }

    /// Whether `a` and `b` name one file: the same device and inode where both exist (a link,
    /// another spelling), else the same standardized path.
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        if stat(a, &sa) == 0, stat(b, &sb) == 0 { return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino }
        return URL(fileURLWithPath: a).standardized.path == URL(fileURLWithPath: b).standardized.path
    }
}
