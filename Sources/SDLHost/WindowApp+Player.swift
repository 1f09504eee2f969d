import CSDL2
import CairoRender
import ForceCore
import ForceFiles
import Foundation

/// A session playing in the window: the player (a value), the panels the viewer flipped, and
/// the clock it follows.
struct PlayerSession {
    var player: Player
    var view = PlayerView()
    /// What forked recordings are named after.
    var name: String
    /// Where "continue drawing from here" records, and whether it may replace that file.
    var recordPath: String?
    var overwrite: Bool
    /// The clock's time at the last frame while playing (nil while paused).
    var lastTick: Double?
    /// The track is being dragged (seeking).
    var dragging = false
    /// The frame on screen is not the last one changed by playing forward: draw it whole.
    var jumped = true
    /// Window pixels per point of the player's frame and strip (`--size` given: scaled to fit).
    var scale = 1.0
    /// Where the scaled frame and strip sit in the window, in its points: centred in a
    /// fullscreen window of other proportions (`Letterbox`), else at its top left.
    var origin = Point.zero
    /// The file the session was read from (a lesson's, `--replay`'s), if any.
    var sourcePath: String?
    /// Where this session's edits are saved (set by the first edit, or by Ctrl+S).
    var lessonPath: String?
    /// Text being typed in the strip: a caption, a checkpoint's name, a lesson's name.
    var writing: CaptionWriting?

    /// A location in the window, in the player's points.
    func unscaled(_ p: Point) -> Point { Point(x: (p.x - origin.x) / scale, y: (p.y - origin.y) / scale) }
}

/// The player in the window: its keys, the timeline under the pointer, its clock, the lesson
/// picker, and "continue drawing from here". The live canvas (`Running.state`) waits under
/// the player untouched: no input reaches it and nothing is journaled while a session plays.
extension WindowApp {
    /// 0.25 s: the most session time a stalled frame may play at once (at 1×); a longer stall
    /// plays on from where it was instead of jumping.
    static let playerMaximumStep = 0.25

    /// The window's size: the player's frame and strip while a session plays in it, else the
    /// canvas's.
    var windowSize: (width: Int, height: Int) {
        guard let request = config.player else { return (config.width, config.height) }
        // The session's window: its screen and, placed outside it, the dock its panels open.
        let frame = Player(session: request.session, shortcuts: config.playerShortcuts ?? config.shortcuts)
            .display(view: playerView).viewport
        let scale = Self.playerScale(frame, in: request.windowSize)
        return (Int((Double(frame.width) * scale).rounded()), Int((Double(frame.height) * scale).rounded()))
    }

    /// The scale that fits a player's `frame` (screen and strip) in a window of `size`, within
    /// what a viewport may be drawn at (1 without a size).
    static func playerScale(_ frame: Viewport, in size: (width: Int, height: Int)?) -> Double {
        guard let size else { return 1 }
        let fit = min(Double(size.width) / Double(frame.width), Double(size.height) / Double(frame.height))
        return min(Viewport.scaleRange.upperBound, max(Viewport.scaleRange.lowerBound, fit))
    }

    /// The view a player opens with: the session's panels, with the HUD and the debug drawing
    /// where `--hud` and `--debug` ask for them, at `--ui-scale` when it was given (as
    /// `render`'s frames show them).
    var playerView: PlayerView {
        PlayerView(uiScale: config.options.uiScale == 1 ? nil : config.options.uiScale, hud: config.options.showHUD,
                   debug: config.options.debug)
    }

    /// A player for `request`, prepared (every keyframe and marker known) and playing.
    func openPlayer(_ request: PlayerRequest) -> PlayerSession {
        // A replay's Home shows the Info.plist's static items only, as every replay does.
        var player = Player(session: request.session, shortcuts: config.playerShortcuts ?? config.shortcuts, speed: request.speed)
        player.prepare()
        player.start()
        var p = PlayerSession(player: player, view: playerView, name: request.name, recordPath: request.recordPath,
                              overwrite: request.overwrite, sourcePath: request.sourcePath)
        p.scale = Self.playerScale(player.display(view: p.view).viewport, in: request.windowSize)
        return p
    }

    /// What the strip says when no caption shows.
    static func playerHint(_ p: PlayerSession) -> String {
        if p.player.speedChosen { return "Your speed · 0 gives the speed back to the session · Space plays or pauses" }
        if p.player.isPlaying { return "Space pauses · ← → step · Return continues drawing from here" }
        if p.player.atEnd { return "The end · Space plays again · Return continues drawing from here · Esc back to your canvas" }
        return "Paused: input does not change the replay · Return continues drawing from here · Esc back to your canvas"
    }

    /// The display to draw: the player's frame while a session plays, else the live canvas's;
    /// the lesson picker over either. A frame that jumped is drawn whole.
    func frameDisplay(_ s: inout Running, invalidate: () -> Void) -> Display {
        var d: Display
        if var p = s.player {
            d = p.player.display(view: p.view, hint: Self.playerHint(p), writing: p.writing)
            // The frame's points stay the replay's; a scaled window draws more or fewer pixels.
            d.viewport.scale *= p.scale
            if p.jumped {
                invalidate()
                p.jumped = false
                s.player = p
            }
        } else {
            d = s.state.display
        }
        if s.wholeFrame {
            invalidate()
            s.wholeFrame = false
        }
        d.lessons = s.lessonMenu
        return d
    }

    /// The frame's tick: while a session plays, the player's clock moves on (the live canvas
    /// does not). Returns whether it did.
    func playerTick(at now: Double, _ s: inout Running) -> Bool {
        guard var p = s.player else { return false }
        if p.player.isPlaying, !p.dragging {
            let elapsed = p.lastTick.map { min(Self.playerMaximumStep, max(0, now - $0)) } ?? 0
            p.player.advance(bySeconds: elapsed)
            p.lastTick = p.player.isPlaying ? now : nil
        } else {
            p.lastTick = nil
        }
        s.player = p
        return true
    }

    /// Takes the host events that are the player's or the picker's; returns whether it did.
    func playerTakes(_ h: HostEvent, at t: Double, frameStart: Double, window: Window, clock: FrameClock,
                     _ s: inout Running) -> Bool {
        if s.lessonMenu != nil { return pickerTakes(h, window: window, clock: clock, now: frameStart, &s) }
        if case .player(.lessons) = h {
            openPicker(&s)
            return true
        }
        guard var p = s.player else {
            if case .picker = h { return true }
            if case .player = h { return true }  // the player's keys do nothing in a live window
            if case .writing = h { return true }
            return false
        }
        defer { if s.player != nil { s.player = p } }
        if p.writing != nil {
            switch h {
            case .picker(let key):
                typing(key, &p, now: frameStart, &s)
                return true
            case .quit:
                keepWriting(&p, now: frameStart, &s)
                return false
            case .input(.pointer(let input)):
                pointerOnStrip(input, &p)
                return true
            case .resized, .notice, .fullscreen:
                return false
            default:
                return true  // typing: every other key is text's
            }
        }
        switch h {
        case .picker:
            return true
        case .writing(let key):
            write(key, &p, now: frameStart, &s)
        case .player(let key):
            switch key {
            case .playPause: p.player.togglePlay()
            case .slower: p.player.slower()
            case .faster: p.player.faster()
            case .resetSpeed: p.player.resetSpeed()
            case .frameBack: p.player.step(frames: -1)
            case .frameForward: p.player.step(frames: 1)
            case .eventBack: p.player.stepToPreviousEvent()
            case .eventForward: p.player.stepToNextEvent()
            case .start: p.player.seek(toFrame: 0)
            case .end: p.player.seek(toFrame: p.player.lastFrame)
            case .takeOver:
                s.player = p
                takeOver(window: window, clock: clock, now: frameStart, &s)
                return true
            case .lessons, .up, .down: break
            }
            p.jumped = true
            p.lastTick = nil
        case .input(.pointer(let input)):
            pointerOnStrip(input, &p)
        case .input(.command(.closeOverlay)):
            if p.player.display(view: p.view).showHelp {
                _ = p.view.flip(.toggleHelp)
            } else {
                s.player = nil
                leavePlayer(window: window, now: frameStart, &s)
                return true
            }
        case .input(.command(let c)):
            if p.view.flip(c, shownScale: p.player.uiScale(view: p.view)) { p.jumped = true }
        case .quit, .notice, .fullscreen, .diagramWindow, .exposed:
            return false
        case .open:
            s.status = ("Esc leaves the player first; then open the file again", frameStart + Self.statusDuration)
        case .input, .resized, .checkpoint, .export:
            break  // F5 and Ctrl+S write the lesson in the player (`WritingKey`)
        }
        return true
    }

    /// A press on the play button plays or pauses; on the track, it seeks, and dragging
    /// scrubs. Everything else the pointer does is not the replay's.
    private func pointerOnStrip(_ input: PointerInput, _ p: inout PlayerSession) {
        let layout = p.player.layout(view: p.view)
        let at = layout.local(p.unscaled(input.location))
        switch input.phase {
        case .down:
            if layout.playButton.contains(at) {
                p.player.togglePlay()
                p.lastTick = nil
            } else if layout.track.insetBy(-4).contains(at) {
                p.dragging = true
                p.player.seek(toFrame: layout.frame(atX: at.x, last: p.player.lastFrame))
                p.jumped = true
            }
        case .move, .up:
            // A drag ends where the button is let go (a last motion merged into the release
            // still seeks).
            if p.dragging {
                p.player.seek(toFrame: layout.frame(atX: at.x, last: p.player.lastFrame))
                p.jumped = true
            }
            if input.phase == .up {
                p.dragging = false
                p.lastTick = nil
            }
        case .cancel:
            p.dragging = false
            p.lastTick = nil
        }
    }

    /// Esc in the player: back to the live canvas as it was (and, the first time, the status
    /// line its restore held back).
    private func leavePlayer(window: Window, now: Double, _ s: inout Running) {
        resizeToState(window, &s)
        s.wholeFrame = true
        if let line = s.canvasStatus {
            s.status = (line, now + Self.restoreStatusDuration)
            s.canvasStatus = nil
        }
    }

    // MARK: The lesson picker

    /// Opens a lesson from the picker in the player (the live canvas waits under it).
    func openLesson(_ lesson: LessonEntry, window: Window, now: Double, _ s: inout Running) {
        guard let load = config.loadSession else { return }
        do {
            let session = try load(lesson.path).session
            var request = PlayerRequest(session: session, name: lesson.name)
            request.sourcePath = lesson.path
            let p = openPlayer(request)
            s.player = p
            let v = p.player.display().viewport
            window.resize(to: (v.width, v.height))
            s.status = ("Lesson: \(lesson.title)", now + 2 * Self.statusDuration)
        } catch {
            let message = UserMessage(error, context: "lesson \(lesson.name)", status: "Cannot open the lesson \(lesson.name)")
            Self.log(message.log)
            s.status = (message.status, now + Self.statusDuration)
        }
    }
}
