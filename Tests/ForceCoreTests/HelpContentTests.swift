import XCTest
@testable import ForceCore

/// Issue 9, items 3 and 7: the help lists every gesture, the current scene's first.
final class HelpContentTests: XCTestCase {
    /// The help of `scene`: its own keys (`Scene.help`), then the common ones.
    private func sections(_ scene: SceneKind, inPlayer: Bool = false) -> [HelpSection] {
        let own = AppState(viewport: Viewport(width: 800, height: 600)).scenes.scene(scene).help
        return HelpContent.sections(own: own, inPlayer: inPlayer)
    }

    private func keys(_ scene: SceneKind) -> [String] {
        sections(scene).flatMap { $0.entries.map(\.key) }
    }

    func testTheCurrentScenesKeysComeFirstThenTheCommonOnes() {
        for scene in SceneKind.builtIn {
            let sections = sections(scene)
            XCTAssertEqual(sections.count, 2)
            XCTAssertTrue(sections[0].title.hasPrefix(scene.title), "\(scene): \(sections[0].title)")
            XCTAssertEqual(sections[1].title, "Everywhere")
        }
        XCTAssertFalse(keys(.messages).contains("D"), "the canvas's keys are not in Messages' help")
        XCTAssertTrue(keys(.canvas).contains("D"))
    }

    /// The help says the thresholds and the wheel's step in use: a teacher who sets peek to
    /// 0.30 (a session's header, a settings file) reads 0.30 in the help, not the standard 0.20.
    func testTheHelpSaysTheThresholdsInUse() throws {
        let custom = try ForceThresholds(peek: 0.3, pop: 0.8, hysteresis: 0.05)
        let state = AppState(viewport: Viewport(width: 800, height: 600), thresholds: custom)
        func meaning(_ scene: SceneKind, _ key: String) -> String? {
            state.scenes.scene(scene).help.entries.first { $0.key == key }?.meaning
        }
        XCTAssertEqual(meaning(.messages, "Press a row, then wheel up"),
                       "the inner ring fills: peek at 0.30; the outer ring: pop at 0.80, while still pressing")
        XCTAssertEqual(meaning(.home, "Press an icon, then wheel up"), "the ring fills; at 0.30 the quick-action menu opens")
        let standard = AppState(viewport: Viewport(width: 800, height: 600))
        XCTAssertEqual(standard.scenes.scene(.messages).help, MessagesScene.help)
        XCTAssertEqual(MessagesScene.help.entries.first?.meaning,
                       "the inner ring fills: peek at 0.20; the outer ring: pop at 0.75, while still pressing")
        XCTAssertEqual(HomeScene.help.entries.first?.meaning, "the ring fills; at 0.20 the quick-action menu opens")
        // The wheel's step on the canvas: the emulator's (`pressureStep`, `pressure-step`).
        var stepped = AppState(viewport: Viewport(width: 800, height: 600), emulator: PressureEmulator(step: 0.05))
        stepped.handle(.command(.sceneCanvas), at: 0)
        XCTAssertEqual(stepped.display.sceneHelp.entries.first { $0.key == "Wheel while pressed" }?.meaning,
                       "pressure ± 0.05 a notch (eased); standing still, the blob grows")
        XCTAssertEqual(standard.display.sceneHelp, CanvasScene.help)
        XCTAssertEqual(CanvasScene.help.entries.first { $0.key == "Wheel while pressed" }?.meaning,
                       "pressure ± 0.1 a notch (eased); standing still, the blob grows")
    }

    func testEveryGestureIsListed() {
        for scene in SceneKind.builtIn {
            let k = keys(scene)
            for edge in ["Swipe down from the top edge", "Swipe up from the bottom edge", "Swipe from the left edge"] {
                XCTAssertTrue(k.contains(edge), "\(scene): \(edge)")
            }
        }
        XCTAssertTrue(keys(.messages).contains("Drag up during a peek"))
        XCTAssertTrue(keys(.messages).contains("Wheel, no button held"), "the list scrolls")
        XCTAssertTrue(keys(.home).contains("Lift, then tap an item"))
        XCTAssertTrue(keys(.home).contains("Slide to an item and lift"))
        XCTAssertTrue(keys(.confirm).contains("Slide into the full ring and release"))
        XCTAssertTrue(keys(.canvas).contains("W"), "the width mapping")
    }

    /// Every command a key triggers is explained in some scene's help.
    func testEveryKeyCommandIsExplained() {
        let all = SceneKind.builtIn.flatMap(keys).joined(separator: " ")
        for key in ["[", "]", "Shift", "D", "P", "O", "R", "W", "S", "Z", "Y", "C", "Ctrl+S", "H", "F2", "K", "V",
                    "1 2 3 4", "Tab", "L", "G", "E", "I", "?", "F1", "Esc", "Ctrl+Q", "M", "T", "Ctrl+O", "Ctrl+L", "F11"] {
            XCTAssertTrue(all.contains(key), key)
        }
    }

    /// The player's help lists its keys in place of the scene's, and the common ones after.
    func testThePlayersKeysAreExplained() {
        let sections = sections(.messages, inPlayer: true)
        XCTAssertEqual(sections.count, 2)
        let player = sections[0].entries.map(\.key).joined(separator: " ")
        for key in ["Space", "−", "=", "<", ">", "←", "→", "Shift+←", "Home", "End", "Return", "Esc"] {
            XCTAssertTrue(player.contains(key), key)
        }
        XCTAssertFalse(sections[0].entries.contains { $0.key.contains("Press a row") }, "the scene's gestures do not reach a replay")
    }
}
