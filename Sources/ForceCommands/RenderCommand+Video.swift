import ArgumentParser
import CairoRender
import ForceCore
import ForceFiles
import ForcePlatform
import Foundation

/// `render SESSION --video OUT.mp4`: the replay as a video through ffmpeg.
extension RenderCommand {
    /// Writes the video: every frame at `--fps`, session time at `--speed`, the captions as
    /// subtitles. Its progress on stderr when it has `progressFrames` or more (`ProgressBar`:
    /// a bar on a terminal, lines in a log); the time it took and the session's length at the
    /// end. Returns the video's path.
    func renderVideo(_ path: String) throws -> String {
        let fps = self.fps ?? VideoReplay.defaultFramesPerSecond
        do {
            // A container ffmpeg is not told how to write, or no ffmpeg: said before anything.
            _ = try VideoEncoder.check(output: path)
            let file = try SessionFileReader(path: readable)
            file.strictTime = canvas.strictTime
            let summary = try SessionFile.scan(file)
            let s = try header(of: summary, drawnAs: "video")
            let timeline = VideoTimeline(duration: summary.duration, captions: summary.captions, speed: speed ?? PlaybackSpeed.normal,
                                         chosen: speed != nil, readingRate: readingRate ?? VideoTimeline.defaultReadingRate,
                                         language: Translation.language.rawValue)
            var replay = VideoReplay(header: s, duration: summary.duration,
                                     shortcuts: try ShortcutFiles.load(infoPlist: infoPlist, dynamic: false), timeline: timeline) {
                summary.replayEvents(of: file)
            }
            replay.framesPerSecond = fps
            replay.burnsCaptions = burnCaptions == .strip
            replay.drawsPointer = pointer == .ring
            replay.view = canvas.replayView
            // The sidecars are written under temporary names (ffmpeg muxes the first) and moved
            // into place only once the video is: a video that fails leaves none of them.
            let subtitles = try writeSubtitles(timeline, beside: path)
            var subtitlesPlaced = false
            defer { if !subtitlesPlaced { for s in subtitles { unlink(PartialFiles.temporary(for: s)) } } }
            let size = replay.videoViewport
            let encoder = try VideoEncoder(output: path, pixelWidth: size.pixelWidth, pixelHeight: size.pixelHeight,
                                           fps: fps, subtitles: subtitles.first.map { PartialFiles.temporary(for: $0) })
            var bar = replay.frameCount >= Self.progressFrames ? ProgressBar(total: replay.frameCount, label: "frames") : nil
            let started = ProcessInfo.processInfo.systemUptime
            do {
                try replay.run { j, surface, _ in
                    surface.flush()
                    guard let data = surface.data else { throw RenderError.surface("the frame has no pixels") }
                    try encoder.write(data, width: surface.pixelWidth, height: surface.pixelHeight, stride: surface.stride)
                    bar?.update(j + 1)
                }
                try file.checkUnchanged()
                try encoder.finish()
                for s in subtitles where rename(PartialFiles.temporary(for: s), s) != 0 {
                    throw RenderError.writing(s, FileProblem.last(s))
                }
                subtitlesPlaced = true
            } catch {
                encoder.cancel()
                bar?.finish()
                throw error
            }
            bar?.finish()
            let took = ProcessInfo.processInfo.systemUptime - started
            let captions = timeline.cues.isEmpty ? "" : ", \(Wording.count(timeline.cues.count, "caption")) on screen at least their reading time"
            printError(String(format: "forcecanvas: %@: %d frames at %g fps (%.2f s of video, %.2f s of session%@) in %.2f s",
                              path, replay.frameCount, fps, Double(replay.frameCount) / fps, summary.duration, captions, took))
            return ([path] + subtitles).joined(separator: "\n")
        } catch let error as SessionFileError {
            printProblem(error.description)
            throw ExitCode.failure
        } catch let error as VideoEncoder.Failure {
            printError(UserMessage(error).log)
            throw ExitCode.failure
        } catch let error as RenderError {
            printError(UserMessage(error).log)
            throw ExitCode.failure
        }
    }

    /// The captions' sidecars beside the video, `OUT.srt` and `OUT.vtt` (none without
    /// captions), written under their temporary names (`PartialFiles`), in their folder (made
    /// if missing); the one ffmpeg muxes as the track first (WebVTT for .webm, SubRip otherwise).
    private func writeSubtitles(_ timeline: VideoTimeline, beside video: String) throws -> [String] {
        guard !timeline.cues.isEmpty else { return [] }
        let stem = (video as NSString).deletingPathExtension
        let webm = (video as NSString).pathExtension.lowercased() == "webm"
        let files = webm ? [(stem + ".vtt", timeline.webVTT), (stem + ".srt", timeline.srt)]
            : [(stem + ".srt", timeline.srt), (stem + ".vtt", timeline.webVTT)]
        for (path, _) in files { try refuseExisting(path) }
        for (path, text) in files {
            do throws(FileProblem) { try WholeFile.write(Array(text.utf8), to: PartialFiles.temporary(for: path)) } catch {
                throw RenderError.writing(path, error)
            }
        }
        return files.map(\.0)
    }
}

/// `render --burn-captions`.
enum BurnCaptions: String, ExpressibleByArgument, CaseIterable {
    case strip, none
}

/// `render --pointer`.
enum PointerStyle: String, ExpressibleByArgument, CaseIterable {
    case ring, none
}
