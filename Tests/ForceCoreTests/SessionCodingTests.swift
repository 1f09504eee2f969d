import XCTest
@testable import ForceCore

final class SessionCodingTests: XCTestCase {
    let header = #"{"format":"forcecanvas-session","version":1,"width":640,"height":400}"#

    func parse(_ lines: [String]) throws(SessionError) -> Session {
        try SessionCoding.parse(([header] + lines).joined(separator: "\n"), file: "s.jsonl")
    }

    func expectError(_ lines: [String], line: Int, containing text: String, file: StaticString = #filePath, lineNo: UInt = #line) {
        do {
            _ = try parse(lines)
            XCTFail("expected an error", file: file, line: lineNo)
        } catch {
            XCTAssertEqual(error.line, line, file: file, line: lineNo)
            XCTAssertTrue(error.description.hasPrefix("s.jsonl:\(line): "), error.description, file: file, line: lineNo)
            XCTAssertTrue(error.message.contains(text), error.message, file: file, line: lineNo)
        }
    }

    func testRoundTrip() throws {
        var options = Options()
        options.debug = true
        options.renderer = .classic
        let session = Session(
            viewport: Viewport(width: 1024, height: 768, scale: 2), options: options, pressureStep: 0.05,
            events: [
                TimedEvent(time: 0, event: .pointer(PointerInput(phase: .down, location: Point(x: 1.5, y: 2.25)))),
                TimedEvent(time: 0.01, event: .pointer(PointerInput(
                    phase: .move, location: Point(x: 3, y: 4), source: .pen, rawForce: 30000, maximumForce: 65535,
                    altitude: 0.8, azimuth: 1.2))),
                TimedEvent(time: 0.02, event: .wheel(-0.5)),
                TimedEvent(time: 0.03, event: .deepPress(true)),
                TimedEvent(time: 0.04, event: .command(.undo)),
                TimedEvent(time: 0.05, event: .resize(Viewport(width: 500, height: 300, scale: 1))),
                TimedEvent(time: 0.06, event: .pointer(PointerInput(phase: .up, location: Point(x: 3, y: 4), rawForce: .nan))),
            ])
        let text = SessionCoding.encode(session)
        let back = try SessionCoding.parse(text, file: "x")
        XCTAssertEqual(back.viewport, session.viewport)
        XCTAssertEqual(back.options, session.options)
        XCTAssertEqual(back.pressureStep, 0.05)
        XCTAssertEqual(back.events.count, session.events.count)
        for (a, b) in zip(back.events.dropLast(), session.events.dropLast()) { XCTAssertEqual(a, b) }
        guard case .pointer(let p) = back.events.last?.event else { return XCTFail() }
        XCTAssertTrue(p.rawForce?.isNaN ?? false, "a broken device's NaN is recorded as it came")
    }

    func testErrorsNameTheLine() {
        expectError(["{\"t\":0,\"type\":\"down\",\"x\":1,\"y\":2}", "{\"t\":0.1,\"type\":\"move\",\"x\":\"a\",\"y\":2}"],
                    line: 3, containing: "\"x\" must be a number")
        expectError(["{\"t\":0,\"type\":\"down\",\"x\":1}"], line: 2, containing: "missing \"y\"")
        expectError(["not json"], line: 2, containing: "not valid JSON")
        expectError(["[1,2]"], line: 2, containing: "expected a JSON object")
        expectError(["{\"t\":0,\"type\":\"jump\"}"], line: 2, containing: "unknown event type \"jump\"")
        expectError(["{\"t\":-1,\"type\":\"wheel\",\"dy\":1}"], line: 2, containing: "must not be negative")
        expectError(["{\"t\":0,\"type\":\"command\",\"name\":\"fly\"}"], line: 2, containing: "unknown command \"fly\"")
        expectError(["{\"t\":0,\"type\":\"down\",\"x\":1,\"y\":1,\"source\":\"stylus\"}"], line: 2, containing: "unknown source")
        expectError(["{\"t\":0,\"type\":\"deep\",\"down\":1}"], line: 2, containing: "must be true or false")
        expectError(["", "{\"t\":true,\"type\":\"wheel\",\"dy\":1}"], line: 3, containing: "\"t\" must be a number")
    }

    /// Time that steps back (a device's clock against the host's, a web recording's timer) is
    /// moved to 1 µs after the event before and counted; `--strict-time` refuses it.
    func testTimeThatStepsBackIsMovedForwardAndCountedUnlessStrict() throws {
        let lines = [header, "{\"t\":1,\"type\":\"wheel\",\"dy\":1}", "{\"t\":0.5,\"type\":\"wheel\",\"dy\":1}",
                     "{\"t\":0.7,\"type\":\"wheel\",\"dy\":1}", "{\"t\":2,\"type\":\"wheel\",\"dy\":1}"]
        let s = try SessionCoding.parse(lines.joined(separator: "\n"), file: "s.jsonl")
        for (a, b) in zip(s.events.map(\.time), [1, 1.000001, 1.000002, 2]) { XCTAssertEqual(a, b, accuracy: 1e-12) }
        var parser = SessionParser(file: "s.jsonl")
        for (i, l) in lines.enumerated() { _ = try parser.parse(l, number: i + 1) }
        XCTAssertEqual(parser.timesMovedForward, 2)
        XCTAssertEqual(parser.timeNote, "s.jsonl: 2 events were earlier than the event before and moved to 1 µs after it (the first on line 3); --strict-time refuses such a file")
        XCTAssertThrowsError(try SessionCoding.parse(lines.joined(separator: "\n"), file: "s.jsonl", strictTime: true)) { e in
            XCTAssertEqual((e as? SessionError)?.line, 3)
            XCTAssertTrue((e as? SessionError)?.message.contains("earlier than the previous event's 1.0000 (--strict-time)") ?? false, "\(e)")
        }
    }

    func testHeaderErrors() {
        XCTAssertThrowsError(try SessionCoding.parse("", file: "e.jsonl")) { e in
            XCTAssertEqual((e as? SessionError)?.description, "e.jsonl:1: empty file: expected a session header")
        }
        XCTAssertThrowsError(try SessionCoding.parse(#"{"format":"other","version":1}"#, file: "h")) { e in
            XCTAssertEqual((e as? SessionError)?.line, 1)
        }
        XCTAssertThrowsError(try SessionCoding.parse(
            #"{"format":"forcecanvas-session","version":9,"width":1,"height":1}"#, file: "h")) { e in
            XCTAssertTrue((e as? SessionError)?.message.contains("version 9 is not supported") ?? false)
        }
        XCTAssertThrowsError(try SessionCoding.parse(
            #"{"format":"forcecanvas-session","version":1,"width":0,"height":1}"#, file: "h"))
        XCTAssertThrowsError(try SessionCoding.parse(
            #"{"format":"forcecanvas-session","version":1,"width":10,"height":10,"options":{"renderer":"ink"}}"#, file: "h")) { e in
            XCTAssertTrue((e as? SessionError)?.message.contains("unknown renderer \"ink\"") ?? false)
        }
    }

    func testOutOfRangeForcesAreClampedNotRejected() throws {
        let s = try parse([
            #"{"t":0,"type":"down","x":1,"y":1,"source":"pen","force":-5,"maxForce":1}"#,
            #"{"t":0.01,"type":"move","x":2,"y":1,"source":"pen","force":"NaN","maxForce":1}"#,
            #"{"t":0.02,"type":"move","x":3,"y":1,"source":"pen","force":9,"maxForce":1}"#,
            #"{"t":0.03,"type":"move","x":4,"y":1,"source":"pen","force":"inf","maxForce":1}"#,
        ])
        var state = s.initialState()
        for e in s.events { state.handle(e) }
        // No pressure (-5, NaN) draws nothing; over the maximum (9, inf) is clamped to it.
        XCTAssertEqual(state.ink.live?.points.map(\.force), [1, 1])
        XCTAssertEqual(state.pressureClamped, 2)
    }
}
