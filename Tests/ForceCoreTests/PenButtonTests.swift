import TestSupport
import XCTest
@testable import ForceCore

/// The pen's lower barrel button: held, the pen erases (the default); or a press undoes; or
/// nothing. Recorded as `button` events, its meaning in the session's header.
final class PenButtonTests: XCTestCase {
    func stroke(_ d: inout Driver, y: Double) { d.penStroke(y: y) }

    func testHeldItErasesAPressThatBeginsWithIt() {
        var d = Driver()
        stroke(&d, y: 100)
        stroke(&d, y: 200)
        d.send(.button(PenButton(button: 1, down: true)))
        stroke(&d, y: 100)  // across the first stroke: it erases it
        d.send(.button(PenButton(button: 1, down: false)))
        XCTAssertEqual(d.state.ink.strokes.count, 1)
        XCTAssertEqual(d.state.ink.strokes.first?.points.first?.preciseLocation.y, 200)
        stroke(&d, y: 300)
        XCTAssertEqual(d.state.ink.strokes.count, 2, "released, the pen draws again")
    }

    func testItCanUndoOrDoNothing() throws {
        let header = #"{"format":"forcecanvas-session","version":2,"width":800,"height":600,"barrelButton":"undo"}"#
        var session = try SessionCoding.parse(header, file: "h")
        XCTAssertEqual(session.barrelAction, .undo)
        XCTAssertTrue(SessionCoding.headerLine(session).contains(#""barrelButton":"undo""#), "written back")
        var d = Driver(session.initialState())
        stroke(&d, y: 100)
        stroke(&d, y: 200)
        d.send(.button(PenButton(button: 1, down: true)))
        d.send(.button(PenButton(button: 1, down: false)))
        XCTAssertEqual(d.state.ink.strokes.count, 1, "a press undid the last stroke")
        // The upper one set to erase erases, the lower one set to nothing does nothing.
        session.barrelAction = .none
        session.barrelAction2 = .eraser
        XCTAssertTrue(SessionCoding.headerLine(session).contains(#""barrelButton2":"eraser""#))
        var upper = Driver(session.initialState())
        stroke(&upper, y: 100)
        upper.send(.button(PenButton(button: 2, down: true)))
        stroke(&upper, y: 100)
        XCTAssertEqual(upper.state.ink.strokes.count, 0, "the upper button erased")
        session.barrelAction2 = .pan
        var quiet = Driver(session.initialState())
        stroke(&quiet, y: 100)
        quiet.send(.button(PenButton(button: 1, down: true)))
        stroke(&quiet, y: 100)
        XCTAssertEqual(quiet.state.ink.strokes.count, 2)
        XCTAssertFalse(SessionCoding.headerLine(Session(viewport: Viewport(width: 10, height: 10))).contains("barrelButton"),
                       "the default is not written: a session keeps its bytes")
        let line = SessionCoding.line(TimedEvent(time: 1, event: .button(PenButton(button: 2, down: false))))
        XCTAssertEqual(line, #"{"t":1,"type":"button","button":2,"down":false}"#)
        XCTAssertEqual(try SessionCoding.parse(header + "\n" + line, file: "b").events.first?.event, .button(PenButton(button: 2, down: false)))
        XCTAssertThrowsError(try SessionCoding.parse(header + "\n" + #"{"t":1,"type":"button","button":3,"down":true}"#, file: "b"))
        var settings = Settings()
        try settings.set("barrel-button", to: "undo")
        XCTAssertEqual(settings.barrelAction, .undo)
        XCTAssertThrowsError(try settings.set("barrel-button", to: "menu"))
        try settings.set("barrel-button-2", to: "eraser")
        XCTAssertEqual(settings.barrelAction2, .eraser)
    }

    func testACaptureKeepsItsBarrelButton() throws {
        let record = try TabletCapture(text: try String(contentsOfFile: LibinputRecordTests.fixture, encoding: .utf8))
        let buttons = record.session(document: Viewport(width: 1280, height: 800)).0.events.compactMap { e -> PenButton? in
            if case .button(let b) = e.event { return b } else { return nil }
        }
        XCTAssertEqual(buttons, [PenButton(button: 1, down: true), PenButton(button: 1, down: false)])
    }
}
