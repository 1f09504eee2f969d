import XCTest
@testable import ForceCore

/// Strict sessions: every key of every line is known, and a misspelt one is named with the
/// key that was meant.
final class SessionKeysTests: XCTestCase {
    let header = #"{"format":"forcecanvas-session","version":2,"width":640,"height":400}"#

    func error(_ lines: [String]) -> SessionError? {
        do {
            _ = try SessionCoding.parse(lines.joined(separator: "\n"), file: "s.jsonl")
            return nil
        } catch {
            return error
        }
    }

    func testTheIssuesExampleIsRefusedWithTheKeyMeant() {
        let e = error([header, #"{"t":0,"type":"checkpoint","name":"a","treshold":0.3,"mask":[[0,0,10,10]]}"#])
        XCTAssertEqual(e?.description, #"s.jsonl:2: unknown key "treshold" (did you mean "threshold"?)"#)
    }

    func testHeaderOptionsAndCheckObjectsAreStrictToo() {
        XCTAssertEqual(error([#"{"format":"forcecanvas-session","version":2,"width":640,"height":400,"pressureSetp":0.1}"#])?.description,
                       #"s.jsonl:1: unknown key "pressureSetp" (did you mean "pressureStep"?)"#)
        XCTAssertEqual(error([#"{"format":"forcecanvas-session","version":2,"width":640,"height":400,"options":{"HUD":true}}"#])?.description,
                       #"s.jsonl:1: unknown key "HUD" in "options" (did you mean "hud"?)"#)
        XCTAssertEqual(error([#"{"format":"forcecanvas-session","version":2,"width":640,"height":400,"check":{"maxDiffPixel":3}}"#])?.description,
                       #"s.jsonl:1: unknown key "maxDiffPixel" in "check" (did you mean "maxDiffPixels"?)"#)
        // Nothing near: no guess.
        XCTAssertEqual(error([header, #"{"t":0,"type":"wheel","dy":1,"colourfulness":2}"#])?.description,
                       #"s.jsonl:2: unknown key "colourfulness""#)
        // A key of another line type is unknown here.
        XCTAssertEqual(error([header, #"{"t":0,"type":"wheel","dy":1,"x":2}"#])?.description, #"s.jsonl:2: unknown key "x""#)
    }

    /// Every key the writer writes is one the reader knows: a session with every kind of line,
    /// every optional field set, is written and read back unchanged.
    func testEverythingWrittenIsReadBack() throws {
        var options = Options()
        (options.showDiagram, options.showTrail, options.debug) = (true, true, true)
        var session = Session(viewport: Viewport(width: 800, height: 600, scale: 2), options: options)
        session.check = CheckTolerances(threshold: 0.2, maxDiffPixels: 4, maxDiffRatio: 0.01)
        session.masks = [Rect(x: 1, y: 2, width: 30, height: 40)]
        session.title = "every \"line\""
        session.barrelAction = .undo
        session.barrelAction2 = .none
        var pointer = PointerInput(phase: .down, location: Point(x: 3, y: 4), source: .pen, rawForce: 0.5, maximumForce: 1,
                                   altitude: 1, azimuth: 0.5)
        pointer.distance = 0.25
        var details = DeviceDetails()
        (details.widthMM, details.heightMM, details.resolution, details.rate, details.tiltRange) = (216, 135, 200, 133, 60)
        (details.pressureLevels, details.toolID, details.serial) = (8192, 2, 99)
        let events: [InputEvent] = [
            .pointer(pointer), .wheel(1), .deepPress(true), .command(.clear), .resize(Viewport(width: 700, height: 500)),
            .pressureCurve(.standard), .shortcut("com.x"), .checkpoint("c"), .caption(Caption(text: "t", duration: 2, pause: true, speed: 0.5)),
            .view(.zoom(2, about: Point(x: 1, y: 1))), .view(.pan(dx: 1, dy: 2)), .view(.fit), .view(.actualSize),
            .proximity(.pen, entering: true), .button(PenButton(button: 2, down: true)), .uiScale(1.6),
            .tool(InkTool(kind: .highlighter, colour: InkColour(hex: "#ff000080"), size: 12)),
            .tool(InkTool(kind: .pen, colour: InkColour(hex: "#0072b2"), size: 2, fill: 0.5)),
            .device(InputDevice(name: "Pen", kind: .pen, hasForce: true, hasTilt: true, details: details)),
        ]
        session.events = events.enumerated().map { TimedEvent(time: Double($0.offset) / 10, event: $0.element) }
        let text = SessionCoding.encode(session)
        let back = try SessionCoding.parse(text, file: "all.jsonl")
        XCTAssertEqual(SessionCoding.encode(back), text)
        XCTAssertEqual(back.masks, session.masks)
        XCTAssertEqual(back.check, session.check)
    }

    /// A tool's id and serial are 32-bit numbers: an Intuos4 pen's serial, 2575305619, reads;
    /// what is beyond 32 bits or not whole does not.
    func testToolNumbersReadTo32Bits() throws {
        let device = #"{"t":0,"type":"device","name":"Pen","kind":"pen","force":true,"#
        var parser = SessionParser(file: "s.jsonl")
        _ = try parser.parse(header, number: 1)
        let line = try parser.parse(device + #""serial":4294967295,"toolId":2050}"#, number: 2)
        guard case .event(let e) = line, case .device(let d) = e.event else { return XCTFail("a device line") }
        XCTAssertEqual(d.details.serial, 4_294_967_295)
        XCTAssertEqual(error([header, device + #""serial":4294967296}"#])?.message, #""serial" must be a whole number from 0 to 4294967295"#)
        XCTAssertEqual(error([header, device + #""toolId":1.5}"#])?.message, #""toolId" must be a whole number from 0 to 4294967295"#)
    }

    func testCheckpointToleranceAndMasksAreReadAndChecked() throws {
        var parser = SessionParser(file: "s.jsonl")
        _ = try parser.parse(header, number: 1)
        _ = try parser.parse(#"{"t":0.5,"type":"checkpoint","name":"a","threshold":0.3,"maxDiffPixels":12,"mask":[[0,0,10,10],[5,6,7,8]]}"#, number: 2)
        XCTAssertEqual(parser.checkpoints.first?.tolerances, CheckTolerances(threshold: 0.3, maxDiffPixels: 12))
        XCTAssertEqual(parser.checkpoints.first?.masks, [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 5, y: 6, width: 7, height: 8)])
        XCTAssertEqual(error([header, #"{"t":0,"type":"checkpoint","name":"a","mask":[[0,0,10]]}"#])?.message,
                       #""mask" must be a list of rectangles [[x, y, width, height], …] in points (at most 1000)"#.replacingOccurrences(of: " (at most 1000)", with: ""))
        XCTAssertEqual(error([header, #"{"t":0,"type":"checkpoint","name":"a","mask":[[0,0,0,4]]}"#])?.message,
                       #""mask" rectangle 0,0,0,4 is empty: width and height must be more than 0"#)
        XCTAssertEqual(error([header, #"{"t":0,"type":"checkpoint","name":"a","threshold":2}"#])?.message,
                       #""threshold" must be between 0 and 1, not 2.0"#)
    }

    /// A `ui-scale` line (a restored canvas started with `--ui-scale`) sets the text's size to
    /// its value, any in 1–3, not only U's steps; outside the range it is refused with it.
    func testUIScaleLineSetsTheScaleInItsRange() throws {
        let session = try SessionCoding.parse(header + "\n" + #"{"t":0.5,"type":"ui-scale","scale":1.6}"#, file: "s.jsonl")
        XCTAssertEqual(session.events.map(\.event), [.uiScale(1.6)])
        var state = AppState(viewport: Viewport(width: 800, height: 600))
        XCTAssertEqual(state.options.uiScale, 1)
        state.handle(.uiScale(1.6), at: 0.5)
        XCTAssertEqual(state.options.uiScale, 1.6)
        state.handle(.command(.uiLarger), at: 0.6)
        XCTAssertEqual(state.options.uiScale, 1.75, "U goes on from it to the next step")
        XCTAssertEqual(error([header, #"{"t":0,"type":"ui-scale","scale":3.5}"#])?.message, #""scale" 3.5 is out of range (1…3)"#)
        XCTAssertEqual(error([header, #"{"t":0,"type":"ui-scale"}"#])?.message, #"missing "scale""#)
    }

    func testSuggestions() {
        let known: Set<String> = ["threshold", "maxDiffPixels", "name"]
        XCTAssertEqual(SessionKeys.suggestion(for: "treshold", among: known), "threshold")
        XCTAssertEqual(SessionKeys.suggestion(for: "thresohld", among: known), "threshold", "a transposition is one edit")
        XCTAssertEqual(SessionKeys.suggestion(for: "Name", among: known), "name")
        XCTAssertNil(SessionKeys.suggestion(for: "colour", among: known))
        XCTAssertEqual(SessionKeys.editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(SessionKeys.editDistance("", "abc"), 3)
    }
}
