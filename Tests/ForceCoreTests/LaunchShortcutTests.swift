import XCTest
@testable import ForceCore

final class LaunchShortcutTests: XCTestCase {
    func testAppShortcutTypes() {
        XCTAssertEqual(AppShortcut(itemType: "com.forcecanvas.new-canvas"), .newCanvas)
        XCTAssertEqual(AppShortcut(itemType: "com.forcecanvas.open-recent"), .openRecent)
        XCTAssertEqual(AppShortcut(itemType: "com.forcecanvas.peek-demo"), .peekDemo)
        XCTAssertEqual(AppShortcut(itemType: "com.forcecanvas.confirm-demo"), .confirmDemo)
        XCTAssertEqual(AppShortcut(itemType: "ConfirmDemo"), .confirmDemo, "bare names are aliases")
        XCTAssertNil(AppShortcut(itemType: "com.forcecanvas.retired-feature"))
        XCTAssertNil(AppShortcut(itemType: "newcanvas"), "aliases are exact")
        XCTAssertEqual(Set(AppShortcut.allCases.map(\.item.type)).count, 4)
        for s in AppShortcut.allCases { XCTAssertEqual(AppShortcut(itemType: s.item.type), s) }
    }

    func testDispatch() {
        let item = ShortcutItem(type: "com.forcecanvas.new-canvas", title: "New Canvas")
        XCTAssertEqual(ShortcutDispatch(item: item), .perform(.newCanvas, item: item))
        XCTAssertTrue(ShortcutDispatch(item: item).handled)
        let old = ShortcutItem(type: "com.forcecanvas.v1.share", title: "Share")
        let ignored = ShortcutDispatch(item: old)
        XCTAssertFalse(ignored.handled)
        guard case .ignored(let reason) = ignored else { return XCTFail("not ignored") }
        XCTAssertTrue(reason.contains("com.forcecanvas.v1.share"), reason)
    }

    func testLaunchShortcutIsHandledExactlyOnce() {
        let item = AppShortcut.peekDemo.item
        var launch = LaunchShortcut(item: item)
        XCTAssertTrue(launch.skipsNormalStart)
        XCTAssertEqual(launch.take(), .perform(.peekDemo, item: item))
        XCTAssertNil(launch.take())
        XCTAssertNil(launch.pending)
        XCTAssertTrue(launch.skipsNormalStart, "still a shortcut launch after handling")
    }

    func testNormalLaunchHasNothingToTake() {
        var launch = LaunchShortcut(item: nil)
        XCTAssertFalse(launch.skipsNormalStart)
        XCTAssertNil(launch.take())
    }

    func testUnknownLaunchShortcutIsIgnoredOnceAndStartsNormally() {
        var launch = LaunchShortcut(item: ShortcutItem(type: "gone", title: "Gone"))
        XCTAssertFalse(launch.skipsNormalStart)
        XCTAssertEqual(launch.take()?.handled, false)
        XCTAssertNil(launch.take())
    }
}
