@testable import ForceCore
import Foundation
import TestSupport
import XCTest

/// The quick reading of event lines (`SessionParser.quickEvent`) against the general one: for
/// every line, the same event or the same error, whichever way it is read. The quick reading
/// may decline a line (the general one reads it), never accept one the general one refuses.
final class QuickLineTests: XCTestCase {
    /// What reading `lines` in order gives: each line's result, or the error that stopped it.
    func read(_ lines: [String], quickly: Bool) -> [String] {
        var parser = SessionParser(file: "s.jsonl")
        parser.readsQuickly = quickly
        var out: [String] = []
        for (n, line) in lines.enumerated() {
            do {
                out.append("\(try parser.parse(line, number: n + 1))")
            } catch {
                out.append("error: \(error)")
                break
            }
        }
        return out
    }

    func expectSame(_ lines: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(read(lines, quickly: true), read(lines, quickly: false), "\(lines.last ?? "")", file: file, line: line)
    }

    static let header = #"{"format":"forcecanvas-session","version":1,"width":900,"height":460}"#

    /// Every bundled session and lesson reads the same either way, and most of their event
    /// lines are read quickly.
    func testTheBundledSessionsReadTheSame() throws {
        var quick = 0, events = 0
        for folder in ["Assets/Sessions", "Assets/Lessons"] {
            let dir = Binary.repository.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".jsonl") {
                let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                XCTAssertEqual(read(lines, quickly: true), read(lines, quickly: false), name)
                for line in lines.dropFirst() where line.contains("\"t\"") {
                    events += 1
                    var copy = line
                    if copy.withUTF8({ SessionParser.quickEvent($0) }) != nil { quick += 1 }
                }
            }
        }
        XCTAssertGreaterThan(events, 4_000)
        print("\(quick) of \(events) event lines read quickly")
        XCTAssertGreaterThan(Double(quick) / Double(events), 0.8, "\(quick) of \(events) event lines read quickly")
    }

    /// Lines at the edges of what the quick reading takes: each the same either way.
    func testEdgeLinesReadTheSame() {
        let lines = [
            #"{"t":0.5,"type":"move","x":1,"y":2}"#,
            #"{ "t" : 0.5 , "type" : "move" , "x" : -0 , "y" : 2e2 }"#,
            #"{"t":0.5,"type":"down","x":1,"y":2,"source":"pen","force":0.25,"maxForce":1,"altitude":1.2,"azimuth":-3.1}"#,
            #"{"t":0.5,"type":"up","x":1,"y":2,"source":"eraser"}"#,
            #"{"t":0.5,"type":"cancel","x":1,"y":2,"source":"finger"}"#,
            #"{"t":0.5,"type":"wheel","dy":-1}"#,
            #"{"type":"move","x":1,"y":2,"t":0.5}"#,
            #"{"t":0.5,"type":"move","x":1,"y":2,"distance":0.5}"#,
            #"{"t":0.5,"type":"move","x":1,"y":2,"force":"NaN"}"#,
            #"{"t":0.5,"type":"move","x":1,"y":2,"force":null}"#,
            #"{"t":0.5,"type":"move","x":1,"y":2,"force":1e400}"#,
            #"{"t":0.5,"type":"move","x":0.1234567890123456789,"y":2}"#,
            #"{"t":0.5,"type":"move","x":1.5e-7,"y":2E+3}"#,
            #"{"t":0.5,"type":"move","x":1000001,"y":2}"#,
            #"{"t":-0.5,"type":"move","x":1,"y":2}"#,
            #"{"t":1e13,"type":"move","x":1,"y":2}"#,
            #"{"t":0.5,"type":"move","x":1}"#,
            #"{"t":0.5,"type":"wheel","dy":1,"x":3}"#,
            #"{"t":0.5,"type":"move","x":1,"y":2,"dy":1}"#,
            #"{"t":0.5,"type":"move","x":1,"y":2,"x":3}"#,
            #"{"t":0.5,"type":"move","x":1,"y":2,"source":"stylus"}"#,
            #"{"t":0.5,"type":"hover","x":1,"y":2}"#,
            #"{"t":0.5,"type":"move","x":01,"y":2}"#,
            #"{"t":0.5,"type":"move","x":1.,"y":2}"#,
            #"{"t":0.5,"type":"move","x":.5,"y":2}"#,
            #"{"t":0.5,"type":"move","x":1,"y":2,}"#,
            #"{"t":0.5,"type":"move","x":1,"y":2} x"#,
            #"{"t":0.5,"type":"move","x":1,"y":2}}"#,
            #"{"\u0074":0.5,"type":"move","x":1,"y":2}"#,
            #"{"t":0.5,"type":"mo\u0076e","x":1,"y":2}"#,
            #"{"t":0.5,"type":"move","x":1,"y":2,"note":"é"}"#,
            #"{"t":0.5,"type":"move","x":[1],"y":2}"#,
            #"{"t":0.5,"type":"move","x":true,"y":2}"#,
            #"{"t":0.5,"type":"move","x":"1","y":2}"#,
            #"{}"#,
            #"{"t":0.5}"#,
            #"[1,2]"#,
            "   ",
            #"{"t":0.5,"type":"checkpoint","name":"a"}"#,
        ]
        for line in lines { expectSame([Self.header, line]) }
        // Time that steps back: moved forward (and counted) or, strict, refused, either way.
        expectSame([Self.header, #"{"t":0.5,"type":"move","x":1,"y":2}"#, #"{"t":0.25,"type":"move","x":1,"y":2}"#])
        var strict = SessionParser(file: "s.jsonl")
        strict.strictTime = true
        XCTAssertNoThrow(try strict.parse(Self.header, number: 1))
        XCTAssertNoThrow(try strict.parse(#"{"t":0.5,"type":"move","x":1,"y":2}"#, number: 2))
        XCTAssertThrowsError(try strict.parse(#"{"t":0.25,"type":"move","x":1,"y":2}"#, number: 3))
    }

    /// Thousands of damaged event lines — bytes replaced, dropped or doubled with JSON's own
    /// characters — read the same either way.
    func testDamagedLinesReadTheSame() {
        let seeds = [
            #"{"t":0.164167,"type":"move","x":66.333,"y":82.354,"source":"mouse"}"#,
            #"{"t":12.5,"type":"down","x":-3.25e2,"y":0,"source":"pen","force":0.516048301,"maxForce":1,"altitude":0.9,"azimuth":2}"#,
            #"{"t":0.12,"type":"wheel","dy":-1}"#,
        ]
        let alphabet = Array(#"{}[]":,.-+0123456789eEtxyfaldnrus \"#.utf8)
        var random = SplitMix64(seed: 24)
        var taken = 0
        for round in 0..<6000 {
            var bytes = Array(seeds[round % seeds.count].utf8)
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let at = Int(random.next() % UInt64(bytes.count))
                let b = alphabet[Int(random.next() % UInt64(alphabet.count))]
                switch random.next() % 3 {
                case 0: bytes[at] = b
                case 1: bytes.remove(at: at)
                default: bytes.insert(b, at: at)
                }
                if bytes.isEmpty { bytes = [b] }
            }
            let line = String(decoding: bytes, as: UTF8.self)
            expectSame([Self.header, line])
            if bytes.withUnsafeBufferPointer({ SessionParser.quickEvent($0) }) != nil { taken += 1 }
        }
        XCTAssertGreaterThan(taken, 100, "some damaged lines are still events the quick reading takes")
    }
}

/// A seeded generator, so a failure comes back the same on every run (SplitMix64).
private struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
