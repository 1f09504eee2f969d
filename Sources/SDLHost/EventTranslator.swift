import CSDL2
import ForceCore

/// What the window loop must do for one SDL event.
enum HostEvent: Equatable {
    case input(InputEvent)
    case export
    /// F5: add a checkpoint to the recording.
    case checkpoint
    case quit
    /// The window has a new size: the viewport it has now (the presenter's, asked once).
    case resized(Viewport)
    /// A one-time message for the status line and the log.
    case notice(String)
    /// A key of the player, or Ctrl+O.
    case player(PlayerKey)
    /// A key of the picker, or text typed while it names a document.
    case picker(PickerKey)
    /// A file to open as a new document (dropped on the window, or `run --open`).
    case open(String)
    /// F11.
    case fullscreen
    /// A key that writes the lesson in the player (a caption, a checkpoint, saving it).
    case writing(WritingKey)
    /// The diagram's own window (`run --diagram-window`) was closed, or must be drawn again.
    case diagramWindow(DiagramWindowEvent)
    /// The window was uncovered: what it showed there is gone, and the next frame is shown whole.
    case exposed
}

/// What happened to the diagram's window.
enum DiagramWindowEvent: Equatable {
    case closed
    case exposed
}

/// Translates SDL events (and the XI2 pen source's events) into core input. The only place
/// that reads SDL event structs.
///
/// One device drives the pointer at a time (`driver`), and `.device` is sent whenever another
/// one takes over:
/// - **Pen echo**: a pen also moves the X master pointer, so SDL reports every pen motion and
///   tip press again as mouse events. While a pen is the driving device (from its first XI2
///   sample until another pointer device moves or clicks, as the pen source reports through
///   `.otherPointer`), SDL mouse motion and buttons are dropped: one physical stroke is drawn once.
/// - **One stroke at a time**: while a mouse button, a pen tip or a finger is down, the other
///   devices' samples are dropped until it lifts (the wheel always passes: it is pressure).
/// - **Touch**: the first finger of a direct touch screen draws (source `.finger`, no force,
///   so the core simulates pressure); further fingers, touchpad fingers and SDL's mouse events
///   synthesised from touches are ignored.
/// - The mouse takes over again (`.device(.emulatedMouse)`) on its first event after a finger,
///   or after a pen when the pen source reports another pointer.
struct EventTranslator {
    /// SDL_TOUCH_MOUSEID ((Uint32)-1): mouse events SDL synthesises from touches.
    static let touchMouseID = UInt32.max

    /// The device driving the pointer.
    enum Driver: Equatable {
        case mouse
        case pen(Int32)
        case touch
    }

    /// What the translator needs to know about a touch device.
    struct TouchInfo: Equatable {
        var name: String
        /// A touch screen (fingers at window locations), not a touchpad.
        var isDirect: Bool
    }

    /// Window size in points, for SDL's normalised finger locations.
    var windowSize = (width: 0.0, height: 0.0)
    /// The window's viewport after a resize (the presenter's drawable size and scale; the
    /// window sets it, tests leave the window size at scale 1).
    var windowViewport: (() -> Viewport)?
    /// Looks a touch device up (SDL by default; tests inject one).
    var touchInfo: (SDL_TouchID) -> TouchInfo = EventTranslator.sdlTouchInfo
    /// The character a number-row key types without Shift, by its digit and the window of the
    /// key press (the X server's keymap by default; tests inject one).
    var numberRowCharacter: (_ digit: SDL_Keycode, _ window: UInt32) -> Character? = KeyboardLayout.unshiftedCharacter
    private(set) var driver = Driver.mouse
    /// Whether the picker is open (its keys are its own), and whether text is typed (a
    /// document's name in the picker, a caption or a name in the player's strip).
    var picker = PickerMode.closed
    enum PickerMode { case closed, open, naming }
    /// Whether a session plays in the window (the keys that write a lesson are its own).
    var inPlayer = false
    /// SDL's ID of the diagram's own window (`run --diagram-window`): its pointer and window
    /// events are not the canvas's (its keys are: M, Space… work from either window).
    var diagramWindow: UInt32?
    /// Mouse buttons currently held (a stroke lasts while any is).
    private var buttons: Set<UInt8> = []
    private var penStroke: Int32?
    private var finger: (touch: SDL_TouchID, id: SDL_FingerID)?
    private var shiftKeys: Set<SDL_Keycode> = []
    /// Where the mouse last was (Ctrl+= and Ctrl+wheel zoom about it).
    private var mouse = Point(x: 0, y: 0)
    /// A pan in progress (the middle button, or the left one with Space held): where it was.
    private var panning: Point?
    /// Space is held: a left-button drag pans instead of drawing.
    private var spaceHeld = false

    /// The window a pointer or window event happened in (nil for the others: keys, text, a
    /// dropped file — opened whichever window it was dropped on —, quitting).
    static func pointerWindow(of e: SDL_Event) -> UInt32? {
        switch SDL_EventType(e.type) {
        case SDL_WINDOWEVENT: e.window.windowID
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP: e.button.windowID
        case SDL_MOUSEMOTION: e.motion.windowID
        case SDL_MOUSEWHEEL: e.wheel.windowID
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP: e.tfinger.windowID
        default: nil
        }
    }

    /// The diagram window's own events: closed, or to be drawn again; its pointer does nothing.
    static func translateDiagramWindow(_ e: SDL_Event) -> [HostEvent] {
        guard SDL_EventType(e.type) == SDL_WINDOWEVENT else { return [] }
        switch SDL_WindowEventID(UInt32(e.window.event)) {
        case SDL_WINDOWEVENT_CLOSE: return [.diagramWindow(.closed)]
        case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED, SDL_WINDOWEVENT_SHOWN:
            return [.diagramWindow(.exposed)]
        default: return []
        }
    }

    mutating func translate(_ e: inout SDL_Event) -> [HostEvent] {
        if let other = diagramWindow, Self.pointerWindow(of: e) == other { return Self.translateDiagramWindow(e) }
        if picker != .closed, let keys = translatePicker(&e) { return keys }
        switch SDL_EventType(e.type) {
        case SDL_QUIT:
            return [.quit]
        case SDL_WINDOWEVENT:
            let id = SDL_WindowEventID(UInt32(e.window.event))
            // With a second window open, SDL sends no SDL_QUIT when the first one closes.
            if id == SDL_WINDOWEVENT_CLOSE, diagramWindow != nil { return [.quit] }
            if id == SDL_WINDOWEVENT_EXPOSED { return [.exposed] }
            guard id == SDL_WINDOWEVENT_SIZE_CHANGED || id == SDL_WINDOWEVENT_RESIZED else { return [] }
            let v = windowViewport?() ?? Viewport(width: Int(e.window.data1), height: Int(e.window.data2))
            // Fingers later in this frame are placed in the new size.
            windowSize = (Double(v.width), Double(v.height))
            return [.resized(v)]
        case SDL_MOUSEBUTTONDOWN:
            guard e.button.which != Self.touchMouseID else { return [] }
            mouse = Point(x: Double(e.button.x), y: Double(e.button.y))
            // The middle button, or Space and the left one, pans the canvas (not a press).
            if buttons.isEmpty, panning == nil, e.button.button == UInt8(SDL_BUTTON_MIDDLE) || (spaceHeld && e.button.button == UInt8(SDL_BUTTON_LEFT)) {
                panning = mouse
                return []
            }
            guard var out = mouseMayDrive() else { return [] }
            let wasDown = !buttons.isEmpty
            buttons.insert(e.button.button)
            if !wasDown { out.append(pointer(.down, x: e.button.x, y: e.button.y)) }
            return out
        case SDL_MOUSEBUTTONUP:
            if let from = panning, buttons.isEmpty {
                panning = nil
                // The pan ends where the button was let go: a last motion the server merged
                // into the release (it does under load) still moves the canvas.
                let at = Point(x: Double(e.button.x), y: Double(e.button.y))
                mouse = at
                return at == from ? [] : [.input(.view(.pan(dx: at.x - from.x, dy: at.y - from.y)))]
            }
            guard e.button.which != Self.touchMouseID, buttons.remove(e.button.button) != nil else { return [] }
            return buttons.isEmpty ? [pointer(.up, x: e.button.x, y: e.button.y)] : []
        case SDL_MOUSEMOTION:
            guard e.motion.which != Self.touchMouseID else { return [] }
            let at = Point(x: Double(e.motion.x), y: Double(e.motion.y))
            mouse = at
            if let from = panning {
                panning = at
                return at == from ? [] : [.input(.view(.pan(dx: at.x - from.x, dy: at.y - from.y)))]
            }
            guard var out = mouseMayDrive() else { return [] }
            out.append(pointer(.move, x: e.motion.x, y: e.motion.y))
            return out
        case SDL_MOUSEWHEEL:
            // preciseY carries smooth (trackpad) scrolling as fractional notches.
            var dy = Double(e.wheel.preciseY)
            if e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue { dy = -dy }
            // Ctrl+wheel zooms about the pointer (a notch up: 10 % larger).
            if dy != 0, SDL_GetModState().rawValue & KMOD_CTRL.rawValue != 0 {
                return [.input(.view(.zoom(pow(KeyMap.wheelZoomStep, dy), about: mouse)))]
            }
            return dy == 0 ? [] : [.input(.wheel(dy))]
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            return translateFinger(e.tfinger, type: SDL_EventType(e.type))
        case SDL_DROPFILE:
            // SDL hands over the path's memory: it is copied, then freed.
            guard let file = e.drop.file else { return [] }
            defer { SDL_free(file) }
            return [.open(String(cString: file))]
        case SDL_KEYDOWN:
            var sym = e.key.keysym.sym
            let mod = e.key.keysym.mod
            if mod & UInt16(KMOD_CTRL.rawValue) != 0 {
                // Ctrl+- on a French keyboard (the 6 key): the key as its layout names it.
                let window = e.key.windowID
                sym = KeyboardLayout.controlKey(sym, scancode: e.key.keysym.scancode, shift: mod & UInt16(KMOD_SHIFT.rawValue) != 0,
                                                character: { numberRowCharacter($0, window) })
            }
            if sym == SDL_Keycode(SDLK_SPACE.rawValue) { spaceHeld = true }
            if sym == SDL_Keycode(SDLK_LSHIFT.rawValue) || sym == SDL_Keycode(SDLK_RSHIFT.rawValue) {
                let first = shiftKeys.isEmpty
                shiftKeys.insert(sym)
                return first ? [.input(.deepPress(true))] : []
            }
            if inPlayer, e.key.repeat == 0, let k = KeyMap.writingKey(sym: sym, modifiers: e.key.keysym.mod) { return [.writing(k)] }
            guard let action = KeyMap.action(sym: sym, modifiers: e.key.keysym.mod) else { return [] }
            switch action {
            case .command(let c): return [.input(.command(c))]
            case .export: return e.key.repeat == 0 ? [.export] : []
            case .checkpoint: return e.key.repeat == 0 ? [.checkpoint] : []
            case .quit: return [.quit]
            case .player(let k): return [.player(k)]
            case .zoom(let factor): return [.input(.view(.zoom(factor, about: mouse)))]
            case .view(let change): return [.input(.view(change))]
            case .fullscreen: return e.key.repeat == 0 ? [.fullscreen] : []
            }
        case SDL_TEXTINPUT:
            // Text typed outside a name or a caption: the commands of the characters typed.
            return Self.typedCommands[Self.text(of: e)].map { [$0] } ?? []
        case SDL_KEYUP:
            let sym = e.key.keysym.sym
            if sym == SDL_Keycode(SDLK_SPACE.rawValue) { spaceHeld = false }
            guard shiftKeys.remove(sym) != nil else { return [] }
            return shiftKeys.isEmpty ? [.input(.deepPress(false))] : []
        default:
            return []
        }
    }

    /// The commands of characters, whatever keys type them: "?" (and the full-width "？" of a
    /// Chinese or Japanese input method) the help, "[" / "]" the pressure a step down / up,
    /// "{" / "}" (Shift+[ / Shift+] in the US) the pen a size smaller / larger, "-" or "<" /
    /// "=", "+" or ">" the player slower / faster (the keypad's - and + type theirs), "0" its
    /// speed reset (Shift+0 in France; unshifted, the key resets it too, which is the same).
    static let typedCommands: [String: HostEvent] = [
        "?": .input(.command(.toggleHelp)), "？": .input(.command(.toggleHelp)),
        "[": .input(.command(.pressureDown)), "]": .input(.command(.pressureUp)),
        "{": .input(.command(.smallerTool)), "}": .input(.command(.largerTool)),
        "<": .player(.slower), ">": .player(.faster),
        "-": .player(.slower), "=": .player(.faster), "+": .player(.faster), "0": .player(.resetSpeed),
    ]

    /// The clipboard's text ("" when it holds none, or no video is up).
    static func clipboardText() -> String {
        guard SDL_HasClipboardText() == SDL_TRUE, let c = SDL_GetClipboardText() else { return "" }
        defer { SDL_free(c) }
        return String(cString: c)
    }

    /// The text of an `SDL_TEXTINPUT` event.
    static func text(of e: SDL_Event) -> String {
        withUnsafeBytes(of: e.text.text) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// While the picker is open, its keys (and while it names a document, the text typed);
    /// nil for what is not a key (the pointer still highlights and clicks rows).
    private mutating func translatePicker(_ e: inout SDL_Event) -> [HostEvent]? {
        switch SDL_EventType(e.type) {
        case SDL_KEYDOWN:
            let sym = e.key.keysym.sym
            if let k = KeyMap.pickerKey(sym: sym, modifiers: e.key.keysym.mod, naming: picker == .naming) {
                guard case .paste = k else { return [.picker(k)] }
                let pasted = Self.clipboardText()
                return pasted.isEmpty ? [] : [.picker(.paste(pasted))]
            }
            // Ctrl+Q still quits; every other key waits until the picker closes.
            return KeyMap.action(sym: sym, modifiers: e.key.keysym.mod) == .quit ? [.quit] : []
        case SDL_KEYUP:
            return []
        case SDL_TEXTINPUT:
            guard picker == .naming else { return [] }
            let text = Self.text(of: e)
            return text.isEmpty ? [] : [.picker(.text(text))]
        case SDL_TEXTEDITING:
            // An input method's composition, not handed over yet (empty when it is withdrawn).
            guard picker == .naming else { return [] }
            let text = withUnsafeBytes(of: e.edit.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return [.picker(.composing(text))]
        default:
            return nil
        }
    }

    /// Translates what the XI2 pen source read.
    mutating func translate(_ t: TabletEvent) -> [HostEvent] {
        switch t {
        case .notice(let text):
            return [.notice(text)]
        case .pan(let dx, let dy):
            return [.input(.view(.pan(dx: dx, dy: dy)))]
        case .barrel(let button, let down):
            return [.input(.button(PenButton(button: button, down: down)))]
        case .otherPointer:
            guard case .pen = driver, penStroke == nil else { return [] }
            driver = .mouse
            return [.input(.device(.emulatedMouse))]
        case .proximity(let id, let device, let source, let entering):
            // A tool coming near takes the pointer (its id and serial with it) unless another
            // device's stroke is live; either way the proximity is recorded.
            var out: [HostEvent] = []
            if entering, buttons.isEmpty, finger == nil, penStroke == nil {
                driver = .pen(id)
                out.append(.input(.device(device)))
            }
            out.append(.input(.proximity(source, entering: entering)))
            return out
        case .pen(let id, let device, let p):
            guard buttons.isEmpty, finger == nil, penStroke == nil || penStroke == id else { return [] }
            var out: [HostEvent] = []
            if driver != .pen(id) {
                driver = .pen(id)
                out.append(.input(.device(device)))
            }
            switch p.phase {
            case .down: penStroke = id
            case .up, .cancel: penStroke = nil
            case .move: break
            }
            out.append(.input(.pointer(p)))
            return out
        }
    }

    // MARK: Internals

    /// Whether an SDL mouse event may drive now, with the device switch to send first; nil
    /// when it is a pen's echo or another device's stroke is live.
    private mutating func mouseMayDrive() -> [HostEvent]? {
        guard penStroke == nil, finger == nil else { return nil }
        switch driver {
        case .mouse: return []
        case .pen: return nil
        case .touch:
            driver = .mouse
            return [.input(.device(.emulatedMouse))]
        }
    }

    private mutating func translateFinger(_ f: SDL_TouchFingerEvent, type: SDL_EventType) -> [HostEvent] {
        // SDL2 reports finger pressure as a constant 1.0 on X11, Wayland, Windows and macOS, so
        // the finger is force-less (rawForce nil): the core simulates pressure from speed.
        let location = Point(x: Double(f.x) * windowSize.width, y: Double(f.y) * windowSize.height)
        let sample = { (phase: PointerPhase) in HostEvent.input(.pointer(PointerInput(phase: phase, location: location, source: .finger))) }
        if type == SDL_FINGERDOWN {
            guard finger == nil, buttons.isEmpty, penStroke == nil else { return [] }
            let info = touchInfo(f.touchId)
            guard info.isDirect else { return [] }
            finger = (f.touchId, f.fingerId)
            var out: [HostEvent] = []
            if driver != .touch {
                driver = .touch
                out.append(.input(.device(InputDevice(name: info.name, kind: .touch, hasForce: false))))
            }
            return out + [sample(.down)]
        }
        guard let current = finger, current.touch == f.touchId, current.id == f.fingerId else { return [] }
        if type == SDL_FINGERUP {
            finger = nil
            return [sample(.up)]
        }
        return [sample(.move)]
    }

    private func pointer(_ phase: PointerPhase, x: Int32, y: Int32) -> HostEvent {
        .input(.pointer(PointerInput(phase: phase, location: Point(x: Double(x), y: Double(y)), source: .mouse)))
    }

    /// The name shown when SDL names no touch device.
    static let defaultTouchName = "Touch screen"

    /// SDL's name and type of a touch device. Only SDL's indirect types (touchpads) are not
    /// direct; an unknown device counts as a touch screen.
    static func sdlTouchInfo(_ id: SDL_TouchID) -> TouchInfo {
        let type = SDL_GetTouchDeviceType(id)
        let direct = type != SDL_TOUCH_DEVICE_INDIRECT_ABSOLUTE && type != SDL_TOUCH_DEVICE_INDIRECT_RELATIVE
        for i in 0..<SDL_GetNumTouchDevices() where SDL_GetTouchDevice(i) == id {
            if let name = SDL_GetTouchName(i).map({ String(cString: $0) }), !name.isEmpty {
                return TouchInfo(name: name, isDirect: direct)
            }
        }
        return TouchInfo(name: defaultTouchName, isDirect: direct)
    }
}
