import TestSupport
import XCTest
@testable import ForceCore

/// A tool per stroke: pen or highlighter, colour and size, chosen by commands (X, Shift+X,
/// Shift+[ ]) or a `tool` event, carried by each stroke, written and read back by sessions,
/// redrawing sessions, compaction and the ink snapshot; the default pen draws as before.
final class InkToolTests: XCTestCase {
    func draw(_ d: inout Driver, y: Double) { d.penStroke(y: y, step: 10) }

    func testCommandsChooseTheToolAndEachStrokeKeepsItsOwn() {
        var d = Driver()
        draw(&d, y: 100)
        d.command(.nextColour)
        d.command(.largerTool)
        draw(&d, y: 200)
        d.command(.toggleHighlighter)
        draw(&d, y: 300)
        let tools = d.state.ink.strokes.map(\.tool)
        XCTAssertEqual(tools[0], .pen)
        XCTAssertEqual(tools[1], InkTool(colour: InkTool.palette[1], size: 24))
        XCTAssertEqual(tools[2].kind, .highlighter)
        XCTAssertEqual(tools[2].size, 24)
        // A bigger tool draws wider ink and reaches further.
        let style = d.state.display.ink.style
        let thin = StrokeTessellator.pieces(of: d.state.ink.strokes[0], style: style).real
        let wide = StrokeTessellator.pieces(of: d.state.ink.strokes[1], style: style).real
        let height = { (pieces: [InkPiece]) in pieces.reduce(Rect.null) { $0.union($1.bounds) }.height }
        XCTAssertEqual(height(wide) / height(thin), 24.0 / 16, accuracy: 0.15)
        XCTAssertEqual(wide.first?.colour, .tool(InkTool.palette[1]!))
        XCTAssertEqual(thin.first?.colour, .ink, "the default pen is the ink, as before")
        XCTAssertGreaterThan(d.state.ink.strokes[1].reach, Stroke.inkReach - 1)
        XCTAssertTrue(d.state.display.gauge.inkWidth?.tool.kind == .highlighter)
    }

    func testSizesStepAndThePaletteCycles() {
        var t = InkTool.pen
        for _ in InkTool.palette { t = AppState.tool(after: .nextColour, from: t) }
        XCTAssertEqual(t, .pen, "the palette comes round to the ink")
        for _ in 0..<20 { t = AppState.tool(after: .smallerTool, from: t) }
        XCTAssertEqual(t.size, InkTool.sizes.first)
        for _ in 0..<20 { t = AppState.tool(after: .largerTool, from: t) }
        XCTAssertEqual(t.size, InkTool.sizes.last)
        XCTAssertEqual(InkColour(hex: "#0072b2"), InkColour(red: 0, green: 114, blue: 178))
        XCTAssertEqual(InkColour(hex: "#0072b280")?.hex, "#0072b280")
        XCTAssertNil(InkColour(hex: "red"))
    }

    func testToolsSurviveSessionsRedrawingCompactionAndTheSnapshot() throws {
        var d = Driver()
        d.send(.tool(InkTool(kind: .pen, colour: InkColour(red: 200, green: 10, blue: 10), size: 4)))
        draw(&d, y: 100)
        d.send(.tool(.pen))
        draw(&d, y: 200)
        d.command(.toggleHighlighter)
        draw(&d, y: 300)
        // A filled shape (Xournal++'s fill): its opacity with the tool.
        d.send(.tool(InkTool(kind: .pen, colour: InkColour(red: 0, green: 114, blue: 178), size: 2, fill: 0.25)))
        draw(&d, y: 400)
        // A dash-dot line (Xournal++'s line style): its pattern with the tool.
        d.send(.tool(InkTool(kind: .pen, size: 3, dash: [6, 3, 0.5, 3])))
        draw(&d, y: 500)
        let strokes = d.state.ink.strokes
        XCTAssertEqual(strokes[3].tool.fill, 0.25)
        XCTAssertEqual(strokes[4].tool.dash, [6, 3, 0.5, 3])
        XCTAssertEqual(SessionCoding.line(TimedEvent(time: 1, event: .tool(strokes[4].tool))),
                       ##"{"t":1,"type":"tool","tool":"pen","size":3,"dash":[6,3,0.5,3]}"##)
        XCTAssertEqual(SessionCoding.line(TimedEvent(time: 1, event: .tool(strokes[3].tool))),
                       ##"{"t":1,"type":"tool","tool":"pen","colour":"#0072b2ff","size":2,"fill":0.25}"##)
        // A `tool` line reads back as it was written.
        let line = SessionCoding.line(TimedEvent(time: 1, event: .tool(strokes[0].tool)))
        XCTAssertEqual(line, ##"{"t":1,"type":"tool","tool":"pen","colour":"#c80a0aff","size":4}"##)
        let header = #"{"format":"forcecanvas-session","version":2,"width":800,"height":600}"#
        let back = try SessionCoding.parse(header + "\n" + line, file: "t")
        XCTAssertEqual(back.events.first?.event, .tool(strokes[0].tool))
        XCTAssertThrowsError(try SessionCoding.parse(header + "\n" + #"{"t":1,"type":"tool","tool":"pen","size":500}"#, file: "t"))
        XCTAssertThrowsError(try SessionCoding.parse(header + "\n" + #"{"t":1,"type":"tool","tool":"brush"}"#, file: "t"))
        for fill in ["0", "1.5", "-1"] {
            XCTAssertThrowsError(try SessionCoding.parse(header + "\n" + #"{"t":1,"type":"tool","tool":"pen","fill":"# + fill + "}", file: "t")) {
                XCTAssertEqual(($0 as? SessionError)?.message,
                               "\"fill\" \(fill) must be an opacity above 0 and at most 1 (leave it out for no fill)")
            }
        }
        let filledLine = SessionCoding.line(TimedEvent(time: 1, event: .tool(strokes[3].tool)))
        XCTAssertEqual(try SessionCoding.parse(header + "\n" + filledLine, file: "t").events.first?.event, .tool(strokes[3].tool))
        let dashedLine = SessionCoding.line(TimedEvent(time: 1, event: .tool(strokes[4].tool)))
        XCTAssertEqual(try SessionCoding.parse(header + "\n" + dashedLine, file: "t").events.first?.event, .tool(strokes[4].tool))
        let dashProblems = [
            ("[]", "a dash pattern has 1 to 16 lengths, not 0"),
            ("[6,-3]", "a dash length must be 0–1000 pt, not -3"),
            ("[6,3000]", "a dash length must be 0–1000 pt, not 3000"),
            ("[0.1,0.1]", "a dash pattern must repeat every 0.5 pt or more, not every 0.2 pt"),
            ("[0.2]", "a dash pattern must repeat every 0.5 pt or more, not every 0.4 pt"),
            ("[6,\"3\"]", "\"dash\" must be a list of lengths in points: on, off, on, off… (leave it out for a solid line)"),
            ("6", "\"dash\" must be a list of lengths in points: on, off, on, off… (leave it out for a solid line)"),
        ]
        for (dash, message) in dashProblems {
            XCTAssertThrowsError(try SessionCoding.parse(header + "\n" + #"{"t":1,"type":"tool","tool":"pen","dash":"# + dash + "}", file: "t")) {
                XCTAssertEqual(($0 as? SessionError)?.message, message, dash)
            }
        }
        XCTAssertNil(InkTool(dash: [0, 0]).dash, "a pattern refused is a solid line")
        XCTAssertEqual(InkTool(dash: [0.25]).dash, [0.25], "0.25 on, 0.25 off: every 0.5 pt")
        XCTAssertEqual(InkTool(fill: 0).fill, nil, "no opacity: no fill")
        XCTAssertEqual(InkTool(fill: 3).fill, 1)
        // The session that resumes the canvas (compaction) redraws every stroke with its tool
        // and leaves the tool in use set.
        let resumed = Fixtures.finalState(Session.resuming(d.state))
        XCTAssertEqual(resumed.ink.strokes.map(\.tool), strokes.map(\.tool))
        XCTAssertEqual(resumed.ink.tool, d.state.ink.tool)
        // The snapshot reads them back.
        XCTAssertEqual(DrawingSnapshot.decode(DrawingSnapshot.encode(strokes))?.map(\.tool), strokes.map(\.tool))
        var canvas = InkCanvas()
        canvas.restore(strokes)
        XCTAssertEqual(canvas.tool, strokes.last?.tool, "the tool the redrawing lines leave set")
    }
}
