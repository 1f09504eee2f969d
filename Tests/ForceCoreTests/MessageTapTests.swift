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
}
