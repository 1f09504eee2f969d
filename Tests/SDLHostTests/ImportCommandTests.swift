import ForceCore
import Foundation
import TestSupport
import XCTest

/// `forcecanvas import`: a tablet's `libinput record` capture becomes a session that renders
/// like any other; an existing file is kept unless `--overwrite`; a wrong file says its line.
final class ImportCommandTests: XCTestCase {
    func testACaptureBecomesASessionAndWhatIsWrongIsSaid() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fixture = Binary.repository.appendingPathComponent("Tests/Fixtures/libinput-pen.yml").path
        let out = "\(dir)/pen.jsonl"
        let r = try Binary.forcecanvas(["import", fixture, "--out", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
                       "\(out): Test Tablet Pen · 1 stroke · 42 samples · 0.5 s · 8 hovering · 1 barrel-button press · 6 distance samples · 1 time moved forward (stepped back)")
        let session = try SessionCoding.parse(try String(contentsOfFile: out, encoding: .utf8), file: out)
        XCTAssertEqual(Fixtures.finalState(session).ink.strokes.count, 1)
        let rendered = try Binary.forcecanvas(["render", out, "--out", dir])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)

        let again = try Binary.forcecanvas(["import", fixture, "--out", out])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("\(out) exists: --overwrite replaces it"), again.stderr)
        XCTAssertEqual(try Binary.forcecanvas(["import", fixture, "--out", out, "--overwrite"]).status, 0)

        // A Xournal++ document (here its XML as it is before gzip).
        let xournal = Binary.repository.appendingPathComponent("Tests/Fixtures/xournal-tools.xml").path
        let x = try Binary.forcecanvas(["import", xournal, "--out", "\(dir)/x.jsonl"])
        XCTAssertEqual(x.status, 0, x.stderr)
        XCTAssertEqual(x.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
                       "\(dir)/x.jsonl: Xournal++ · 2 pages · 3 strokes · 11 points · 2 text, image or LaTeX elements left out · 1 eraser stroke left out")

        try "devices:\n  events:\n  - evdev:\n    - [0, 0, 3]\n".write(toFile: "\(dir)/bad.yml", atomically: true, encoding: .utf8)
        let bad = try Binary.forcecanvas(["import", "\(dir)/bad.yml", "--out", "\(dir)/bad.jsonl"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("\(dir)/bad.yml:4: an evdev event is [sec, usec, type, code, value]"), bad.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/bad.jsonl"), "nothing written")
    }
}
