import XCTest
@testable import ForceCore

/// Loading sessions line by line: linear, CRLF or LF, errors at their own line, exact numbers.
final class SessionStreamingTests: XCTestCase {
    /// The JSONL text of a generated document, built line by line.
    func text(_ doc: DocumentGenerator, lineEnd: String = "\n") -> String {
        var out = ""
        doc.forEachLine { out += $0 + lineEnd }
        return out
    }

    /// Parses `bytes` through a `LineReader` fed `blockSize` bytes at a time, as a file would be.
    func stream(_ bytes: [UInt8], blockSize: Int, file: String = "s.jsonl") throws(SessionError) -> (SessionParser, [TimedEvent]) {
        var offset = 0
        let reader = LineReader<SessionError>(blockSize: blockSize) { buffer in
            let n = min(buffer.count, bytes.count - offset)
            for i in 0..<n { buffer[i] = bytes[offset + i] }
            offset += n
            return n
        }
        var parser = SessionParser(file: file)
        var events: [TimedEvent] = []
        while try reader.nextLine({ (line, number) throws(SessionError) -> Void in
            if case .event(let e) = try parser.parse(line, number: number) { events.append(e) }
        }) != nil {}
        _ = try parser.finish()
        return (parser, events)
    }

    func testLoadingIsLinearInTheNumberOfLines() throws {
        // n and 8n lines: the same code path, every event kept (timings belong to the bench).
        for strokes in [25, 200] {
            let doc = DocumentGenerator(strokes: strokes, pointsPerStroke: 20)
            let session = try SessionCoding.parse(text(doc), file: "g.jsonl")
            XCTAssertEqual(session.events.count, doc.eventCount)
            XCTAssertEqual(session.events.count, 1 + strokes * 20)
            XCTAssertEqual(session.duration, doc.duration)
            let (parser, streamed) = try stream(Array(text(doc).utf8), blockSize: 4096)
            XCTAssertEqual(parser.eventCount, doc.eventCount)
            XCTAssertEqual(streamed.count, doc.eventCount)
        }
    }

    func testTheGeneratorRoundTripsExactly() throws {
        let doc = DocumentGenerator(strokes: 40, pointsPerStroke: 60)
        let back = try SessionCoding.parse(SessionCoding.encode(doc.session), file: "g.jsonl")
        XCTAssertEqual(back, doc.session, "every coordinate, force and time comes back bit for bit")
        XCTAssertEqual(try SessionCoding.parse(text(doc), file: "g.jsonl"), doc.session)
    }

    func testCRLFLoadsLikeLF() throws {
        let doc = DocumentGenerator(strokes: 5, pointsPerStroke: 12)
        let lf = try SessionCoding.parse(text(doc), file: "lf.jsonl")
        let crlf = try SessionCoding.parse(text(doc, lineEnd: "\r\n"), file: "crlf.jsonl")
        XCTAssertEqual(crlf, lf)
        for blockSize in [1, 7, 64] {
            XCTAssertEqual(try stream(Array(text(doc, lineEnd: "\r\n").utf8), blockSize: blockSize).1, lf.events)
        }
    }

    func testInvalidUTF8IsReportedAtItsOwnLine() {
        let doc = DocumentGenerator(strokes: 3, pointsPerStroke: 10)
        var lines: [[UInt8]] = []
        doc.forEachLine { lines.append(Array($0.utf8)) }
        let k = 17
        lines[k - 1] = Array(#"{"t":1,"type":"command","name":"und"#.utf8) + [0xFF, 0xFE] + Array(#"o"}"#.utf8)
        let bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
        for blockSize in [3, 64 * 1024] {
            XCTAssertThrowsError(try stream(bytes, blockSize: blockSize, file: "u.jsonl")) { error in
                XCTAssertEqual((error as? SessionError)?.description, "u.jsonl:\(k): not UTF-8 text")
            }
        }
        XCTAssertThrowsError(try bytes.withUnsafeBufferPointer { try SessionCoding.parse($0, file: "u.jsonl") }) { error in
            XCTAssertEqual((error as? SessionError)?.line, k)
        }
    }

    /// An image, a video, a PDF or an archive given as a session is named at its first line,
    /// not reported as "not UTF-8 text" (a PNG's first line is its first 5 bytes: its signature
    /// has a line break); a document `import` reads says so.
    func testAFileThatIsNotTextIsNamedAtItsFirstLine() {
        let files: [(bytes: [UInt8], said: String)] = [
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], "a PNG image, not a session"),
            ([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8), "a JPEG image, not a session"),
            (Array("GIF89a".utf8) + [1, 0], "a GIF image, not a session"),
            ([0, 0, 0, 0x20] + Array("ftypisom".utf8), "an MP4 or QuickTime video, not a session"),
            ([0x1A, 0x45, 0xDF, 0xA3, 0x9F], "a WebM or Matroska video, not a session"),
            (Array("%PDF-1.7\n".utf8), "a PDF, not a session (`forcecanvas import` turns a Xournal++ document or a PDF into one)"),
            ([0x50, 0x4B, 0x03, 0x04, 20, 0], "a zip archive, not a session (`forcecanvas import` turns a Xournal++ document or a PDF into one)"),
            ([0x1F, 0x8B, 8, 0], "a gzip-compressed file, not a session (`forcecanvas import` turns a Xournal++ document or a PDF into one)"),
        ]
        for (bytes, said) in files {
            for blockSize in [3, 64 * 1024] {
                XCTAssertThrowsError(try stream(bytes, blockSize: blockSize, file: "f")) { error in
                    XCTAssertEqual((error as? SessionError)?.description, "f:1: \(said)")
                }
            }
        }
        // Text that merely begins like one of them past line 1 is an event's problem, as ever.
        XCTAssertNil(FileSignature(Array(#"{"format":"forcecanvas-session"}"#.utf8)))
        XCTAssertNil(FileSignature([0x89, 0x50]), "too short to tell")
    }

    func testABadLineInTheMiddleOfABigStreamIsNamed() {
        let doc = DocumentGenerator(strokes: 100, pointsPerStroke: 50)
        var lines: [String] = []
        doc.forEachLine { lines.append($0) }
        lines[2_500 - 1] = #"{"t":5,"type":"move","x":1,"y":true}"#
        XCTAssertThrowsError(try stream(Array(lines.joined(separator: "\n").utf8), blockSize: 64 * 1024, file: "big.jsonl")) { error in
            XCTAssertEqual((error as? SessionError)?.description, "big.jsonl:2500: \"y\" must be a number")
        }
    }

    func testBlankLinesCountAndALastLineWithoutANewlineLoads() throws {
        let header = #"{"format":"forcecanvas-session","version":1,"width":640,"height":400}"#
        let text = "\n\(header)\n\n  \t\n{\"t\":0,\"type\":\"wheel\",\"dy\":1}\n\r\n{\"t\":1,\"type\":\"wheel\",\"dy\":2}"
        let s = try SessionCoding.parse(text, file: "b.jsonl")
        XCTAssertEqual(s.events, [TimedEvent(time: 0, event: .wheel(1)), TimedEvent(time: 1, event: .wheel(2))])
        XCTAssertThrowsError(try SessionCoding.parse(text + "\n\n{\"t\":2}", file: "b.jsonl")) { error in
            XCTAssertEqual((error as? SessionError)?.description, "b.jsonl:9: missing \"type\"")
        }
    }

    func testAByteOrderMarkAndAKeyGivenTwice() throws {
        let header = "\u{FEFF}" + #"{"format":"forcecanvas-session","version":1,"width":640,"height":400}"#
        XCTAssertEqual(try SessionCoding.parse(header, file: "bom").viewport.width, 640)
        XCTAssertThrowsError(try SessionCoding.parse(header + "\n" + #"{"t":0,"type":"wheel","dy":1,"dy":2}"#, file: "d")) { error in
            XCTAssertEqual((error as? SessionError)?.description, "d:2: \"dy\" is given twice")
        }
    }

    func testTheTimedEventListGivesItsEventsInOrder() {
        let events = DocumentGenerator(strokes: 2, pointsPerStroke: 3).session.events
        var list = TimedEventList(events)
        var out: [TimedEvent] = []
        while let e = list.next() { out.append(e) }
        XCTAssertEqual(out, events)
        var generated = DocumentGenerator(strokes: 2, pointsPerStroke: 3).makeEvents()
        XCTAssertEqual(generated.next(), events.first)
    }
}

/// The generated document draws ink only: no press on a tab, an edge or anything but the canvas.
final class DocumentGeneratorTests: XCTestCase {
    func testEveryStrokeLandsOnTheCanvasAsInk() {
        let doc = DocumentGenerator(strokes: 300, pointsPerStroke: 30)
        let area = doc.inkArea
        for i in 0..<doc.strokes {
            for p in doc.points(ofStroke: i) {
                XCTAssertTrue(p.preciseLocation.x >= area.x && p.preciseLocation.x <= area.x + area.width
                              && p.preciseLocation.y >= area.y && p.preciseLocation.y <= area.y + area.height, "stroke \(i)")
            }
        }
        var state = doc.header.initialState()
        var events = doc.makeEvents()
        while let e = events.next() { state.handle(e) }
        XCTAssertEqual(state.scene, .canvas)
        XCTAssertEqual(state.ink.strokes.count, doc.strokes)
        XCTAssertEqual(events.next(), nil)
        XCTAssertEqual(doc.eventCount, 1 + 300 * 30)
    }
}
