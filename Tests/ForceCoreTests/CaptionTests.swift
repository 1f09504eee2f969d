import TestSupport
import XCTest
@testable import ForceCore

/// The caption event: parsed with its limits, written back exactly, ignored by the core.
final class CaptionTests: XCTestCase {
    static let header = #"{"format":"forcecanvas-session","version":1,"width":640,"height":480}"#

    func parse(_ lines: [String]) throws -> Session {
        try SessionCoding.parse(([Self.header] + lines).joined(separator: "\n"), file: "c.jsonl")
    }

    func problem(_ line: String) -> String? {
        do {
            _ = try parse([line])
            return nil
        } catch {
            return (error as? SessionError)?.description ?? "\(error)"
        }
    }

    func testCaptionsParseWithTheirOptions() throws {
        let s = try parse([
            #"{"t":0.5,"type":"caption","text":"Force ≥ 0.20: the peek"}"#,
            #"{"t":1,"type":"caption","text":"Slower","duration":2.5,"pause":true,"speed":0.25}"#,
        ])
        XCTAssertEqual(s.events, [
            TimedEvent(time: 0.5, event: .caption(Caption(text: "Force ≥ 0.20: the peek"))),
            TimedEvent(time: 1, event: .caption(Caption(text: "Slower", duration: 2.5, pause: true, speed: 0.25))),
        ])
        // Written back, read again: the same events, bit for bit.
        XCTAssertEqual(try SessionCoding.parse(SessionCoding.encode(s), file: "again").events, s.events)
    }

    func testBadCaptionsAreRefusedAtTheirLine() {
        XCTAssertEqual(problem(#"{"t":1,"type":"caption"}"#), #"c.jsonl:2: missing "text""#)
        XCTAssertEqual(problem(#"{"t":1,"type":"caption","text":"x","duration":0}"#),
                       #"c.jsonl:2: "duration" must be seconds in (0, 3600]"#)
        XCTAssertEqual(problem(#"{"t":1,"type":"caption","text":"x","speed":8}"#),
                       #"c.jsonl:2: "speed" 8 is out of range (0.1…4)"#)
        XCTAssertEqual(problem(#"{"t":1,"type":"caption","text":"x","pause":"yes"}"#), #"c.jsonl:2: "pause" must be true or false"#)
        let long = String(repeating: "a", count: Caption.maximumTextBytes + 1)
        XCTAssertTrue(problem(#"{"t":1,"type":"caption","text":"\#(long)"}"#)?.contains("at most 1024") ?? false)
    }

    /// A caption changes nothing in the state: a session replays the same with or without them.
    func testTheCoreIgnoresCaptions() {
        var a = Driver(), b = Driver()
        for d in [0, 1] {
            var driver = d == 0 ? a : b
            driver.down(100, 100)
            driver.frame()
            if d == 1 { driver.send(.caption(Caption(text: "now", pause: true))) }
            driver.at(0.5)
            if d == 1 { driver.send(.caption(Caption(text: "later"))) }
            driver.move(200, 120)
            driver.frame()
            if d == 0 { a = driver } else { b = driver }
        }
        XCTAssertEqual(a.state, b.state)
    }

    func testTheHeaderTitleRoundTrips() throws {
        var s = Session(viewport: Viewport(width: 640, height: 480))
        s.title = "5 · Peek and pop \"quoted\""
        let again = try SessionCoding.parse(SessionCoding.encode(s), file: "t")
        XCTAssertEqual(again.title, s.title)
        XCTAssertNil(try parse([]).title)
    }
}
