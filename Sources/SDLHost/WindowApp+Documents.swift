import CSDL2
import ForceCore
import ForceFiles
import ForcePlatform
import Foundation

/// What a picker row opens.
enum PickerTarget {
    case document(String)
    case lesson(LessonEntry)
    case trashed(String)
    case emptyTrash
}

/// Documents in the window: a new canvas, a fork or a drawing opened becomes a new document
/// (the one before stays, compacted, with its card and thumbnail); the picker lists the
/// documents, the lessons and the trash, and switches, renames, duplicates and deletes.
extension WindowApp {
    // MARK: New documents

    /// Leaves the document on screen as `before` (its journal closed and compacted; a blank
    /// one removed when `removeIfBlank`) and starts a new one whose journal begins as
    /// `session`. Returns the document left's name for the status line (nil when there are no
    /// documents, or the one left was blank and is gone).
    @discardableResult
    func startNewDocument(leaving before: AppState, as session: Session, name: String? = nil, removeIfBlank: Bool = true,
                          _ s: inout Running) -> String? {
        guard let desk = config.documents else { return nil }
        let leftID = desk.current.id
        s.journal?.close()
        if let problem = desk.leave(before, changed: s.journalChanged, removeIfBlank: removeIfBlank) {
            Self.log("forcecanvas: \(problem) (\(desk.current.path))")
        }
        let left = desk.store.document(leftID)?.name
        do {
            s.journal = try desk.startNew(session, name: name)
            s.journalChanged = false
        } catch {
            s.journal = nil
            Self.log("forcecanvas: autosave is off from here: the new document cannot be written (\(error))")
        }
        return left
    }

    /// Ctrl+N or the New Canvas quick action on a drawing: the drawing stays a document of its
    /// own, and the empty canvas is a new one.
    func newDocumentStarted(leaving before: AppState, at t: Double, _ s: inout Running) {
        guard let left = startNewDocument(leaving: before, as: Session.resuming(s.state), &s) else {
            s.status = ("New document", t + Self.statusDuration)
            return
        }
        Self.log("forcecanvas: new document; \"\(left)\" is kept in the documents (Ctrl+O)")
        s.status = ("New document · “\(left)” is kept: Ctrl+O lists it", t + 2 * Self.statusDuration)
    }

    // MARK: The picker

    /// Opens the picker on the documents, the lessons and the trash, `highlight` (a document's
    /// ID) or the document on screen highlighted. The document on screen gets its card and
    /// thumbnail first, so the row shows what the canvas holds.
    func openPicker(_ s: inout Running, highlighting highlight: String? = nil) {
        var entries: [LessonMenu.Entry] = []
        var targets: [PickerTarget] = []
        var at = 0
        if let desk = config.documents {
            try? desk.note(s.state)
            for d in desk.store.list() {
                let onScreen = d.id == desk.current.id
                if d.id == (highlight ?? desk.current.id) { at = entries.count }
                entries.append(LessonMenu.Entry(name: d.id, title: d.name, detail: Self.detail(d, onScreen: onScreen),
                                                kind: .document(onScreen: onScreen), thumbnail: d.thumbnail))
                targets.append(.document(d.id))
            }
        }
        for l in config.listLessons?() ?? config.lessons {
            entries.append(LessonMenu.Entry(name: l.name, title: l.title, detail: l.detail.isEmpty ? "lesson" : l.detail, kind: .lesson))
            targets.append(.lesson(l))
        }
        if let desk = config.documents {
            let trash = desk.store.listTrash()
            for d in trash {
                if d.id == highlight { at = entries.count }
                let when = d.trashed.map { "deleted " + Self.shortDate($0) } ?? "deleted"
                entries.append(LessonMenu.Entry(name: d.id, title: d.name, detail: when + " · Return restores", kind: .trashed, thumbnail: d.thumbnail))
                targets.append(.trashed(d.id))
            }
            if !trash.isEmpty {
                entries.append(LessonMenu.Entry(name: "", title: "Empty the trash (\(Wording.count(trash.count, "document")))",
                                                detail: "kept \(Int(DocumentStore.trashDays)) days", kind: .emptyTrash))
                targets.append(.emptyTrash)
            }
        }
        s.lessonMenu = LessonMenu(entries: entries, highlighted: at)
        s.menuTargets = targets
    }

    /// "12 strokes · 25 Nov 15:20" (the size until the document is first left and counted).
    static func detail(_ d: DocumentStore.Document, onScreen: Bool) -> String {
        let what = d.strokes.map { Wording.count($0, "stroke") } ?? (d.bytes >= 1 << 20 ? String(format: "%.1f MB", Double(d.bytes) / 1e6) : "\(max(1, d.bytes / 1000)) kB")
        return what + " · " + (onScreen ? "on screen" : shortDate(d.modified))
    }

    /// "25 Nov 15:20" ("11月25日 15:20" in Chinese), in the same digits and calendar in every
    /// language.
    static func shortDate(_ date: Date) -> String {
        (Translation.language == .simplifiedChinese ? chineseDateFormat : shortDateFormat).string(from: date)
    }

    private static let shortDateFormat = Wording.dateFormatter("d MMM HH:mm")
    private static let chineseDateFormat = Wording.dateFormatter("M月d日 HH:mm")

    /// Takes the host events that are the picker's while it is open; returns whether it did.
    func pickerTakes(_ h: HostEvent, window: Window, clock: FrameClock, now: Double, _ s: inout Running) -> Bool {
        guard var menu = s.lessonMenu else { return false }
        var open: Int?
        switch h {
        case .picker(let key):
            if menu.naming != nil {
                naming(key, &menu, now: now, &s)
                return true
            }
            if menu.openingPath != nil {
                typingPath(key, &menu, &s)
                return true
            }
            switch key {
            case .up: menu.move(by: -1)
            case .down: menu.move(by: 1)
            case .first: menu.highlight(0)
            case .last: menu.highlight(menu.entries.count - 1)
            case .open: open = menu.highlighted
            case .close:
                s.lessonMenu = nil
                return true
            case .rename:
                // The name starts selected: what is typed replaces it.
                if case .document = menu.current?.kind, let title = menu.current?.title {
                    menu.naming = TypedText(title, selected: true, maximumBytes: Self.nameBytes)
                } else {
                    sayNotADocument(menu.current, now: now, &s)
                }
            case .duplicate, .delete, .undo:
                // Each reopens the picker on what it changed.
                s.lessonMenu = menu
                if key == .duplicate {
                    duplicateHighlighted(now: now, &s)
                } else if key == .delete {
                    deleteHighlighted(window: window, clock: clock, now: now, &s)
                } else {
                    undoDelete(now: now, &s)
                }
                return true
            case .newDocument:
                s.lessonMenu = nil
                endLivePress(&s, at: now)
                let before = s.state
                s.state.handle(.command(.newCanvas), at: max(now, s.state.time))
                _ = s.state.takeHostRequests()
                s.recording?.record(TimedEvent(time: max(now, s.state.time), event: .command(.newCanvas)))
                s.wholeFrame = true
                if before.ink.strokes.isEmpty {
                    s.status = ("This canvas is empty: draw on it", now + Self.statusDuration)
                } else {
                    newDocumentStarted(leaving: before, at: now, &s)
                }
                return true
            case .openPath:
                menu.openingPath = TypedText(maximumBytes: Self.pathBytes)
            case .backspace, .deleteWord, .selectAll, .deselect, .paste, .text, .composing:
                break
            }
        case .player(.lessons), .input(.command(.closeOverlay)):
            s.lessonMenu = nil
            return true
        case .open:
            // A file dropped while the picker is open opens as it would without it.
            s.lessonMenu = nil
            return false
        case .input(.pointer(let p)):
            let shown = s.player?.player.display() ?? s.state.display
            let area = LessonMenu.area(in: shown.viewport.bounds, uiScale: shown.layout.uiScale)
            if let i = menu.entry(at: s.player?.unscaled(p.location) ?? p.location, in: area) {
                menu.highlight(i)
                if p.phase == .up { open = i }
            }
        case .quit, .notice, .diagramWindow, .exposed:
            return false
        default:
            break
        }
        s.lessonMenu = menu
        if let i = open, s.menuTargets.indices.contains(i) { openTarget(s.menuTargets[i], window: window, clock: clock, now: now, &s) }
        return true
    }

    /// A key while the picker names a document: Return keeps the name, Esc leaves it.
    private func naming(_ key: PickerKey, _ menu: inout LessonMenu, now: Double, _ s: inout Running) {
        switch key {
        case .open:
            if let name = menu.naming?.text, let entry = menu.current, let desk = config.documents {
                do {
                    try desk.store.rename(entry.name, to: name)
                    s.status = ("Renamed to “\(name.trimmingCharacters(in: .whitespaces))”", now + Self.statusDuration)
                } catch {
                    s.status = ("The name was not kept: \(name.trimmingCharacters(in: .whitespaces).isEmpty ? "a name cannot be blank" : "\(error)")",
                                now + Self.statusDuration)
                }
            }
            menu.naming = nil
            s.lessonMenu = menu
            openPicker(&s, highlighting: menu.current?.name)
            return
        case .close: menu.naming = nil
        default: menu.naming?.take(key)
        }
        s.lessonMenu = menu
    }

    /// 800 bytes: a document's name as typed (its card keeps 200 characters, 600 bytes of
    /// Chinese); 4096 bytes, `PATH_MAX`: a path.
    static let nameBytes = 800, pathBytes = 4096

    /// A key while the picker takes a file's path: Return opens it (`~/` is the home folder),
    /// Esc leaves it.
    private func typingPath(_ key: PickerKey, _ menu: inout LessonMenu, _ s: inout Running) {
        switch key {
        case .open:
            let typed = (menu.openingPath?.text ?? "").trimmingCharacters(in: .whitespaces)
            menu.openingPath = nil
            guard !typed.isEmpty else { break }
            s.lessonMenu = nil
            s.pendingOpen = typed.hasPrefix("~/") ? (Environment.current[.home] ?? "~") + typed.dropFirst(1) : typed
            return
        case .close: menu.openingPath = nil
        default: menu.openingPath?.take(key)
        }
        s.lessonMenu = menu
    }

    /// Return on a row (or a click).
    private func openTarget(_ target: PickerTarget, window: Window, clock: FrameClock, now: Double, _ s: inout Running) {
        switch target {
        case .document(let id):
            s.lessonMenu = nil
            guard id != config.documents?.current.id else { return }
            switchToDocument(id, window: window, clock: clock, now: now, &s)
        case .lesson(let lesson):
            s.lessonMenu = nil
            openLesson(lesson, window: window, now: now, &s)
        case .trashed(let id):
            guard let desk = config.documents else { return }
            do {
                try desk.store.restoreFromTrash(id)
                s.trashedByUndo.removeAll { $0 == id }
                s.status = ("“\(desk.store.document(id)?.name ?? id)” is back from the trash", now + Self.statusDuration)
                openPicker(&s, highlighting: id)
            } catch {
                s.status = ("Cannot bring it back from the trash: \(error)", now + Self.statusDuration)
            }
        case .emptyTrash:
            guard var menu = s.lessonMenu, let desk = config.documents else { return }
            guard menu.confirmingEmptyTrash else {
                menu.confirmingEmptyTrash = true
                s.lessonMenu = menu
                return
            }
            let n = desk.store.emptyTrash()
            s.trashedByUndo.removeAll()
            Self.log("forcecanvas: emptied the trash: \(Wording.count(n, "document")) deleted for good")
            s.status = ("Emptied the trash: \(Wording.count(n, "document")) deleted for good", now + Self.statusDuration)
            openPicker(&s)
        }
    }

    /// Ctrl+D on a document: a copy named "NAME copy", highlighted.
    private func duplicateHighlighted(now: Double, _ s: inout Running) {
        guard let desk = config.documents, let entry = s.lessonMenu?.current, case .document = entry.kind else {
            return sayNotADocument(s.lessonMenu?.current, now: now, &s)
        }
        do {
            let copy = try desk.store.duplicate(entry.name)
            s.status = ("Duplicated as “\(desk.store.document(copy)?.name ?? copy)”", now + Self.statusDuration)
            openPicker(&s, highlighting: copy)
        } catch {
            s.status = ("Cannot duplicate “\(entry.title)”: \(error)", now + Self.statusDuration)
        }
    }

    /// F2, Ctrl+D or Delete on a row that is no document: why nothing happened.
    private func sayNotADocument(_ entry: LessonMenu.Entry?, now: Double, _ s: inout Running) {
        guard let entry else { return }
        switch entry.kind {
        case .document:
            break  // a document's row comes from the documents' folder: its keys act on it
        case .lesson:
            s.status = ("“\(entry.title)” is a lesson: F2, Ctrl+D and Delete are for documents (Ctrl+S in the player saves a lesson under a name of your own)",
                        now + Self.statusDuration)
        case .trashed:
            s.status = ("“\(entry.title)” is in the trash: Return brings it back first", now + Self.statusDuration)
        case .emptyTrash:
            s.status = ("Return empties the trash (after a second Return)", now + Self.statusDuration)
        }
    }

    /// Delete on a document: it moves to the trash (Ctrl+Z brings it back). The document on
    /// screen is left for a new, empty one first.
    private func deleteHighlighted(window: Window, clock: FrameClock, now: Double, _ s: inout Running) {
        guard let desk = config.documents, let entry = s.lessonMenu?.current, case .document(let onScreen) = entry.kind else {
            return sayNotADocument(s.lessonMenu?.current, now: now, &s)
        }
        if onScreen {
            endLivePress(&s, at: now)
            let before = s.state
            var fresh = config.header.initialState(shortcuts: config.shortcuts)
            fresh.advance(to: s.state.time)
            s.state = fresh
            s.wholeFrame = true
            stopRecording(because: "the document it recorded was deleted", &s)
            // Nothing is removed for being blank here: what is deleted goes to the trash.
            startNewDocument(leaving: before, as: Session.resuming(s.state), removeIfBlank: false, &s)
            resizeToState(window, &s)
        }
        do {
            try desk.store.moveToTrash(entry.name)
            s.trashedByUndo.append(entry.name)
            Self.log("forcecanvas: moved \"\(entry.title)\" to the trash (\(desk.store.trash))")
            s.status = ("“\(entry.title)” is in the trash · Ctrl+Z brings it back", now + 2 * Self.statusDuration)
        } catch {
            s.status = (error.code == EBUSY ? "“\(entry.title)” is open in another window: close it there first"
                        : "Cannot move “\(entry.title)” to the trash: \(error)", now + Self.statusDuration)
        }
        openPicker(&s)
    }

    /// Ctrl+Z in the picker: the last document deleted comes back.
    private func undoDelete(now: Double, _ s: inout Running) {
        guard let desk = config.documents else { return }
        guard let id = s.trashedByUndo.popLast() else {
            s.status = ("Nothing deleted to bring back", now + Self.statusDuration)
            return
        }
        do {
            try desk.store.restoreFromTrash(id)
            s.status = ("“\(desk.store.document(id)?.name ?? id)” is back", now + Self.statusDuration)
        } catch {
            s.status = ("Cannot bring it back: \(error)", now + Self.statusDuration)
        }
        openPicker(&s, highlighting: id)
    }

    /// Shows document `id`: the one on screen is left (compacted, noted), `id` is restored and
    /// its journal goes on; the window takes its size. A recording stops (it replays one
    /// canvas). When `id` cannot be opened, the document left is opened again.
    func switchToDocument(_ id: String, window: Window, clock: FrameClock, now: Double, _ s: inout Running) {
        guard let desk = config.documents else { return }
        guard !desk.store.isHeld(id) else {
            s.status = ("That document is open in another window", now + Self.statusDuration)
            return
        }
        if s.player != nil { s.player = nil }
        s.canvasStatus = nil  // about the canvas being left
        endLivePress(&s, at: now)
        let previous = desk.current.id
        s.journal?.close()
        if let problem = desk.leave(s.state, changed: s.journalChanged) { Self.log("forcecanvas: \(problem)") }
        var opened: DocumentDesk.Opened?
        var failure: String?
        do throws(FileProblem) {
            opened = try desk.open(id, fallbackHeader: config.header, shortcuts: config.shortcuts)
            if opened == nil { failure = "it is open in another window" }
        } catch {
            failure = error.description
        }
        if opened == nil {
            // Back to the document left (it may have been removed as blank: then a new one).
            opened = (try? desk.open(previous, fallbackHeader: config.header, shortcuts: config.shortcuts)) ?? nil
        }
        s.state = opened?.state ?? config.header.initialState(shortcuts: config.shortcuts)
        s.journal = opened?.writer
        s.journalChanged = false
        if s.journal == nil { Self.log("forcecanvas: autosave is off from here: no document could be opened") }
        stopRecording(because: "another document was opened", &s)
        moveClock(clock, to: s.state.time, &s)
        s.wholeFrame = true
        resizeToState(window, &s)
        let name = desk.store.document(desk.current.id)?.name ?? id
        if let failure {
            s.status = ("Cannot open that document: \(failure)", s.state.time + Self.statusDuration)
        } else {
            let strokes = Wording.count(s.state.ink.strokes.count, "stroke")
            s.status = ("“\(name)” (\(strokes))" + (opened?.status.map { " · \($0)" } ?? "") + " · Ctrl+O lists the others",
                        s.state.time + 2 * Self.statusDuration)
        }
    }

    /// Sets the window's clock to `time` (another document's, a replay's): the frame's
    /// remaining events, stamped on the old timeline, are dropped, and input times start over.
    func moveClock(_ clock: FrameClock, to time: Double, _ s: inout Running) {
        clock.rebase(now: time)
        s.rebased = true
        s.lastEventTime = -.infinity
    }

    /// Ends the recording (it replays one canvas), saying why.
    func stopRecording(because reason: String, _ s: inout Running) {
        guard let recording = s.recording else { return }
        recording.close()
        s.recording = nil
        // Said as a recording stopped by a write error is (`warnings`): what and why, and the file.
        s.recordingStopped = "Recording stopped: \(reason); \(Self.fileName(recording.path)) keeps what was recorded until then"
        Self.log("forcecanvas: the recording \(recording.path) stopped: \(reason)")
    }

    /// The window takes the size of the state on screen (its device and dock).
    func resizeToState(_ window: Window, _ s: inout Running) {
        let v = s.state.viewport
        window.resize(to: (v.width, v.height))
    }
}
