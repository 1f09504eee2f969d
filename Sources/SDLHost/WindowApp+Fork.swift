import CSDL2
import ForceCore
import ForceFiles
import ForcePlatform
import Foundation

/// "Continue drawing from here": the replay on screen becomes the live canvas, and a new
/// recording goes on from it.
extension WindowApp {
    /// 1000: the most numbered names tried for a forked recording (`NAME-fork-N.jsonl`).
    static let maximumForkNames = 1000

    /// The replayed state becomes the live one, as a new document (the canvas under the player
    /// stays a document of its own). The recording (the `--record` file, or a new file in the
    /// fork folder, never over another) and the new document's journal get the session's header
    /// and every event the replay handled so far, so each replays to this very state; input then
    /// goes on from the replay's time. A press the replay left down ends (the real pointer is up).
    func takeOver(window: Window, clock: FrameClock, now: Double, _ s: inout Running) {
        guard var p = s.player else { return }
        p.player.pause()
        let header = p.player.session
        let prefix = p.player.handledEvents
        s.player = nil
        s.canvasStatus = nil  // about the canvas the fork replaces
        s.wholeFrame = true
        endLivePress(&s, at: now)
        let before = s.state
        s.state = p.player.state
        var fork = header
        fork.events = Array(prefix)
        var kept = ""
        if let left = startNewDocument(leaving: before, as: fork, name: "\(p.name) from \(String(format: "%.1f s", p.player.time))", &s) {
            kept = " · “\(left)” is kept: Ctrl+O lists it"
        }
        s.recording?.close()
        s.recording = openFork(p, header: header)
        for e in prefix { s.recording?.record(e) }
        moveClock(clock, to: p.player.time, &s)
        endLivePress(&s, at: p.player.time)
        // What the viewer chose goes on (the panels, the text size): recorded as their keys.
        for c in p.view.continuingCommands(over: s.state.options) { apply(.command(c), at: p.player.time, &s) }
        resizeToState(window, &s)
        let at = String(format: "%.2f s", p.player.time)
        if let r = s.recording {
            Self.log("forcecanvas: continuing \(p.name) from \(at): recording to \(r.path)\(kept)")
            s.status = ("Drawing from \(at) of \(p.name) · recording to \(r.path)" + kept, p.player.time + 2 * Self.statusDuration)
        } else {
            s.status = ("Drawing from \(at) of \(p.name) (not recorded: \(s.recordingStopped ?? "no file"))" + kept, p.player.time + 2 * Self.statusDuration)
        }
    }

    /// The fork's recording: the request's `--record` file, or the first free
    /// `NAME-fork-N.jsonl` in the fork folder. A failure is said on screen and stderr.
    private func openFork(_ p: PlayerSession, header: Session) -> SessionWriter? {
        if let path = p.recordPath {
            do {
                return try SessionWriter(path: path, mode: p.overwrite ? .replace : .createNew, header: header, policy: .stop)
            } catch {
                return forkFailed(error)
            }
        }
        do {
            try Folder.create(config.forkDirectory)
        } catch {
            return forkFailed(error)
        }
        let base = p.name.isEmpty ? "session" : p.name
        for n in 1...Self.maximumForkNames {
            let path = "\(config.forkDirectory)/\(base)-fork-\(n).jsonl"
            do {
                return try SessionWriter(path: path, mode: .createNew, header: header, policy: .stop)
            } catch where error.code == EEXIST {
                continue
            } catch {
                return forkFailed(error)
            }
        }
        return forkFailed(ForkNamesTaken(count: Self.maximumForkNames, base: base, folder: config.forkDirectory))
    }

    private func forkFailed(_ error: any Error) -> SessionWriter? {
        Self.log(UserMessage(error, context: "not recording the drawing continued from the replay").log)
        return nil
    }

    /// Every fork name of a session is taken.
    struct ForkNamesTaken: Error, CustomStringConvertible {
        var count: Int, base: String, folder: String
        var description: String { "\(count) recordings named \(base)-fork-N.jsonl exist in \(folder)" }
    }
}
