import ForceCore
import Foundation
import TestSupport
import XCTest

/// A home swipe in the window follows the finger: held halfway up, Messages is a card over Home
/// (the recording replays it so); let go there, it lands on Home. A short one goes back.
final class SwipeWindowTests: XCTestCase {
    /// Drags up from the bottom of an 800×600 Messages window to `y`, holds, lets go; returns
    /// the recording and the frame the window showed at its close.
    func swipe(to y: Int, _ dir: String) throws -> (Session, PNGPixels) {
        let (process, window) = try Binary.launchWindow(["--size", "800x600", "--scene", "messages", "--record", "\(dir)/rec.jsonl",
                                                         "--snapshot", "\(dir)/shot.png"])
        var steps = ["mousemove", "--window", window, "400", "597", "mousedown", "1"]
        for at in stride(from: 587, through: y, by: -10) { steps += ["mousemove", "--window", window, "400", "\(at)", "sleep", "0.02"] }
        try Binary.xdotool(steps + ["sleep", "0.3", "mouseup", "1", "sleep", "0.8"])
        process.terminate()
        Binary.waitForExit(process)
        let session = try SessionCoding.parse(try String(contentsOfFile: "\(dir)/rec.jsonl", encoding: .utf8), file: "rec.jsonl")
        return (session, try XCTUnwrap(PNGPixels(path: "\(dir)/shot.png")))
    }

    /// The time of the recording's lift.
    func lift(_ session: Session) throws -> Double {
        try XCTUnwrap(session.events.last { if case .pointer(let p) = $0.event { p.phase == .up } else { false } }?.time)
    }

    func testAHomeSwipeHeldHalfwayIsACardOverHomeAndLandsThere() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (session, shot) = try swipe(to: 300, dir)
        let states = Fixtures.stepped(session, through: ReplaySchedule.frame(atOrAfter: session.duration + 0.5))
        let held = try XCTUnwrap(states.last { $0.time < (try lift(session)) - 0.1 })
        let card = try XCTUnwrap(held.display.swipe, "held: the scene follows the finger")
        XCTAssertEqual(card.edge, .bottom)
        XCTAssertEqual(card.progress, 0.5, accuracy: 0.05)
        XCTAssertEqual(held.scene, .messages)
        XCTAssertEqual(states.last?.scene, .home, "let go halfway: Home")
        // Home's wallpaper (dark) where Messages' list (light) was.
        XCTAssertLessThan(shot.luminance(x: 400, y: 560), 120)
    }

    func testAShortHomeSwipeGoesBack() throws {
        try Binary.requireDisplay()
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (session, shot) = try swipe(to: 520, dir)
        let states = Fixtures.stepped(session, through: ReplaySchedule.frame(atOrAfter: session.duration + 0.5))
        XCTAssertNotNil(states.last { $0.time < (try? lift(session)) ?? 0 }?.display.swipe, "it followed")
        XCTAssertEqual(states.last?.scene, .messages, "short of a third: back where it was")
        XCTAssertGreaterThan(shot.luminance(x: 400, y: 560), 200)
    }
}
