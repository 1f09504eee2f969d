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

    /// What a file's extension says it is, for the formats a command writes or reads.
    static let formats: [String: String] = [
        "png": "a PNG image", "svg": "an SVG", "pdf": "a PDF", "xopp": "a Xournal++ document", "jsonl": "a session",
        "json": "JSON", "xml": "XML", "mp4": "a video", "webm": "a video", "gif": "a GIF", "jpg": "a JPEG image",
        "jpeg": "a JPEG image", "webp": "a WebP image", "tif": "a TIFF image", "tiff": "a TIFF image", "bmp": "a BMP image",
    ]

    /// Refuses `path` for `option`, which writes the format of `extensions` (the first named in
    /// the message), when its name says another format: `--svg drawing.pdf` wrote an SVG named as
    /// a PDF. `others` are the options of the same command that write other formats, by
    /// extension. A name without an extension, or with one of no known format, is taken.
    static func refuseMisnamed(_ path: String, option: String, writes extensions: [String], others: [String: String] = [:]) throws {
        let ext = (path as NSString).pathExtension.lowercased()
        guard !ext.isEmpty, !extensions.contains(ext), let named = formats[ext], let first = extensions.first else { return }
        let other = others[ext].map { " (\($0) writes \(named))" } ?? ""
        throw ValidationError("\(option) \(path): \(option) writes \(formats[first] ?? first), and the name says \(named): name it .\(first)\(other)")
    }

    /// Whether `a` and `b` name one file: the same device and inode where both exist (a link,
    /// another spelling), else the same standardized path.
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        if stat(a, &sa) == 0, stat(b, &sb) == 0 { return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino }
        return URL(fileURLWithPath: a).standardized.path == URL(fileURLWithPath: b).standardized.path
    }
}
