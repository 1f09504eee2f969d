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
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let display = try PrivateDisplay(width: 1280, height: 800, windowManager: [])
        defer { display.stop() }
        for layout in ["fr", "de"] {
            let layoutSet = try Binary.run("/usr/bin/env", ["DISPLAY=\(display.name)", "setxkbmap", layout])
            XCTAssertEqual(layoutSet.status, 0, "setxkbmap \(layout) (./run.sh test installs x11-xkb-utils): \(layoutSet.stderr)")
            let env = display.environment(state: dir + "/state-" + layout)
            let recording = "\(dir)/\(layout).jsonl"
            let (p, window) = try display.launch(["--fresh", "--size", "800x600", "--record", recording], environment: env)
            let session = try display.press(["question", "bracketleft", "bracketleft", "bracketright", "braceright", "question", "ctrl+q"],
                                            in: window, of: p, pause: 0.15, recording: recording)
            XCTAssertEqual(session.commands, [.toggleHelp, .pressureDown, .pressureDown, .pressureUp, .largerTool, .toggleHelp], layout)
        }
    }
}
