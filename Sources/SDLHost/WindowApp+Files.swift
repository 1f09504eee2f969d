import ForceCore
import ForceFiles
import Foundation

/// The window's files: the recording opened once the window is up, exports taken from their
/// thread, the warnings that stay while writing fails, and the end of a live press at exit.
extension WindowApp {
    /// Opens the `--record` file: a new file unless `--overwrite` was given. A failure is said on
    /// screen and stderr; the window runs on without a recording.
    func openRecording(_ request: RecordingRequest, _ s: inout Running) -> SessionWriter? {
        do {
            return try SessionWriter(path: request.path, mode: request.overwrite ? .replace : .createNew,
                                     header: request.header, policy: .stop)
        } catch {
            let message = UserMessage(error, context: "Not recording")
            Self.log(message.log)
            s.recordingStopped = message.line
            return nil
        }
    }

    /// A file opened as a new document while recording: a recording replays one canvas. The
    /// file `run --open` names at the start becomes the canvas the recording starts from (its
    /// pages and strokes, as the new document's journal holds them: what was recorded while it
    /// loaded was the canvas it replaces); one opened later ends the recording, as opening
    /// another document does.
    func recordOpenedDocument(_ s: inout Running) {
        defer { s.recordingAwaitsOpen = false }
        guard let recording = s.recording else { return }
        guard s.recordingAwaitsOpen else {
            stopRecording(because: "a file was opened as a new document", &s)
            return
        }
        recording.close()
        let session = Session.resuming(s.state)
        // Its own file, begun again (a failure is said as at the start).
        s.recording = openRecording(RecordingRequest(path: recording.path, overwrite: true, header: session), &s)
        guard let writer = s.recording else { return }
        for e in session.events { writer.record(e) }
        // Presenting (`--present`) is the window's, not the document's: recorded again.
        if s.state.presenting {
            writer.record(TimedEvent(time: session.events.last?.time ?? 0, event: .command(.togglePresentation)))
        }
    }

    /// Takes the exports that finished: registers "Open Recent" for each set written, or says
    /// in plain words why nothing was exported.
    func takeExports(at now: Double, _ s: inout Running) {
        guard !s.exports.isEmpty else { return }
        var running: [ExportJob] = []
        for job in s.exports {
            switch job.take() {
            case nil:
                // The first export still running says which file it is at, while the status is
                // still its own (not one said since, such as the zoom's).
                if running.isEmpty, let status = s.status, status.text.hasPrefix("Exporting…") {
                    s.status = (job.progress, status.until)
                }
                running.append(job)
            case .success(let base)?:
                let name = Self.fileName(base)
                var item = AppShortcut.openRecent.item
                item.subtitle = name
                item.userInfo = ["session": Self.absolute(base + ".jsonl")]
                s.state.registerShortcut(item)
                config.onShortcutsChanged?(s.state.scenes.home.catalog)
                // Every file of the set, named from the set's own list (it said four of five).
                s.status = ("Exported \(base).{\(ExportSet.extensions.joined(separator: ","))} · Home → ForceCanvas → Open Recent opens it",
                            now + Self.statusDuration)
            case .failure(let failure)?:
                Self.log("forcecanvas: export failed: \(failure) (\(failure.path))")
                s.status = ("Export failed: \(failure)", now + 2 * Self.statusDuration)
            }
        }
        s.exports = running
    }

    /// The warning that stays on screen while a problem lasts: the recording stopped, or the
    /// journal cannot write (drawing goes on; the journal keeps its lines and tries again).
    /// Each change is said once on stderr too.
    func warning(_ s: inout Running) -> String? {
        if let recording = s.recording, recording.isStopped {
            let problem = recording.failure.map { "\($0.reason)" } ?? "a write failed"
            let warningLine = "Recording stopped: \(problem); \(Self.fileName(recording.path)) keeps what was recorded until then"
            Self.log("forcecanvas: \(warningLine) (\(recording.path))")
            recording.close()
            s.recording = nil
            s.recordingStopped = warningLine
        }
        var warningLines: [String] = []
        if let journal = s.journal {
            let failure = journal.failure
            if let failure, !s.journalFailing {
                Self.log("forcecanvas: autosave: \(failure); drawing goes on and is saved once writing works again")
            } else if failure == nil, s.journalFailing {
                Self.log("forcecanvas: autosave works again")
            }
            s.journalFailing = failure != nil
            if let failure { warningLines.append("Autosave failing: \(failure.reason) — keep the window open; it saves again once it can") }
        }
        if let missing = config.journalMissing { warningLines.append("Autosave is off: \(missing)") }
        if let stopped = s.recordingStopped { warningLines.append(stopped) }
        return warningLines.isEmpty ? nil : warningLines.joined(separator: " · ")
    }

    /// A press still down when the window closes ends now: a stroke with `up` (its ink is
    /// kept), a press in a scene with `cancel` (nothing is chosen by closing). The journal and
    /// the recording get that event before they close.
    func endLivePress(_ s: inout Running, at t: Double) {
        guard let source = s.state.pressedSource, let p = s.state.pointer else { return }
        let phase: PointerPhase = s.state.scene == .canvas ? .up : .cancel
        apply(.pointer(PointerInput(phase: phase, location: p, source: source)), at: max(t, s.state.time), &s)
    }

    /// `path` made absolute against the working directory.
    static func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardized.path }

    /// One line on stderr (never traps, whatever stderr is).
    static func log(_ line: String) { StandardError.write(line) }
}
