#if canImport(Glibc)
import Glibc
#endif
import CSDL2
import ForceCore
import ForceFiles
import ForcePlatform

/// Writing a lesson in the player (issue 22): captions and checkpoints added at the playhead,
/// the caption on screen edited, paused, given a speed or deleted, text typed through SDL's
/// text input (an input method's composition shown until it hands the text over). Every edit
/// is saved at once, as a whole file, in the user's lessons folder (`LessonFiles`); text being
/// typed when the window closes is kept as if Return had been pressed.
extension WindowApp {
    /// A key that writes the lesson (C, E, P, S, Delete, F5, Ctrl+S).
    func write(_ key: WritingKey, _ p: inout PlayerSession, now: Double, _ s: inout Running) {
        let onScreen = p.player.captionUnderPlayhead
        switch key {
        case .newCaption:
            startWriting(CaptionWriting(.newCaption(at: p.player.editTime)), &p)
        case .editCaption:
            guard let (i, c) = onScreen else { return say("No caption on screen to edit: C writes one here", now, &s) }
            // The caption as it shows: in the interface's language where it has it.
            startWriting(CaptionWriting(.editCaption(index: i, c), text: c.text(in: Translation.language.rawValue)), &p)
        case .togglePause:
            guard let (i, c) = onScreen else { return say("No caption on screen: C writes one here, then P makes it pause", now, &s) }
            var changed = c
            changed.pause.toggle()
            edit(.replaceCaption(index: i, changed), changed.pause ? "The caption pauses the player" : "The caption no longer pauses the player",
                 &p, now: now, &s)
        case .captionSpeed:
            guard let (i, c) = onScreen else { return say("No caption on screen: C writes one here, then S gives it a speed", now, &s) }
            var changed = c
            changed.speed = Player.nextCaptionSpeed(after: c.speed)
            edit(.replaceCaption(index: i, changed),
                 changed.speed.map { "From this caption on the lesson plays at \(PlaybackSpeed.label($0))" } ?? "The caption leaves the speed as it is",
                 &p, now: now, &s)
        case .deleteUnderPlayhead:
            if let (i, _) = onScreen {
                edit(.remove(index: i), "Caption deleted", &p, now: now, &s)
            } else if let (i, name) = p.player.checkpointUnderPlayhead {
                edit(.remove(index: i), "Checkpoint “\(name)” deleted", &p, now: now, &s)
            } else {
                say("Nothing here to delete: a caption on screen, or a checkpoint at this frame (Shift+← / Shift+→ reach them)", now, &s)
            }
        case .newCheckpoint:
            startWriting(CaptionWriting(.checkpoint(at: p.player.editTime), text: p.player.nextCheckpointName), &p)
        case .saveAs:
            startWriting(CaptionWriting(.lessonName, text: p.name), &p)
        }
    }

    /// A key while text is typed: Return keeps it, Esc leaves it, Backspace takes a character
    /// back, text and an input method's composition are added.
    func typing(_ key: PickerKey, _ p: inout PlayerSession, now: Double, _ s: inout Running) {
        guard var w = p.writing else { return }
        switch key {
        case .open:
            if keep(w, &p, now: now, &s) { p.writing = nil }
            return
        case .close:
            p.writing = nil
            say("Left as it was", now, &s)
            return
        default: w.field.take(key)
        }
        p.writing = w
    }

    /// The window closes while text is typed: a caption or a checkpoint is kept as it is, so
    /// nothing typed is lost.
    func keepWriting(_ p: inout PlayerSession, now: Double, _ s: inout Running) {
        guard var w = p.writing else { return }
        w.type(w.composing)
        p.writing = nil
        if case .lessonName = w.purpose { return }
        if !w.text.allSatisfy(\.isWhitespace) { _ = keep(w, &p, now: now, &s) }
    }

    /// Makes what `w` typed: a caption added or changed, a checkpoint added, the lesson saved
    /// under a name. Returns whether it was (a refusal keeps the text on screen to mend).
    private func keep(_ w: CaptionWriting, _ p: inout PlayerSession, now: Double, _ s: inout Running) -> Bool {
        switch w.purpose {
        case .newCaption(let t):
            return edit(.addCaption(Caption(text: w.text), at: t), "Caption added", &p, now: now, &s)
        case .editCaption(let i, let c):
            let language = Translation.language.rawValue
            guard w.text != c.text(in: language) else { return true }
            var changed = c
            // What was edited is the text in the language it showed in.
            if c.translations[language] != nil { changed.translations[language] = w.text } else { changed.text = w.text }
            return edit(.replaceCaption(index: i, changed), "Caption changed", &p, now: now, &s)
        case .checkpoint(let t):
            return edit(.addCheckpoint(name: w.text, at: t), "Checkpoint “\(w.text)” added", &p, now: now, &s)
        case .lessonName:
            return saveAs(LessonFiles.trimmed(w.text), &p, now: now, &s)
        }
    }

    /// Makes `edit` and saves the lesson; the status says `done` and where it went, or why not.
    @discardableResult
    private func edit(_ edit: LessonEdit, _ done: String, _ p: inout PlayerSession, now: Double, _ s: inout Running) -> Bool {
        do {
            p.player = try p.player.editing(edit)
        } catch {
            say("Not kept: \(error)", now, &s)
            return false
        }
        p.jumped = true
        p.lastTick = nil
        guard let folder = config.lessonsHome else {
            say("\(done) · not saved: \(Self.noLessonsFolder)", now, &s)
            return true
        }
        let path = p.lessonPath ?? LessonFiles.target(forSource: p.sourcePath, name: p.name, in: folder)
        save(p.player.session, to: path, done, &p, now: now, &s)
        return true
    }

    /// Ctrl+S's name: the lesson saved as `name` in the user's lessons (never over another one).
    private func saveAs(_ name: String, _ p: inout PlayerSession, now: Double, _ s: inout Running) -> Bool {
        if let problem = LessonFiles.problem(with: name) {
            say("Not saved: \(problem)", now, &s)
            return false
        }
        guard let folder = config.lessonsHome else {
            say("Not saved: \(Self.noLessonsFolder)", now, &s)
            return false
        }
        let path = "\(folder)/\(name).jsonl"
        if path != p.lessonPath, path != p.sourcePath, access(path, F_OK) == 0 {
            say("Not saved: you have a lesson named “\(name)”; choose another name", now, &s)
            return false
        }
        p.name = name
        if let titled = try? p.player.editing(.title(name)) { p.player = titled }
        return save(p.player.session, to: path, "Lesson “\(name)”", &p, now: now, &s)
    }

    @discardableResult
    private func save(_ session: Session, to path: String, _ done: String, _ p: inout PlayerSession, now: Double,
                      _ s: inout Running) -> Bool {
        do {
            try LessonFiles.save(session, to: path)
            p.lessonPath = path
            say("\(done) · saved in \(Self.shortPath(path)) (Ctrl+O lists it)", now, &s)
            return true
        } catch {
            let message = UserMessage(error, context: "the lesson", status: "\(done) · not saved")
            Self.log(message.log)
            say(message.status, now, &s)
            return false
        }
    }

    /// Opens the strip's field; the player pauses while text is typed. An input method's
    /// candidates go under the strip.
    private func startWriting(_ w: CaptionWriting, _ p: inout PlayerSession) {
        if p.player.isPlaying { p.player.pause() }
        p.lastTick = nil
        p.writing = w
        let l = p.player.layout(view: p.view)
        let r = l.caption.scaled(by: l.uiScale * p.scale)
        var rect = SDL_Rect(x: Int32(r.x + p.origin.x), y: Int32(r.y + p.origin.y), w: Int32(r.width), h: Int32(r.height))
        SDL_SetTextInputRect(&rect)
    }

    /// Why nothing can be saved when neither variable names a home for the user's lessons.
    static let noLessonsFolder = "no folder for your lessons ($XDG_DATA_HOME and $HOME are unset)"

    private func say(_ text: String, _ now: Double, _ s: inout Running) {
        s.status = (text, now + Self.statusDuration)
    }

    /// `path` with the home folder as `~`.
    static func shortPath(_ path: String) -> String {
        guard let home = Environment.current[.home], !home.isEmpty, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }
}

extension TypedText {
    /// A field's editing key (`TypedText`): text typed or pasted, Backspace and Ctrl+Backspace
    /// (left to an input method while it composes: it takes its own), Ctrl+A, a composition.
    /// Every other key is not a field's, and does nothing to it.
    mutating func take(_ key: PickerKey) {
        switch key {
        case .backspace: if composing.isEmpty { deleteBackward() }
        case .deleteWord: if composing.isEmpty { deleteWordBackward() }
        case .selectAll: if composing.isEmpty { selectAll() }
        case .deselect: if composing.isEmpty { deselect() }
        case .text(let t): type(t)
        case .paste(let t): paste(t)
        case .composing(let t): composing = t
        case .up, .down, .first, .last, .open, .close, .rename, .duplicate, .delete, .undo, .newDocument, .openPath: break
        }
    }
}
