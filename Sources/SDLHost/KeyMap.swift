import CSDL2
import ForceCore

/// What a key press means.
enum KeyAction: Equatable {
    case command(Command)
    case export
    /// F5: a checkpoint in the recording.
    case checkpoint
    case quit
    /// A key of the player or the lesson picker (nothing in a live window but Ctrl+O).
    case player(PlayerKey)
    /// Ctrl+= / Ctrl+-: zoom the canvas by a factor about the pointer.
    case zoom(Double)
    /// Ctrl+0: the whole drawing; Ctrl+1: 100 %; Page Down / Page Up: a page on or back.
    case view(ViewChange)
    /// F11: fullscreen on the window's display, or back to a window.
    case fullscreen
}

/// The player's keys (video players': Space, the arrows, Home and End, speed keys) and the
/// lesson picker's.
enum PlayerKey: Equatable {
    case playPause, slower, faster
    /// 0: the session's speed again (after a speed key chose one).
    case resetSpeed
    case frameBack, frameForward
    case eventBack, eventForward
    case start, end
    /// Return: continue drawing from here (a new recording), or open the picked lesson.
    case takeOver
    /// Ctrl+O: the lesson picker.
    case lessons
    /// ↑ / ↓ in the lesson picker.
    case up, down
}

/// The picker's keys (while it is open, no other key but Ctrl+Q does anything).
enum PickerKey: Equatable {
    case up, down
    /// Home / End: the first or last row.
    case first, last
    /// Return: open the highlighted row (or keep the name being typed).
    case open
    /// Esc or Ctrl+O: close the picker (or leave the name as it was).
    case close
    /// F2: rename the highlighted document.
    case rename
    /// Ctrl+D: duplicate it.
    case duplicate
    /// Delete: move it to the trash.
    case delete
    /// Ctrl+Z: bring the last deleted document back.
    case undo
    /// N or Ctrl+N: a new document.
    case newDocument
    /// Ctrl+L: type the path of a file to open (a session, a Xournal++ document, a capture).
    case openPath
    /// Backspace while naming.
    case backspace
    /// Ctrl+Backspace while naming: the last word.
    case deleteWord
    /// Ctrl+A while naming: the whole text selected.
    case selectAll
    /// → or End while naming: the selection gone, the caret at the text's end (where typing
    /// adds).
    case deselect
    /// Ctrl+V or Shift+Insert while naming: the clipboard's text, which the translator reads
    /// (`paste("")` from the key map).
    case paste(String)
    /// Text typed while naming.
    case text(String)
    /// An input method's composition while naming (shown, not yet typed).
    case composing(String)
}

/// The player's keys that write the lesson on screen (its help lists them).
enum WritingKey: Equatable {
    /// C: a new caption at the playhead.
    case newCaption
    /// E: edit the caption on screen.
    case editCaption
    /// P: the caption on screen pauses the player, or no longer does.
    case togglePause
    /// S: the caption on screen's speed: none → 0.25× → 0.5× → 1× → 2× → none.
    case captionSpeed
    /// Delete: the caption on screen, else the checkpoint at this frame, goes.
    case deleteUnderPlayhead
    /// F5: a checkpoint at the playhead (its name typed).
    case newCheckpoint
    /// Ctrl+S: save the lesson under a name of your own.
    case saveAs
}

/// The keyboard layout of ForceCanvas (the help overlay lists the same keys).
enum KeyMap {
    /// 1.25: one Ctrl+= (four steps double the size, as in most drawing programs).
    static let zoomStep = 1.25
    /// 1.1: one Ctrl+wheel notch.
    static let wheelZoomStep = 1.1

    static func action(sym: SDL_Keycode, modifiers: UInt16) -> KeyAction? {
        let ctrl = modifiers & UInt16(KMOD_CTRL.rawValue) != 0
        let shift = modifiers & UInt16(KMOD_SHIFT.rawValue) != 0
        func key(_ k: SDL_KeyCode) -> Bool { sym == SDL_Keycode(k.rawValue) }
        if ctrl {
            if key(SDLK_z) { return .command(shift ? .redo : .undo) }
            if key(SDLK_y) { return .command(.redo) }
            if key(SDLK_s) { return .export }
            if key(SDLK_n) { return .command(.newCanvas) }
            if key(SDLK_q) { return .quit }
            if key(SDLK_o) { return .player(.lessons) }
            if key(SDLK_EQUALS) || key(SDLK_PLUS) || key(SDLK_KP_PLUS) { return .zoom(zoomStep) }
            if key(SDLK_MINUS) || key(SDLK_KP_MINUS) { return .zoom(1 / zoomStep) }
            // Not Ctrl+Shift+0: that is Ctrl+= in Germany (a zoom the + key makes there).
            if (key(SDLK_0) && !shift) || key(SDLK_KP_0) { return .view(.fit) }
            if key(SDLK_1) || key(SDLK_KP_1) { return .view(.actualSize) }
            if key(SDLK_l) { return .command(.toggleLaser) }
            if key(SDLK_p) { return .command(.togglePresentation) }
            return nil
        }
        if key(SDLK_F11) { return .fullscreen }
        if key(SDLK_PAGEDOWN) { return .view(.page(1)) }
        if key(SDLK_PAGEUP) { return .view(.page(-1)) }
        if let k = playerKey(sym, shift: shift) { return .player(k) }
        if key(SDLK_x) { return .command(shift ? .toggleHighlighter : .nextColour) }
        if key(SDLK_d) { return .command(.toggleDebug) }
        if key(SDLK_p) { return .command(.togglePrecise) }
        if key(SDLK_o) { return .command(.toggleOpacity) }
        if key(SDLK_r) { return .command(.toggleRenderer) }
        if key(SDLK_w) { return .command(.toggleWidthMapping) }
        if key(SDLK_s) { return .command(.toggleSimulatedPressure) }
        if key(SDLK_z) { return .command(.undo) }
        if key(SDLK_y) { return .command(.redo) }
        if key(SDLK_c) { return .command(.clear) }
        if key(SDLK_h) || key(SDLK_F2) { return .command(.toggleHUD) }
        if key(SDLK_F5) { return .checkpoint }
        if key(SDLK_k) { return .command(.toggleCurve) }
        if key(SDLK_l) { return .command(.toggleEventLog) }
        if key(SDLK_g) { return .command(.toggleForcePlot) }
        if key(SDLK_e) { return .command(.cycleEdgeProtection) }
        if key(SDLK_i) { return .command(.toggleIndicatorAutoHide) }
        if key(SDLK_TAB) { return .command(.nextScene) }
        if key(SDLK_1) { return .command(.sceneCanvas) }
        if key(SDLK_2) { return .command(.sceneMessages) }
        if key(SDLK_3) { return .command(.sceneHome) }
        if key(SDLK_4) { return .command(.sceneConfirm) }
        if key(SDLK_v) { return .command(.cyclePressureCurve) }
        // "?", "[", "]", "{", "}", "<" and ">" come as typed text (`EventTranslator.typedCommands`): the
        // keys they are on, and the modifiers they need, depend on the layout ("?" is Shift+/ in
        // the US, Shift+, in France; "[" is AltGr+8 in Germany, AltGr+5 in France), and SDL names
        // a key by what it types unmodified.
        if key(SDLK_F1) { return .command(.toggleHelp) }
        if key(SDLK_ESCAPE) { return .command(.closeOverlay) }
        if key(SDLK_m) { return .command(.toggleDiagram) }
        if key(SDLK_n) { return .command(.cyclePanels) }
        if key(SDLK_t) { return .command(.toggleTrail) }
        if key(SDLK_u) { return .command(shift ? .uiSmaller : .uiLarger) }
        return nil
    }

    /// The picker's keys; while text is typed (a name, a path, a caption), only Return, Esc
    /// and a field's editing keys (`TypedText`; letters come as text).
    static func pickerKey(sym: SDL_Keycode, modifiers: UInt16, naming: Bool) -> PickerKey? {
        let ctrl = modifiers & UInt16(KMOD_CTRL.rawValue) != 0
        let shift = modifiers & UInt16(KMOD_SHIFT.rawValue) != 0
        func key(_ k: SDL_KeyCode) -> Bool { sym == SDL_Keycode(k.rawValue) }
        if key(SDLK_RETURN) || key(SDLK_KP_ENTER) { return .open }
        if key(SDLK_ESCAPE) { return .close }
        if naming {
            if key(SDLK_BACKSPACE) { return ctrl ? .deleteWord : .backspace }
            if ctrl, key(SDLK_a) { return .selectAll }
            if key(SDLK_RIGHT) || key(SDLK_END) { return .deselect }
            if (ctrl && key(SDLK_v)) || (shift && key(SDLK_INSERT)) { return .paste("") }
            return nil
        }
        if ctrl {
            if key(SDLK_o) { return .close }
            if key(SDLK_d) { return .duplicate }
            if key(SDLK_z) { return .undo }
            if key(SDLK_n) { return .newDocument }
            if key(SDLK_l) { return .openPath }
            return nil
        }
        if key(SDLK_UP) { return .up }
        if key(SDLK_DOWN) { return .down }
        if key(SDLK_HOME) { return .first }
        if key(SDLK_END) { return .last }
        if key(SDLK_F2) { return .rename }
        if key(SDLK_DELETE) { return .delete }
        if key(SDLK_n) { return .newDocument }
        return nil
    }

    /// The keys that write the lesson in the player (nil for every other key).
    static func writingKey(sym: SDL_Keycode, modifiers: UInt16) -> WritingKey? {
        let ctrl = modifiers & UInt16(KMOD_CTRL.rawValue) != 0
        let alt = modifiers & UInt16(KMOD_ALT.rawValue) != 0
        func key(_ k: SDL_KeyCode) -> Bool { sym == SDL_Keycode(k.rawValue) }
        if ctrl { return key(SDLK_s) ? .saveAs : nil }
        guard !alt else { return nil }
        if key(SDLK_c) { return .newCaption }
        if key(SDLK_e) { return .editCaption }
        if key(SDLK_p) { return .togglePause }
        if key(SDLK_s) { return .captionSpeed }
        if key(SDLK_DELETE) { return .deleteUnderPlayhead }
        if key(SDLK_F5) { return .newCheckpoint }
        return nil
    }

    /// The player's keys; `<` and `>` are Shift+, and Shift+. on most layouts, or keys of their own.
    static func playerKey(_ sym: SDL_Keycode, shift: Bool) -> PlayerKey? {
        func key(_ k: SDL_KeyCode) -> Bool { sym == SDL_Keycode(k.rawValue) }
        if key(SDLK_SPACE) { return .playPause }
        // "-", "=", "+", "<" and ">" come as typed text, as "?" does
        // (`EventTranslator.typedCommands`): "=" is Shift+0 in Germany, "-" is the 6 key in
        // France, and SDL names the number row's keys by their digits on every layout, so by
        // key, a German "=" reset the speed. 0 unshifted (or typed, as in France) resets it.
        if (key(SDLK_0) && !shift) || key(SDLK_KP_0) { return .resetSpeed }
        if key(SDLK_LEFT) { return shift ? .eventBack : .frameBack }
        if key(SDLK_RIGHT) { return shift ? .eventForward : .frameForward }
        if key(SDLK_HOME) { return .start }
        if key(SDLK_END) { return .end }
        if key(SDLK_RETURN) || key(SDLK_KP_ENTER) { return .takeOver }
        if key(SDLK_UP) { return .up }
        if key(SDLK_DOWN) { return .down }
        return nil
    }
}
