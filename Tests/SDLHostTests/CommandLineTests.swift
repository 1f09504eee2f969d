import TestSupport
import Foundation
import XCTest

/// The command line as a user meets it: bad input gets a clear message and loses nothing.
final class CommandLineTests: XCTestCase {
    func testAMalformedSessionLineIsNamedAndNoPNGIsWritten() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let session = """
            {"format":"forcecanvas-session","version":1,"width":200,"height":100}
            {"t":0,"type":"down","x":10,"y":10}
            {"t":0.1,"type":"move","x":"far","y":10}
            {"t":0.2,"type":"up","x":20,"y":10}
            """
        try session.write(toFile: "\(dir)/bad.jsonl", atomically: true, encoding: .utf8)
        let r = try Binary.forcecanvas(["render", "\(dir)/bad.jsonl", "--out", "\(dir)/out"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "\(dir)/bad.jsonl:3: \"x\" must be a number\n")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: "\(dir)/out")) ?? []
        XCTAssertEqual(written, [], "no PNG, not even half of one")
    }

    func testAMissingSessionFileIsNamed() throws {
        let r = try Binary.forcecanvas(["render", "/nonexistent/s.jsonl", "--out", NSTemporaryDirectory()])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "/nonexistent/s.jsonl: cannot read the file\n")
    }

    func testAnUnknownOptionIsAUsageError() throws {
        let r = try Binary.forcecanvas(["render", "x.jsonl", "--out", "o", "--sparkle"])
        XCTAssertEqual(r.status, 64, "EX_USAGE")
        XCTAssertTrue(r.stderr.contains("Unknown option '--sparkle'"), r.stderr)
        XCTAssertTrue(r.stderr.contains("Usage:"), r.stderr)
        let bad = try Binary.forcecanvas(["render", "x.jsonl", "--out", "o", "--renderer", "crayon"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("crayon"), bad.stderr)
    }

    func testWithoutADisplayTheWindowSaysSoInOneLine() throws {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        let r = try Binary.forcecanvas(["run"], environment: env)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("forcecanvas: no display"), r.stderr)
    }

    func testRenderingTheDemoTwiceGivesIdenticalBytes() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let demo = Binary.repository.appendingPathComponent("Assets/Sessions/demo.jsonl").path
        let a = try Binary.forcecanvas(["render", demo, "--out", "\(dir)/a", "--at", "1.5", "3"])
        let b = try Binary.forcecanvas(["render", demo, "--out", "\(dir)/b", "--at", "1.5", "3"])
        XCTAssertEqual(a.status, 0, a.stderr)
        XCTAssertEqual(b.status, 0, b.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/a").sorted()
        XCTAssertEqual(names, ["demo-t1.500.png", "demo-t3.000.png"])
        for n in names {
            XCTAssertEqual(FileManager.default.contents(atPath: "\(dir)/a/\(n)"), FileManager.default.contents(atPath: "\(dir)/b/\(n)"), n)
        }
    }
}
