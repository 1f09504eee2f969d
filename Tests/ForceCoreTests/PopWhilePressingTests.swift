import Foundation
import TestSupport
import XCTest
@testable import ForceCore

/// Issue 9, item 1: pressing harder pops at once, with the finger still down (SPEC 4); the lift
/// that follows does nothing more. Home's menu opens at the peek while pressing, as before.
final class PopWhilePressingTests: XCTestCase {
    /// Row 2 of the Messages list (message part) at 1280×800.
    private let row2 = Point(x: 600, y: 300)

    private func driver(_ scene: SceneKind, easing: Double = 0) -> Driver {
        var d = Driver(width: 1280, height: 800)
        d.state = AppState(viewport: Viewport(width: 1280, height: 800), emulator: PressureEmulator(easing: easing), scene: scene)
        return d
    }

    private func logTexts(_ d: Driver) -> [String] { d.state.eventLog.entries.map(\.text) }

    func testForceHeldAboveThePopThresholdPopsBeforeTheLift() throws {
        var d = driver(.messages)
        d.down(row2.x, row2.y)
        d.wheel(7)
        XCTAssertNil(d.state.scenes.messages.detail, "0.70 is below the pop threshold")
        d.wheel(1)
        XCTAssertEqual(d.state.scenes.messages.preview.state, .committed)
        let detail = try XCTUnwrap(d.state.display.scene.messages?.detail, "0.80: popped with the button still down")
        XCTAssertEqual(detail.row.sender, "Alan Turing")
        XCTAssertNil(d.state.display.scene.messages?.peek, "the detail replaces the peek")
        XCTAssertTrue(d.state.isPressed)
        XCTAssertEqual(Array(logTexts(d).suffix(2)),
                       ["didUpdateCommitTransition(1.00, ended: true)", "pop → message of Alan Turing"])
        // Held for 2 s: still the detail, nothing more logged.
        let lines = d.state.eventLog.entries.count
        for _ in 0..<120 { d.frame() }
        XCTAssertNotNil(d.state.display.scene.messages?.detail)
        XCTAssertEqual(d.state.eventLog.entries.count, lines)
        d.up(row2.x, row2.y)
        XCTAssertNotNil(d.state.display.scene.messages?.detail, "the lift does nothing more")
        XCTAssertEqual(d.state.eventLog.entries.count, lines, "no cancel, no tap, no second pop")
        XCTAssertFalse(logTexts(d).contains("didCancel"))
    }

    func testAnEasedNotchPopsAtTheFrameItCrossesThePopThreshold() {
        var d = driver(.messages, easing: PressureEmulator.defaultEasing)
        d.down(row2.x, row2.y)
        d.wheel(8)
        var frames = 0
        while d.state.scenes.messages.detail == nil, frames < 30 {
            d.frame()
            frames += 1
        }
        XCTAssertNotNil(d.state.scenes.messages.detail)
        XCTAssertLessThanOrEqual(Double(frames) / 60, PressureEmulator.defaultEasing + 1.0 / 60)
        XCTAssertTrue(d.state.isPressed)
    }

    func testAPenPressingHardAtOncePopsAtThePress() {
        var d = driver(.messages)
        d.send(.device(InputDevice(name: "Pen", kind: .pen, hasForce: true)))
        d.down(row2.x, row2.y, source: .pen, force: 0.9)
        XCTAssertNotNil(d.state.scenes.messages.detail)
        d.up(row2.x, row2.y, source: .pen, force: 0)
        XCTAssertFalse(logTexts(d).contains("didCancel"))
    }

    func testTheTimedFallbackPopsWhileHeld() {
        var d = driver(.messages)
        d.send(.device(InputDevice(name: "Touch screen", kind: .touch, hasForce: false)))
        d.down(row2.x, row2.y, source: .finger)
        var frames = 0
        while d.state.scenes.messages.detail == nil, frames < 120 {
            d.frame()
            frames += 1
        }
        XCTAssertNotNil(d.state.scenes.messages.detail, "the fallback's intention crosses 0.75 while the finger is down")
        XCTAssertTrue(d.state.isPressed)
    }

    /// The pop cross-fades from the peek as it was (rings hidden) to the detail over 0.2 s,
    /// every frame of which is a wake.
    func testThePopCrossFadesFromThePeek() throws {
        var d = driver(.messages)
        d.down(row2.x, row2.y)
        d.wheel(8)
        let start = try XCTUnwrap(d.state.display.scene.messages?.detail)
        XCTAssertEqual(start.appear, 0)
        let from = try XCTUnwrap(start.from)
        XCTAssertTrue(from.isPeeked)
        XCTAssertFalse(from.showsRings)
        XCTAssertEqual(from.index, 2)
        XCTAssertEqual(d.state.nextWake(after: d.t), d.t)
        d.at(0.1)
        d.frame()
        let mid = try XCTUnwrap(d.state.display.scene.messages?.detail)
        XCTAssertGreaterThan(mid.appear, 0.4)
        XCTAssertLessThan(mid.appear, 1)
        XCTAssertNotNil(mid.from)
        d.at(0.2)
        d.frame()
        XCTAssertEqual(d.state.display.scene.messages?.detail?.appear, 1)
        XCTAssertNil(d.state.display.scene.messages?.detail?.from)
        XCTAssertEqual(d.state.scenes.messages.nextWake(after: d.t), .infinity)
    }

    func testTheBundledPeekSessionShowsTheDetailBeforeItsLift() throws {
        let name = "scene-messages.jsonl"
        let session = try Fixtures.session(name)
        var state = session.initialState()
        for e in session.events where e.time <= 1.75 { state.handle(e) }
        state.advance(to: 1.75)
        XCTAssertTrue(state.isPressed, "force 0.80, still held at 1.75 s")
        XCTAssertNotNil(state.display.scene.messages?.detail, "the commit ended at 1.50 s: popped")
    }

    func testHomeMenuOpensAtThePeekWhilePressing() throws {
        var d = driver(.home)
        // Messages, whose built-in items need no Info.plist.
        let icon = d.state.scenes.home.menu.icons[1].rect.center
        d.down(icon.x, icon.y)
        d.wheel(1)
        XCTAssertNil(d.state.display.scene.home?.menu, "0.10: pressing")
        d.wheel(1)
        XCTAssertNotNil(d.state.display.scene.home?.menu, "0.20: open, the button still down")
        XCTAssertTrue(d.state.isPressed)
    }
}
