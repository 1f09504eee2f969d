import CSDL2
import CXInput2

/// What the keyboard layout puts on a key, where SDL does not say. SDL names the number row's
/// keys by their digits on every layout, so that Ctrl+1 is Ctrl+1 everywhere; but on a French
/// keyboard "-" is typed by the 6 key, and Ctrl+- reached the window as Ctrl+6.
enum KeyboardLayout {
    /// Whether `scancode` is a key of the number row (1 … 9, 0).
    static func isNumberRow(_ scancode: SDL_Scancode) -> Bool {
        scancode.rawValue >= SDL_SCANCODE_1.rawValue && scancode.rawValue <= SDL_SCANCODE_0.rawValue
    }

    /// The character the number-row key of `digit` (SDLK_0 … SDLK_9) types without Shift, in
    /// the keyboard's current group, from the X server's keymap of the window `windowID`; nil
    /// where the window is not an X11 one or the key types no Latin-1 character.
    static func unshiftedCharacter(ofDigitKey digit: SDL_Keycode, window windowID: UInt32) -> Character? {
        let zero = SDL_Keycode(SDLK_0.rawValue)
        guard digit >= zero, digit <= zero + 9, let window = SDL_GetWindowFromID(windowID) else { return nil }
        var info = SDL_SysWMinfo()
        SDL_GetVersion(&info.version)
        guard SDL_GetWindowWMInfo(window, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11,
              let display = info.info.x11.display else { return nil }
        // The key that types the digit (with Shift on a French keyboard): X's digit keysyms
        // are the digits' code points, as SDL's keycodes are.
        let key = XKeysymToKeycode(display, KeySym(digit))
        guard key != 0 else { return nil }
        var state = XkbStateRec()
        let group = XkbGetState(display, UInt32(XkbUseCoreKbd), &state) == Success ? Int32(state.group) : 0
        let symbol = XkbKeycodeToKeysym(display, key, group, 0)
        // Latin-1 keysyms are their characters' code points.
        guard (0x20...0x7E).contains(symbol) || (0xA0...0xFF).contains(symbol),
              let scalar = Unicode.Scalar(UInt32(symbol)) else { return nil }
        return Character(scalar)
    }

    /// The key Ctrl+`sym` means on this keyboard: a number-row key that types "-", "=" or "+"
    /// without Shift is that key (Ctrl+- zooms out on a French keyboard, as in its browsers);
    /// every other key is itself. `character` is `unshiftedCharacter(ofDigitKey:window:)`.
    static func controlKey(_ sym: SDL_Keycode, scancode: SDL_Scancode, shift: Bool,
                           character: (SDL_Keycode) -> Character?) -> SDL_Keycode {
        guard !shift, isNumberRow(scancode) else { return sym }
        switch character(sym) {
        case "-": return SDL_Keycode(SDLK_MINUS.rawValue)
        case "=": return SDL_Keycode(SDLK_EQUALS.rawValue)
        case "+": return SDL_Keycode(SDLK_PLUS.rawValue)
        default: return sym
        }
    }
}
