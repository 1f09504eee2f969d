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
