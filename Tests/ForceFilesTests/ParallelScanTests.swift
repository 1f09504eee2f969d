import ForceCore
import ForceFiles
import Foundation
import TestSupport
import XCTest

/// `render`'s first pass split across cores by byte ranges (`SessionFileReader.scan(jobs:)`):
/// whatever the file holds, the same answer as reading it on one thread — the same header,
/// count, duration and captions, or the same error at the same line, or the same note on
/// times moved forward. The events it keeps are the events the file's parser gives.
final class ParallelScanTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try Binary.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// A generated document's lines (about 130 bytes each).
    func lines(strokes: Int) -> [String] {
        var out: [String] = []
        DocumentGenerator(strokes: strokes, pointsPerStroke: 60).forEachLine { out.append($0) }
        return out
    }

    /// What one thread and `jobs` threads make of `text`: each scan's fields, or its error.
    func both(_ text: String, jobs: Int = 4, strict: Bool = false) throws -> (one: String, many: String, ranges: Int) {
        let path = "\(dir)/s.jsonl"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        func run(_ jobs: Int) throws -> (String, Int) {
            let file = try SessionFileReader(path: path)
            file.strictTime = strict
            do {
                let s = try file.scan(jobs: jobs, keeping: 1 << 30)
                // The events kept: every one, as reading the file again gives them.
                var events: [TimedEvent] = []
                _ = try file.parseAll { if case .event(let e) = $0 { events.append(e) } }
                var kept: [TimedEvent] = []
                var reader = try XCTUnwrap(s.events).events()
                while let e = reader.next() { kept.append(e) }
                XCTAssertEqual(kept.count, s.eventCount)
                XCTAssertTrue(kept == events, "jobs \(jobs): the kept events differ from the file's")
                return ("\(s.header) \(s.eventCount) \(s.duration) \(s.captions) \(s.timeNote ?? "-")", s.ranges)
            } catch {
                return ("error: \(error)", 0)
            }
        }
        let one = try run(1), many = try run(jobs)
        return (one.0, many.0, many.1)
    }

    func testABigFileIsReadInRangesWithTheSameAnswer() throws {
        var text = lines(strokes: 600)  // 36,002 lines, about 4.6 MB
        let caption = SessionCoding.line(TimedEvent(time: 50, event: .caption(Caption(text: "half way"))))
        text.insert(caption, at: text.firstIndex { $0.contains("\"t\":50.") } ?? 18_000)
        text.insert("", at: 10)
        text.insert(SessionCoding.line(TimedEvent(time: 80, event: .checkpoint("late"))), at: text.firstIndex { $0.contains("\"t\":80.") } ?? 30_000)
        let r = try both(text.joined(separator: "\n") + "\n")
        XCTAssertEqual(r.many, r.one)
        XCTAssertEqual(r.ranges, 4, "four ranges read at once")
        XCTAssertTrue(r.one.contains("half way"), r.one.prefix(200) + "…")
        // CRLF, no final line break: the same again.
        let crlf = try both(text.joined(separator: "\r\n"))
        XCTAssertEqual(crlf.many, crlf.one)
        XCTAssertEqual(crlf.many, r.one)
    }

    /// Whatever could read otherwise when joined goes through the one-thread pass: the same
    /// error at the same line, the same note.
    func testWhatJoiningCouldGetWrongIsReadInOneGo() throws {
        let good = lines(strokes: 600)
        var bad = good
        bad[30_000] = #"{"t":90,"type":"move","x":1,"y":"far"}"#
        var r = try both(bad.joined(separator: "\n"))
        XCTAssertEqual(r.many, r.one)
        XCTAssertTrue(r.one.contains(":30001: \"y\" must be a number"), r.one)

        // Time that steps back just past where a range may begin, and at the very end.
        var back = good
        back[18_001] = #"{"t":0.5,"type":"move","x":1,"y":2,"source":"pen"}"#
        back.append(#"{"t":0.25,"type":"move","x":1,"y":2}"#)
        r = try both(back.joined(separator: "\n"))
        XCTAssertEqual(r.many, r.one)
        XCTAssertTrue(r.one.contains("moved to 1 µs after it"), r.one.suffix(300) + "")
        r = try both(back.joined(separator: "\n"), strict: true)
        XCTAssertEqual(r.many, r.one)
        XCTAssertTrue(r.one.contains("--strict-time"), r.one)

        // Time that steps back exactly where the second of two ranges begins: the same events
        // twice over (the two halves split at the second copy's first line).
        let events = good.dropFirst().joined(separator: "\n") + "\n"
        r = try both(good[0] + "\n" + events + events, jobs: 2)
        XCTAssertEqual(r.many, r.one)
        XCTAssertTrue(r.one.contains("moved to 1 µs after it (the first on line 36003)"), r.one.suffix(300) + "")

        // The same checkpoint name in two ranges.
        var twice = good
        twice.insert(SessionCoding.line(TimedEvent(time: 0.5, event: .checkpoint("same"))), at: 2)
        let late = twice.firstIndex { $0.contains("\"t\":100.") } ?? 35_000
        twice.insert(SessionCoding.line(TimedEvent(time: 100.5, event: .checkpoint("same"))), at: late)
        r = try both(twice.joined(separator: "\n"))
        XCTAssertEqual(r.many, r.one)
        XCTAssertTrue(r.one.contains("already named on line 3"), r.one)
    }

    /// Events that take more than the budget are not kept, on one thread or in ranges; none are
    /// kept without a budget.
    func testEventsOverTheBudgetAreNotKept() throws {
        let path = "\(dir)/s.jsonl"
        try (lines(strokes: 600).joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let file = try SessionFileReader(path: path)
        for jobs in [1, 4] {
            let all = try XCTUnwrap(file.scan(jobs: jobs, keeping: 1 << 30).events, "jobs \(jobs)")
            XCTAssertEqual(all.count, 36_001)
            XCTAssertLessThan(all.byteCount, 36_001 * 48, "jobs \(jobs): a pen sample with force packs into 42 bytes")
            XCTAssertNil(try file.scan(jobs: jobs, keeping: all.byteCount / 2).events, "jobs \(jobs)")
            XCTAssertNil(try file.scan(jobs: jobs).events, "jobs \(jobs)")
            XCTAssertEqual(try file.scan(jobs: jobs, keeping: 1 << 30).ranges, jobs)
        }
    }

    /// A small file is read on one thread; an empty one and a headless one say so as before.
    func testSmallAndEmptyFiles() throws {
        var r = try both(lines(strokes: 3).joined(separator: "\n"))
        XCTAssertEqual(r.many, r.one)
        XCTAssertEqual(r.ranges, 1)
        r = try both("")
        XCTAssertEqual(r.many, r.one)
        XCTAssertTrue(r.one.hasPrefix("error:"), r.one)
        r = try both("\n\n" + #"{"t":0.5,"type":"move","x":1,"y":2}"#)
        XCTAssertEqual(r.many, r.one)
        XCTAssertTrue(r.one.hasPrefix("error:"), r.one)
    }
}
