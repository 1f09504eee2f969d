#if canImport(Glibc)
import Glibc
#endif

/// Lines on stderr that can never trap or stop the program: written with `write(2)` and every
/// failure ignored (a full disk behind `2>/dev/full`, a closed pipe — the command line ignores
/// SIGPIPE). `FileHandle.standardError.write` traps on the first such failure.
public enum StandardError {
    /// Writes `line` and a line break to stderr, as far as stderr takes it.
    public static func write(_ line: String) { writeRaw(line + "\n") }

    /// Writes `text` as it is (a progress bar redrawn in place after a carriage return).
    public static func writeRaw(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let n = Glibc.write(STDERR_FILENO, base + offset, raw.count - offset)
                if n > 0 {
                    offset += n
                } else if n < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
