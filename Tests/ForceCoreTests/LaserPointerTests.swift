import TestSupport
import XCTest
@testable import ForceCore

/// The laser pointer: a dot and a line that fades in a second, nothing in the document.
final class LaserPointerTests: XCTestCase {
    /// A pen stroke along `y` over 0.2 s, 10 ms a sample.
    func stroke(_ d: inout Driver, y: Double) { d.penStroke(y: y, step: 10, every: 0.01) }

    func advance(_ d: inout Driver, to t: Double) {
        d.t = t
        d.state.advance(to: t)
    }

    func testItDrawsALineThatFadesAndNoInk() throws {
        var d = Driver()
        stroke(&d, y: 100)
        XCTAssertEqual(d.state.ink.strokes.count, 1)
        d.send(.command(.toggleLaser))
        XCTAssertTrue(d.state.laser.isActive)
        stroke(&d, y: 200)
        XCTAssertEqual(d.state.ink.strokes.count, 1, "the laser leaves no ink")
        XCTAssertNil(d.state.ink.live)
        let shown = try XCTUnwrap(d.state.display.laser)
        XCTAssertGreaterThan(shown.line.count, 3)
        XCTAssertNotNil(shown.dot, "the dot shows where the pointer is")
        XCTAssertEqual(shown.line.last?.joinsNext, false, "the lift ends the line")
        XCTAssertEqual(d.state.nextWake(after: d.state.time), d.state.time, "frames while it fades")
        let lifted = d.t
        advance(&d, to: lifted + 0.5)
        let half = try XCTUnwrap(d.state.display.laser?.line.last?.strength)
        XCTAssertEqual(half, 0.5, accuracy: 0.05, "half faded after half a second")
        advance(&d, to: lifted + 1.1)
        XCTAssertEqual(d.state.display.laser?.line ?? [], [], "gone after a second")
        XCTAssertEqual(d.state.nextWake(after: d.state.time), .infinity, "and nothing more to draw")
        d.send(.command(.toggleLaser))
        XCTAssertNil(d.state.display.laser, "off: no dot")
        stroke(&d, y: 300)
        XCTAssertEqual(d.state.ink.strokes.count, 2, "the pen draws again")
        // Undo never sees the laser: it takes back the last real stroke.
        d.send(.command(.undo))
        XCTAssertEqual(d.state.ink.strokes.first?.points.first?.preciseLocation.y, 100)
    }

    func testABarrelButtonSetToLaserHoldsIt() throws {
        let header = #"{"format":"forcecanvas-session","version":2,"width":800,"height":600,"barrelButton2":"laser"}"#
        let session = try SessionCoding.parse(header, file: "h")
        XCTAssertEqual(session.barrelAction2, .laser)
        var d = Driver(session.initialState())
        d.send(.button(PenButton(button: 2, down: true)))
        stroke(&d, y: 100)
        XCTAssertEqual(d.state.ink.strokes.count, 0)
        XCTAssertFalse(d.state.laser.samples.isEmpty)
        d.send(.button(PenButton(button: 2, down: false)))
        stroke(&d, y: 200)
        XCTAssertEqual(d.state.ink.strokes.count, 1, "released, the pen draws")
    }

    /// A session's laser replays the same (a video or a replay shows it).
    func testRecordedItReplaysTheSame() throws {
        let text = """
            {"format":"forcecanvas-session","version":2,"width":800,"height":600}
            {"t":0,"type":"command","name":"toggle-laser"}
            {"t":0.1,"type":"down","x":100,"y":100,"source":"pen","force":0.5}
            {"t":0.2,"type":"move","x":200,"y":120,"source":"pen","force":0.5}
            {"t":0.3,"type":"up","x":300,"y":140,"source":"pen","force":0.5}
            """
        let session = try SessionCoding.parse(text, file: "s")
        var d = Driver(session.initialState())
        for e in session.events {
            d.t = e.time
            d.send(e.event)
        }
        XCTAssertEqual(d.state.laser.samples.map(\.location.x), [100, 200, 300])
        XCTAssertEqual(d.state.ink.strokes.count, 0)
        XCTAssertTrue(SessionCoding.encode(session).contains(#"{"t":0,"type":"command","name":"toggle-laser"}"#), "written back as read")
    }
}
