import ForceFiles
import ForcePlatform
import Foundation
import Synchronization

/// A video written by `ffmpeg`, a real, well-kept encoder: raw BGRA frames go down a pipe to its
/// standard input (never to disk one by one), and it writes a temporary file next to the
/// output, which is renamed into place only when the whole video is done. The format follows
/// the extension: `.mp4` (H.264), `.webm` (VP9), `.gif` (a palette made for the video).
package final class VideoEncoder {
    /// What can go wrong, each saying what the user can do.
    enum Failure: Error, CustomStringConvertible {
        case missing
        /// `FORCECANVAS_FFMPEG` names something that is not a program.
        case notAProgram(String)
        case unsupported(String)
        case failed(String)
        case write(String)

        /// `strerror`'s words in ffmpeg's messages, and ForceCanvas's for them (`FileProblem`).
        static let systemReasons: [(said: String, reason: String)] = [
            ENOSPC, EDQUOT, EROFS, EACCES, EIO, EFBIG,
        ].map { (String(cString: strerror($0)), FileProblem(path: "", code: $0).reason) }

        var description: String {
            switch self {
            case .missing: return "ffmpeg is not installed: install ffmpeg: apt-get install ffmpeg"
            case .notAProgram(let path): return "FORCECANVAS_FFMPEG=\(path) is not a program ffmpeg can be run from"
            case .unsupported(let ext):
                return "cannot write .\(ext) videos: name the output .mp4, .webm or .gif"
            case .failed(let line):
                // The system's error in ffmpeg's last line, said as ForceCanvas says it.
                if let reason = Self.systemReasons.first(where: { line.contains($0.said) })?.reason {
                    return "cannot write the video: \(reason) (ffmpeg: \(line))"
                }
                return "ffmpeg failed: \(line)"
            case .write(let reason): return "cannot write the video: \(reason)"
            }
        }
    }

    /// The containers and what ffmpeg is told for each (codec settings chosen for speed at
    /// good quality: the demo at 1280×800, 60 fps, must encode faster than it plays).
    package static func arguments(forExtension ext: String) -> [String]? {
        // x264 and VP9 need even sides in 4:2:0: an odd side gets one black pixel of padding.
        let even = "pad=ceil(iw/2)*2:ceil(ih/2)*2"
        switch ext {
        case "mp4":
            return ["-vf", even, "-c:v", "libx264", "-preset", "veryfast", "-tune", "animation", "-crf", "20",
                    "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4"]
        case "webm":
            return ["-vf", even, "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1",
                    "-b:v", "0", "-crf", "33", "-pix_fmt", "yuv420p", "-f", "webm"]
        case "gif":
            return ["-vf", "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=3",
                    "-loop", "0", "-f", "gif"]
        default:
            return nil
        }
    }

    /// What a video written to `output` needs, or what it lacks: ffmpeg (found by `locate`) and a
    /// container it is told how to write. Checked before anything is read or written.
    static func check(output: String) throws(Failure) -> (ffmpeg: String, codec: [String], extension: String) {
        let ext = (output as NSString).pathExtension.lowercased()
        guard let codec = arguments(forExtension: ext) else { throw .unsupported(ext.isEmpty ? "(none)" : ext) }
        guard let ffmpeg = locate() else {
            if let named = Environment.current[.forceCanvasFFmpeg] { throw .notAProgram(named) }
            throw .missing
        }
        return (ffmpeg, codec, ext)
    }

    /// `FORCECANVAS_FFMPEG`, else `ffmpeg` on `PATH`.
    package static func locate() -> String? {
        let env = Environment.current
        if let path = env[.forceCanvasFFmpeg] {
            return FileManager.default.isExecutableFile(atPath: path) ? path : nil
        }
        return env.executable(named: "ffmpeg")
    }

    let output: String
    let temporary: String
    /// The video's size in pixels.
    let pixelWidth: Int, pixelHeight: Int
    private var padding: [UInt8] = []
    private let process = Process()
    private let input: Int32
    private let errors = Pipe()
    /// What ffmpeg said on stderr (its last line is its error).
    private let said = StderrTail()
    private let reader: Thread
    private var finished = false

    /// The subtitle codec of each container that has one: mov_text in MP4, WebVTT in WebM (a GIF has none).
    static func subtitleCodec(forExtension ext: String) -> String? {
        switch ext {
        case "mp4": return "mov_text"
        case "webm": return "webvtt"
        default: return nil
        }
    }

    /// Starts ffmpeg for `pixelWidth`×`pixelHeight` BGRA frames at `fps`, writing `output`,
    /// with the subtitle file `subtitles` (SubRip or WebVTT) as its subtitle track when the
    /// container has one.
    init(output: String, pixelWidth: Int, pixelHeight: Int, fps: Double, subtitles: String? = nil) throws(Failure) {
        let (ffmpeg, codec, ext) = try Self.check(output: output)
        // The video goes into its folder, made if missing, as every file ForceCanvas writes.
        do throws(FileProblem) { try Folder.createParent(of: output) } catch { throw .write(error.description) }
        self.output = output
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        let dir = (output as NSString).deletingLastPathComponent
        let name = (output as NSString).lastPathComponent
        temporary = PartialFiles.temporary(for: (dir.isEmpty ? "" : dir + "/") + name)
        let inputPipe = Pipe()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y",
                             "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(pixelWidth)x\(pixelHeight)",
                             "-framerate", String(format: "%g", fps), "-i", "pipe:0"]
            + Self.subtitleArguments(subtitles, extension: ext) + ["-an"] + codec + [temporary]
        process.standardInput = inputPipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        let handle = errors.fileHandleForReading, tail = said
        reader = Thread {
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                tail.append(data)
            }
        }
        do {
            try process.run()
        } catch {
            throw .missing
        }
        input = inputPipe.fileHandleForWriting.fileDescriptor
        reader.start()
    }

    deinit {
        if !finished { cancel() }
    }

    /// The subtitle file as ffmpeg's second input and the track it becomes (none for a GIF).
    static func subtitleArguments(_ subtitles: String?, extension ext: String) -> [String] {
        guard let subtitles, let codec = subtitleCodec(forExtension: ext) else { return [] }
        return ["-i", subtitles, "-map", "0:v", "-map", "1:s", "-c:s", codec, "-metadata:s:s:0", "title=Captions"]
    }

    /// Writes one frame of `width`×`height` BGRA pixels, rows `stride` bytes apart. A frame of
    /// another size than the video's (a session that resized its window) is cut or padded with
    /// black at the right and bottom: a raw stream's frames all have one size.
    func write(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) throws(Failure) {
        let rowBytes = pixelWidth * 4
        if width == pixelWidth, height == pixelHeight {
            if rowBytes == stride { return try writeAll(pixels, rowBytes * height) }
            for row in 0..<height { try writeAll(pixels + row * stride, rowBytes) }
            return
        }
        if padding.count != rowBytes { padding = [UInt8](repeating: 0, count: rowBytes) }
        var row = padding
        for y in 0..<pixelHeight {
            row.withUnsafeMutableBufferPointer { r in
                guard let base = r.baseAddress else { return }
                base.update(repeating: 0, count: rowBytes)
                if y < height { base.update(from: pixels + y * stride, count: min(width, pixelWidth) * 4) }
            }
            try row.withUnsafeBufferPointer { (r) throws(Failure) in
                guard let base = r.baseAddress else { return }
                try writeAll(base, rowBytes)
            }
        }
    }

    private func writeAll(_ bytes: UnsafePointer<UInt8>, _ count: Int) throws(Failure) {
        var done = 0
        while done < count {
            let n = Glibc.write(input, bytes + done, count - done)
            if n > 0 {
                done += n
            } else if n < 0, errno == EINTR {
                continue
            } else {
                // ffmpeg stopped reading: it failed; its own words say why.
                throw .failed(waitForFailure())
            }
        }
    }

    /// Closes the pipe, waits for ffmpeg, and renames the video into place.
    func finish() throws(Failure) {
        close(input)
        process.waitUntilExit()
        finished = true
        guard process.terminationStatus == 0 else {
            unlink(temporary)
            throw .failed(lastLine)
        }
        // ffmpeg runs with `-loglevel error`: a line on stderr is an error even when it exits with
        // 0. A disk that fills while it writes the trailer leaves a cut-off file, "Error writing
        // trailer …: No space left on device", and status 0; that file must not take the
        // video's name.
        if let said = saidLine {
            unlink(temporary)
            throw .failed(said)
        }
        guard rename(temporary, output) == 0 else {
            let problem = FileProblem.last(output).reason
            unlink(temporary)
            throw .write(problem)
        }
    }

    /// Stops ffmpeg and removes what it wrote.
    func cancel() {
        finished = true
        close(input)
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        unlink(temporary)
    }

    private func waitForFailure() -> String {
        close(input)
        process.waitUntilExit()
        finished = true
        unlink(temporary)
        return lastLine
    }

    /// ffmpeg's last line on stderr, or its exit status.
    private var lastLine: String {
        saidLine ?? "it exited with status \(process.terminationStatus)"
    }

    /// ffmpeg's last line on stderr (its temporary file named as the video), once it has
    /// exited; nil when it said nothing.
    private var saidLine: String? {
        // The reader thread ends when ffmpeg closes stderr (it has exited); 2 s at most.
        for _ in 0..<2000 where reader.isExecuting { usleep(1000) }
        return said.lastLine.map { $0.replacingOccurrences(of: temporary, with: output) }
    }
}

/// The end of what a process wrote on stderr, collected on a reader thread.
final class StderrTail: Sendable {
    /// 4 KiB: enough for ffmpeg's last few lines.
    static let keep = 4096
    private let bytes = Mutex<[UInt8]>([])

    func append(_ data: Data) {
        bytes.withLock { b in
            b.append(contentsOf: data)
            if b.count > Self.keep { b.removeFirst(b.count - Self.keep) }
        }
    }

    var lastLine: String? {
        let text = bytes.withLock { String(decoding: $0, as: UTF8.self) }
        return text.split(whereSeparator: \.isNewline).last.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
