import CairoRender
import ForceCore
import ForcePlatform
import Foundation
import TestSupport
import XCTest

/// Issue 22: the interface is complete in Simplified Chinese. A walk draws every scene of every
/// recorded session with every panel, the debug drawing and the help open, and every lesson in
/// the player with its diagram, in Chinese; every text drawn that the catalogue has no
/// translation for is written down (`Translation.recordMisses`). A text with an English word
/// left in it fails, unless the word is a name the interface shows as is (the API's names, the
/// devices', units).
final class ChineseCompletenessTests: XCTestCase {
    override func tearDown() {
        Translation.start(.english, localeFolder: nil)
        super.tearDown()
    }

    /// Words drawn as they are in every language: the API's and the code's names (the diagram's
    /// states are `PreviewInteraction.state`'s cases), the product's, units and key names.
    static let names: Set<String> = [
        "ForceCanvas", "Xournal", "SDL", "XInput", "Cairo", "GL", "HUD", "iOS", "Apple", "TouchCanvas",
        "Peek", "Pop", "peek", "pop", "fps", "ms", "Hz", "pt", "px",
        "Ctrl", "Shift", "Alt", "Tab", "Esc", "Space", "Return", "Delete", "Home", "End", "PgUp", "PgDn",
        "Mouse", "Wheel", "Pen", "Eraser", "Xvfb", "Wacom", "Virtual", "core", "pointer", "emulator",
        "UIPreviewInteraction", "PreviewInteraction", "ConfirmButton", "QuickActionMenu", "UITouch",
        "EdgeProtection", "HomeIndicator", "PressCurve", "force", "maximumPossibleForce", "state",
        "idle", "previewing", "committing", "cancelled", "committed", "possible", "began", "changed", "ended",
        "normal", "selected", "confirmed", "highlighted", "pressing", "menu", "open", "closed", "dismissed",
        "deferred", "tracking", "none", "top", "bottom", "left", "right", "all", "perfect", "freehand",
        "touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled", "touchesEstimatedPropertiesUpdated",
        "needsUpdate", "coalesced", "predicted", "estimated", "didCancel", "didUpdate", "didEnd",
        "preview", "commit", "stage", "min", "max", "linear", "soft", "firm",
        "standard", "swiped", "updating", "updated", "hidden", "pinned", "shown", "FORCECANVAS",
    ]

    /// The people of the Messages scene: names, drawn as written.
    static let people: Set<String> = [
        "Ada Lovelace", "Grace Hopper", "Alan Turing", "Margaret Hamilton", "Claude Shannon",
        "Hedy Lamarr", "Edsger Dijkstra", "Barbara Liskov",
    ]

    /// A line of code the interface shows as the API writes it: a call (`shouldBegin(…)`), a
    /// property (`ConfirmButton.state = .updating`), a method's name first (`performActionFor`).
    static func isCode(_ text: String) -> Bool {
        let first = text.prefix { $0.isLetter || $0.isNumber }
        let camel = first.first?.isLowercase == true && first.contains { $0.isUppercase }
        return text.contains(" = ") || camel || text.dropFirst(first.count).first == "(" && !first.isEmpty
    }

    /// The English words in `text` (runs of three or more Latin letters) that are not names;
    /// none in a text already in Chinese (a caption, a translation drawn uppercased), in a line
    /// of code or a person's name.
    static func englishWords(in text: String) -> [String] {
        if people.contains(text) || isCode(text) { return [] }
        if text.unicodeScalars.contains(where: { (0x4E00...0x9FFF).contains($0.value) || (0x3000...0x303F).contains($0.value) }) {
            return []
        }
        var words: [String] = [], word = ""
        for ch in text + " " {
            if ch.isASCII, ch.isLetter { word.append(ch); continue }
            if word.count >= 3, !names.contains(word) { words.append(word) }
            word = ""
        }
        return words
    }

    /// Every diagram's subtitle and edge labels have a translation, with the standard
    /// thresholds and with others (a threshold is a value in a label: "force ≥ 0.30: …"). The
    /// walk lets a label through whose English words are all API names, as "peek (preview
    /// ended)" was; and it drew the standard thresholds only, which two labels were
    /// translated for and no others.
    func testEveryDiagramLabelIsTranslatedWhateverItsThresholds() throws {
        let folder = try ChineseCatalogue.localeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        XCTAssertNil(Translation.start(.simplifiedChinese, localeFolder: folder))
        let custom = try ForceThresholds(peek: 0.3, pop: 0.8, hysteresis: 0.05)
        let diagrams = DiagramExport.machines.map(\.diagram)
            + [PreviewInteraction.diagram(thresholds: custom), QuickActionMenu.diagram(thresholds: custom)]
        let labels = diagrams.flatMap { [$0.subtitle] + $0.edges.map(\.label) }
        XCTAssertGreaterThan(labels.count, 20)
        let untranslated = labels.filter { !Self.isCode($0) && Translation.text($0) == $0 }
        XCTAssertEqual(untranslated, [])
        XCTAssertEqual(Translation.text(QuickActionMenu.diagram(thresholds: custom).edges.map(\.label).first { $0.hasPrefix("force") } ?? ""),
                       "压力 ≥ 0.30：菜单打开")
    }

    func testTheInterfaceIsCompleteInChinese() throws {
        let folder = try ChineseCatalogue.localeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        XCTAssertNil(Translation.start(.simplifiedChinese, localeFolder: folder))
        Translation.recordMisses()
        var options = Options.everyPanel()
        options.showHelp = true
        for name in ["scene-messages.jsonl", "scene-confirm.jsonl", "scene-home.jsonl", "scene-shade.jsonl",
                     "scene-system.jsonl", "golden-point-types.jsonl", "golden-tablet.jsonl"] {
            var s = try Fixtures.session(name)
            // With the help, and without it at the recorded size, at one where every panel
            // (the diagram and the log too) has room, and at 640×480, where the diagram is
            // drawn over the screen with its note.
            for (o, viewport) in [(options, s.viewport), (Options.everyPanel(), s.viewport),
                                  (Options.everyPanel(), Viewport(width: 1920, height: 1200)),
                                  (Options.everyPanel(), Viewport(width: 640, height: 480))] {
                s.options = o
                s.viewport = viewport
                _ = try Fixtures.render(s, at: [s.duration / 3, s.duration * 2 / 3, s.duration])
            }
        }
        for name in PlayerGoldenTests.lessonNames {
            let s = try PlayerGoldenTests.lesson(name)
            var p = Player(session: s, shortcuts: Fixtures.shortcuts)
            p.prepare()
            var view = PlayerView()
            _ = view.flip(.toggleDiagram)
            for c in p.captions {
                p.seek(toTime: c.time)
                _ = try PlayerFrame.render(p, view: view, hint: PlayerGoldenTests.pausedHint)
            }
        }
        // Every machine's diagram, as `forcecanvas diagram` exports it.
        let folder2 = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder2) }
        for (name, diagram) in DiagramExport.machines {
            try DiagramExport.write(diagram, format: .png, scale: 1, to: "\(folder2)/\(name).png")
        }
        let left = Translation.recordedMisses()
            .map { ($0, Self.englishWords(in: $0)) }
            .filter { !$0.1.isEmpty }
            .sorted { $0.0 < $1.0 }
        XCTAssertTrue(left.isEmpty, "drawn in English in Chinese (\(left.count)):\n"
            + left.map { "\($0.0)    [\($0.1.joined(separator: " "))]" }.joined(separator: "\n"))
    }
}
