import CSDL2
import ForceCore
@testable import SDLHost
import XCTest

/// The keys that move the canvas's view: Page Down and Page Up a page on or back (recorded as
/// `view` events like Ctrl+0 and Ctrl+1), unmodified; Ctrl+Page Down is not a view key.
final class KeyMapTests: XCTestCase {
    func testPageKeysMoveTheViewAPage() {
        func action(_ k: SDL_KeyCode, _ modifiers: SDL_Keymod = KMOD_NONE) -> KeyAction? {
            KeyMap.action(sym: SDL_Keycode(k.rawValue), modifiers: UInt16(modifiers.rawValue))
        }
        XCTAssertEqual(action(SDLK_PAGEDOWN), .view(.page(1)))
        XCTAssertEqual(action(SDLK_PAGEUP), .view(.page(-1)))
        XCTAssertEqual(action(SDLK_PAGEDOWN, KMOD_LSHIFT), .view(.page(1)), "Shift (a deep press while held) pages too")
        XCTAssertNil(action(SDLK_PAGEDOWN, KMOD_LCTRL))
        XCTAssertEqual(action(SDLK_0, KMOD_LCTRL), .view(.fit))
    }
}
