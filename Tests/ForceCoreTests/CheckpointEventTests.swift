import XCTest
@testable import ForceCore

/// `checkpoint` events and the header's `check` tolerances: read, written back, validated
/// with `FILE:LINE`, and ignored by the state.
final class CheckpointEventTests: XCTestCase {
    let header = #"{"format":"forcecanvas-session","version":1,"width":640,"height":400}"#

    func parse(_ lines: [String], header: String? = nil) throws(SessionError) -> Session {
        try SessionCoding.parse(([header ?? self.header] + lines).joined(separator: "\n"), file: "s.jsonl")
    }

    func error(_ lines: [String], header: String? = nil) -> SessionError? {
        do {
            _ = try parse(lines, header: header)
            return nil
        } catch {
            return error
        }
    }

    func testCheckpointsReadAndWriteBack() throws {
        let s = try parse([
            #"{"t":0.5,"type":"down","x":10,"y":10}"#,
            #"{"t":1.2,"type":"checkpoint","name":"peek"}"#,
            #"{"t":1.5,"type":"checkpoint","name":"pop-2.b_c"}"#,
        ])
        XCTAssertEqual(s.events[1], TimedEvent(time: 1.2, event: .checkpoint("peek")))
        XCTAssertEqual(SessionCoding.line(s.events[1]), #"{"t":1.2,"type":"checkpoint","name":"peek"}"#)
        XCTAssertEqual(try SessionCoding.parse(SessionCoding.encode(s), file: "x").events, s.events)
    }

    func testTheParserListsCheckpointsWithTheirLines() throws {
        var parser = SessionParser(file: "s.jsonl")
        for (i, line) in [header, #"{"t":0.1,"type":"checkpoint","name":"a"}"#, "", #"{"t":0.3,"type":"checkpoint","name":"b"}"#].enumerated() {
            _ = try parser.parse(line, number: i + 1)
        }
        XCTAssertEqual(parser.checkpoints, [Checkpoint(name: "a", time: 0.1, line: 2), Checkpoint(name: "b", time: 0.3, line: 4)])
    }

    func testBadAndDuplicateNamesAreRefusedAtTheirLine() {
        let cases: [(String, String)] = [
            (#"{"t":1,"type":"checkpoint","name":""}"#, "must not be empty"),
            (#"{"t":1,"type":"checkpoint","name":"a/b"}"#, "only letters, digits"),
            (#"{"t":1,"type":"checkpoint","name":"has space"}"#, "only letters, digits"),
            (#"{"t":1,"type":"checkpoint","name":".hidden"}"#, "must begin with a letter or a digit"),
            (#"{"t":1,"type":"checkpoint","name":"\#(String(repeating: "x", count: 65))"}"#, "longer than 64"),
            (#"{"t":1,"type":"checkpoint"}"#, "missing \"name\""),
            (#"{"t":1,"type":"checkpoint","name":3}"#, "\"name\" must be a string"),
        ]
        for (line, text) in cases {
            let e = error([line])
            XCTAssertEqual(e?.line, 2, line)
            XCTAssertTrue(e?.message.contains(text) ?? false, "\(line): \(e?.description ?? "no error")")
        }
        let dup = error([#"{"t":1,"type":"checkpoint","name":"peek"}"#, #"{"t":2,"type":"wheel","dy":1}"#,
                         #"{"t":3,"type":"checkpoint","name":"peek"}"#])
        XCTAssertEqual(dup?.description, #"s.jsonl:4: checkpoint "peek" is already named on line 2: names must be unique"#)
    }

    func testTheStateIgnoresCheckpoints() throws {
        let plain = try parse([#"{"t":0.1,"type":"down","x":100,"y":100}"#, #"{"t":0.4,"type":"move","x":200,"y":120}"#,
                               #"{"t":0.5,"type":"up","x":200,"y":120}"#])
        var marked = plain
        marked.events.insert(TimedEvent(time: 0.2, event: .checkpoint("mid")), at: 1)
        marked.events.append(TimedEvent(time: 0.5, event: .checkpoint("end")))
        var a = plain.initialState(), b = marked.initialState()
        for e in plain.events { a.handle(e) }
        for e in marked.events { b.handle(e) }
        a.advance(to: 0.5)
        b.advance(to: 0.5)
        XCTAssertEqual(a, b)
        var c = plain.initialState()
        c.handle(.checkpoint("late"), at: 9)
        XCTAssertEqual(c.time, 0, "a checkpoint does not even move the clock")
    }

    func testHeaderToleranceReadValidatedAndWritten() throws {
        let h = #"{"format":"forcecanvas-session","version":1,"width":640,"height":400,"check":{"threshold":0.2,"maxDiffPixels":40,"maxDiffRatio":0.001}}"#
        let s = try parse([], header: h)
        XCTAssertEqual(s.check, CheckTolerances(threshold: 0.2, maxDiffPixels: 40, maxDiffRatio: 0.001))
        XCTAssertTrue(SessionCoding.headerLine(s).hasSuffix(#","check":{"threshold":0.2,"maxDiffPixels":40,"maxDiffRatio":0.001}}"#))
        XCTAssertEqual(try SessionCoding.parse(SessionCoding.encode(s), file: "x").check, s.check)
        XCTAssertFalse(SessionCoding.headerLine(try parse([])).contains("check"), "nothing written when nothing is set")
        for (check, text) in [(#"{"threshold":2}"#, "\"threshold\" must be between 0 and 1"),
                              (#"{"maxDiffPixels":-1}"#, "\"maxDiffPixels\" must be 0 or more"),
                              (#"{"maxDiffPixels":1.5}"#, "\"maxDiffPixels\" must be a whole number"),
                              (#"{"maxDiffRatio":"a"}"#, "\"maxDiffRatio\" must be a number"),
                              ("3", "\"check\" must be an object")] {
            let bad = #"{"format":"forcecanvas-session","version":1,"width":640,"height":400,"check":"# + check + "}"
            let e = error([], header: bad)
            XCTAssertEqual(e?.line, 1)
            XCTAssertTrue(e?.message.contains(text) ?? false, "\(check): \(e?.description ?? "no error")")
        }
    }

    func testTheFlashFadesByTimeAndWakesTheReplay() {
        var s = AppState(viewport: Viewport(width: 640, height: 400))
        XCTAssertEqual(s.nextWake(after: 1), .infinity)
        s.flashCheckpoint("checkpoint-1", at: 1)
        s.advance(to: 1)
        XCTAssertEqual(s.display.checkpointFlash?.alpha, 1)
        XCTAssertEqual(s.nextWake(after: 1), 1, "every frame while it fades")
        s.advance(to: 1 + CheckpointFlash.duration / 2)
        XCTAssertEqual(s.display.checkpointFlash?.alpha ?? 0, 0.25, accuracy: 1e-12)
        s.advance(to: 1 + CheckpointFlash.duration)
        XCTAssertNil(s.display.checkpointFlash)
        XCTAssertEqual(s.nextWake(after: 1 + CheckpointFlash.duration), .infinity)
    }
}
