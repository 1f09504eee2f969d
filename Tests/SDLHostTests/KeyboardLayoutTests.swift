import ForceCore
import Foundation
import TestSupport
import XCTest

/// The window with the keyboards of other machines.
final class KeyboardLayoutTests: XCTestCase {
    /// A French and a German keyboard (`setxkbmap`): "?" (Shift+, and Shift+ß) opens the help,
    /// "[" and "]" (AltGr+5 / AltGr+° and AltGr+8 / AltGr+9) step the pressure, "}" (AltGr+=
    /// and AltGr+0) makes the pen larger; the recording says each was done once.
    func testKeysByTheirCharactersOnFrenchAndGermanKeyboards() throws {
        try withLayouts(["fr", "de"]) { _ in
            ["question", "bracketleft", "bracketleft", "bracketright", "braceright", "question", "ctrl+q"]
        } check: { layout, session in
            XCTAssertEqual(session.commands, [.toggleHelp, .pressureDown, .pressureDown, .pressureUp, .largerTool, .toggleHelp], layout)
        }
    }

    /// Ctrl+- zooms out and Ctrl+= in on a French keyboard too, where "-" is on the 6 key (SDL
    /// names the number row by its digits: it was Ctrl+6, and did nothing); Ctrl and the 0 key
    /// still fit the drawing. Ctrl+6 (with Shift on the 6 key in France) does nothing on either.
    func testCtrlMinusZoomsOutOnAFrenchKeyboard() throws {
        try withLayouts(["fr", "us"]) { layout in
            // xdotool types each key where the layout has it: "minus" is the 6 key in France,
            // and the 0 key types "à" there ("0" with Shift).
            ["ctrl+minus", "ctrl+equal", layout == "fr" ? "ctrl+agrave" : "ctrl+0", "ctrl+6", "question", "ctrl+q"]
        } check: { layout, session in
            let views = session.events.compactMap { e -> String? in
                guard case .view(let change) = e.event else { return nil }
                switch change {
                case .zoom(let factor, _): return factor < 1 ? "out" : "in"
                case .fit: return "fit"
                case .actualSize: return "100%"
                case .pan: return "pan"
                case .page: return "page"
                }
            }
            XCTAssertEqual(views, ["out", "in", "fit"], layout)
            XCTAssertEqual(session.commands, [.toggleHelp], "the keys before reached the window: \(layout)")
        }
    }

    /// For each of `layouts`, on a display of its own set to it (and checked to be it): a
    /// window recording while xdotool presses `keys(layout)`; `check` gets the recording.
    func withLayouts(_ layouts: [String], keys: (String) -> [String], check: (String, Session) -> Void) throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let display = try PrivateDisplay(width: 1280, height: 800, windowManager: [])
        defer { display.stop() }
        for layout in layouts {
            let layoutSet = try Binary.run("/usr/bin/env", ["DISPLAY=\(display.name)", "setxkbmap", layout])
            XCTAssertEqual(layoutSet.status, 0, "setxkbmap \(layout) (./run.sh test installs x11-xkb-utils): \(layoutSet.stderr)")
            // A layout set on a server that then reset would be the US one again, and a test of
            // another keyboard would test the US one.
            let query = try Binary.run("/usr/bin/env", ["DISPLAY=\(display.name)", "setxkbmap", "-query"])
            XCTAssertTrue(query.stdout.split(separator: "\n").contains { $0.hasPrefix("layout:") && $0.hasSuffix(" \(layout)") },
                          "the keyboard is \(layout): \(query.stdout)")
            let env = display.environment(state: dir + "/state-" + layout)
            let recording = "\(dir)/\(layout).jsonl"
            let (p, window) = try display.launch(["--fresh", "--size", "800x600", "--record", recording], environment: env)
            check(layout, try display.press(keys(layout), in: window, of: p, pause: 0.15, recording: recording))
        }
    }
}
