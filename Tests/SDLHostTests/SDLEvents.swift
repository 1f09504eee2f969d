import CSDL2

/// SDL events as the window's event loop receives them, for the translator's tests.
enum SDLEvents {
    /// A key pressed, with `mod` held.
    static func keyDown(_ k: SDL_KeyCode, _ mod: SDL_Keymod = KMOD_NONE, scancode: SDL_Scancode = SDL_SCANCODE_UNKNOWN) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_KEYDOWN.rawValue
        e.key.keysym.sym = SDL_Keycode(k.rawValue)
        e.key.keysym.mod = UInt16(mod.rawValue)
        e.key.keysym.scancode = scancode
        return e
    }

    /// `text` typed (`SDL_TEXTINPUT`).
    static func typed(_ text: String) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_TEXTINPUT.rawValue
        withUnsafeMutableBytes(of: &e.text.text) { raw in
            for (i, b) in Array(text.utf8).enumerated() { raw[i] = b }
        }
        return e
    }
}
