import Foundation
import TestSupport
import XCTest
@testable import ForceCore

/// State snapshots (stable JSON, diffs in words) and the per-frame trace (the same however many
/// frames were simulated; a session changed at one event diverges at that event's frame).
final class StateTraceTests: XCTestCase {
    func session(_ name: String) throws -> Session { try Fixtures.session(name) }

    /// The state at the last frame of a replay of `s` that steps every frame.
    func finalState(_ s: Session) -> AppState { Fixtures.finalState(s) }

    func testSnapshotJSONIsSortedStableAndReadsBack() throws {
        let snapshot = StateSnapshot(finalState(try session("scene-confirm.jsonl")))
        let json = snapshot.json
        XCTAssertEqual(json, StateSnapshot(finalState(try session("scene-confirm.jsonl"))).json, "same state, same bytes")
        XCTAssertTrue(json.hasPrefix("{\n  \"Confirm\": {\n    \"events\": "), json)
        XCTAssertTrue(json.contains("\n  \"ConfirmButton\": {\n    \"intention\": "), json)
        XCTAssertTrue(json.contains("\n  \"scene\": \"confirm\"\n"), json)
        // Keys sorted at both levels.
        let top = json.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { String($0.dropFirst(3).prefix { $0 != "\"" }) }
        XCTAssertEqual(top, top.sorted())
        XCTAssertEqual(try StateSnapshot(json: json, file: "x.state.json"), snapshot)
        XCTAssertEqual(StableHash.hex(snapshot.hash).count, 16)
        for path in ["ConfirmButton.state", "ConfirmButton.intention", "PreviewInteraction.state", "PreviewInteraction.previewProgress",
                     "QuickActionMenu.open", "QuickActionMenu.items", "EdgeDeferral.effective", "HomeIndicator.alpha",
                     "ink.strokes", "ink.points", "options.renderer", "scene"] {
            XCTAssertNotNil(snapshot.fields[path], path)
        }
    }

    func testNumbersKeepSixDecimalsAndNegativeZeroIsZero() {
        XCTAssertEqual(StateValue.rounded(0.123456789).json, "0.123457")
        XCTAssertEqual(StateValue.rounded(-0.0000001).json, "0")
        XCTAssertEqual(StateValue.rounded(0.62).json, "0.62")
        XCTAssertEqual(StateValue.rounded(3).json, "3")
        XCTAssertEqual(StateValue.rounded(.nan), .null)
    }

    func testChangesAreSaidInWords() {
        let before = StateSnapshot(fields: ["ConfirmButton.state": .text("selected"), "preview.progress": .number(0.62),
                                            "ink.strokes": .number(2), "gone": .flag(true)])
        let after = StateSnapshot(fields: ["ConfirmButton.state": .text("confirmed"), "preview.progress": .number(0.71),
                                           "ink.strokes": .number(2), "new": .null])
        XCTAssertEqual(after.changes(from: before).map(\.description), [
            "ConfirmButton.state: selected → confirmed", "gone: true → (absent)", "new: (absent) → none",
            "preview.progress: 0.62 → 0.71",
        ])
        XCTAssertEqual(before.changes(from: before), [])
    }

    func testBadStateFilesSayWhy() {
        XCTAssertThrowsError(try StateSnapshot(json: "{", file: "a.state.json")) {
            XCTAssertTrue("\($0)".hasPrefix("a.state.json: not valid JSON"), "\($0)")
        }
        XCTAssertThrowsError(try StateSnapshot(json: #"{"x":[1]}"#, file: "a.state.json")) {
            XCTAssertEqual("\($0)", #"a.state.json: "x" must be an object or a value"#)
        }
    }

    static let sessions = Fixtures.bundled + Fixtures.idle

    /// The trace covers every frame; the replay that skips idle frames records the same trace
    /// as stepping every frame, for every bundled session.
    func testTheTraceIsTheSameWhetherIdleFramesAreSkippedOrNot() throws {
        for name in Self.sessions {
            let s = try session(name)
            let skipped = StateTrace.replaying(s, name: name, stepEveryFrame: false)
            let stepped = StateTrace.replaying(s, name: name, stepEveryFrame: true)
            XCTAssertEqual(skipped.text, stepped.text, name)
            XCTAssertEqual(skipped.lastFrame, ReplaySchedule.frame(atOrAfter: s.duration), name)
            // Its snapshot at the end is the final state's.
            XCTAssertEqual(skipped.snapshot(atFrame: skipped.lastFrame), StateSnapshot(finalState(s)), name)
        }
    }

    func testTheTraceFileReadsBackAndRefusesDamage() throws {
        let trace = StateTrace.replaying(try session("scene-messages.jsonl"), name: "scene-messages")
        let text = trace.text
        XCTAssertTrue(text.hasPrefix(#"{"format":"forcecanvas-trace","version":1,"session":"scene-messages","lastFrame":"#))
        XCTAssertEqual(try StateTrace(text: text, file: "t.trace"), trace)
        XCTAssertEqual(try StateTrace(text: text.replacingOccurrences(of: "\n", with: "\r\n"), file: "t.trace").text, text)
        var lines = text.split(separator: "\n").map(String.init)
        lines[3] = lines[3].replacingOccurrences(of: "}", with: ",\"ink.points\":999}")
        XCTAssertThrowsError(try StateTrace(text: lines.joined(separator: "\n"), file: "t.trace")) {
            XCTAssertTrue("\($0)".hasPrefix("t.trace:4: the hash does not match the values"), "\($0)")
        }
        XCTAssertThrowsError(try StateTrace(text: "", file: "t.trace")) { XCTAssertEqual("\($0)", "t.trace:1: empty file: expected a trace header") }
        XCTAssertThrowsError(try StateTrace(text: "{\"format\":\"x\"}\n", file: "t.trace"))
    }

    /// A session changed at one event diverges at the frame that handles that event, and the
    /// divergence names what went differently.
    func testASessionChangedAtOneEventDivergesAtThatFrame() throws {
        let s = try session("scene-messages.jsonl")
        let golden = StateTrace.replaying(s, name: "scene-messages")
        XCTAssertNil(StateTrace.firstDivergence(expected: golden, actual: golden, through: golden.lastFrame))
        // The third wheel notch turns the other way.
        var altered = s
        var notches = 0
        let index = try XCTUnwrap(s.events.firstIndex { e in
            if case .wheel = e.event { notches += 1 }
            return notches == 3
        })
        altered.events[index].event = .wheel(-1)
        let actual = StateTrace.replaying(altered, name: "scene-messages")
        let divergence = try XCTUnwrap(StateTrace.firstDivergence(expected: golden, actual: actual, through: actual.lastFrame))
        let frame = ReplaySchedule.frame(atOrAfter: s.events[index].time)
        XCTAssertEqual(divergence.frame, frame)
        XCTAssertEqual(divergence.lastMatchingFrame, frame - 1)
        XCTAssertTrue(divergence.changes.contains { $0.path == "pressure.sceneLevel" }, "\(divergence)")
        XCTAssertTrue(divergence.description.hasPrefix(String(format: "first divergence at t = %.3f s, frame %d: ", divergence.time, frame)),
                      divergence.description)
        XCTAssertNil(StateTrace.firstDivergence(expected: golden, actual: actual, through: frame - 1), "the same up to there")
    }
}
