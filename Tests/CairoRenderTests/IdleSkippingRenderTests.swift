import CairoRender
import ForceCore
import TestSupport
import XCTest

/// Jumping over idle frames and rendering only the captured ones gives the same PNG bytes as
/// simulating and rendering every frame: the bundled sessions at several moments, and the
/// sessions with long idle gaps in every scene (Assets/Sessions/idle-*.jsonl).
final class IdleSkippingRenderTests: XCTestCase {
    func assertSameBytes(_ name: String, at times: [Double], renderEveryFrame: Bool = true,
                         file: StaticString = #filePath, line: UInt = #line) throws {
        let s = try Fixtures.session(name)
        let stepped = try Fixtures.render(s, at: times, stepEveryFrame: true, renderEveryFrame: renderEveryFrame)
            .map(PNGCodec.encode)
        let skipped = try Fixtures.render(s, at: times).map(PNGCodec.encode)
        XCTAssertEqual(stepped.count, Set(times.map(HeadlessReplay.frame(at:))).count, name, file: file, line: line)
        XCTAssertEqual(skipped.count, stepped.count, name, file: file, line: line)
        for (i, (a, b)) in zip(stepped, skipped).enumerated() {
            XCTAssertFalse(a.isEmpty, file: file, line: line)
            XCTAssertTrue(a == b, "\(name) at \(times[i]) s: the PNG differs", file: file, line: line)
        }
    }

    func testScenes() throws {
        try assertSameBytes("scene-messages.jsonl", at: [0.4, 0.7, 1.3, 2.1, 3.2, 6])
        try assertSameBytes("scene-confirm.jsonl", at: [0.7, 0.82, 1.1, 2.0, 4])
        try assertSameBytes("scene-home.jsonl", at: [0.6, 1.5, 2.5, 5])
        // The shade following a pull, settling open, closing after Esc.
        try assertSameBytes("scene-shade.jsonl", at: [0.6, 1.1, 1.6, 2.1, 2.2, 3.0])
    }

    func testScenesWithLongIdleGaps() throws {
        // A peek held 30 s then lifted; a pop held 30 s then lifted; the fallback's peek.
        try assertSameBytes("idle-messages.jsonl", at: [0.35, 15, 30.4, 30.6, 55, 70.4, 71, 105, 110.7, 125, 142])
        // The fallback held 20 s on the bar, fired after 50 s; a wheel press 70 s later.
        try assertSameBytes("idle-confirm.jsonl", at: [0.35, 0.75, 10, 20.2, 35, 50.4, 51.2, 90, 120.15, 135, 152])
        // A menu left open 30 s, a toast, the fallback's menu held 30 s, a launch's toast.
        try assertSameBytes("idle-home.jsonl", at: [0.3, 15, 30.6, 32, 34, 60.7, 75, 92, 95.1, 130.1, 133])
    }

    /// The canvas: strokes drawn live (deferred edge swipes draw too); the stepping replay
    /// brings the ink cache up to date at every frame, the skipping one only at the captures.
    func testCanvasSessions() throws {
        let every = true
        // Deferred swipes 30 s apart, home, the shade for 35 s, the indicator faded 100 s.
        try assertSameBytes("idle-system.jsonl", at: [0.5, 1.6, 15, 30.4, 31, 42, 45.2, 45.8, 60, 80.2, 92.1, 93, 150, 190.2, 193],
                            renderEveryFrame: every)
        try assertSameBytes("scene-system.jsonl", at: [0.4, 1.0, 2.0, 4.2, 8], renderEveryFrame: every)
        // A live stroke with an eased notch standing 40 s, ] with nothing pressed, a pen stroke.
        try assertSameBytes("idle-canvas.jsonl", at: [0.2, 0.45, 0.6, 20, 40.6, 45, 50.05, 60, 90.3, 100, 121],
                            renderEveryFrame: every)
        try assertSameBytes("golden-pressure.jsonl", at: [0.3, 1.0, 2.0], renderEveryFrame: every)
        try assertSameBytes("golden-point-types.jsonl", at: [1.05, 1.7, 1.87, 3.0], renderEveryFrame: every)
        try assertSameBytes("golden-tablet.jsonl", at: [1.0, 1.5, 2.5], renderEveryFrame: every)
        try assertSameBytes("demo.jsonl", at: [2.0, 5.0, 9.0], renderEveryFrame: every)
    }

    /// A session whose lift comes a day later renders its end without stepping through the day.
    func testAFarEndRendersInAFewFrames() throws {
        let s = try Fixtures.session("idle-far-end.jsonl")
        var rendered = 0
        try HeadlessReplay(session: s).run(frames: [HeadlessReplay.frame(at: s.duration)]) { frame, state, _ in
            rendered += 1
            XCTAssertEqual(frame, 6_000_000)
            XCTAssertEqual(state.ink.strokes.count, 1)
        }
        XCTAssertEqual(rendered, 1)
    }
}
