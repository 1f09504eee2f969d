import CSDL2
import ForceCore

/// What the window loop must do for one SDL event.
enum HostEvent: Equatable {
    case input(InputEvent)
    case export
    case quit
    case resized
}

/// Translates SDL events into core input. The only place that reads SDL event structs.
struct EventTranslator {
    /// SDL_TOUCH_MOUSEID ((Uint32)-1): mouse events SDL synthesises from touches.
    static let touchMouseID = UInt32.max
    /// Mouse buttons currently held (a stroke lasts while any is).
    private var buttons: Set<UInt8> = []
    private var shiftKeys: Set<SDL_Keycode> = []

    mutating func translate(_ e: inout SDL_Event) -> [HostEvent] {
        switch SDL_EventType(e.type) {
        case SDL_QUIT:
            return [.quit]
        case SDL_WINDOWEVENT:
            let id = SDL_WindowEventID(UInt32(e.window.event))
            return id == SDL_WINDOWEVENT_SIZE_CHANGED || id == SDL_WINDOWEVENT_RESIZED ? [.resized] : []
        case SDL_MOUSEBUTTONDOWN:
            guard e.button.which != Self.touchMouseID else { return [] }
            let wasDown = !buttons.isEmpty
            buttons.insert(e.button.button)
            return wasDown ? [] : [pointer(.down, x: e.button.x, y: e.button.y)]
        case SDL_MOUSEBUTTONUP:
            guard e.button.which != Self.touchMouseID, buttons.remove(e.button.button) != nil else { return [] }
            return buttons.isEmpty ? [pointer(.up, x: e.button.x, y: e.button.y)] : []
        case SDL_MOUSEMOTION:
            guard e.motion.which != Self.touchMouseID else { return [] }
            return [pointer(.move, x: e.motion.x, y: e.motion.y)]
        case SDL_MOUSEWHEEL:
            // preciseY carries smooth (trackpad) scrolling as fractional notches.
            var dy = Double(e.wheel.preciseY)
            if e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue { dy = -dy }
            return dy == 0 ? [] : [.input(.wheel(dy))]
        case SDL_KEYDOWN:
            let sym = e.key.keysym.sym
            if sym == SDL_Keycode(SDLK_LSHIFT.rawValue) || sym == SDL_Keycode(SDLK_RSHIFT.rawValue) {
                let first = shiftKeys.isEmpty
                shiftKeys.insert(sym)
                return first ? [.input(.deepPress(true))] : []
            }
            guard let action = KeyMap.action(sym: sym, modifiers: e.key.keysym.mod) else { return [] }
            switch action {
            case .command(let c): return [.input(.command(c))]
            case .export: return e.key.repeat == 0 ? [.export] : []
            case .quit: return [.quit]
            }
        case SDL_KEYUP:
            let sym = e.key.keysym.sym
            guard shiftKeys.remove(sym) != nil else { return [] }
            return shiftKeys.isEmpty ? [.input(.deepPress(false))] : []
        default:
            return []
        }
    }

    private func pointer(_ phase: PointerPhase, x: Int32, y: Int32) -> HostEvent {
        .input(.pointer(PointerInput(phase: phase, location: Point(x: Double(x), y: Double(y)), source: .mouse)))
    }
}
