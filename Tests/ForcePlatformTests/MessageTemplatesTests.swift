@testable import ForcePlatform
import Foundation
import TestSupport
import XCTest

/// Issue 22: text built from values is translated by the catalogue's messages with `%s` where
/// the values go, the values translated in turn.
final class MessageTemplatesTests: XCTestCase {
    let words: [String: String] = ["top": "顶部", "bottom": "底部", "window": "窗口", "Music": "音乐", "Play": "播放"]
    lazy var catalogue = MessageTemplates([
        ("pressure %s", "压力 %s"),
        ("pressure %s (pressed)", "压力 %s（按下）"),
        ("edges deferred: %s (%s)", "延迟的边缘：%s（%s）"),
        ("%s, %s", "%s、%s"),
        ("%s: %s", "%s：%s"),
        ("Drawing from %s of %s", "从 %2$s 的 %1$s 处继续画"),
        ("Zoom %s %% · Ctrl+1 100 %%", "缩放 %s %% · Ctrl+1 为 100 %%"),
    ])

    func translate(_ text: String) -> String? { catalogue.translate(text, lookUp: { self.words[$0] }) }

    func testTheMostSpecificMessageTranslates() {
        XCTAssertEqual(translate("pressure 0.350"), "压力 0.350")
        XCTAssertEqual(translate("pressure 0.350 (pressed)"), "压力 0.350（按下）", "not “压力 0.350 (pressed)”")
    }

    func testValuesAreTranslatedListsToo() {
        XCTAssertEqual(translate("edges deferred: top, bottom (window)"), "延迟的边缘：顶部、底部（窗口）")
        XCTAssertEqual(translate("edges deferred: top (canvas.ink)"), "延迟的边缘：顶部（canvas.ink）", "a name stays")
    }

    /// A message with no words of its own fits only when each value has a translation: any
    /// text with a comma or a colon would fit it.
    func testAMessageWithoutWordsNeedsEveryValueTranslated() {
        XCTAssertEqual(translate("Music: Play"), "音乐：播放")
        XCTAssertNil(translate("Design review: force input"))
        XCTAssertNil(translate("Rather than answer, let's play"))
    }

    func testTranslationsReorderValuesAndKeepPercentSigns() {
        XCTAssertEqual(translate("Drawing from 1.20 s of lesson 5"), "从 lesson 5 的 1.20 s 处继续画")
        XCTAssertEqual(translate("Zoom 250 % · Ctrl+1 100 %"), "缩放 250 % · Ctrl+1 为 100 %")
        XCTAssertNil(translate("Zoom  % · Ctrl+1 100 %"), "a value is never empty")
        XCTAssertNil(translate("pressure"))
    }

    /// A translation that drops a value, or takes one twice, is no message (msgfmt --check
    /// refuses it too).
    func testATranslationMustTakeEachValueOnce() {
        XCTAssertNil(MessageTemplates.template("a %s b %s", "甲 %s"))
        XCTAssertNil(MessageTemplates.template("a %s b %s", "甲 %1$s 乙 %1$s"))
        XCTAssertNil(MessageTemplates.template("a %s", "甲 %d"))
        XCTAssertNotNil(MessageTemplates.template("a %s b %s", "甲 %2$s 乙 %1$s"))
    }

    /// The messages are read from the compiled catalogue msgfmt writes.
    func testTheCatalogueIsReadFromTheMoFile() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/msgfmt") else {
            throw MissingPrerequisite("msgfmt is not installed (./run.sh installs gettext)")
        }
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let po = """
        msgid ""
        msgstr "Content-Type: text/plain; charset=UTF-8\\n"

        msgid "plain"
        msgstr "普通"

        #, c-format
        msgid "strokes %s · points %s"
        msgstr "笔画 %s · 点 %s"
        """
        try po.write(toFile: folder + "/t.po", atomically: true, encoding: .utf8)
        let r = try Binary.run("/usr/bin/msgfmt", ["--check", "-o", folder + "/t.mo", folder + "/t.po"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let read = MessageTemplates(catalogue: folder + "/t.mo")
        XCTAssertEqual(read.templates.count, 1, "only the message with values")
        XCTAssertEqual(read.translate("strokes 3 · points 120", lookUp: { _ in nil }), "笔画 3 · 点 120")
        XCTAssertTrue(MessageTemplates(catalogue: folder + "/t.po").templates.isEmpty, "not a catalogue")
        XCTAssertTrue(MessageTemplates(catalogue: folder + "/missing.mo").templates.isEmpty)
    }
}
