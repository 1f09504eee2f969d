import Foundation
import TestSupport
import XCTest
@testable import ForceCore

/// Issue 22, captions written in the player: a caption or a checkpoint added at the playhead,
/// the one under it changed or removed. The edit is a new session that differs by that line
/// only, the player stays on its frame, and the replay draws exactly what it drew.
final class PlayerEditingTests: XCTestCase {
    private func lesson5() throws -> Player {
        var p = Player(session: try PlayerTests.session("Assets/Lessons/5-peek-and-pop.jsonl"))
        p.prepare()
        return p
    }

    func testACaptionAddedAtThePlayheadShowsThereAndChangesNothingElse() throws {
        var p = try lesson5()
        p.seek(toFrame: 100)
        let before = p
        let text = "看这个环：peek 在 0.20"
        let edited = try p.editing(.addCaption(Caption(text: text), at: p.editTime))
        XCTAssertEqual(edited.frame, 100, "the player stays where it was")
        XCTAssertFalse(edited.isPlaying)
        XCTAssertEqual(edited.caption?.text, text, "the new caption is on screen at once")
        XCTAssertEqual(edited.session.events.count, before.session.events.count + 1)
        XCTAssertEqual(edited.session.events.filter { if case .caption = $0.event { false } else { true } },
                       before.session.events.filter { if case .caption = $0.event { false } else { true } },
                       "only a caption line was added")
        for frame in [0, 50, 100, 150, before.lastFrame] {
            var a = before, b = edited
            a.seek(toFrame: frame)
            b.seek(toFrame: frame)
            XCTAssertTrue(PlayerTests.same(a.state, b.state), "frame \(frame): \(PlayerTests.difference(a.state, b.state))")
        }
        XCTAssertEqual(edited.markers.fromLines.filter { $0.kind == .caption }.count,
                       before.markers.fromLines.filter { $0.kind == .caption }.count + 1, "its mark is on the timeline")
    }

    func testTheCaptionOnScreenIsChangedAndDeleted() throws {
        var p = try lesson5()
        p.seek(toTime: 0.5)
        let (i, c) = try XCTUnwrap(p.captionUnderPlayhead)
        XCTAssertEqual(p.caption, c)
        var changed = c
        changed.text = "Changed"
        changed.pause = true
        changed.speed = 0.25
        let edited = try p.editing(.replaceCaption(index: i, changed))
        XCTAssertEqual(edited.caption, changed)
        XCTAssertEqual(edited.session.events.count, p.session.events.count)
        let removed = try edited.editing(.remove(index: i))
        XCTAssertNotEqual(removed.caption, changed, "the one before it shows again, or none")
        XCTAssertEqual(removed.session.events.count, p.session.events.count - 1)
        let pointer = try XCTUnwrap(p.session.events.firstIndex { if case .pointer = $0.event { true } else { false } })
        XCTAssertThrowsError(try p.editing(.remove(index: pointer))) { e in
            XCTAssertTrue("\(e)".contains("only captions and checkpoints"), "\(e)")
        }
    }

    func testCheckpointsAddedAtThePlayheadAreNamedOnceAndFoundAtTheirFrame() throws {
        var p = try lesson5()
        p.seek(toFrame: 77)
        XCTAssertEqual(p.nextCheckpointName, "checkpoint-1")
        let edited = try p.editing(.addCheckpoint(name: p.nextCheckpointName, at: p.editTime))
        XCTAssertEqual(edited.checkpointUnderPlayhead?.name, "checkpoint-1", "shown at the frame it was added at")
        XCTAssertEqual(edited.nextCheckpointName, "checkpoint-2")
        XCTAssertThrowsError(try edited.editing(.addCheckpoint(name: "checkpoint-1", at: 1))) { e in
            XCTAssertTrue("\(e)".contains("names must be unique"), "\(e)")
        }
        XCTAssertThrowsError(try edited.editing(.addCheckpoint(name: "has space", at: 1)))
        XCTAssertThrowsError(try edited.editing(.addCaption(Caption(text: "  "), at: 1))) { e in
            XCTAssertEqual("\(e)", "a caption needs some text")
        }
        // Every frame's edit time shows at that frame.
        for frame in 0...200 {
            var q = p
            q.seek(toFrame: frame)
            XCTAssertEqual(ReplaySchedule.frame(atOrAfter: q.editTime), frame)
        }
    }

    /// What the player saves reads back as the same session, the edit included, for every
    /// lesson; checkpoints keep their own tolerances and masks.
    func testAnEditedLessonReadsBackAsItWasSaved() throws {
        for url in Fixtures.lessonFiles {
            var p = Player(session: try Fixtures.session(at: url))
            p.seek(toFrame: 30)
            let edited = try p.editing(.addCaption(Caption(text: "中文 and English", pause: true, speed: 0.5), at: p.editTime))
            let text = SessionCoding.encode(edited.session)
            let back = try SessionCoding.parse(text, file: url.lastPathComponent)
            XCTAssertEqual(back, edited.session, url.lastPathComponent)
            XCTAssertEqual(SessionCoding.encode(try SessionCoding.parse(SessionCoding.encode(p.session), file: "x")),
                           SessionCoding.encode(p.session))
        }
        let checked = try SessionCoding.parse("""
            {"format":"forcecanvas-session","version":2,"width":640,"height":480}
            {"t":0.5,"type":"checkpoint","name":"a","threshold":0.2,"maxDiffPixels":7,"mask":[[1,2,3,4]]}
            {"t":0.6,"type":"checkpoint","name":"b"}
            """, file: "c.jsonl")
        XCTAssertEqual(checked.checkpointChecks["a"], CheckpointCheck(tolerances: CheckTolerances(threshold: 0.2, maxDiffPixels: 7),
                                                                     masks: [Rect(x: 1, y: 2, width: 3, height: 4)]))
        XCTAssertNil(checked.checkpointChecks["b"])
        XCTAssertEqual(try SessionCoding.parse(SessionCoding.encode(checked), file: "c.jsonl"), checked)
    }

    func testTypingKeepsWholeCharactersWithinALine() {
        var w = CaptionWriting(.newCaption(at: 0))
        w.composing = "zhong"
        w.type("中文")
        XCTAssertEqual(w.text, "中文")
        XCTAssertEqual(w.composing, "", "the composition is handed over with the text")
        w.type("a\nb\r")
        XCTAssertEqual(w.text, "中文ab", "a caption is one line")
        w.deleteBackward()
        w.deleteBackward()
        XCTAssertEqual(w.text, "中文")
        w.type("👩‍🏫")
        w.deleteBackward()
        XCTAssertEqual(w.text, "中文", "an emoji of several scalars goes at once")
        w.type(String(repeating: "字", count: 400))
        XCTAssertLessThanOrEqual(w.text.utf8.count, Caption.maximumTextBytes)
        XCTAssertEqual(Player.nextCaptionSpeed(after: nil), 0.25)
        XCTAssertNil(Player.nextCaptionSpeed(after: 2))
    }
}

/// Every field's keys (`TypedText`): a name offered starts selected and typing replaces it,
/// Ctrl+A selects, Backspace clears a selection, Ctrl+Backspace takes a word, a paste keeps
/// one line, and the field holds whole characters within its bytes.
final class TypedTextTests: XCTestCase {
    func testANameOfferedIsReplacedByWhatIsTyped() {
        var f = TypedText("2026-11-29 drawing", selected: true, maximumBytes: 100)
        XCTAssertTrue(f.isSelected)
        f.type("")
        XCTAssertEqual(f.text, "2026-11-29 drawing", "nothing typed replaces nothing (a window closing hands over an empty composition)")
        f.type("N")
        XCTAssertEqual(f.text, "N")
        XCTAssertFalse(f.isSelected)
        f.type("otes")
        XCTAssertEqual(f.text, "Notes")
        f.selectAll()
        f.deleteBackward()
        XCTAssertEqual(f.text, "", "Backspace clears the selection")
        f.selectAll()
        XCTAssertFalse(f.isSelected, "nothing to select")
        XCTAssertFalse(TypedText("", selected: true, maximumBytes: 10).isSelected)
    }

    func testDeselectingKeepsTheTextAndTypingAddsToIt() {
        var f = TypedText("Lesson", selected: true, maximumBytes: 100)
        f.deselect()
        f.type(" 2")
        XCTAssertEqual(f.text, "Lesson 2")
    }

    func testCtrlBackspaceTakesTheLastWord() {
        var f = TypedText("force  curves  ", maximumBytes: 100)
        f.deleteWordBackward()
        XCTAssertEqual(f.text, "force  ")
        f.deleteWordBackward()
        XCTAssertEqual(f.text, "")
        f.deleteWordBackward()
        XCTAssertEqual(f.text, "")
        var chinese = TypedText("压力 曲线", maximumBytes: 100)
        chinese.deleteWordBackward()
        XCTAssertEqual(chinese.text, "压力 ")
        var selected = TypedText("a b", selected: true, maximumBytes: 100)
        selected.deleteWordBackward()
        XCTAssertEqual(selected.text, "", "a selection goes whole")
    }

    func testAPasteIsOneLine() {
        var f = TypedText("/home/", maximumBytes: 100)
        f.paste("ada/notes\r\n\tfinal.xopp\n")
        XCTAssertEqual(f.text, "/home/ada/notes final.xopp", "line breaks and tabs become a space, none at the ends")
        f.paste("\n\n")
        XCTAssertEqual(f.text, "/home/ada/notes final.xopp")
    }

    func testTheFieldHoldsWholeCharactersWithinItsBytes() {
        var f = TypedText(String(repeating: "字", count: 10), maximumBytes: 16)
        XCTAssertEqual(f.text, String(repeating: "字", count: 5), "15 bytes: a sixth would pass 16")
        f.type("ab")
        XCTAssertEqual(f.text.utf8.count, 16)
        f.type("c")
        XCTAssertEqual(f.text.utf8.count, 16)
    }

    func testACheckpointsAndALessonsNameStartSelectedACaptionDoesNot() {
        XCTAssertTrue(CaptionWriting(.checkpoint(at: 1), text: "checkpoint-3").field.isSelected)
        XCTAssertTrue(CaptionWriting(.lessonName, text: "ink").field.isSelected)
        XCTAssertFalse(CaptionWriting(.editCaption(index: 0, Caption(text: "Hi")), text: "Hi").field.isSelected)
    }
}
