import TestSupport
import XCTest
@testable import ForceCore

/// A tap on a message row opens the conversation, as on iOS; a press into the peek, a long
/// press and a drag do not.
final class MessageTapTests: XCTestCase {
    func messages() -> Driver {
        var d = Driver(width: 1280, height: 800)
        d.command(.sceneMessages)
        return d
    }

    func testATapOpensTheConversationAndTheChevronGoesBack() throws {
        var d = messages()
        let row = d.state.messagesLayout.row(2).center
        d.down(row.x, row.y)
        d.at(0.15)
        d.up(row.x + 3, row.y)
        let detail = try XCTUnwrap(d.state.scenes.messages.detail)
        XCTAssertEqual(detail.row, d.state.scenes.messages.rows[2])
        XCTAssertTrue(d.state.eventLog.entries.contains { $0.text.hasPrefix("tap → conversation with") })
        // The title bar's ‹ Messages goes back to the list.
        let bar = d.state.messagesLayout.titleBar
        d.at(0.5)
        d.down(bar.x + 20, bar.center.y)
        XCTAssertNil(d.state.scenes.messages.detail)
    }

    func testAPressIntoThePeekALongPressAndADragAreNoTap() {
        var d = messages()
        let row = d.state.messagesLayout.row(1).center
        // Into the peek (force 0.3 with the wheel) and out: the peek shrinks away.
        d.down(row.x, row.y)
        d.wheel(3)
        d.at(0.1)
        d.up(row.x, row.y)
        XCTAssertNil(d.state.scenes.messages.detail, "a peek lifted is no tap")
        d.at(1)
        // Held 0.6 s.
        d.down(row.x, row.y)
        d.at(0.6)
        d.up(row.x, row.y)
        XCTAssertNil(d.state.scenes.messages.detail, "a long press is no tap")
        d.at(1)
        // Dragged 40 pt.
        d.down(row.x, row.y)
        d.at(0.1)
        d.move(row.x + 40, row.y)
        d.up(row.x + 40, row.y)
        XCTAssertNil(d.state.scenes.messages.detail, "a drag is no tap")
    }

    /// The rings go with the lift while the preview actions stay open; a notice ("Reply to …",
    /// "Deleted … · Z to undo", "Restored …") goes after 4 s, and the scene wakes then.
    func testTheRingsEndWithThePressAndNoticesGo() throws {
        var d = messages()
        let row = d.state.messagesLayout.row(0).center
        d.down(row.x, row.y)
        d.wheel(3)
        for i in 1...10 {
            d.at(0.02)
            d.move(row.x, row.y - Double(i) * 20)
        }
        d.at(0.02)
        d.up(row.x, row.y - 200)
        XCTAssertTrue(d.state.scenes.messages.actionsOpen, "the actions stay open after the lift")
        guard case .messages(let open) = d.state.display.scene else { return XCTFail("Messages") }
        let peek = try XCTUnwrap(open.peek)
        XCTAssertFalse(peek.showsRings, "no rings after the lift")
        // Tap an action: its notice shows, then goes after 4 s.
        let layout = d.state.messagesLayout
        var target: Point?
        for y in stride(from: 0.0, through: 800, by: 4) where target == nil {
            for x in stride(from: 0.0, through: 1280, by: 8) where layout.previewAction(at: Point(x: x, y: y), reveal: 1) != nil {
                target = Point(x: x, y: y)
                break
            }
        }
        let tap = try XCTUnwrap(target, "an action on screen")
        d.at(0.2)
        d.down(tap.x, tap.y)
        d.up(tap.x, tap.y)
        guard case .messages(let said) = d.state.display.scene else { return XCTFail("Messages") }
        XCTAssertNotNil(said.notice, "the action says what it did")
        let at = d.t
        XCTAssertEqual(d.state.nextWake(after: at + 1), at + MessagesScene.noticeDuration, accuracy: 1e-9, "the scene wakes when it goes")
        d.t = at + MessagesScene.noticeDuration + 0.1
        d.state.advance(to: d.t)
        guard case .messages(let later) = d.state.display.scene else { return XCTFail("Messages") }
        XCTAssertNil(later.notice, "gone after 4 s")
    }
}
