import CCairo
import ForcePlatform
#if canImport(Glibc)
import Glibc
#endif

/// Files Cairo writes (PNGs, SVGs, PDFs), written as every file of ForceCanvas is: into the
/// folder, made if missing (as `mkdir -p` does); under a temporary name, synced, then moved into
/// place, so that a failure never leaves half a file where the user expects a whole one; and a
/// failure said in plain words ("the disk is full"), from the system's own error, not Cairo's
/// "error while writing to output stream".
enum AtomicFile {
    /// Writes `path` with the bytes `produce` hands to the Cairo write function and closure it
    /// is given (`cairo_surface_write_to_png_stream`, a PDF or SVG surface made for a stream),
    /// returning Cairo's status.
    static func write(
        _ path: String, _ produce: (_ write: cairo_write_func_t, _ closure: UnsafeMutableRawPointer) -> cairo_status_t
    ) throws(RenderError) {
        do throws(FileProblem) { try Folder.createParent(of: path) } catch { throw RenderError.writing(path, error) }
        let temporary = PartialFiles.temporary(for: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw RenderError.writing(path, FileProblem.last(path)) }
        var sink = Sink(descriptor: descriptor)
        let status = withUnsafeMutablePointer(to: &sink) { produce(writeToSink, UnsafeMutableRawPointer($0)) }
        var code = sink.errorCode
        if code == 0, status == CAIRO_STATUS_SUCCESS, fsync(descriptor) != 0 { code = errno }
        if close(descriptor) != 0, code == 0 { code = errno }
        guard code == 0, status == CAIRO_STATUS_SUCCESS else {
            unlink(temporary)
            throw code != 0 ? RenderError.writing(path, FileProblem(path: path, code: code))
                            : RenderError.write(path, String(cString: cairo_status_to_string(status)))
        }
        guard rename(temporary, path) == 0 else {
            let problem = FileProblem.last(path)
            unlink(temporary)
            throw RenderError.writing(path, problem)
        }
    }

    /// Where Cairo's bytes go: the open temporary file, and the first write's error (`errno`).
    private struct Sink {
        let descriptor: Int32
        var errorCode: Int32 = 0
    }

    /// Cairo's `cairo_write_func_t`: writes all of `length` bytes (a short write goes on, an
    /// interrupted one is tried again); the first failure is kept and every later call refused.
    private static let writeToSink: cairo_write_func_t = { closure, data, length in
        guard let sink = closure?.assumingMemoryBound(to: Sink.self), sink.pointee.errorCode == 0 else {
            return CAIRO_STATUS_WRITE_ERROR
        }
        var done = 0, total = Int(length)
        while done < total {
            let n = Glibc.write(sink.pointee.descriptor, data.map { UnsafeRawPointer($0 + done) }, total - done)
            if n > 0 {
                done += n
            } else if n < 0, errno == EINTR {
                continue
            } else {
                // `write` returning 0 for a regular file means the disk took nothing.
                sink.pointee.errorCode = n < 0 ? errno : ENOSPC
                return CAIRO_STATUS_WRITE_ERROR
            }
        }
        return CAIRO_STATUS_SUCCESS
    }
}
