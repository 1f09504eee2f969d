import CairoRender
import ForceCore
import ForcePlatform
import Foundation
import SnapshotTesting
import TestSupport
import XCTest

/// Issue 22, Chinese and English: the interface through glibc's gettext, from `po/zh_Hans.po`
/// compiled by msgfmt (as `run.sh` does). One golden per scene in Chinese (its help open, with
/// the HUD and the curve panel); every other golden stays English, as `check` draws.
final class ChineseGoldenTests: XCTestCase {
    override func tearDown() {
        Translation.start(.english, localeFolder: nil)
        super.tearDown()
    }

    func testEveryScenesHelpInChinese() throws {
        let folder = try ChineseCatalogue.localeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        XCTAssertNil(Translation.start(.simplifiedChinese, localeFolder: folder))
        XCTAssertEqual(Translation.text("PRESSURE"), "压力")
        XCTAssertEqual(Translation.text("no such message"), "no such message", "a text without a translation shows as is")
        var options = Options()
        options.showHelp = true
        options.showHUD = true
        options.showCurve = true
        for scene in SceneKind.builtIn {
            let s = Session(viewport: Viewport(width: 1280, height: 800), options: options, scene: scene, events: [])
            assertSnapshot(of: try XCTUnwrap(Fixtures.render(s, at: [0]).first), as: .png(), named: "zh-Hans-\(scene.name)")
        }
    }

    /// Without its catalogue the interface stays English and says why; English needs none.
    func testAMissingCatalogueLeavesEnglish() {
        let problem = Translation.start(.simplifiedChinese, localeFolder: "/no/such/folder")
        XCTAssertEqual(problem, "no zh-Hans translation was found (run.sh builds it): the interface is in English")
        XCTAssertEqual(Translation.language, .english)
        XCTAssertEqual(Translation.text("PRESSURE"), "PRESSURE")
        XCTAssertNil(Translation.start(.english, localeFolder: nil))
    }

    /// `--lang` and the locale's variables: LC_ALL, then LC_MESSAGES, then LANG.
    func testTheLanguageComesFromTheLocalesVariables() {
        XCTAssertEqual(Translation.Language(name: "zh-Hans"), .simplifiedChinese)
        XCTAssertEqual(Translation.Language(name: "zh_CN.UTF-8"), .simplifiedChinese)
        XCTAssertEqual(Translation.Language(name: "zh_SG"), .simplifiedChinese)
        XCTAssertEqual(Translation.Language(name: "en_GB.UTF-8"), .english)
        XCTAssertEqual(Translation.Language(name: "C.UTF-8"), .english)
        XCTAssertNil(Translation.Language(name: "klingon"))
        XCTAssertEqual(Translation.language(in: Environment(["LANG": "zh_CN.UTF-8"])), .simplifiedChinese)
        XCTAssertEqual(Translation.language(in: Environment(["LANG": "zh_CN.UTF-8", "LC_MESSAGES": "en_US.UTF-8"])), .english)
        XCTAssertEqual(Translation.language(in: Environment(["LC_ALL": "zh_CN.UTF-8", "LC_MESSAGES": "en_US.UTF-8"])), .simplifiedChinese)
        XCTAssertEqual(Translation.language(in: Environment(["LANG": "fr_FR.UTF-8"])), .english, "no French: English")
        XCTAssertEqual(Translation.language(in: Environment([:])), .english)
    }

    /// A caption line may carry its text in each language; a version 1 caption's string stays valid.
    func testCaptionsCarryTheirTranslations() throws {
        let header = #"{"format":"forcecanvas-session","version":2,"width":640,"height":480}"#
        let s = try SessionCoding.parse(header + "\n" + #"{"t":0.5,"type":"caption","text":{"en":"Peek","zh-Hans":"预览"},"pause":true}"#
                                        + "\n" + #"{"t":0.6,"type":"caption","text":"Pop"}"#, file: "c.jsonl")
        guard case .caption(let c) = s.events[0].event, case .caption(let plain) = s.events[1].event else { return XCTFail("captions") }
        XCTAssertEqual(c.text, "Peek")
        XCTAssertEqual(c.text(in: "zh-Hans"), "预览")
        XCTAssertEqual(c.text(in: "en"), "Peek")
        XCTAssertEqual(plain.text(in: "zh-Hans"), "Pop", "no translation: English")
        XCTAssertEqual(try SessionCoding.parse(SessionCoding.encode(s), file: "c.jsonl"), s)
        XCTAssertThrowsError(try SessionCoding.parse(header + "\n" + #"{"t":0.5,"type":"caption","text":{"zh-Hans":"预览"}}"#, file: "c.jsonl")) {
            XCTAssertTrue("\($0)".contains("needs its English"), "\($0)")
        }
        XCTAssertThrowsError(try SessionCoding.parse(header + "\n" + #"{"t":0.5,"type":"caption","text":{"en":"a","fr":"b"}}"#, file: "c.jsonl")) {
            XCTAssertTrue("\($0)".contains("unknown language \"fr\""), "\($0)")
        }
        // Every bundled lesson's captions are in both languages.
        for url in Fixtures.lessonFiles {
            let lesson = try Fixtures.session(at: url)
            for e in lesson.events {
                if case .caption(let c) = e.event { XCTAssertNotNil(c.translations["zh-Hans"], "\(url.lastPathComponent): \(c.text)") }
            }
        }
        let timeline = VideoTimeline(duration: 1, captions: [Player.TimedCaption(time: 0.5, caption: c)], language: "zh-Hans")
        XCTAssertEqual(timeline.cues.map(\.text), ["预览"], "a video's subtitles in the language asked for")
    }
}
