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
        XCTAssertEqual(again.status, 64)
        XCTAssertTrue(again.stderr.hasPrefix("forcecanvas: \(out) exists: import never replaces a file unless --overwrite is given"), again.stderr)
        XCTAssertEqual(try Binary.forcecanvas(["import", fixture, "--out", out, "--overwrite"]).status, 0)

        // A Xournal++ document (here its XML as it is before gzip).
        let xournal = Binary.repository.appendingPathComponent("Tests/Fixtures/xournal-tools.xml").path
        let x = try Binary.forcecanvas(["import", xournal, "--out", "\(dir)/x.jsonl"])
        XCTAssertEqual(x.status, 0, x.stderr)
        XCTAssertEqual(x.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
                       "\(dir)/x.jsonl: Xournal++ · 2 pages · 4 strokes · 13 points · 1 picture · 1 typed text · 1 whiteout eraser stroke drawn white, as Xournal++ draws it · 1 filled shape · 1 dashed or dotted stroke")

        // A PDF to draw on (ForceCanvas's own PDF of two pages).
        let header = ##"{"format":"forcecanvas-session","version":2,"width":400,"height":800,"scale":1,"paper":["##
            + ##"{"x":10,"y":10,"width":300,"height":400,"ruling":"lined"},{"x":10,"y":420,"width":200,"height":300}]}"##
        try (header + "\n").write(toFile: "\(dir)/pages.jsonl", atomically: true, encoding: .utf8)
        XCTAssertEqual(try Binary.forcecanvas(["render", "\(dir)/pages.jsonl", "--pdf", "\(dir)/slides.pdf"]).status, 0)
        let pdf = try Binary.forcecanvas(["import", "\(dir)/slides.pdf", "--out", "\(dir)/slides.jsonl"])
        XCTAssertEqual(pdf.status, 0, pdf.stderr)
        XCTAssertEqual(pdf.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "\(dir)/slides.jsonl: PDF · 2 pages, to draw on")
        try "not a PDF".write(toFile: "\(dir)/fake.pdf", atomically: true, encoding: .utf8)
        let notPDF = try Binary.forcecanvas(["import", "\(dir)/fake.pdf", "--out", "\(dir)/n.jsonl"])
        XCTAssertEqual(notPDF.status, 1)
        XCTAssertTrue(notPDF.stderr.contains("\(dir)/fake.pdf: not a PDF Poppler can read"), notPDF.stderr)

        try "devices:\n  events:\n  - evdev:\n    - [0, 0, 3]\n".write(toFile: "\(dir)/bad.yml", atomically: true, encoding: .utf8)
        let bad = try Binary.forcecanvas(["import", "\(dir)/bad.yml", "--out", "\(dir)/bad.jsonl"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("\(dir)/bad.yml:4: an evdev event is [sec, usec, type, code, value]"), bad.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/bad.jsonl"), "nothing written")

        // An empty file, a session cut short and other JSON are said as what they are (they
        // were "no evdev events: not a `libinput record` capture of a device").
        try "".write(toFile: "\(dir)/empty.yml", atomically: true, encoding: .utf8)
        try #"{"format":"forcecanvas-session","vers"#.write(toFile: "\(dir)/cut.jsonl", atomically: true, encoding: .utf8)
        try #"[1, 2, 3]"#.write(toFile: "\(dir)/list.json", atomically: true, encoding: .utf8)
        for (name, said) in [("empty.yml", "empty.yml is empty: there is nothing to import"),
                             ("cut.jsonl", "cut.jsonl is a ForceCanvas session that cannot be read: \(dir)/cut.jsonl:1: not valid JSON"),
                             ("list.json", "list.json is JSON, not a capture (")] {
            let r = try Binary.forcecanvas(["import", "\(dir)/\(name)", "--out", "\(dir)/o.jsonl"])
            XCTAssertEqual(r.status, 1, name)
            XCTAssertTrue(r.stderr.contains(said), r.stderr)
            XCTAssertFalse(r.stderr.contains("evdev"), r.stderr)
        }
    }

    /// An evemu recording imports as a capture does; an events file recorded without its
    /// device (the evemu-devices database's `NAME.events` beside `NAME.desc`) takes that
    /// description with --device, and says so when it is missing.
    func testAnEvemuRecordingAndAnEventsFileWithItsDescription() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fixture = Binary.repository.appendingPathComponent("Tests/Fixtures/evemu-pen.evemu").path
        let whole = try Binary.forcecanvas(["import", fixture, "--out", "\(dir)/whole.jsonl"])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertEqual(whole.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
                       "\(dir)/whole.jsonl: Test Tablet Pen · 1 stroke · 14 samples · 0.2 s · 8 hovering · 1 barrel-button press · 10 distance samples")

        let lines = try String(contentsOfFile: fixture, encoding: .utf8).split(separator: "\n")
        try (lines.filter { $0.hasPrefix("E:") }.joined(separator: "\n") + "\n").write(toFile: "\(dir)/pen.events", atomically: true, encoding: .utf8)
        try (lines.filter { !$0.hasPrefix("E:") }.joined(separator: "\n") + "\n").write(toFile: "\(dir)/pen.desc", atomically: true, encoding: .utf8)
        let parts = try Binary.forcecanvas(["import", "\(dir)/pen.events", "--device", "\(dir)/pen.desc", "--out", "\(dir)/parts.jsonl"])
        XCTAssertEqual(parts.status, 0, parts.stderr)
        XCTAssertEqual(try String(contentsOfFile: "\(dir)/parts.jsonl", encoding: .utf8).split(separator: "\n").dropFirst(),
                       try String(contentsOfFile: "\(dir)/whole.jsonl", encoding: .utf8).split(separator: "\n").dropFirst(),
                       "the same events (the title is each file's own)")

        let alone = try Binary.forcecanvas(["import", "\(dir)/pen.events", "--out", "\(dir)/alone.jsonl"])
        XCTAssertEqual(alone.status, 1)
        XCTAssertTrue(alone.stderr.contains("\(dir)/pen.events:1: no axes (A: lines): an events file recorded without its device's description"), alone.stderr)
        let twice = try Binary.forcecanvas(["import", fixture, "--device", "\(dir)/pen.desc", "--out", "\(dir)/twice.jsonl"])
        XCTAssertEqual(twice.status, 1)
        XCTAssertTrue(twice.stderr.contains("describes its device itself"), twice.stderr)
        let yaml = Binary.repository.appendingPathComponent("Tests/Fixtures/libinput-pen.yml").path
        let wrong = try Binary.forcecanvas(["import", yaml, "--device", "\(dir)/pen.desc", "--out", "\(dir)/wrong.jsonl"])
        XCTAssertEqual(wrong.status, 64, "a usage error")
        XCTAssertTrue(wrong.stderr.contains("forcecanvas: --device is for an evemu events file"), wrong.stderr)
        let noDescription = try Binary.forcecanvas(["import", "\(dir)/pen.events", "--device", "\(dir)/pen.events", "--out", "\(dir)/x.jsonl"])
        XCTAssertEqual(noDescription.status, 1)
        XCTAssertTrue(noDescription.stderr.contains("\(dir)/pen.events:"), noDescription.stderr)
        XCTAssertTrue(noDescription.stderr.contains("not an evemu device description"), noDescription.stderr)
        for name in ["alone", "twice", "wrong", "x"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/\(name).jsonl"), "nothing written for \(name)")
        }
    }

    /// `render` takes what the window opens: a Xournal++ document, a PDF or a capture is imported
    /// as `import` would, drawn the same to the byte, named after itself, and the session it was
    /// imported into is deleted; a damaged one is said and leaves nothing.
    func testRenderImportsADocumentOrACaptureFirst() throws {
        let dir = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scratch = "\(dir)/tmp"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        var environment = Binary.isolatedEnvironment()
        environment["TMPDIR"] = scratch
        let xournal = Binary.repository.appendingPathComponent("Tests/Fixtures/xournal-tools-package.xopp").path
        let capture = Binary.repository.appendingPathComponent("Tests/Fixtures/libinput-pen.yml").path
        let header = ##"{"format":"forcecanvas-session","version":2,"width":400,"height":800,"scale":1,"paper":["##
            + ##"{"x":10,"y":10,"width":300,"height":400,"ruling":"lined"}]}"##
        try (header + "\n").write(toFile: "\(dir)/pages.jsonl", atomically: true, encoding: .utf8)
        XCTAssertEqual(try Binary.forcecanvas(["render", "\(dir)/pages.jsonl", "--pdf", "\(dir)/slides.pdf"]).status, 0)
        for (input, stem) in [(xournal, "xournal-tools-package"), (capture, "libinput-pen"), ("\(dir)/slides.pdf", "slides")] {
            let imported = "\(dir)/imported/\(stem).jsonl"
            try FileManager.default.createDirectory(atPath: "\(dir)/imported", withIntermediateDirectories: true)
            XCTAssertEqual(try Binary.forcecanvas(["import", input, "--out", imported, "--overwrite"]).status, 0, stem)
            let viaImport = try Binary.forcecanvas(["render", imported, "--out", "\(dir)/via-import", "--svg", "\(dir)/via-import.svg"])
            XCTAssertEqual(viaImport.status, 0, viaImport.stderr)
            let direct = try Binary.forcecanvas(["render", input, "--out", "\(dir)/direct", "--svg", "\(dir)/direct.svg"],
                                                environment: environment)
            XCTAssertEqual(direct.status, 0, direct.stderr)
            let frames = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/direct")
            XCTAssertEqual(frames.count, 1, stem)
            XCTAssertTrue(frames.allSatisfy { $0.hasPrefix(stem + "-t") && $0.hasSuffix(".png") }, "\(frames): named after the file")
            for frame in frames {
                XCTAssertEqual(FileManager.default.contents(atPath: "\(dir)/direct/\(frame)"),
                               FileManager.default.contents(atPath: "\(dir)/via-import/\(frame)"), "\(stem): the same frame")
            }
            XCTAssertEqual(FileManager.default.contents(atPath: "\(dir)/direct.svg"), FileManager.default.contents(atPath: "\(dir)/via-import.svg"),
                           "\(stem): the same SVG")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch), [], "\(stem): the imported session is deleted")
            for made in ["direct", "via-import", "direct.svg", "via-import.svg"] { try FileManager.default.removeItem(atPath: "\(dir)/\(made)") }
        }
        // What the document leaves out is said, as the window says it.
        try ##"<?xml version="1.0"?><xournal version="0.4"><page width="100" height="100"><background type="solid" "##
            .appending(##"color="#ffffffff" style="weird"/><layer><stroke tool="pen" color="#000000ff" width="1.41">10 10 20 20</stroke>"##)
            .appending("</layer></page></xournal>\n")
            .write(toFile: "\(dir)/odd.xml", atomically: true, encoding: .utf8)
        let odd = try Binary.forcecanvas(["render", "\(dir)/odd.xml", "--out", "\(dir)/odd.png"], environment: environment)
        XCTAssertEqual(odd.status, 0, odd.stderr)
        XCTAssertEqual(odd.stderr, "forcecanvas: \(dir)/odd.xml: drawn on plain paper: 1 page (backgrounds ForceCanvas does not know)\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/odd.png"))
        // A `TMPDIR` that does not exist is said, not made.
        var nowhere = environment
        nowhere["TMPDIR"] = "\(dir)/nowhere"
        let lost = try Binary.forcecanvas(["render", xournal, "--out", "\(dir)/lost.png"], environment: nowhere)
        XCTAssertEqual(lost.status, 1)
        XCTAssertTrue(lost.stderr.hasPrefix("forcecanvas: \(xournal): cannot write the session imported from it: "), lost.stderr)
        XCTAssertTrue(lost.stderr.contains("TMPDIR says where"), lost.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/nowhere"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/lost.png"))
        // A damaged document: said, nothing written, nothing left behind.
        try Data([0x1F, 0x8B, 0x08, 0x00, 0x01, 0x02]).write(to: URL(fileURLWithPath: "\(dir)/broken.xopp"))
        let broken = try Binary.forcecanvas(["render", "\(dir)/broken.xopp", "--out", "\(dir)/broken"], environment: environment)
        XCTAssertEqual(broken.status, 1)
        XCTAssertEqual(broken.stderr, "forcecanvas: \(dir)/broken.xopp:1: the gzip data is damaged or cut short\n", "as render says of a bad session")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/broken"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch), [])
    }
}
