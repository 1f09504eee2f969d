import ForceCommands
import ForcePlatform
import Foundation

/// Bench section 22: the lessons' videos. `forcecanvas render LESSON --video OUT.mp4` (the
/// replay, the caption strip, the pointer, and ffmpeg encoding them, as a user runs it) against
/// ffmpeg alone encoding the same frames from a raw file with the same settings: the floor no
/// renderer can go under. The raw frames are the video decoded back (on /dev/shm when it is
/// there), so the floor encodes what the video shows, frame for frame.
extension BenchCommand {
    func printVideoSection() throws {
        print("22. Lesson videos: render --video (mp4, the strip and the pointer) against ffmpeg alone on the same raw frames, one run")
        guard let binary = Self.forcecanvasExecutable() else { throw BenchFailure("no forcecanvas binary beside the bench") }
        guard let ffmpeg = VideoEncoder.locate(), let codec = VideoEncoder.arguments(forExtension: "mp4") else {
            print("   skipped: no ffmpeg")
            return
        }
        let lessons = try ResourceLocator.current.path(of: .lessons)
        let files = try FileManager.default.contentsOfDirectory(atPath: lessons).filter { $0.hasSuffix(".jsonl") }.sorted()
        let scratch = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let dir = scratch + "/forcecanvas-video-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var total = (frames: 0, ours: 0.0, floor: 0.0)
        for file in files {
            let name = (file as NSString).deletingPathExtension
            let video = "\(dir)/\(name).mp4"
            let started = Date()
            let ours = try Self.run(binary, ["render", "\(lessons)/\(file)", "--video", video, "--overwrite"])
            let oursSeconds = Date().timeIntervalSince(started)
            guard ours.status == 0 else { throw BenchFailure("render --video \(file): \(ours.stderr)") }
            // "…: 1234 frames at 60 fps (…)": the frames and the size the video has.
            guard let frames = ours.stderr.components(separatedBy: ": ").lazy.compactMap({ Int($0.split(separator: " ").first ?? "") }).first,
                  let size = try Self.videoSize(video) else {
                throw BenchFailure("render --video \(file) said no frame count: \(ours.stderr)")
            }
            let raw = "\(dir)/\(name).bgra"
            let decoded = try Self.run(ffmpeg, ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-i", video,
                                                "-map", "0:v", "-f", "rawvideo", "-pix_fmt", "bgra", raw])
            guard decoded.status == 0 else { throw BenchFailure("decoding \(video): \(decoded.stderr)") }
            let floorStarted = Date()
            let floor = try Self.run(ffmpeg, ["-hide_banner", "-loglevel", "error", "-nostdin", "-y",
                                              "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(size.width)x\(size.height)",
                                              "-framerate", "60", "-i", raw, "-an"] + codec + ["\(dir)/\(name).floor.mp4"])
            let floorSeconds = Date().timeIntervalSince(floorStarted)
            try? FileManager.default.removeItem(atPath: raw)
            guard floor.status == 0 else { throw BenchFailure("ffmpeg alone on \(raw): \(floor.stderr)") }
            print(String(format: "   %-26@ %5d frames %dx%d · render --video %6.2f s (%5.1f fps) · ffmpeg alone %6.2f s (%5.1f fps) · %.2f×",
                         name as NSString, frames, size.width, size.height, oursSeconds, Double(frames) / oursSeconds,
                         floorSeconds, Double(frames) / floorSeconds, oursSeconds / floorSeconds))
            total.frames += frames
            total.ours += oursSeconds
            total.floor += floorSeconds
        }
        print(String(format: "   all %d lessons: %d frames · render --video %.1f s (%.1f fps) · ffmpeg alone %.1f s (%.1f fps) · %.2f× the floor",
                     files.count, total.frames, total.ours, Double(total.frames) / total.ours, total.floor,
                     Double(total.frames) / total.floor, total.ours / total.floor))
    }

    /// The pixel size of a video's first stream, as ffprobe reads it (nil without ffprobe).
    static func videoSize(_ path: String) throws -> (width: Int, height: Int)? {
        guard let ffprobe = executable("ffprobe") else { return nil }
        let r = try run(ffprobe, ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of", "csv=p=0", path],
                        captureOutput: true)
        let parts = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }
}
