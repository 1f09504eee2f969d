import ForceCore
import ForceFiles
import Foundation
import TestSupport
import XCTest

/// `render`'s second pass parsed ahead on a thread (`PrefetchedEvents`): the same events as
/// reading line by line, the same error after the same events, and nothing left hanging when
/// the replay stops early.
final class PrefetchedEventsTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try Binary.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func write(_ lines: [String]) throws -> SessionFileReader {
        let path = "\(dir)/s.jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return try SessionFileReader(path: path)
    }

    /// Every event of `source`, and the error that ended it (nil: it ended cleanly).
    func drain<S: TimedEventSource>(_ source: inout S) -> ([TimedEvent], String?) {
        var out: [TimedEvent] = []
        do {
            while let e = try source.next() { out.append(e) }
            return (out, nil)
        } catch {
            return (out, "\(error)")
        }
    }

    func testTheSameEventsAsReadingLineByLine() throws {
        var lines: [String] = []
        DocumentGenerator(strokes: 300, pointsPerStroke: 60).forEachLine { lines.append($0) }
        lines.insert(#"{"t":0.5,"type":"wheel","dy":1}"#, at: 5)
        lines.insert("", at: 9)
        let file = try write(lines)
        var plain = try SessionFileEvents(file)
        var ahead = PrefetchedEvents(file)
        let a = drain(&plain), b = drain(&ahead)
        XCTAssertEqual(b.0.count, 18_002)
        XCTAssertEqual(b.0, a.0)
        XCTAssertNil(b.1)
        XCTAssertNil(try ahead.next(), "the end stays the end")
    }

    func testAnErrorComesAfterTheEventsBeforeIt() throws {
        var lines: [String] = []
        DocumentGenerator(strokes: 100, pointsPerStroke: 60).forEachLine { lines.append($0) }
        lines[5_000] = #"{"t":90,"type":"move","x":1,"y":"far"}"#
        let file = try write(lines)
        var plain = try SessionFileEvents(file)
        var ahead = PrefetchedEvents(file)
        let a = drain(&plain), b = drain(&ahead)
        XCTAssertEqual(b.0, a.0)
        XCTAssertEqual(b.0.count, 4_999)
        XCTAssertEqual(b.1, a.1)
        XCTAssertTrue(b.1?.contains(":5001: \"y\" must be a number") ?? false, b.1 ?? "no error")
    }

    /// Dropped after a few events, many times over: the reading threads stop (nothing hangs,
    /// the file can be read again at once).
    func testDroppingTheEventsEarlyStopsTheThread() throws {
        var lines: [String] = []
        DocumentGenerator(strokes: 300, pointsPerStroke: 60).forEachLine { lines.append($0) }
        let file = try write(lines)
        for _ in 0..<50 {
            let ahead = PrefetchedEvents(file)
            XCTAssertNotNil(try ahead.next())
        }
        var last = PrefetchedEvents(file)
        XCTAssertEqual(drain(&last).0.count, 18_001)
    }
}
