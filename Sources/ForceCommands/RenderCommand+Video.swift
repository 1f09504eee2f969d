import ArgumentParser
import CairoRender
import ForceCore
import ForceFiles
import Foundation

/// `render SESSION --video OUT.mp4`: the replay as a video through ffmpeg.
extension RenderCommand {
    /// Writes the video: every frame at `--fps`, session time at `--speed`, the captions as
    /// subtitles. A progress bar on stderr while it is a terminal; the time it took and the
    /// session's length at the end. Returns the video's path.
    func renderVideo(_ path: String) throws -> String {
        let fps = self.fps ?? VideoReplay.defaultFramesPerSecond
        do {
            let file = try SessionFileReader(path: session)
            file.strictTime = canvas.strictTime
            let summary = try SessionFile.scan(file)
            let s = try header(of: summary, drawnAs: "video")
            var replay = VideoReplay(header: s, duration: summary.duration,
                                     shortcuts: try ShortcutFiles.load(infoPlist: infoPlist, dynamic: false)) {
                try SessionFileEvents(file)
            }
            replay.framesPerSecond = fps
            replay.speed = speed ?? PlaybackSpeed.normal
            let encoder = try VideoEncoder(output: path, pixelWidth: s.viewport.pixelWidth, pixelHeight: s.viewport.pixelHeight,
                                           fps: fps)
            var bar = ProgressBar(total: replay.frameCount, label: "frames")
            let started = ProcessInfo.processInfo.systemUptime
            do {
                try replay.run { j, surface, _ in
                    surface.flush()
                    guard let data = surface.data else { throw RenderError.surface("the frame has no pixels") }
                    try encoder.write(data, width: surface.pixelWidth, height: surface.pixelHeight, stride: surface.stride)
                    bar.update(j + 1)
                }
                try file.checkUnchanged()
                try encoder.finish()
            } catch {
                encoder.cancel()
                bar.finish()
                throw error
            }
            bar.finish()
            let took = ProcessInfo.processInfo.systemUptime - started
            printError(String(format: "forcecanvas: %@: %d frames at %g fps (%.2f s of video, %.2f s of session at %g×) in %.2f s",
                              path, replay.frameCount, fps, Double(replay.frameCount) / fps, summary.duration, replay.speed, took))
            return path
        } catch let error as SessionFileError {
            printError(error.description)
            throw ExitCode.failure
        } catch let error as VideoEncoder.Failure {
            printError(UserMessage(error).log)
            throw ExitCode.failure
        } catch let error as RenderError {
            printError(UserMessage(error).log)
            throw ExitCode.failure
        }
    }
}
