import CSDL2
import ForceCore
@testable import SDLHost
import XCTest

/// Which device draws: the pen's mouse echo, the mouse taking over, touch.
final class EventTranslatorTests: XCTestCase {
    static let pen = Tablets.wacom.inputDevice

    func mouse(_ type: SDL_EventType, x: Int32, y: Int32, which: UInt32 = 0) -> SDL_Event {
        var e = SDL_Event()
        if type == SDL_MOUSEMOTION {
            e.motion.which = which
            e.motion.x = x
            e.motion.y = y
        } else {
            e.button.which = which
            e.button.button = UInt8(SDL_BUTTON_LEFT)
            e.button.x = x
            e.button.y = y
        }
        e.type = type.rawValue
        return e
    }

    func finger(_ type: SDL_EventType, id: SDL_FingerID, x: Float, y: Float) -> SDL_Event {
        var e = SDL_Event()
        e.tfinger.touchId = 7
        e.tfinger.fingerId = id
        e.tfinger.x = x
        e.tfinger.y = y
        e.tfinger.pressure = 1  // what SDL2 reports on X11, whatever the finger does
        e.type = type.rawValue
        return e
    }

    func pen(_ phase: PointerPhase, _ x: Double, force: Double = 30000) -> TabletEvent {
        .pen(deviceID: 12, device: Self.pen,
             PointerInput(phase: phase, location: Point(x: x, y: 10), source: .pen, rawForce: force, maximumForce: 65535))
    }

    func run(_ t: inout EventTranslator, _ script: [Either]) -> [InputEvent] {
        var out: [HostEvent] = []
        for step in script {
            switch step {
            case .sdl(var e): out += t.translate(&e)
            case .tablet(let te): out += t.translate(te)
            }
        }
        return out.compactMap { if case .input(let i) = $0 { return i } else { return nil } }
    }

    enum Either {
        case sdl(SDL_Event)
        case tablet(TabletEvent)
    }

    func kinds(_ events: [InputEvent]) -> [String] {
        events.map {
            switch $0 {
            case .pointer(let p): return "\(p.source.rawValue) \(p.phase.rawValue)"
            case .device(let d): return "device \(d.kind.rawValue)"
            default: return "other"
            }
        }
    }

    /// A file dropped on the window opens as a new document (SDL's copy of the path is freed).
    func testADroppedFileIsOpened() {
        var t = EventTranslator()
        var e = SDL_Event()
        e.type = SDL_DROPFILE.rawValue
        e.drop.file = SDL_strdup("/tmp/a drawing.jsonl")
        XCTAssertEqual(t.translate(&e), [.open("/tmp/a drawing.jsonl")])
        var empty = SDL_Event()
        empty.type = SDL_DROPFILE.rawValue
        XCTAssertEqual(t.translate(&empty), [])
    }

    /// `run --diagram-window`: the diagram's window takes no pointer input and its size is not
    /// the canvas's; closing it hides it; closing the main window quits (SDL sends no SDL_QUIT
    /// while another window is open). Keys work from either window.
    func testTheDiagramWindowsEventsAreNotTheCanvas() {
        var t = EventTranslator()
        t.diagramWindow = 2
        var press = mouse(SDL_MOUSEBUTTONDOWN, x: 10, y: 10)
        press.button.windowID = 2
        var wheel = SDL_Event()
        wheel.type = SDL_MOUSEWHEEL.rawValue
        wheel.wheel.windowID = 2
        wheel.wheel.preciseY = 1
        XCTAssertEqual(t.translate(&press), [])
        XCTAssertEqual(t.translate(&wheel), [], "no pressure from the diagram's window")
        func window(_ id: UInt32, _ event: SDL_WindowEventID, _ w: Int32 = 0, _ h: Int32 = 0) -> SDL_Event {
            var e = SDL_Event()
            e.type = SDL_WINDOWEVENT.rawValue
            e.window.windowID = id
            e.window.event = UInt8(event.rawValue)
            e.window.data1 = w
            e.window.data2 = h
            return e
        }
        var resized = window(2, SDL_WINDOWEVENT_SIZE_CHANGED, 900, 700)
        XCTAssertEqual(t.translate(&resized), [.diagramWindow(.exposed)], "drawn again, the canvas keeps its size")
        var exposed = window(2, SDL_WINDOWEVENT_EXPOSED)
        XCTAssertEqual(t.translate(&exposed), [.diagramWindow(.exposed)])
        var closed = window(2, SDL_WINDOWEVENT_CLOSE)
        XCTAssertEqual(t.translate(&closed), [.diagramWindow(.closed)])
        var mainClosed = window(1, SDL_WINDOWEVENT_CLOSE)
        XCTAssertEqual(t.translate(&mainClosed), [.quit])
        var mainExposed = window(1, SDL_WINDOWEVENT_EXPOSED)
        XCTAssertEqual(t.translate(&mainExposed), [.exposed], "the canvas's window shown whole again")
        var mainResized = window(1, SDL_WINDOWEVENT_SIZE_CHANGED, 800, 600)
        XCTAssertEqual(t.translate(&mainResized), [.resized(Viewport(width: 800, height: 600))])
        var mainPress = mouse(SDL_MOUSEBUTTONDOWN, x: 10, y: 10)
        mainPress.button.windowID = 1
        XCTAssertEqual(kinds(run(&t, [.sdl(mainPress)])), ["mouse down"])
        // Without a diagram window, closing the window is SDL_QUIT's (sent after it).
        var alone = EventTranslator()
        XCTAssertEqual(alone.translate(&mainClosed), [])
    }

    func testTheMouseDrawsAsBefore() {
        var t = EventTranslator()
        let events = run(&t, [.sdl(mouse(SDL_MOUSEBUTTONDOWN, x: 1, y: 1)), .sdl(mouse(SDL_MOUSEMOTION, x: 5, y: 1)),
                              .sdl(mouse(SDL_MOUSEBUTTONUP, x: 5, y: 1))])
        XCTAssertEqual(kinds(events), ["mouse down", "mouse move", "mouse up"])
    }

    /// A middle-button pan moves the canvas by every motion, and ends where the button is let
    /// go: a last motion merged into the release (the X server does so under load) still
    /// counts. `ViewWindowTests` lost half its pan so.
    func testAPanEndsWhereTheButtonIsLetGo() {
        func middle(_ type: SDL_EventType, x: Int32, y: Int32) -> SDL_Event {
            var e = mouse(type, x: x, y: y)
            if type != SDL_MOUSEMOTION { e.button.button = UInt8(SDL_BUTTON_MIDDLE) }
            return e
        }
        func pans(_ events: [InputEvent]) -> [[Double]] {
            events.compactMap { if case .view(.pan(let dx, let dy)) = $0 { return [dx, dy] } else { return nil } }
        }
        var t = EventTranslator()
        let moved = run(&t, [.sdl(middle(SDL_MOUSEBUTTONDOWN, x: 400, y: 400)), .sdl(middle(SDL_MOUSEMOTION, x: 425, y: 410)),
                             .sdl(middle(SDL_MOUSEMOTION, x: 450, y: 420)), .sdl(middle(SDL_MOUSEBUTTONUP, x: 450, y: 420))])
        XCTAssertEqual(pans(moved), [[25, 10], [25, 10]], "no pan of nothing at the release")
        XCTAssertEqual(moved.count, 2, "a pan is not a press")
        let merged = run(&t, [.sdl(middle(SDL_MOUSEBUTTONDOWN, x: 400, y: 400)), .sdl(middle(SDL_MOUSEMOTION, x: 425, y: 410)),
                              .sdl(middle(SDL_MOUSEBUTTONUP, x: 450, y: 420))])
        XCTAssertEqual(pans(merged), [[25, 10], [25, 10]])
        XCTAssertEqual(kinds(run(&t, [.sdl(mouse(SDL_MOUSEBUTTONDOWN, x: 1, y: 1)), .sdl(mouse(SDL_MOUSEBUTTONUP, x: 1, y: 1))])),
                       ["mouse down", "mouse up"], "the left button draws again after it")
    }

    func testAPenStrokeIsDrawnOnceNotAgainByItsMouseEcho() {
        var t = EventTranslator()
        // X order: the pen's own XI2 event, then the master pointer's core event SDL reads.
        let events = run(&t, [
            .tablet(pen(.move, 10)), .sdl(mouse(SDL_MOUSEMOTION, x: 10, y: 10)),
            .tablet(pen(.down, 10)), .sdl(mouse(SDL_MOUSEBUTTONDOWN, x: 10, y: 10)),
            .tablet(pen(.move, 20)), .sdl(mouse(SDL_MOUSEMOTION, x: 20, y: 10)),
            .tablet(pen(.up, 20)), .sdl(mouse(SDL_MOUSEBUTTONUP, x: 20, y: 10)),
            .sdl(mouse(SDL_MOUSEMOTION, x: 25, y: 10)),  // still the pen, hovering
        ])
        XCTAssertEqual(kinds(events), ["device pen", "pen move", "pen down", "pen move", "pen up"])
        XCTAssertEqual(events.first, .device(Self.pen))
        XCTAssertEqual(t.driver, .pen(12))
    }

    func testTheMouseTakesOverAfterThePenAndStillDraws() {
        var t = EventTranslator()
        let events = run(&t, [
            .tablet(pen(.down, 10)), .tablet(pen(.up, 12)),
            .tablet(.otherPointer),
            .sdl(mouse(SDL_MOUSEBUTTONDOWN, x: 30, y: 30)), .sdl(mouse(SDL_MOUSEMOTION, x: 40, y: 30)),
            .sdl(mouse(SDL_MOUSEBUTTONUP, x: 40, y: 30)),
        ])
        XCTAssertEqual(kinds(events), ["device pen", "pen down", "pen up", "device mouse", "mouse down", "mouse move", "mouse up"])
        XCTAssertTrue(events.contains(.device(.emulatedMouse)))
        XCTAssertEqual(t.driver, .mouse)
    }

    func testAnotherPointerMidPenStrokeDoesNotTakeOver() {
        var t = EventTranslator()
        let events = run(&t, [.tablet(pen(.down, 10)), .tablet(.otherPointer), .sdl(mouse(SDL_MOUSEBUTTONDOWN, x: 1, y: 1)),
                              .tablet(pen(.move, 11)), .tablet(pen(.up, 12))])
        XCTAssertEqual(kinds(events), ["device pen", "pen down", "pen move", "pen up"])
    }

    func testAPenIsIgnoredWhileAMouseButtonIsHeld() {
        var t = EventTranslator()
        let events = run(&t, [.sdl(mouse(SDL_MOUSEBUTTONDOWN, x: 1, y: 1)), .tablet(pen(.down, 10)),
                              .sdl(mouse(SDL_MOUSEBUTTONUP, x: 2, y: 1)), .tablet(pen(.move, 11))])
        XCTAssertEqual(kinds(events), ["mouse down", "mouse up", "device pen", "pen move"])
    }

    func testTheFirstFingerDrawsWithoutForceAtItsWindowLocation() throws {
        var t = EventTranslator()
        t.windowSize = (800, 600)
        t.touchInfo = { _ in .init(name: "ELAN Touchscreen", isDirect: true) }
        let events = run(&t, [
            .sdl(finger(SDL_FINGERDOWN, id: 1, x: 0.5, y: 0.25)),
            .sdl(finger(SDL_FINGERDOWN, id: 2, x: 0.1, y: 0.1)),       // a second finger: ignored
            .sdl(mouse(SDL_MOUSEBUTTONDOWN, x: 400, y: 150, which: EventTranslator.touchMouseID)),  // SDL's synthesis
            .sdl(finger(SDL_FINGERMOTION, id: 2, x: 0.2, y: 0.1)),
            .sdl(finger(SDL_FINGERMOTION, id: 1, x: 0.75, y: 0.25)),
            .sdl(finger(SDL_FINGERUP, id: 1, x: 0.75, y: 0.5)),
        ])
        XCTAssertEqual(kinds(events), ["device touch", "finger down", "finger move", "finger up"])
        XCTAssertEqual(events.first, .device(InputDevice(name: "ELAN Touchscreen", kind: .touch, hasForce: false)))
        guard case .pointer(let down) = events[1], case .pointer(let up) = events[3] else { return XCTFail() }
        XCTAssertEqual(down.location, Point(x: 400, y: 150))
        XCTAssertEqual(up.location, Point(x: 600, y: 300))
        XCTAssertNil(down.rawForce, "SDL's constant 1.0 is no force: the core simulates it")
    }

    func testTouchpadFingersDoNotDraw() {
        var t = EventTranslator()
        t.windowSize = (800, 600)
        t.touchInfo = { _ in .init(name: "Touchpad", isDirect: false) }
        XCTAssertEqual(run(&t, [.sdl(finger(SDL_FINGERDOWN, id: 1, x: 0.5, y: 0.5))]), [])
    }

    func testTheMouseTakesOverAfterTouch() {
        var t = EventTranslator()
        t.windowSize = (800, 600)
        t.touchInfo = { _ in .init(name: "Touch screen", isDirect: true) }
        let events = run(&t, [
            .sdl(finger(SDL_FINGERDOWN, id: 1, x: 0.5, y: 0.5)),
            .sdl(mouse(SDL_MOUSEMOTION, x: 3, y: 3)),  // a real mouse mid-touch: ignored
            .sdl(finger(SDL_FINGERUP, id: 1, x: 0.5, y: 0.5)),
            .sdl(mouse(SDL_MOUSEMOTION, x: 4, y: 4)),
        ])
        XCTAssertEqual(kinds(events), ["device touch", "finger down", "finger up", "device mouse", "mouse move"])
    }

    func testNoticesPassThrough() {
        var t = EventTranslator()
        XCTAssertEqual(t.translate(.notice("x")), [.notice("x")])
    }

    /// "?", "[", "]", "{", "}", "<", ">", "-", "=", "+" and "0" are commands by the character
    /// typed, not by the key: SDL names a key by what it types unmodified (and the number row's
    /// keys by their digits), so "?" on a French keyboard (Shift+,) or "[" on a German one
    /// (AltGr+8) never matched a key, and "=" on a German one (Shift+0) reset the player's speed. A key that types one of them does nothing itself, so
    /// Shift+/ on a US keyboard opens the help once, by its text.
    func testCharactersTypedAreCommandsWhateverKeyTypesThem() {
        var t = EventTranslator()
        for (text, command) in [("?", Command.toggleHelp), ("？", .toggleHelp), ("[", .pressureDown), ("]", .pressureUp),
                                ("{", .smallerTool), ("}", .largerTool)] {
            var e = SDLEvents.typed(text)
            XCTAssertEqual(t.translate(&e), [.input(.command(command))], text)
        }
        for (text, key) in [("<", PlayerKey.slower), (">", .faster), ("-", .slower), ("=", .faster), ("+", .faster), ("0", .resetSpeed)] {
            var e = SDLEvents.typed(text)
            XCTAssertEqual(t.translate(&e), [.player(key)], text)
        }
        for text in ["a", "/", "ß", "??"] {
            var e = SDLEvents.typed(text)
            XCTAssertEqual(t.translate(&e), [], "“\(text)” is no command")
        }
        for (key, mod) in [(SDLK_SLASH, KMOD_LSHIFT), (SDLK_LEFTBRACKET, KMOD_NONE), (SDLK_RIGHTBRACKET, KMOD_LSHIFT),
                           (SDLK_COMMA, KMOD_LSHIFT), (SDLK_PERIOD, KMOD_LSHIFT), (SDLK_LESS, KMOD_NONE), (SDLK_8, KMOD_MODE),
                           (SDLK_MINUS, KMOD_NONE), (SDLK_EQUALS, KMOD_NONE), (SDLK_PLUS, KMOD_NONE), (SDLK_KP_MINUS, KMOD_NONE),
                           (SDLK_0, KMOD_LSHIFT)] {
            var e = SDLEvents.keyDown(key, mod)
            XCTAssertEqual(t.translate(&e), [], "the key \(key) does nothing itself: its text does")
        }
        var f1 = SDLEvents.keyDown(SDLK_F1)
        XCTAssertEqual(t.translate(&f1), [.input(.command(.toggleHelp))])
        // While a name is typed, the characters are the name's, and the keys a field's.
        t.picker = .naming
        var e = SDLEvents.typed("?")
        XCTAssertEqual(t.translate(&e), [.picker(.text("?"))])
        for (key, mod, field) in [(SDLK_BACKSPACE, KMOD_NONE, PickerKey.backspace), (SDLK_BACKSPACE, KMOD_LCTRL, .deleteWord),
                                  (SDLK_a, KMOD_LCTRL, .selectAll)] {
            var k = SDLEvents.keyDown(key, mod)
            XCTAssertEqual(t.translate(&k), [.picker(field)])
        }
        XCTAssertEqual(KeyMap.pickerKey(sym: SDL_Keycode(SDLK_v.rawValue), modifiers: UInt16(KMOD_LCTRL.rawValue), naming: true), .paste(""))
        XCTAssertEqual(KeyMap.pickerKey(sym: SDL_Keycode(SDLK_INSERT.rawValue), modifiers: UInt16(KMOD_LSHIFT.rawValue), naming: true), .paste(""))
        XCTAssertNil(KeyMap.pickerKey(sym: SDL_Keycode(SDLK_a.rawValue), modifiers: UInt16(KMOD_LCTRL.rawValue), naming: false))
    }

    /// With Ctrl, a number-row key is what its layout types on it without Shift when that is
    /// "-", "=" or "+" (SDL names the row by its digits): on a French keyboard the 6 key types
    /// "-", and Ctrl+6 zooms out; Ctrl+Shift+6 and the other digits stay digits (Ctrl+0 fits).
    func testCtrlAndANumberRowKeyAreWhatItsLayoutTypes() {
        var t = EventTranslator()
        // A French keyboard's number row: & é " ' ( - è _ ç à.
        let french: [SDL_Keycode: Character] = [SDL_Keycode(SDLK_6.rawValue): "-", SDL_Keycode(SDLK_0.rawValue): "à",
                                                SDL_Keycode(SDLK_1.rawValue): "&"]
        t.numberRowCharacter = { digit, _ in french[digit] }
        func keys(_ k: SDL_KeyCode, _ mod: SDL_Keymod, _ scancode: SDL_Scancode) -> [HostEvent] {
            var e = SDLEvents.keyDown(k, mod, scancode: scancode)
            return t.translate(&e)
        }
        XCTAssertEqual(keys(SDLK_6, KMOD_LCTRL, SDL_SCANCODE_6), [.input(.view(.zoom(1 / KeyMap.zoomStep, about: .zero)))])
        XCTAssertEqual(keys(SDLK_6, KMOD_NONE, SDL_SCANCODE_6), [], "without Ctrl the key is its text's")
        XCTAssertEqual(keys(SDLK_6, SDL_Keymod(KMOD_LCTRL.rawValue | KMOD_LSHIFT.rawValue), SDL_SCANCODE_6), [], "with Shift it types 6")
        XCTAssertEqual(keys(SDLK_0, KMOD_LCTRL, SDL_SCANCODE_0), [.input(.view(.fit))], "Ctrl and the 0 key fit the drawing")
        XCTAssertEqual(keys(SDLK_1, KMOD_LCTRL, SDL_SCANCODE_1), [.input(.view(.actualSize))])
        // A key named 6 off the number row (none is, on any layout SDL knows) is not looked up.
        XCTAssertEqual(keys(SDLK_6, KMOD_LCTRL, SDL_SCANCODE_KP_6), [])
        // A layout with "+" and "=" on the row (Czech: + on the 1 key).
        t.numberRowCharacter = { digit, _ in digit == SDL_Keycode(SDLK_1.rawValue) ? "+" : (digit == SDL_Keycode(SDLK_2.rawValue) ? "=" : nil) }
        XCTAssertEqual(keys(SDLK_1, KMOD_LCTRL, SDL_SCANCODE_1), [.input(.view(.zoom(KeyMap.zoomStep, about: .zero)))])
        XCTAssertEqual(keys(SDLK_2, KMOD_LCTRL, SDL_SCANCODE_2), [.input(.view(.zoom(KeyMap.zoomStep, about: .zero)))])
    }
}
